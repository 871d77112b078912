import { describe, expect, it } from 'vitest';
import { TOOLS, TRIGGER } from './__fixtures__/model-outputs.js';
import { parseToolCallsFromText } from './text-parser.js';

const T = TRIGGER;
/** `null` = no trigger given to the parser */
const parse = (text: string, trigger: string | null = T) =>
  parseToolCallsFromText(text, { tools: TOOLS, trigger: trigger ?? undefined, createId: (i) => `id${i}` });
const brief = (text: string, trigger: string | null = T) => {
  const r = parse(text, trigger);
  return {
    content: r.content,
    calls: r.calls.map((c) => ({ name: c.name, args: c.args })),
    errors: r.errors.map((e) => e.kind),
  };
};
const xml = (...calls: [string, string][]) =>
  `${T}\n<function_calls>\n${calls
    .map(
      ([n, a]) =>
        `<function_call>\n<tool>${n}</tool>\n<args_json><![CDATA[${a}]]></args_json>\n</function_call>`,
    )
    .join('\n')}\n</function_calls>`;

describe('parseToolCallsFromText — prompt_xml', () => {
  it('reads a Luker block and keeps text before and after as content', () => {
    const r = parse(`Checking.\n${xml(['get_weather', '{"city":"Paris","days":2}'])}\nThanks.`);
    expect(r.content).toBe('Checking.\n\nThanks.');
    expect(r.calls).toEqual([
      {
        id: 'id0',
        name: 'get_weather',
        args: { city: 'Paris', days: 2 },
        raw: '{"city":"Paris","days":2}',
        format: 'xml',
      },
    ]);
    expect(r.errors).toEqual([]);
  });

  it('reads several calls in one block, in order', () => {
    const r = brief(xml(['ping', '{}'], ['get_weather', '{"city":"Oslo"}'], ['ping', '']));
    expect(r.calls).toEqual([
      { name: 'ping', args: {} },
      { name: 'get_weather', args: { city: 'Oslo' } },
      { name: 'ping', args: {} },
    ]);
  });

  it('never entity-decodes CDATA, but decodes plain XML text', () => {
    expect(brief(xml(['get_weather', '{"city":"A &amp; &lt;B&gt;"}'])).calls[0].args).toEqual({
      city: 'A &amp; &lt;B&gt;',
    });
    const plain = `${T}<function_calls><function_call><tool>get_weather</tool><args_json>{"city":"A &amp; &lt;B&gt; &#233;"}</args_json></function_call></function_calls>`;
    expect(brief(plain).calls[0].args).toEqual({ city: 'A & <B> é' });
  });

  it('joins CDATA sections split around "]]>"', () => {
    const r = brief(xml(['write_note', '{"title":"x ]]]]><![CDATA[> y"}']));
    expect(r.calls[0].args).toEqual({ title: 'x ]]> y' });
  });

  it('keeps braces, quotes, escapes and unicode inside strings', () => {
    const args = '{"title":"{ } [ ] \\" \\\\ \\n","body":"héllo 🌍 \\u2603 中文"}';
    expect(brief(xml(['write_note', args])).calls[0].args).toEqual(JSON.parse(args));
  });

  it('decodes arguments given as a JSON string exactly once', () => {
    expect(brief(xml(['get_weather', '"{\\"city\\":\\"Kyiv\\"}"'])).calls[0].args).toEqual({ city: 'Kyiv' });
    const twice = brief(xml(['get_weather', JSON.stringify(JSON.stringify(JSON.stringify({ city: 'x' })))]));
    expect(twice.calls).toEqual([]);
    expect(twice.errors).toEqual(['invalid_arguments']);
  });

  it("turns '' and missing arguments into {}", () => {
    const r = brief(`${T}<function_calls><function_call><tool>ping</tool></function_call></function_calls>`);
    expect(r.calls).toEqual([{ name: 'ping', args: {} }]);
    expect(brief(xml(['ping', '  '])).calls).toEqual([{ name: 'ping', args: {} }]);
  });

  it('accepts <args_json> before <tool>', () => {
    const r = brief(
      `${T}<function_calls><function_call><args_json><![CDATA[{"city":"Rome"}]]></args_json><tool>get_weather</tool></function_call></function_calls>`,
    );
    expect(r.calls).toEqual([{ name: 'get_weather', args: { city: 'Rome' } }]);
  });

  it('accepts a CDATA-wrapped tool name, prose between calls, and a forgotten <function_calls> wrapper', () => {
    const r = brief(
      `${T}\n<function_calls>\n<function_call><tool><![CDATA[ping]]></tool></function_call>\nand also\n<function_call><tool>ping</tool></function_call>\n</function_calls>`,
    );
    expect(r.calls).toEqual([
      { name: 'ping', args: {} },
      { name: 'ping', args: {} },
    ]);
    expect(r.content).toBe('\nand also\n');
    const bare = brief(
      `${T}\n<function_call><tool>ping</tool><args_json>{}</args_json></function_call> after`,
    );
    expect(bare).toEqual({ content: ' after', calls: [{ name: 'ping', args: {} }], errors: [] });
  });

  it('reports a truncated last call and does not return it', () => {
    const r = parse(
      `${xml(['ping', '{}']).replace('\n</function_calls>', '')}\n<function_call><tool>get_weather</tool><args_json><![CDATA[{"city":"Li`,
    );
    expect(r.calls.map((c) => c.name)).toEqual(['ping']);
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toMatchObject({ kind: 'truncated', name: 'get_weather', raw: '{"city":"Li' });
  });

  it('reports invalid JSON arguments', () => {
    const r = parse(xml(['get_weather', '{"city": Lima}']));
    expect(r.calls).toEqual([]);
    expect(r.errors[0]).toMatchObject({ kind: 'invalid_json', name: 'get_weather', raw: '{"city": Lima}' });
  });

  it('rejects __proto__ keys at any depth', () => {
    expect(brief(xml(['write_note', '{"__proto__":{"x":1}}'])).errors).toEqual(['forbidden_key']);
    expect(brief(xml(['write_note', '{"a":[{"b":{"__proto__":1}}]}'])).errors).toEqual(['forbidden_key']);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('leaves an unknown tool as content and reports it', () => {
    const r = parse(xml(['launch', '{}'], ['ping', '{}']));
    expect(r.calls.map((c) => c.name)).toEqual(['ping']);
    expect(r.content).toContain('<tool>launch</tool>');
    expect(r.errors).toMatchObject([{ kind: 'unknown_tool', name: 'launch' }]);
  });

  it('takes the calls after the last trigger only', () => {
    const r = parse(`${xml(['ping', '{}'])}\nActually:\n${xml(['get_weather', '{"city":"Oslo"}'])}`);
    expect(r.calls.map((c) => c.name)).toEqual(['get_weather']);
    expect(r.errors).toEqual([]);
    // a broken first attempt followed by a good one is not an error
    const fixed = parse(`${xml(['get_weather', '{"city":'])}\n${xml(['get_weather', '{"city":"Oslo"}'])}`);
    expect(fixed.calls.map((c) => c.args)).toEqual([{ city: 'Oslo' }]);
    expect(fixed.errors).toEqual([]);
    // a broken last attempt is reported, and the earlier good one is not used
    const broken = parse(`${xml(['get_weather', '{"city":"Oslo"}'])}\n${xml(['get_weather', '{"city":'])}`);
    expect(broken.calls).toEqual([]);
    expect(broken.errors.map((e) => e.kind)).toEqual(['invalid_json']);
  });

  it('ignores a trigger that is not followed by calls', () => {
    expect(brief(`Say ${T} twice ${T} and stop.`)).toEqual({
      content: `Say ${T} twice ${T} and stop.`,
      calls: [],
      errors: [],
    });
  });

  it('only accepts the live trigger when one is given, any trigger otherwise', () => {
    const stale = `<Function_old1_Start/>\n<function_calls><function_call><tool>ping</tool></function_call></function_calls>`;
    expect(brief(stale).calls).toEqual([]);
    expect(brief(stale, null).calls).toEqual([{ name: 'ping', args: {} }]);
  });

  it('never parses anything inside <think>, <thinking> or <thought>, and returns it as reasoning', () => {
    for (const tag of ['think', 'thinking', 'thought']) {
      const inner = `${xml(['ping', '{}'])} <tool_call>{"name":"ping"}</tool_call>`;
      const r = parse(`<${tag}>\n${inner}</${tag}>\n\nAfter.`);
      expect(r).toMatchObject({ content: 'After.', reasoning: inner, calls: [], errors: [] });
    }
    const after = brief(`<think>${xml(['ping', '{}'])}</think>${xml(['get_weather', '{"city":"Oslo"}'])}`);
    expect(after.calls).toEqual([{ name: 'get_weather', args: { city: 'Oslo' } }]);
  });

  it('treats an unclosed think block as reasoning to the end', () => {
    expect(brief(`<think>${xml(['ping', '{}'])}`).calls).toEqual([]);
  });
});

describe('parseToolCallsFromText — prompt_json', () => {
  it('reads {"tool_calls":[...]} after the trigger, fenced or not', () => {
    const bare = brief(
      `${T}\n{"tool_calls":[{"name":"get_weather","arguments":{"city":"Tokyo"}},{"name":"ping"}]}`,
    );
    expect(bare.calls).toEqual([
      { name: 'get_weather', args: { city: 'Tokyo' } },
      { name: 'ping', args: {} },
    ]);
    const fenced = brief(
      `Ok.\n${T}\n\`\`\`json\n{"tool_calls":[{"name":"ping","arguments":""}]}\n\`\`\`\nBye`,
    );
    expect(fenced).toEqual({ content: 'Ok.\n\nBye', calls: [{ name: 'ping', args: {} }], errors: [] });
  });

  it('reports unknown names and a truncated object', () => {
    expect(brief(`${T}{"tool_calls":[{"name":"nope","arguments":{}}]}`).errors).toEqual(['unknown_tool']);
    const cut = parse(`${T}{"tool_calls":[{"name":"get_weather","arguments":{"city":"Ber`);
    expect(cut.calls).toEqual([]);
    expect(cut.errors[0]).toMatchObject({ kind: 'truncated', name: 'get_weather' });
  });

  it('does not call through {"tool_calls":[...]} without the trigger, even fenced', () => {
    for (const text of [
      '```json\n{"tool_calls":[{"name":"ping","arguments":{}}]}\n```',
      '<tool_call>{"tool_calls":[{"name":"ping"}]}</tool_call>',
    ]) {
      expect(brief(text)).toEqual({ content: text, calls: [], errors: [] });
    }
  });

  it('reports an object that is not a tool call list', () => {
    expect(brief(`${T}{"answer":42}`).errors).toEqual(['malformed']);
  });
});

describe('parseToolCallsFromText — tolerated model formats', () => {
  it('Hermes/Qwen <tool_call> JSON, with surrounding text', () => {
    expect(
      brief('A <tool_call>\n{"name": "get_weather", "arguments": {"city": "Lyon"}}\n</tool_call> B'),
    ).toEqual({
      content: 'A  B',
      calls: [{ name: 'get_weather', args: { city: 'Lyon' } }],
      errors: [],
    });
  });

  it('Qwen3-Coder <function=NAME><parameter=KEY>, typed by the schema', () => {
    const r = brief(
      '<tool_call>\n<function=write_note>\n<parameter=title>\n42\n</parameter>\n<parameter=tags>\n["x"]\n</parameter>\n</function>\n</tool_call>',
    );
    expect(r.calls).toEqual([{ name: 'write_note', args: { title: '42', tags: ['x'] } }]);
    const w = brief(
      '<tool_call><function=get_weather><parameter=city>Bern</parameter><parameter=days>4</parameter></function></tool_call>',
    );
    expect(w.calls).toEqual([{ name: 'get_weather', args: { city: 'Bern', days: 4 } }]);
  });

  it('Qwen3-Coder without </parameter> or </function>', () => {
    const r = brief(
      '<tool_call>\n<function=get_weather>\n<parameter=city>\nOslo\n<parameter=days>\n2\n</tool_call>',
    );
    expect(r.calls).toEqual([{ name: 'get_weather', args: { city: 'Oslo', days: 2 } }]);
  });

  it('Hermes with a list of calls, and the OpenAI {"function":{...}} shape', () => {
    const r = brief(
      '<tool_call>[{"name":"ping"},{"type":"function","function":{"name":"get_weather","arguments":"{\\"city\\":\\"Bonn\\"}"}}]</tool_call>',
    );
    expect(r.calls).toEqual([
      { name: 'ping', args: {} },
      { name: 'get_weather', args: { city: 'Bonn' } },
    ]);
  });

  it('Mistral [TOOL_CALLS] in both forms', () => {
    expect(brief('[TOOL_CALLS][{"name":"get_weather","arguments":{"city":"Madrid"}}]').calls).toEqual([
      { name: 'get_weather', args: { city: 'Madrid' } },
    ]);
    expect(brief('[TOOL_CALLS]get_weather[ARGS]{"city":"Porto"}[TOOL_CALLS]ping[ARGS]{}').calls).toEqual([
      { name: 'get_weather', args: { city: 'Porto' } },
      { name: 'ping', args: {} },
    ]);
    expect(brief('[TOOL_CALLS]get_weather[CALL_ID]abc123XYZ[ARGS]{"city":"Faro"}').calls).toEqual([
      { name: 'get_weather', args: { city: 'Faro' } },
    ]);
  });

  it('Llama 3 JSON, bare or after <|python_tag|>', () => {
    expect(brief('{"name": "get_weather", "parameters": {"city": "Austin"}}').calls).toEqual([
      { name: 'get_weather', args: { city: 'Austin' } },
    ]);
    expect(brief('<|python_tag|>{"name": "ping", "parameters": {}}').calls).toEqual([
      { name: 'ping', args: {} },
    ]);
  });

  it('takes bare JSON only when it starts its own line', () => {
    expect(brief('Sure:\n  {"name": "ping", "parameters": {}}').calls).toEqual([{ name: 'ping', args: {} }]);
    for (const text of [
      'Sure: {"name": "ping", "parameters": {}}',
      '{"tool_calls":[{"name":"ping","arguments":{}}]}',
    ]) {
      expect(brief(text)).toEqual({ content: text, calls: [], errors: [] });
    }
  });

  it('fenced ```json blocks holding {"name","arguments"}', () => {
    expect(brief('Here:\n```json\n{"name": "get_weather", "arguments": {"city": "Cairo"}}\n```\nok')).toEqual(
      {
        content: 'Here:\n\nok',
        calls: [{ name: 'get_weather', args: { city: 'Cairo' } }],
        errors: [],
      },
    );
  });

  it('leaves unknown names and ordinary JSON as content, without errors', () => {
    for (const text of [
      '<tool_call>{"name":"other","arguments":{}}</tool_call>',
      '[TOOL_CALLS]other[ARGS]{"x":1}',
      '{"name": "Bob", "age": 3}',
      '```json\n{"config": true}\n```',
      '<tool_call>\n<function=other>\n<parameter=a>1</parameter>\n</function>\n</tool_call>',
    ]) {
      expect(brief(text)).toEqual({ content: text, calls: [], errors: [] });
    }
  });

  it('reports a truncated call in a tolerated format when the name is known', () => {
    expect(brief('<tool_call>{"name":"get_weather","arguments":{"city":"Cut').errors).toEqual(['truncated']);
    expect(brief('<tool_call><function=get_weather><parameter=city>Cut').errors).toEqual(['truncated']);
  });

  it('rejects __proto__ in tolerated formats too', () => {
    expect(
      brief('<tool_call>{"name":"write_note","arguments":{"__proto__":{"a":1}}}</tool_call>').errors,
    ).toEqual(['forbidden_key']);
    expect(
      brief('<tool_call><function=write_note><parameter=__proto__>{"a":1}</parameter></function></tool_call>')
        .errors,
    ).toEqual(['forbidden_key']);
  });

  it('reports a pythonic value named like an Object member as no value, without throwing', () => {
    // `constructor` found Object.prototype's function in a plain-object lookup: the parser threw mid-stream
    for (const word of ['constructor', 'toString']) {
      expect(brief(`[get_weather(city=${word})]`, null)).toEqual({
        content: '',
        calls: [],
        errors: ['invalid_arguments'],
      });
    }
  });

  it('Apertus: an unknown tool among calls is reported and passed over; a non-list is text', () => {
    const list = '[{"get_weather": {"city": "Oslo"}}, {"launch": {"at": "}]"}}, {"ping": {}}]';
    for (const end of ['<|tools_suffix|>Done.', '\nDone.']) {
      expect(brief(`<|tools_prefix|>${list}${end}`, null)).toEqual({
        content: end === '\nDone.' ? '\nDone.' : 'Done.',
        calls: [
          { name: 'get_weather', args: { city: 'Oslo' } },
          { name: 'ping', args: {} },
        ],
        errors: ['unknown_tool'],
      });
    }
    expect(brief('<|tools_prefix|> is where Apertus lists calls.', null)).toEqual({
      content: '<|tools_prefix|> is where Apertus lists calls.',
      calls: [],
      errors: [],
    });
  });

  it('keeps look-alike markers in prose as content', () => {
    const text = 'a < b, [x], `c`, {y}, <tool_calls>, [TOOL_CALL], <Function_12_Start/>, ``` end';
    expect(brief(text)).toEqual({ content: text, calls: [], errors: [] });
  });
});
