/** Model outputs in every format the text parser reads, for the one-shot vs streaming equivalence tests. */
import type { TextParserTool } from '../parser-types.js';

export const TRIGGER = '<Function_Zx9Q_Start/>';

export const TOOLS: TextParserTool[] = [
  {
    name: 'get_weather',
    parameters: {
      type: 'object',
      properties: {
        city: { type: 'string' },
        days: { type: 'integer' },
        units: { type: 'string', enum: ['c', 'f'] },
      },
      required: ['city'],
    },
  },
  {
    name: 'write_note',
    parameters: {
      type: 'object',
      properties: {
        title: { type: 'string' },
        body: { type: 'string' },
        tags: { type: 'array', items: { type: 'string' } },
      },
    },
  },
  { name: 'ping', parameters: { type: 'object', properties: {} } },
];

const T = TRIGGER;
const xmlCall = (name: string, args: string) =>
  `<function_call>\n<tool>${name}</tool>\n<args_json><![CDATA[${args}]]></args_json>\n</function_call>`;

export const OUTPUTS: string[] = [
  // Luker prompt_xml
  `Let me check.\n${T}\n<function_calls>\n${xmlCall('get_weather', '{"city":"Paris","days":2}')}\n</function_calls>`,
  `${T}\n<function_calls>\n${xmlCall('get_weather', '{"city":"Oslo"}')}\n${xmlCall('write_note', '{"title":"a } { \\" ]]]]><![CDATA[> b","body":"ünïcödé 🌍 \\u00e9"}')}\n</function_calls>\nDone.`,
  `${T}<function_calls><function_call><args_json><![CDATA[{"city":"Rome"}]]></args_json><tool>get_weather</tool></function_call></function_calls>`,
  `${T}\n<function_calls>\n<function_call><tool>ping</tool><args_json></args_json></function_call>\n<function_call><tool>ping</tool></function_call>\n</function_calls>`,
  `${T}\n<function_calls>\n<function_call><tool>get_weather</tool><args_json>{"city":"A &amp; B &lt;x&gt;"}</args_json></function_call>\n</function_calls>`,
  `${T}\n<function_calls>\n<function_call><tool>get_weather</tool><args_json><![CDATA["{\\"city\\":\\"Kyiv\\"}"]]></args_json></function_call>\n</function_calls>`,
  `${T}\n<function_calls>\n<function_call><tool>launch_rockets</tool><args_json><![CDATA[{}]]></args_json></function_call>\n${xmlCall('ping', '{}')}\n</function_calls>`,
  `${T}\n<function_calls>\n${xmlCall('get_weather', '{"city":"Lima"}')}\n${xmlCall('write_note', '{"title":"cut')}`,
  `${T}\n<function_calls>\n${xmlCall('get_weather', '{"city": Lima}')}\n</function_calls>`,
  `${T}\n<function_calls>\n${xmlCall('write_note', '{"__proto__":{"polluted":true}}')}\n</function_calls>`,
  `I could write ${T} but I will not.`,
  `<think>Maybe ${T}\n<function_calls>${xmlCall('ping', '{}')}</function_calls></think>\nNo tools needed.`,
  `<thinking>draft <tool_call>{"name":"ping","arguments":{}}</tool_call></thinking>${T}\n<function_calls>${xmlCall('ping', '{}')}</function_calls>`,
  `<thought>unclosed ${T}<function_calls>${xmlCall('ping', '{}')}</function_calls>`,
  `<Function_ab12_Start/>\n<function_calls>${xmlCall('ping', '{}')}</function_calls>`,
  `${T}\n<function_calls>\n<function_call><tool><![CDATA[ping]]></tool></function_call>\nand also\n<function_call><tool>ping</tool></function_call>\n</function_calls>`,
  `${T}\n<function_call><tool>ping</tool><args_json>{}</args_json></function_call> after`,
  `${T}\n<function_calls>`,
  `${T}<function_calls>${xmlCall('ping', '{}')}</function_calls> again ${T}\n{"tool_calls":[{"name":"get_weather","arguments":{"city":"Two"}}]} <tool_call>{"name":"ping"}</tool_call>`,
  `${T}<function_calls>${xmlCall('get_weather', '{"bad')}</function_calls> retry ${T}<function_calls>${xmlCall('ping', '{}')}`,
  // prompt_json
  `${T}\n{"tool_calls":[{"name":"get_weather","arguments":{"city":"Tokyo"}},{"name":"ping","arguments":{}}]}`,
  `Sure.\n${T}\n\`\`\`json\n{"tool_calls":[{"name":"write_note","arguments":{"title":"{[\\"x\\"]}","tags":["a","b"]}}]}\n\`\`\`\nAfter.`,
  `${T}\n{"tool_calls":[{"name":"nope","arguments":{}}]}`,
  `${T}\n{"tool_calls":[{"name":"get_weather","arguments":{"city":"Ber`,
  `${T}\n{"tool_calls":[{"name":"ping","arguments":""}]}`,
  `${T}\n{"tool_calls":[{"arguments":{"city":"Late"},"name":"get_weather"}]}`,
  // Hermes / Qwen
  `<tool_call>\n{"name": "get_weather", "arguments": {"city": "Lyon", "units": "c"}}\n</tool_call>`,
  `Text <tool_call>{"name":"get_weather","arguments":"{\\"city\\":\\"Nice\\"}"}</tool_call> more <tool_call>{"name":"ping"}</tool_call>`,
  `<tool_call>{"name":"unknown_tool","arguments":{}}</tool_call> kept`,
  `<tool_call>{"name":"get_weather","arguments":{"city":"Cut`,
  `<tool_call>\n<function=write_note>\n<parameter=title>\nHello <b>world</b>\n</parameter>\n<parameter=tags>\n["x","y"]\n</parameter>\n</function>\n</tool_call>`,
  `<tool_call><function=get_weather><parameter=city>Bern</parameter><parameter=days>4</parameter></function></tool_call>`,
  `<tool_call>\n<function=mystery>\n<parameter=a>\n1\n</parameter>\n</function>\n</tool_call>`,
  `<tool_call><function=get_weather><parameter=city>Cut off`,
  '<tool_call>\n<function=get_weather>\n<parameter=city>\nOslo\n<parameter=days>\n2\n</tool_call>',
  '<tool_call>[{"name":"ping"},{"type":"function","function":{"name":"get_weather","arguments":"{\\"city\\":\\"Bonn\\"}"}}]</tool_call>',
  // Mistral
  `[TOOL_CALLS][{"name":"get_weather","arguments":{"city":"Madrid"}},{"name":"ping","arguments":{}}]`,
  `[TOOL_CALLS]get_weather[ARGS]{"city":"Porto","days":1}[TOOL_CALLS]ping[ARGS]{}`,
  `[TOOL_CALLS]get_weather[CALL_ID]a1B2c3D4e[ARGS]{"city":"Faro"}`,
  `[TOOL_CALLS]unknown[ARGS]{"x":1} tail`,
  `[TOOL_CALLS] not a call`,
  // Llama 3
  `{"name": "get_weather", "parameters": {"city": "Austin"}}`,
  `<|python_tag|>{"name": "ping", "parameters": {}}`,
  `{"type": "function", "name": "get_weather", "parameters": {"city": "Dallas"}}`,
  `Data: {"name": "Bob", "age": 3} and {"city": "x"}`,
  `Calling now.\n  {"name": "ping", "parameters": {}}\n{"name": "get_weather", "parameters": {"city": "Waco"}} same line {"name": "ping"}`,
  `{"tool_calls":[{"name":"ping","arguments":{}}]}`,
  `{"type":"function","function":{"name":"get_weather","arguments":"{\\"city\\":\\"Reno\\"}"}}`,
  // fenced json
  'Here:\n```json\n{"name": "get_weather", "arguments": {"city": "Cairo"}}\n```\nok',
  '```\n[{"name":"ping","arguments":{}},{"name":"get_weather","arguments":{"city":"Accra"}}]\n```',
  '```json\n{"config": true}\n```',
  '```json\n{"tool_calls":[{"name":"ping","arguments":{}}]}\n```',
  '```python\nprint("{}")\n```',
  // mixed prose with marker look-alikes
  'a < b and c [x] `code` {not json} <tool_calls> [TOOL_CALL] <Function_12_Start/> ``` end',
  'emoji 😀 and 𝄞 and 中文 text <thinking>内部 😀</thinking> done',
  '',
];
