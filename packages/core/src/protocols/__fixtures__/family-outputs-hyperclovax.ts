/**
 * Model outputs of NAVER HyperCLOVAX SEED Think (family `hyperclovax`), as vLLM's hyperclovax parsers read
 * them. The 32B model writes GLM-4.5's `<tool_call>NAME\n<arg_key>K</arg_key>\n<arg_value>V</arg_value>\n
 * </tool_call>` with every value JSON-encoded (`"Paris"`, `3`, `true`), then `<|im_end|>`. The 14B model ends
 * its message with `<|im_end|>`, switches to the role `assistant -> tool/function_call` and writes a JSON list
 * of calls, then `<|im_end|><|stop|>`; its prompt ends with `<|im_start|>assistant`, so its reply starts with
 * the rest of a role (`\n`, ` -> tool/function_call\n`, or `/think\n` for reasoning up to `<|im_end|>`).
 */

import type { Call } from './family-render.js';
import {
  ALARM,
  cut,
  dumps,
  type FamilyCase,
  jsonCall,
  OSLO,
  PING,
  UNICODE,
  WEATHER,
} from './family-render.js';

/** One HyperCLOVAX SEED Think 32B call: GLM-4.5's layout, each value JSON-encoded. */
export const hcx32 = (c: Call): string =>
  `<tool_call>${c.name}\n${Object.entries(c.args)
    .map(([k, v]) => `<arg_key>${k}</arg_key>\n<arg_value>${dumps(v)}</arg_value>\n`)
    .join('')}</tool_call>`;

/** The 14B model's function-call role after the end of its message, and its list of calls. */
export const hcx14Role = (calls: Call[], argsKey = 'arguments'): string =>
  `<|im_end|>\n<|im_start|>assistant -> tool/function_call\n[${calls.map((c) => jsonCall(c, argsKey)).join(', ')}]`;

const END_CALLS = '<|im_end|><|stop|>';

/** A call as read under `auto` with no model name: these string parameters keep their JSON quotes (GLM). */
const quoted = (c: Call, ...keys: string[]): Call => ({
  name: c.name,
  args: { ...c.args, ...Object.fromEntries(keys.map((k) => [k, dumps(c.args[k])])) },
});

export const HYPERCLOVAX_FAMILY_CASES: FamilyCase[] = [
  {
    family: 'hyperclovax',
    label: '32B: text before one call, values JSON-encoded',
    text: `Let me check the weather in Paris.${hcx32(WEATHER)}<|im_end|>`,
    calls: [WEATHER],
    content: 'Let me check the weather in Paris.',
    autoCalls: [quoted(WEATHER, 'city')],
  },
  {
    family: 'hyperclovax',
    label: '32B: two calls on lines of their own, one with no arguments',
    text: `${hcx32(OSLO)}\n${hcx32(PING)}`,
    calls: [OSLO, PING],
    content: '',
    autoCalls: [quoted(OSLO, 'city'), PING],
    // GLM keeps the line break between calls
    autoContent: '\n',
  },
  {
    family: 'hyperclovax',
    label: '32B: unicode, escaped quotes, a new line and a list in values',
    text: hcx32(UNICODE),
    calls: [UNICODE],
    content: '',
    autoCalls: [quoted(UNICODE, 'title', 'body')],
  },
  {
    family: 'hyperclovax',
    label: '32B: typed values (boolean, null, a quoted string of digits)',
    text: `Setting your alarm.${hcx32(ALARM)}`,
    calls: [ALARM],
    content: 'Setting your alarm.',
    // `label` and `code` also allow other types: a JSON string is read as one there
    autoCalls: [quoted(ALARM, 'time')],
  },
  {
    family: 'hyperclovax',
    label: '32B: reasoning opened by the template, then a call',
    text: `사용자가 오슬로 날씨를 묻는다.</think>\n\n확인할게요.${hcx32(OSLO)}<|im_end|>`,
    openReasoning: '<think>',
    calls: [OSLO],
    content: '확인할게요.',
    reasoning: '사용자가 오슬로 날씨를 묻는다.',
    autoCalls: [quoted(OSLO, 'city')],
  },
  {
    family: 'hyperclovax',
    label: '32B: a truncated last call',
    text: cut(`${hcx32(PING)}\n${hcx32(WEATHER)}`, 20),
    calls: [PING],
    content: '',
    errors: ['truncated'],
    autoContent: '\n',
  },
  {
    family: 'hyperclovax',
    label: '14B: an answer, then the function-call role',
    text: `\nLet me check the weather in Paris.${hcx14Role([WEATHER])}${END_CALLS}`,
    calls: [WEATHER],
    content: 'Let me check the weather in Paris.',
    // the reply's start is the rest of a role only where the family is known
    autoContent: '\nLet me check the weather in Paris.',
  },
  {
    family: 'hyperclovax',
    label: '14B: the reply starts in the function-call role, two calls ("parameters")',
    text: ` -> tool/function_call\n[${jsonCall(OSLO, 'parameters')}, ${jsonCall(PING, 'parameters')}]${END_CALLS}`,
    calls: [OSLO, PING],
    content: '',
    autoContent: ' -> tool/function_call\n',
  },
  {
    family: 'hyperclovax',
    label: '14B: a reasoning turn, then the function-call role',
    text: `/think\nThe user wants Oslo.${hcx14Role([OSLO])}${END_CALLS}`,
    calls: [OSLO],
    content: '',
    reasoning: 'The user wants Oslo.',
    autoContent: '/think\nThe user wants Oslo.',
    autoReasoning: '',
  },
  {
    family: 'hyperclovax',
    label: '14B: a reasoning turn, then an answer',
    text: '/think\n인사만 하면 된다.<|im_end|>\n<|im_start|>assistant\n안녕하세요! 무엇을 도와드릴까요?<|im_end|><|endofturn|>',
    calls: [],
    content: '안녕하세요! 무엇을 도와드릴까요?',
    reasoning: '인사만 하면 된다.',
    autoContent: '/think\n인사만 하면 된다.',
    autoReasoning: '',
  },
  {
    family: 'hyperclovax',
    label: '14B: a tool turn the model went on to invent is dropped',
    text: `On it.${hcx14Role([PING])}${END_CALLS}\n<|im_start|>tool\n{"ok": true}<|im_end|>`,
    calls: [PING],
    content: 'On it.',
  },
  {
    family: 'hyperclovax',
    label: '14B: a truncated call list',
    text: cut(`${hcx14Role([PING, WEATHER])}${END_CALLS}`, 30),
    calls: [PING],
    content: '',
    errors: ['truncated'],
  },
];
