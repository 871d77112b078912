/**
 * Model outputs of Kimi K3 (family `kimi-k3`), as vLLM's kimi_k3 parser reads them, special tokens shown:
 * channels built from `<|open|>`, `<|close|>` and `<|sep|>` — `think` (reasoning), `response` (the visible
 * text), `tools` holding `<|open|>call tool="NAME" index="N"<|sep|>` calls of
 * `<|open|>argument key="K" type="T"<|sep|>v<|close|>argument<|sep|>` — then `<|close|>message<|sep|>`. Values
 * typed from their `type` and the schema (an integer written type="number"). Text before, two calls,
 * reasoning first (written, or opened by the template), unicode and escapes, nested, no arguments, typed
 * values, a truncated last call.
 */

import type { Call } from './family-render.js';
import { ALARM, cut, type FamilyCase, NESTED, OSLO, PING, text, UNICODE, WEATHER } from './family-render.js';

const END = '<|close|>message<|sep|>';

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value === 'object' ? 'object' : typeof value;
}

/** One Kimi K3 call (1-based index). */
export const kimiK3 = (c: Call, index = 1): string =>
  `<|open|>call tool="${c.name}" index="${index}"<|sep|>${Object.entries(c.args)
    .map(
      ([k, v]) => `<|open|>argument key="${k}" type="${typeOf(v)}"<|sep|>${text(v)}<|close|>argument<|sep|>`,
    )
    .join('')}<|close|>call<|sep|>`;

/** The tools channel around calls. */
export const kimiK3Tools = (calls: Call[]): string =>
  `<|open|>tools<|sep|>${calls.map((c, i) => kimiK3(c, i + 1)).join('')}<|close|>tools<|sep|>`;

/** The response channel. */
const response = (s: string): string => `<|open|>response<|sep|>${s}<|close|>response<|sep|>`;

export const KIMI_K3_FAMILY_CASES: FamilyCase[] = [
  {
    family: 'kimi-k3',
    label: 'kimi k3: text in the response channel, then a call',
    text: `${response('Let me check the weather in Paris.')}${kimiK3Tools([WEATHER])}${END}`,
    calls: [WEATHER],
    content: 'Let me check the weather in Paris.',
  },
  {
    family: 'kimi-k3',
    label: 'kimi k3: thinking off (the response channel opened in the prompt), two calls, the end token',
    text: `Checking both for you.<|close|>response<|sep|>${kimiK3Tools([OSLO, PING])}${END}<|end_of_msg|>`,
    calls: [OSLO, PING],
    content: 'Checking both for you.',
  },
  {
    family: 'kimi-k3',
    label: 'kimi k3: the think channel first',
    text: `<|open|>think<|sep|>用户想知道奥斯陆的天气，用 get_weather。<|close|>think<|sep|>${response('好的，我来查询。')}${kimiK3Tools([OSLO])}${END}`,
    calls: [OSLO],
    content: '好的，我来查询。',
    reasoning: '用户想知道奥斯陆的天气，用 get_weather。',
  },
  {
    family: 'kimi-k3',
    label: 'kimi k3: reasoning opened by the template',
    text: `The user wants Paris for three days.<|close|>think<|sep|>${response('One moment.')}${kimiK3Tools([WEATHER])}${END}`,
    openReasoning: '<|open|>think<|sep|>',
    calls: [WEATHER],
    content: 'One moment.',
    reasoning: 'The user wants Paris for three days.',
  },
  {
    family: 'kimi-k3',
    label: 'kimi k3: unicode, quotes, backslashes and a new line in raw string values',
    text: `${response('我来记一下。')}${kimiK3Tools([UNICODE])}${END}`,
    calls: [UNICODE],
    content: '我来记一下。',
  },
  {
    family: 'kimi-k3',
    label: 'kimi k3: nested arguments (type="object")',
    text: `${response("I'll save the plan.")}${kimiK3Tools([NESTED])}${END}`,
    calls: [NESTED],
    content: "I'll save the plan.",
  },
  {
    family: 'kimi-k3',
    label: 'kimi k3: no arguments, an empty response channel',
    text: `${response('')}<|open|>tools<|sep|><|open|>call tool="ping" index="1"<|sep|><|close|>call<|sep|><|close|>tools<|sep|>${END}`,
    calls: [PING],
    content: '',
  },
  {
    family: 'kimi-k3',
    label: 'kimi k3: typed values (boolean, null, a string of digits)',
    text: `${response('Setting your alarm.')}${kimiK3Tools([ALARM])}${END}`,
    calls: [ALARM],
    content: 'Setting your alarm.',
  },
  {
    family: 'kimi-k3',
    label: 'kimi k3: a truncated last call',
    text: cut(`${response('')}${kimiK3Tools([PING, WEATHER])}${END}`, 70),
    calls: [PING],
    content: '',
    errors: ['truncated'],
  },
];
