/**
 * Model outputs of the families that write calls as tagged text, special tokens, Python or Gemma
 * syntax, each as the family's chat template or documented format has it.
 */
import {
  ALARM,
  type Call,
  cut,
  dumps,
  type FamilyCase,
  gemmaValue,
  jsonCall,
  NESTED,
  OSLO,
  PING,
  params,
  pyCall,
  UNICODE,
  WEATHER,
} from './family-render.js';

const qwen = (c: Call) =>
  `<function=${c.name}>\n${params(c, '<parameter=', '>\n', '\n</parameter>', '\n')}</function>`;
const qwenCall = (c: Call) => `<tool_call>\n${qwen(c)}\n</tool_call>`;
const seed = (c: Call) => `<seed:tool_call>\n${qwen(c)}\n</seed:tool_call>`;
const invoke = (c: Call) =>
  `<invoke name="${c.name}">\n${params(c, '<parameter name="', '">', '</parameter>', '\n')}</invoke>`;
const minimax = (...calls: Call[]) =>
  `<minimax:tool_call>\n${calls.map(invoke).join('\n')}\n</minimax:tool_call>`;
const stepCall = (c: Call) =>
  `<｜tool_call_begin｜><steptml:invoke name="${c.name}">${params(c, '<steptml:parameter name="', '">', '</steptml:parameter>')}</steptml:invoke><｜tool_call_end｜>`;
const step = (...calls: Call[]) =>
  `<｜tool_calls_begin｜>${calls.map(stepCall).join('<｜tool_sep｜>')}<｜tool_calls_end｜>`;
const glm = (c: Call, nl = true) =>
  `<tool_call>${c.name}${nl ? '\n' : ''}${params(c, '<arg_key>', `</arg_key>${nl ? '\n' : ''}<arg_value>`, '</arg_value>', nl ? '\n' : '')}</tool_call>`;
const iquest = (c: Call) =>
  `<iquestcoder_tool_call>${c.name}${params(c, '<arg_key>', '</arg_key><arg_value>', '</arg_value>')}</iquestcoder_tool_call>`;
const dsV3 = (c: Call) =>
  `<｜tool▁call▁begin｜>function<｜tool▁sep｜>${c.name}\n\`\`\`json\n${dumps(c.args)}\n\`\`\`<｜tool▁call▁end｜>`;
const dsV31 = (c: Call) =>
  `<｜tool▁call▁begin｜>${c.name}<｜tool▁sep｜>${JSON.stringify(c.args)}<｜tool▁call▁end｜>`;
const ds = (calls: Call[], one = dsV3) =>
  `<｜tool▁calls▁begin｜>${calls.map(one).join('')}<｜tool▁calls▁end｜>`;
/** DeepSeek V3.2's DSML block (`function_calls`), or V4's (`tool_calls`). */
const dsmlIn = (wrapper: 'function_calls' | 'tool_calls', ...calls: Call[]) =>
  `<｜DSML｜${wrapper}>\n${calls
    .map(
      (c) =>
        `<｜DSML｜invoke name="${c.name}">\n${Object.entries(c.args)
          .map(
            ([k, v]) =>
              `<｜DSML｜parameter name="${k}" string="${typeof v === 'string'}">${typeof v === 'string' ? v : JSON.stringify(v)}</｜DSML｜parameter>\n`,
          )
          .join('')}</｜DSML｜invoke>`,
    )
    .join('\n')}\n</｜DSML｜${wrapper}>`;
const dsml = (...calls: Call[]) => dsmlIn('function_calls', ...calls);
export const dsmlV4 = (...calls: Call[]) => dsmlIn('tool_calls', ...calls);
const kimi = (calls: Call[]) =>
  `<|tool_calls_section_begin|>${calls
    .map(
      (c, i) =>
        `<|tool_call_begin|>functions.${c.name}:${i}<|tool_call_argument_begin|>${dumps(c.args)}<|tool_call_end|>`,
    )
    .join('')}<|tool_calls_section_end|>`;
const harmonyCall = (c: Call) =>
  `<|start|>assistant<|channel|>commentary to=functions.${c.name} <|constrain|>json<|message|>${JSON.stringify(c.args)}<|call|>`;
export const gemma4 = (c: Call) => `<|tool_call>call:${c.name}${gemmaValue(c.args, '<|"|>')}<tool_call|>`;
const fgemma = (c: Call) =>
  `<start_function_call>call:${c.name}${gemmaValue(c.args, '<escape>')}<end_function_call>`;

export const TAGGED_FAMILY_CASES: FamilyCase[] = [
  // Qwen3-Coder / Qwen3 XML: values typed from the schema
  {
    family: 'qwen3-coder',
    label: 'a JSON object as the function body',
    text: `<tool_call>\n<function=get_weather>\n${dumps(WEATHER.args)}\n</function>\n</tool_call>`,
    calls: [WEATHER],
    content: '',
  },
  {
    family: 'qwen3-coder',
    label: 'text before',
    text: `I'll check.\n\n${qwenCall(WEATHER)}`,
    calls: [WEATHER],
    content: "I'll check.\n\n",
  },
  {
    family: 'qwen3-coder',
    label: 'two calls',
    text: `${qwenCall(OSLO)}\n${qwenCall(PING)}`,
    calls: [OSLO, PING],
    content: '\n',
  },
  {
    family: 'qwen3-coder',
    label: 'unicode and newlines in values',
    text: qwenCall(UNICODE),
    calls: [UNICODE],
    content: '',
  },
  {
    family: 'qwen3-coder',
    label: 'nested object value',
    text: qwenCall(NESTED),
    calls: [NESTED],
    content: '',
  },
  {
    family: 'qwen3-coder',
    label: 'anyOf/oneOf/nullable typing',
    text: qwenCall(ALARM),
    calls: [ALARM],
    content: '',
  },
  {
    family: 'qwen3-coder',
    label: 'python literal value, no wrapper',
    text: "<function=write_note>\n<parameter=tags>\n['a', 'b']\n</parameter>\n<parameter=meta>\n{'done': True, 'n': None}\n</parameter>\n</function>",
    calls: [{ name: 'write_note', args: { tags: ['a', 'b'], meta: { done: true, n: null } } }],
    content: '',
  },
  {
    family: 'qwen3-coder',
    label: 'truncated',
    text: cut(`${qwenCall(PING)}\n${qwenCall(UNICODE)}`, 40),
    calls: [PING],
    content: '\n',
    errors: ['truncated'],
  },
  // Seed-OSS
  {
    family: 'seed-oss',
    label: 'after seed:think',
    text: `<seed:think>The user wants Paris.<seed:cot_budget_reflect>I have used 20 tokens.</seed:cot_budget_reflect></seed:think>\n${seed(WEATHER)}`,
    calls: [WEATHER],
    content: '',
    reasoning:
      'The user wants Paris.<seed:cot_budget_reflect>I have used 20 tokens.</seed:cot_budget_reflect>',
  },
  {
    family: 'seed-oss',
    label: 'two calls',
    text: `${seed(OSLO)}${seed(PING)}`,
    calls: [OSLO, PING],
    content: '',
  },
  {
    family: 'seed-oss',
    label: 'unicode',
    text: `好的。${seed(UNICODE)}`,
    calls: [UNICODE],
    content: '好的。',
  },
  { family: 'seed-oss', label: 'nested', text: seed(NESTED), calls: [NESTED], content: '' },
  {
    family: 'seed-oss',
    label: 'no arguments',
    text: '<seed:tool_call>\n<function=ping>\n</function>\n</seed:tool_call>',
    calls: [PING],
    content: '',
  },
  {
    family: 'seed-oss',
    label: 'truncated',
    text: cut(seed(WEATHER), 30),
    calls: [],
    content: '',
    errors: ['truncated'],
  },
  // MiniMax-M2
  {
    family: 'minimax-m2',
    label: 'text before',
    text: `Let me check. ${minimax(WEATHER)}`,
    calls: [WEATHER],
    content: 'Let me check. ',
  },
  { family: 'minimax-m2', label: 'two invokes', text: minimax(OSLO, PING), calls: [OSLO, PING], content: '' },
  {
    family: 'minimax-m2',
    label: 'unicode',
    text: `<think>\nuse write_note\n</think>\n\n${minimax(UNICODE)}`,
    calls: [UNICODE],
    content: '',
    reasoning: 'use write_note\n',
  },
  { family: 'minimax-m2', label: 'nested', text: minimax(NESTED), calls: [NESTED], content: '' },
  { family: 'minimax-m2', label: 'typed values', text: minimax(ALARM), calls: [ALARM], content: '' },
  {
    family: 'minimax-m2',
    label: 'truncated',
    text: cut(minimax(PING, WEATHER), 45),
    calls: [PING],
    content: '',
    errors: ['truncated'],
  },
  // Step-3
  {
    family: 'step3',
    label: 'text around',
    text: `Let me check the weather for you.\n\n${step(WEATHER)}\n\nI'll get that information.`,
    calls: [WEATHER],
    content: "Let me check the weather for you.\n\n\n\nI'll get that information.",
  },
  { family: 'step3', label: 'two calls', text: step(OSLO, PING), calls: [OSLO, PING], content: '' },
  { family: 'step3', label: 'unicode', text: step(UNICODE), calls: [UNICODE], content: '' },
  {
    family: 'step3',
    label: 'nested, function prefix',
    text: `<｜tool_calls_begin｜><｜tool_call_begin｜>function<｜tool_sep｜>write_note\n<steptml:invoke name="write_note">${params(NESTED, '<steptml:parameter name="', '">', '</steptml:parameter>')}</steptml:invoke><｜tool_call_end｜><｜tool_calls_end｜>`,
    calls: [NESTED],
    content: '',
  },
  {
    family: 'step3',
    label: 'no arguments',
    text: '<｜tool_calls_begin｜><｜tool_call_begin｜><steptml:invoke name="ping"></steptml:invoke><｜tool_call_end｜><｜tool_calls_end｜>',
    calls: [PING],
    content: '',
  },
  {
    family: 'step3',
    label: 'truncated',
    text: cut(step(PING, OSLO), 50),
    calls: [PING],
    content: '',
    errors: ['truncated'],
  },
  // GLM-4.5 / 4.6 (values on their own lines) and 4.7 (run together)
  {
    family: 'glm',
    label: 'glm-4.5 with reasoning',
    text: `<think>Need weather.</think>\n${glm(WEATHER)}`,
    calls: [WEATHER],
    content: '',
    reasoning: 'Need weather.',
  },
  {
    family: 'glm',
    label: 'glm-4.7 two calls',
    text: `${glm(OSLO, false)}${glm(PING, false)}`,
    calls: [OSLO, PING],
    content: '',
  },
  {
    family: 'glm',
    label: 'unicode',
    text: `Checking.${glm(UNICODE)}`,
    calls: [UNICODE],
    content: 'Checking.',
  },
  { family: 'glm', label: 'nested', text: glm(NESTED), calls: [NESTED], content: '' },
  { family: 'glm', label: 'no arguments', text: '<tool_call>ping\n</tool_call>', calls: [PING], content: '' },
  { family: 'glm', label: 'typed values', text: glm(ALARM, false), calls: [ALARM], content: '' },
  {
    family: 'glm',
    label: 'truncated',
    text: cut(`${glm(PING)}${glm(WEATHER)}`, 25),
    calls: [PING],
    content: '',
    errors: ['truncated'],
  },
  // IQuest Coder V2: GLM-4.7's body in `<iquestcoder_tool_call>`; its template opens `<think>` in the prompt
  {
    family: 'glm',
    label: 'iquest: text before one call',
    text: `Let me look that up.\n${iquest(WEATHER)}`,
    calls: [WEATHER],
    content: 'Let me look that up.\n',
  },
  {
    family: 'glm',
    label: 'iquest: reasoning opened by the template, two calls back to back',
    text: `The user wants Oslo, then a ping.</think>\n${iquest(OSLO)}${iquest(PING)}`,
    openReasoning: '<think>',
    calls: [OSLO, PING],
    content: '',
    reasoning: 'The user wants Oslo, then a ping.',
  },
  {
    family: 'glm',
    label: 'iquest: lines around the tags, unicode and escapes',
    text: `<iquestcoder_tool_call>${UNICODE.name}\n${params(UNICODE, '<arg_key>', '</arg_key>\n<arg_value>', '</arg_value>', '\n')}</iquestcoder_tool_call>`,
    calls: [UNICODE],
    content: '',
  },
  { family: 'glm', label: 'iquest: nested', text: iquest(NESTED), calls: [NESTED], content: '' },
  {
    family: 'glm',
    label: 'iquest: no arguments',
    text: '<iquestcoder_tool_call>ping</iquestcoder_tool_call>',
    calls: [PING],
    content: '',
  },
  { family: 'glm', label: 'iquest: typed values', text: iquest(ALARM), calls: [ALARM], content: '' },
  {
    family: 'glm',
    label: 'iquest: truncated',
    text: cut(`${iquest(PING)}${iquest(WEATHER)}`, 30),
    calls: [PING],
    content: '',
    errors: ['truncated'],
  },
  // DeepSeek V3 / R1 (fenced JSON), V3.1 (bare JSON), V3.2 (DSML)
  { family: 'deepseek', label: 'v3 fenced', text: ds([WEATHER]), calls: [WEATHER], content: '' },
  {
    family: 'deepseek',
    label: 'r1 with reasoning, two calls',
    text: `<think>\nTwo lookups.\n</think>\n\n${ds([OSLO, PING])}`,
    calls: [OSLO, PING],
    content: '',
    reasoning: 'Two lookups.\n',
  },
  {
    family: 'deepseek',
    label: 'v3.1 text before',
    text: `Let me check.${ds([UNICODE], dsV31)}`,
    calls: [UNICODE],
    content: 'Let me check.',
  },
  {
    family: 'deepseek',
    label: 'v3.1 nested',
    text: ds([NESTED, PING], dsV31),
    calls: [NESTED, PING],
    content: '',
  },
  {
    family: 'deepseek',
    label: 'v3.2 dsml',
    text: `Sure, let me check! ${dsml(WEATHER, PING)}`,
    calls: [WEATHER, PING],
    content: 'Sure, let me check! ',
  },
  { family: 'deepseek', label: 'v3.2 typed values', text: dsml(ALARM), calls: [ALARM], content: '' },
  // V4: the same DSML inside `tool_calls`; its thinking mode opens <think> in the prompt
  {
    family: 'deepseek',
    label: 'v4 text before, end of sentence after',
    text: `好的，我来查。\n\n${dsmlV4(UNICODE)}<｜end▁of▁sentence｜>`,
    calls: [UNICODE],
    content: '好的，我来查。\n\n',
  },
  {
    family: 'deepseek',
    label: 'v4 reasoning opened by the template, two calls',
    text: `I need the forecast, then a ping.</think>\n\n${dsmlV4(WEATHER, PING)}`,
    openReasoning: '<think>',
    calls: [WEATHER, PING],
    content: '',
    reasoning: 'I need the forecast, then a ping.',
  },

  {
    family: 'deepseek',
    label: 'truncated',
    text: cut(ds([PING, WEATHER]), 50),
    calls: [PING],
    content: '',
    errors: ['truncated'],
  },
  // Kimi K2
  {
    family: 'kimi-k2',
    label: 'text before',
    text: `I'll check. ${kimi([WEATHER])}`,
    calls: [WEATHER],
    content: "I'll check. ",
  },
  { family: 'kimi-k2', label: 'two calls', text: kimi([OSLO, PING]), calls: [OSLO, PING], content: '' },
  {
    family: 'kimi-k2',
    label: 'unicode, no functions. prefix',
    text: `<|tool_calls_section_begin|><|tool_call_begin|>write_note:0 <|tool_call_argument_begin|>${jsonCall(UNICODE).slice(jsonCall(UNICODE).indexOf('{', 1), -1)}<|tool_call_end|><|tool_calls_section_end|>`,
    calls: [UNICODE],
    content: '',
  },
  {
    family: 'kimi-k2',
    label: 'nested, multiline json',
    text: `<|tool_calls_section_begin|><|tool_call_begin|>functions.write_note:0<|tool_call_argument_begin|>${JSON.stringify(NESTED.args, null, 2)}<|tool_call_end|><|tool_calls_section_end|>`,
    calls: [NESTED],
    content: '',
  },
  {
    family: 'kimi-k2',
    label: 'no arguments',
    text: '<|tool_calls_section_begin|><|tool_call_begin|>functions.ping:0<|tool_call_argument_begin|>{}<|tool_call_end|><|tool_calls_section_end|>',
    calls: [PING],
    content: '',
  },
  {
    family: 'kimi-k2',
    label: 'truncated',
    text: cut(kimi([PING, WEATHER]), 45),
    calls: [PING],
    content: '',
    errors: ['truncated'],
  },
  // gpt-oss harmony
  {
    family: 'harmony',
    label: 'analysis then call',
    text: `<|channel|>analysis<|message|>User asks for Paris weather. Use get_weather.<|end|>${harmonyCall(WEATHER)}`,
    calls: [WEATHER],
    content: '',
    reasoning: 'User asks for Paris weather. Use get_weather.',
  },
  {
    family: 'harmony',
    label: 'two calls',
    text: `${harmonyCall(OSLO)}${harmonyCall(PING)}`,
    calls: [OSLO, PING],
    content: '',
  },
  {
    family: 'harmony',
    label: 'final answer only',
    text: '<|channel|>analysis<|message|>Simple greeting.<|end|><|start|>assistant<|channel|>final<|message|>Héllo 👋 there!<|return|>',
    calls: [],
    content: 'Héllo 👋 there!',
    reasoning: 'Simple greeting.',
  },
  {
    family: 'harmony',
    label: 'recipient before channel, nested',
    text: `<|start|>assistant to=functions.write_note<|channel|>commentary json<|message|>${JSON.stringify(NESTED.args)}<|call|>`,
    calls: [NESTED],
    content: '',
  },
  { family: 'harmony', label: 'unicode', text: harmonyCall(UNICODE), calls: [UNICODE], content: '' },
  {
    // llama.cpp and others end generation at <|call|> (an end-of-generation token) without passing it on
    family: 'harmony',
    label: 'the call ends the output, <|call|> not passed on',
    text: `<|channel|>analysis<|message|>Oslo, then done.<|end|>${harmonyCall(OSLO).replace('<|call|>', '')}`,
    calls: [OSLO],
    content: '',
    reasoning: 'Oslo, then done.',
  },
  {
    family: 'harmony',
    label: 'truncated',
    text: cut(`${harmonyCall(PING)}${harmonyCall(WEATHER)}`, 15),
    calls: [PING],
    content: '',
    errors: ['truncated'],
  },
  // Pythonic: Llama 3.2 / 4, OLMo 3, LFM2
  {
    family: 'pythonic',
    label: 'bare list',
    text: `[${pyCall(WEATHER)}, ${pyCall(PING)}]`,
    calls: [WEATHER, PING],
    content: '',
  },
  {
    family: 'pythonic',
    label: 'llama 4 python tags',
    text: `<|python_start|>[${pyCall(OSLO)}]<|python_end|>`,
    calls: [OSLO],
    content: '',
  },
  {
    family: 'pythonic',
    label: 'olmo 3, one call per line',
    text: `<function_calls>${pyCall(UNICODE)}\n${pyCall(PING)}</function_calls>`,
    calls: [UNICODE, PING],
    content: '',
  },
  {
    family: 'pythonic',
    label: 'lfm2 with text after',
    text: `<|tool_call_start|>[${pyCall(NESTED)}]<|tool_call_end|>\nSaving it now.`,
    calls: [NESTED],
    content: '\nSaving it now.',
  },
  {
    // openPangu, and LFM2 asked for JSON by its system prompt: a JSON list in the same tokens
    family: 'pythonic',
    label: 'json list in lfm2 tokens, reasoning first',
    text: `<think>Two lookups.</think><|tool_call_start|>\n[${jsonCall(OSLO)}, ${jsonCall(UNICODE, 'parameters')}]\n<|tool_call_end|>Checking both.`,
    calls: [OSLO, UNICODE],
    content: 'Checking both.',
    reasoning: 'Two lookups.',
  },
  {
    // openPangu-Embedded: the list between reserved tokens, its reasoning in [unused16]…[unused17]
    family: 'pythonic',
    label: 'openpangu-embedded, reasoning in reserved tokens',
    text: `[unused16]Need Oslo weather.[unused17][unused11][${jsonCall(OSLO)}][unused12]`,
    calls: [OSLO],
    content: '',
    reasoning: 'Need Oslo weather.',
  },
  {
    family: 'pythonic',
    label: 'openpangu-embedded, two calls and its end of turn',
    text: `I'll check both.[unused11]\n[${jsonCall(WEATHER)}, ${jsonCall(UNICODE, 'arguments', true)}]\n[unused12][unused10]`,
    calls: [WEATHER, UNICODE],
    content: "I'll check both.",
  },
  {
    family: 'pythonic',
    label: 'openpangu-embedded, truncated',
    text: cut(`[unused11][${jsonCall(PING)}, ${jsonCall(WEATHER)}][unused12]`, 20),
    calls: [PING],
    content: '',
    errors: ['truncated'],
  },
  { family: 'pythonic', label: 'python literals', text: `[${pyCall(ALARM)}]`, calls: [ALARM], content: '' },
  {
    family: 'pythonic',
    label: 'truncated',
    text: cut(`<|python_start|>[${pyCall(PING)}, ${pyCall(WEATHER)}]<|python_end|>`, 25),
    calls: [PING],
    content: '',
    errors: ['truncated'],
  },
  // Gemma 2 / 3 tool_code blocks
  {
    family: 'gemma',
    label: 'tool_code',
    text: `\`\`\`tool_code\n${pyCall(WEATHER).replace(/'/g, '"')}\n\`\`\``,
    calls: [WEATHER],
    content: '',
  },
  {
    family: 'gemma',
    label: 'print wrapper and text',
    text: `Let me look that up.\n\`\`\`tool_code\nprint(default_api.${pyCall(OSLO)})\n\`\`\`\n`,
    calls: [OSLO],
    content: 'Let me look that up.\n\n',
  },
  {
    family: 'gemma',
    label: 'unicode',
    text: `\`\`\`tool_code\n${pyCall(UNICODE)}\n\`\`\``,
    calls: [UNICODE],
    content: '',
  },
  {
    family: 'gemma',
    label: 'nested',
    text: `\`\`\`tool_code\n${pyCall(NESTED)}\n\`\`\``,
    calls: [NESTED],
    content: '',
  },
  { family: 'gemma', label: 'no arguments', text: '```tool_code\nping()\n```', calls: [PING], content: '' },
  {
    family: 'gemma',
    label: 'truncated',
    text: '```tool_code\nget_weather(city="Ber',
    calls: [],
    content: '',
    errors: ['truncated'],
  },
  // FunctionGemma
  {
    family: 'functiongemma',
    label: 'text before',
    text: `Let me check the weather for you. ${fgemma(WEATHER)}`,
    calls: [WEATHER],
    content: 'Let me check the weather for you. ',
  },
  {
    family: 'functiongemma',
    label: 'two calls',
    text: `${fgemma(OSLO)}${fgemma(PING)}`,
    calls: [OSLO, PING],
    content: '',
  },
  { family: 'functiongemma', label: 'unicode', text: fgemma(UNICODE), calls: [UNICODE], content: '' },
  { family: 'functiongemma', label: 'nested', text: fgemma(NESTED), calls: [NESTED], content: '' },
  {
    family: 'functiongemma',
    label: 'quoted number typed by the schema',
    text: '<start_function_call>call:get_weather{city:<escape>Paris<escape>,days:<escape>3<escape>}<end_function_call>',
    calls: [WEATHER],
    content: '',
  },
  {
    family: 'functiongemma',
    label: 'truncated',
    text: cut(`${fgemma(PING)}${fgemma(WEATHER)}`, 30),
    calls: [PING],
    content: '',
    errors: ['truncated'],
  },
  // Gemma 4
  { family: 'gemma4', label: 'single', text: gemma4(WEATHER), calls: [WEATHER], content: '' },
  {
    family: 'gemma4',
    label: 'two calls, text before',
    text: `On it.\n${gemma4(OSLO)}${gemma4(PING)}`,
    calls: [OSLO, PING],
    content: 'On it.\n',
  },
  {
    family: 'gemma4',
    label: 'thought channel, then a call',
    text: `<|channel>thought\nThe user wants Paris, 3 days. I will call get_weather.<channel|>${gemma4(WEATHER)}`,
    calls: [WEATHER],
    content: '',
    reasoning: 'The user wants Paris, 3 days. I will call get_weather.',
  },
  {
    family: 'gemma4',
    label: 'an empty thought channel, then the answer',
    text: '<|channel>thought\n<channel|>It is 22 °C in Paris. ☀️',
    calls: [],
    content: 'It is 22 °C in Paris. ☀️',
  },
  { family: 'gemma4', label: 'unicode with commas', text: gemma4(UNICODE), calls: [UNICODE], content: '' },
  { family: 'gemma4', label: 'nested', text: gemma4(NESTED), calls: [NESTED], content: '' },
  { family: 'gemma4', label: 'typed values', text: gemma4(ALARM), calls: [ALARM], content: '' },
  {
    // quirks vLLM's gemma4 parser reads: a stray colon after the call token, the turn's end closing the call
    family: 'gemma4',
    label: 'stray colon, closed by the end of turn',
    text: `Fetching it now.\n${gemma4(OSLO).replace('call:', ':call:').replace('<tool_call|>', '<turn|>')}`,
    calls: [OSLO],
    content: 'Fetching it now.\n',
  },
  {
    family: 'gemma4',
    label: 'truncated',
    text: cut(`${gemma4(PING)}${gemma4(UNICODE)}`, 30),
    calls: [PING],
    content: '',
    errors: ['truncated'],
  },
];
