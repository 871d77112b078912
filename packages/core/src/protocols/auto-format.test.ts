import { describe, expect, it } from 'vitest';
import { FAMILY_CASES } from './__fixtures__/family-cases.js';
import { FAMILY_TOOLS, type FamilyCase } from './__fixtures__/family-render.js';
import type { TextParserOptions } from './parser-types.js';
import { createTextToolCallParser, parseToolCallsFromText } from './text-parser.js';

const parse = (text: string, options: Partial<TextParserOptions> = {}) => {
  const r = parseToolCallsFromText(text, { tools: FAMILY_TOOLS, createId: (i) => `id${i}`, ...options });
  return {
    content: r.content,
    reasoning: r.reasoning,
    calls: r.calls.map((c) => ({ name: c.name, args: c.args })),
    errors: r.errors.map((e) => e.kind),
  };
};
/** The reasoning a case's prompt left open, as the parser option. */
const opened = (c: FamilyCase): Partial<TextParserOptions> =>
  c.openReasoning ? { openReasoning: c.openReasoning } : {};
const unchanged = (text: string) => ({ content: text, reasoning: '', calls: [], errors: [] });
const PING_CALL = { name: 'ping', args: {} };
/** The same reading through the streaming parser, the text pushed in two pieces cut at `cut`. */
const parseStreamed = (text: string, cut: number) => {
  const parser = createTextToolCallParser({ tools: FAMILY_TOOLS, createId: (i) => `id${i}` });
  parser.push(text.slice(0, cut));
  parser.push(text.slice(cut));
  parser.end();
  const r = parser.result();
  return {
    content: r.content,
    reasoning: r.reasoning,
    calls: r.calls.map((c) => ({ name: c.name, args: c.args })),
    errors: r.errors.map((e) => e.kind),
  };
};

describe('auto: every family without a model name', () => {
  it('reads the calls of every family output', () => {
    for (const c of FAMILY_CASES) {
      const r = parse(c.text, opened(c));
      expect({ family: c.family, label: c.label, calls: r.calls }).toEqual({
        family: c.family,
        label: c.label,
        calls: c.autoCalls ?? c.calls,
      });
    }
  });

  it('reads every fixture output that holds calls completely right (calls, content, reasoning, errors)', () => {
    // the figure the issue measured as 58 of 206 (real outputs of 31 families) before the family parsers
    const withCalls = FAMILY_CASES.filter((c) => c.calls.length > 0);
    const count = (options: Partial<TextParserOptions> | ((family: string) => Partial<TextParserOptions>)) =>
      withCalls.filter((c) => {
        const r = parse(c.text, {
          ...(typeof options === 'function' ? options(c.family) : options),
          ...opened(c),
        });
        const want = {
          content: typeof options === 'function' ? c.content : (c.autoContent ?? c.content),
          reasoning: (typeof options === 'function' ? c.reasoning : (c.autoReasoning ?? c.reasoning)) ?? '',
          calls: typeof options === 'function' ? c.calls : (c.autoCalls ?? c.calls),
          errors: c.errors ?? [],
        };
        return JSON.stringify(r) === JSON.stringify(want);
      }).length;
    const auto = count({});
    const named = count((family) => ({ model: family }));
    const chosen = count((family) => ({ format: family as TextParserOptions['format'] }));
    const labelled = withCalls.filter(
      (c) => c.autoContent !== undefined || c.autoReasoning !== undefined || c.autoCalls !== undefined,
    ).length;
    console.log(
      `fixture outputs with calls read completely right: auto ${auto} of ${withCalls.length} (${labelled} keeping a label only a named family reads as markup), auto with the model named ${named} of ${withCalls.length}, format chosen ${chosen} of ${withCalls.length}`,
    );
    expect([auto, named, chosen]).toEqual([withCalls.length, withCalls.length, withCalls.length]);
  });
});

describe('auto: prose, code samples and JSON in prose stay text', () => {
  const NEGATIVES = [
    // calls quoted mid-sentence
    'Last time the model replied "<tool_call>{"name": "ping", "arguments": {}}</tool_call>" and stopped.',
    "Qwen's format looks like '[TOOL_CALLS]ping[ARGS]{}' in Mistral.",
    'In inline code: `<tool_call>{"name": "ping", "arguments": {}}</tool_call>` calls a tool.',
    'Or ``[get_weather(city="Paris")]`` for Llama 4.',
    // code samples
    '```python\nprint(get_weather(city="Paris"))\n[get_weather(city="x")]\n```',
    '```xml\n<tool_call>\n{"name": "ping", "arguments": {}}\n</tool_call>\n```\nThat is the Hermes format.',
    'Example:\n```js\nfetch(url, { body: JSON.stringify({"name": "get_weather", "arguments": {}}) });\n```',
    '```\n<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>ping<｜tool▁sep｜>{}<｜tool▁call▁end｜><｜tool▁calls▁end｜>\n```',
    // JSON in prose
    'The payload {"name": "get_weather", "arguments": {"city": "Paris"}} is what the API expects.',
    'A list like [{"name": "get_weather", "arguments": {}}] can appear mid-sentence too.',
    '{"name": "Bob", "age": 3, "tags": ["a"]}',
    '[{"name": "Alice"}, {"name": "Bob"}]',
    // markup mentioned in prose
    'Mistral models emit [TOOL_CALLS] before their calls.',
    'GLM wraps calls in <tool_call> tags, and <tool_calls> is for Jamba.',
    'DeepSeek uses <｜tool▁calls▁begin｜> markers, Kimi <|tool_calls_section_begin|> ones.',
    'See [note 4], [link](https://example.com) and [get weather](#anchor).',
    'You could call [get_weather(city="Paris")] yourself, mid-line.',
    "Python's functools[0] does not exist.",
    'Gemma writes ```tool_code blocks``` for calls.',
    'The <function_calls> tag, the <function_call> tag and <|python_start|> are markup.',
    'Use <start_function_call> and <|tool_call> as markers.',
    'Nemotron wraps its list in `<TOOLCALL>[{"name": "ping", "arguments": {}}]</TOOLCALL>` tags.',
    'Command writes "<|START_ACTION|>[{"tool_name": "ping", "parameters": {}}]<|END_ACTION|>" for a call.',
    '<TOOLCALL>[{"name": "launch_rockets", "arguments": {}}]</TOOLCALL>',
    '<|tools_prefix|>[{"launch_rockets": {}}]<|tools_suffix|>',
    'Apertus opens its list with <|tools_prefix|> and closes it with <|tools_suffix|>.',
    'LM Studio asks for [TOOL_REQUEST] blocks that end with [END_TOOL_REQUEST].',
    '[TOOL_REQUEST]{"name": "launch_rockets", "arguments": {}}[END_TOOL_REQUEST]',
    'GigaChat ends a message with <|message_sep|> and calls after <|function_call|> or in <｜GCML｜tool_calls>.',
    'Запускаю.<|message_sep|>\n\nfunction call<|role_sep|>\n{"name": "launch_rockets", "arguments": {}}',
    '<｜GCML｜tool_calls><｜GCML｜invoke name="launch_rockets"></｜GCML｜invoke></｜GCML｜tool_calls>',
    'Hy3 wraps its calls in <tool_calls> and ends each name with <tool_sep>; Hy4 tags look like <tool_calls:6124c78e>.',
    'Use <tool_calls> then <tool_call>get_weather for Hy3.',
    '<tool_calls><tool_call>launch_rockets<tool_sep><arg_key>n</arg_key><arg_value>3</arg_value></tool_call></tool_calls>',
    '<tool_calls:v1><tool_call:v1>launch_rockets</tool_call:v1></tool_calls:v1>',
    'MiniCPM5 writes <function name="get_weather"> blocks, each parameter in <param name="city">…</param>.',
    '<function name="launch_rockets"><param name="count">3</param></function>',
    'In HTML-like text, <function name=\'x\'> and <function name="a b"> are only text.',
    'Solar Open2 starts a call with <|tool_call:start|> and ends it with <|tool_call:end|>.',
    'Use <|tool_call:start|>get_weather for Solar, then <|tool_arg:start|>city<|tool_arg:value|>.',
    '<|tool_call:start|>launch_rockets\n<|tool_arg:start|>n<|tool_arg:value|>3<|tool_arg:end|>\n<|tool_call:end|>',
    'Kimi K3 opens a channel with <|open|> and ends it with <|close|>, each header closed by <|sep|>.',
    '<|open|>notes<|sep|>a channel K3 does not have<|close|>notes<|sep|>',
    '<|open|>tools<|sep|><|open|>call tool="launch_rockets" index="1"<|sep|><|open|>argument key="n" type="number"<|sep|>3<|close|>argument<|sep|><|close|>call<|sep|><|close|>tools<|sep|>',
    'IQuest Coder wraps GLM-style calls in <iquestcoder_tool_call> tags.',
    '<iquestcoder_tool_call>launch_rockets<arg_key>n</arg_key><arg_value>3</arg_value></iquestcoder_tool_call>',
    'Write <iquestcoder_tool_call>get_weather is how it starts.',
    'K2-Horizon groups its calls in <ifm|tool_calls> and each one in <ifm|tool_call>.',
    '<ifm|tool_calls>\n<ifm|tool_call>launch_rockets\n<ifm|arg_key>n</ifm|arg_key>\n<ifm|arg_value>3</ifm|arg_value>\n</ifm|tool_call>\n</ifm|tool_calls>',
    '<ifm|tool_calls>\n<ifm|tool_call>{"name": "launch_rockets", "arguments": {"n": 3}}</ifm|tool_call>\n</ifm|tool_calls>',
    'In json mode K2-Horizon writes <ifm|tool_call>{"name": …}</ifm|tool_call>; <|ifm|im_end|> ends the turn.',
    'dots3 wraps each call in <dots_function_call> and ends its turn with <|endofassistant|> mid-sentence.',
    'Write `<dots_function_call>\n<invoke name="get_weather">` then its parameters.',
    'The tag <dots_function_call>{"city": "Paris"}</dots_function_call> holds no call; nor does <dots_function_call> get_weather.',
    '<dots_function_call>\n<invoke name="launch_rockets">\n<parameter name="n">\n3\n</parameter>\n</invoke>\n</dots_function_call>',
    '<dots_function_call>{"name": "launch_rockets", "arguments": {"n": 3}}</dots_function_call>',
    'PLaMo 3 opens its calls with <|plamo:begin_tool_requests:plamo|> and ends a turn with <|plamo:tag|> as text.',
    'Use <|plamo:begin_tool_request:plamo|><|plamo:begin_tool_name:plamo|>get_weather for PLaMo.',
    '<|plamo:begin_tool_requests:plamo|><|plamo:begin_tool_request:plamo|><|plamo:begin_tool_name:plamo|>launch_rockets<|plamo:end_tool_name:plamo|><|plamo:begin_tool_arguments:plamo|><|plamo:constrain|>json<|plamo:msg|>{"n": 3}<|plamo:end_tool_arguments:plamo|><|plamo:end_tool_request:plamo|><|plamo:end_tool_requests:plamo|>',
    'The tag <|plamo:begin_tool_request:plamo|> then `<|plamo:begin_tool_name:plamo|>` and a name.',
    'a < b, c > d, x<y>z, [1, 2], {a: 1}, <b>bold</b> and <br/>',
    'MiniMax-M3 puts ]<]minimax[>[ before each tag: ]<]minimax[>[<tool_call> opens a block.',
    'Use ]<]minimax[>[<tool_call> then ]<]minimax[>[<invoke name="get_weather"> to call it.',
    'In code: `]<]minimax[>[<tool_call>\n]<]minimax[>[<invoke name="get_weather">`, and a[0]<b[1] or [x]<y> is text.',
    ']<]minimax[>[<tool_call>\n]<]minimax[>[<invoke name="launch_rockets">]<]minimax[>[<n>3]<]minimax[>[</n>]<]minimax[>[</invoke>\n]<]minimax[>[</tool_call>',
    'CWM calls a tool with <tool: get_weather> followed by its arguments, and ends with </tool>.',
    'Write <tool: function> then the name, e.g. <tool: function> get_weather {"city": "Paris"} </tool> on one line.',
    'In code: `<tool: get_weather>{"city": "Paris"}</tool>` is a CWM call; so is `<tool: ping </tool>`.',
    'The shorthand <tool: get_weather and a payload, <tool:> alone, or "<tool: ping>\n</tool>" quoted.',
    '<tool: function>\nlaunch_rockets {"n": 3}\n</tool>',
    '<tool: launch_rockets>\n{"n": 3}\n</tool>',
    'The <tool: get_weather>\nnotation opens a block; then get_weather is named.',
    'openPangu-Embedded wraps its calls in [unused11] and [unused12]; [unused10] ends its turn.',
    '[unused11][{"name": "launch_rockets", "arguments": {}}][unused12]',
    'RWKV answers with **Tool Call:** in bold, then a fence:\n```json\n{"name": "launch_rockets", "arguments": {}}\n```',
    '**Tool Call:** a bold heading, then **bold** text and `**Tool Call:**` in code.',
    "<tool_call>\n{'name': 'ping', 'arguments': {}}\n",
    'HyperCLOVAX 14B switches to <|im_start|>assistant -> tool/function_call and then writes a JSON list.',
    '<|im_start|>assistant -> tool/function_call\n[{"name": "launch_rockets", "arguments": {"n": 3}}]',
    'Type `<|im_end|>\n<|im_start|>assistant -> tool/function_call` to switch roles; /think opens reasoning.',
    'HyperCLOVAX 32B quotes values: <tool_call>get_weather then <arg_value>"Paris"</arg_value> as JSON.',
    '<tool_call>launch_rockets\n<arg_key>n</arg_key>\n<arg_value>"3"</arg_value>\n</tool_call>',
  ];
  for (const text of NEGATIVES) {
    it(JSON.stringify(text.slice(0, 60)), () => {
      expect(parse(text)).toEqual(unchanged(text));
    });
  }

  it('never reads markup inside reasoning, in any family', () => {
    const inner = [
      '<tool_call>{"name": "ping", "arguments": {}}</tool_call>',
      '[TOOL_CALLS]ping[ARGS]{}',
      '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>ping<｜tool▁sep｜>{}<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
      '<|tool_call>call:ping{}<tool_call|>',
      '<TOOLCALL>[{"name": "ping", "arguments": {}}]</TOOLCALL>',
      '<|START_ACTION|>[{"tool_call_id": "0", "tool_name": "ping", "parameters": {}}]<|END_ACTION|>',
      '<|tools_prefix|>[{"ping": {}}]<|tools_suffix|>',
      '[ping()]',
    ].join('\n');
    for (const [open, close] of [
      ['<think>', '</think>'],
      ['<thinking>', '</thinking>'],
      ['<seed:think>', '</seed:think>'],
      ['<|START_THINKING|>', '<|END_THINKING|>'],
      ['<|inner_prefix|>', '<|inner_suffix|>'],
      ['[unused16]', '[unused17]'],
    ]) {
      expect(parse(`${open}${inner}${close}No call needed.`)).toEqual({
        content: 'No call needed.',
        reasoning: inner,
        calls: [],
        errors: [],
      });
    }
    expect(
      parse(
        `<|channel|>analysis<|message|>${inner}<|end|><|start|>assistant<|channel|>final<|message|>Done.<|return|>`,
      ),
    ).toEqual({
      content: 'Done.',
      reasoning: inner,
      calls: [],
      errors: [],
    });
  });

  it('leaves calls to unknown tools as text in every family', () => {
    for (const text of [
      '<tool_call>\n{"name": "launch", "arguments": {}}\n</tool_call>',
      '<tool_call>launch\n<arg_key>a</arg_key>\n<arg_value>1</arg_value>\n</tool_call>',
      '<minimax:tool_call>\n<invoke name="launch">\n</invoke>\n</minimax:tool_call>',
      '<dots_function_call>\n<invoke name="launch">\n</invoke>\n</dots_function_call>',
      ']<]minimax[>[<tool_call>\n]<]minimax[>[<invoke name="launch">]<]minimax[>[</invoke>\n]<]minimax[>[</tool_call>',
      '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>launch<｜tool▁sep｜>{}<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
      '<|tool_calls_section_begin|><|tool_call_begin|>functions.launch:0<|tool_call_argument_begin|>{}<|tool_call_end|><|tool_calls_section_end|>',
      '[launch(now=True)]',
      '<|tool_call>call:launch{}<tool_call|>',
      '[TOOL_CALLS]launch[ARGS]{}',
    ]) {
      expect(parse(text).calls).toEqual([]);
      expect(parse(text).content).toBe(text);
    }
  });
});

describe('format selection', () => {
  it('a chosen family reads only its own markup (plus reasoning and the trigger protocol)', () => {
    const mistral = '[TOOL_CALLS]ping[ARGS]{}';
    const glm = '<tool_call>ping\n</tool_call>';
    expect(parse(mistral, { format: 'glm' })).toEqual(unchanged(mistral));
    expect(parse(glm, { format: 'mistral' })).toEqual(unchanged(glm));
    expect(parse(glm, { format: 'glm' }).calls).toEqual([{ name: 'ping', args: {} }]);
    expect(parse(`<think>x</think>${mistral}`, { format: 'mistral' })).toMatchObject({
      reasoning: 'x',
      content: '',
    });
  });

  it('auto prefers the family the model name identifies: its looser forms count', () => {
    const midLine = 'Sure: {"name": "ping", "parameters": {}}';
    expect(parse(midLine).calls).toEqual([]);
    expect(parse(midLine, { model: 'meta-llama/Llama-3.3-70B-Instruct' }).calls).toEqual([
      { name: 'ping', args: {} },
    ]);
    const xlam = 'Calling: [{"name": "ping", "arguments": {}}]';
    expect(parse(xlam).calls).toEqual([]);
    expect(parse(xlam, { model: 'Salesforce/Llama-xLAM-2-8b-fc-r' }).calls).toEqual([
      { name: 'ping', args: {} },
    ]);
    const hunyuan = '<answer>Hi!</answer>';
    expect(parse(hunyuan).content).toBe(hunyuan);
    // without the model name, the answer tags go only where they wrap calls
    const around =
      'Checking.<answer>\n<tool_calls>[{"name": "ping", "arguments": {}}]</tool_calls>\n</answer> Done.';
    expect(parse(around)).toEqual({
      content: 'Checking.\n\n Done.',
      reasoning: '',
      calls: [PING_CALL],
      errors: [],
    });
    for (let cut = 1; cut < around.length; cut++) expect(parseStreamed(around, cut)).toEqual(parse(around));
    for (const prose of [
      'The <answer> is 42.',
      '<answer>\n</answer>',
      'x</answer>',
      'The <answer>\n<tool_c',
    ]) {
      expect(parse(prose)).toEqual(unchanged(prose));
      for (let cut = 1; cut < prose.length; cut++)
        expect(parseStreamed(prose, cut)).toEqual(unchanged(prose));
    }
    expect(parse(hunyuan, { model: 'tencent/Hunyuan-A13B-Instruct' }).content).toBe('Hi!');
  });

  it('ERNIE <response> under auto: dropped after reasoning or around calls, content anywhere else', () => {
    const call = '<tool_call>\n{"name": "ping", "arguments": {}}\n</tool_call>';
    const shapes: [string, ReturnType<typeof parse>][] = [
      [
        'Plan.\n</think>\n\n<response>\nHello there.\n</response>\n',
        { content: 'Plan.\n\nHello there.\n\n', reasoning: '', calls: [], errors: [] },
      ],
      [
        `<think>\nPing it.\n</think>\n\n<response>\n${call}\n</response>\n`,
        { content: '\n\n\n', reasoning: 'Ping it.\n', calls: [PING_CALL], errors: [] },
      ],
      [
        `Checking.<response>\n${call}\n</response> Done.`,
        { content: 'Checking.\n\n Done.', reasoning: '', calls: [PING_CALL], errors: [] },
      ],
    ];
    for (const [text, expected] of shapes) {
      expect(parse(text)).toEqual(expected);
      // the model named reads it the same
      expect(parse(text, { model: 'baidu/ERNIE-4.5-21B-A3B-Thinking' })).toEqual(expected);
      for (let cut = 1; cut < text.length; cut++) expect(parseStreamed(text, cut)).toEqual(expected);
    }
    for (const prose of [
      'Wrap it in a <response> element.',
      'x</response>',
      '<response>\n</response>',
      'The <response>\n<tool_c',
    ]) {
      expect(parse(prose)).toEqual(unchanged(prose));
      for (let cut = 1; cut < prose.length; cut++)
        expect(parseStreamed(prose, cut)).toEqual(unchanged(prose));
    }
    // after reasoning, but with answer text before it: the tag is the answer's own text
    const later = 'Done.</think> Then a <response> element.';
    expect(parse(later).content).toBe('Done.Then a <response> element.');
  });

  it('a closing think tag with no opening one (templates that open it in the prompt) is removed', () => {
    expect(parse('Reasoning here.\n</think>\n\nThe answer.')).toMatchObject({
      content: 'Reasoning here.\nThe answer.',
    });
  });
});
