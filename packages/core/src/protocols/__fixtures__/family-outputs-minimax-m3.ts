/**
 * Model outputs of MiniMax-M3 (MiniMaxAI/MiniMax-M3), as vLLM's minimax_m3 parser reads them: every tag behind
 * the `]<]minimax[>[` namespace, one `<tool_call>` block of `<invoke name="NAME">` calls whose arguments are
 * tags named by their keys, nested for objects, repeated for arrays; leaf text XML-escaped, typed from the
 * schema. Text before and after, reasoning (its own and prefilled), several calls, unicode and entities,
 * nested, typed values, no arguments, an unknown tool, a truncated last call.
 */

import type { Call } from './family-render.js';
import { ALARM, cut, type FamilyCase, NESTED, OSLO, PING, WEATHER } from './family-render.js';

const NS = ']<]minimax[>[';

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A value as tags: text escaped, objects as child tags, arrays as `<item>` tags (empty ones as JSON). */
export function m3Value(value: unknown): string {
  if (typeof value === 'string') return escapeText(value);
  if (Array.isArray(value) && value.length) return value.map((v) => m3Tag('item', v)).join('');
  if (value && typeof value === 'object' && Object.keys(value).length)
    return Object.entries(value)
      .map(([k, v]) => m3Tag(k, v))
      .join('');
  return JSON.stringify(value);
}

const m3Tag = (key: string, value: unknown) => `${NS}<${key}>${m3Value(value)}${NS}</${key}>`;

export const m3Invoke = (c: Call): string =>
  `${NS}<invoke name="${c.name}">${Object.entries(c.args)
    .map(([k, v]) => m3Tag(k, v))
    .join('')}${NS}</invoke>`;

/** One block of calls, each on a line of its own. */
export const m3Block = (calls: Call[]): string =>
  `${NS}<tool_call>\n${calls.map(m3Invoke).join('\n')}\n${NS}</tool_call>`;

export const MINIMAX_M3_FAMILY_CASES: FamilyCase[] = [
  {
    family: 'minimax-m3',
    label: 'text before',
    text: `Let me check the forecast.\n${m3Block([WEATHER])}`,
    calls: [WEATHER],
    content: 'Let me check the forecast.\n',
  },
  {
    family: 'minimax-m3',
    label: 'two calls in one block, text after',
    text: `${m3Block([OSLO, PING])}\nBoth requested.`,
    calls: [OSLO, PING],
    content: '\nBoth requested.',
  },
  {
    family: 'minimax-m3',
    label: 'reasoning first',
    text: `<mm:think>The user wants Paris for 3 days.</mm:think>\n${m3Block([WEATHER])}`,
    calls: [WEATHER],
    content: '',
    reasoning: 'The user wants Paris for 3 days.',
  },
  {
    family: 'minimax-m3',
    label: 'thinking on: the opener prefilled, only its close written',
    text: `Oslo, then.\n</mm:think>\n\nChecking.${m3Block([OSLO])}`,
    openReasoning: '<mm:think>',
    calls: [OSLO],
    content: 'Checking.',
    reasoning: 'Oslo, then.\n',
  },
  {
    family: 'minimax-m3',
    label: 'unicode and entities; an array as repeated keys',
    text: `${NS}<tool_call>\n${NS}<invoke name="write_note">${NS}<title>Café &amp; 東京 &lt;b&gt;</title>${NS}</title>${NS}<tags>ü${NS}</tags>${NS}<tags>😀${NS}</tags>${NS}</invoke>\n${NS}</tool_call>`,
    calls: [{ name: 'write_note', args: { title: 'Café & 東京 <b></title>', tags: ['ü', '😀'] } }],
    content: '',
  },
  {
    family: 'minimax-m3',
    label: 'nested objects and arrays as child tags',
    text: `Saving it.${m3Block([NESTED])}`,
    calls: [NESTED],
    content: 'Saving it.',
  },
  {
    family: 'minimax-m3',
    label: 'typed values (boolean, null, a string of digits, a zero-padded integer)',
    text: `${m3Block([ALARM])}${NS}<tool_call>\n${NS}<invoke name="get_weather">${NS}<city>Oslo${NS}</city>${NS}<days>03${NS}</days>${NS}</invoke>\n${NS}</tool_call>`,
    calls: [ALARM, { name: 'get_weather', args: { city: 'Oslo', days: 3 } }],
    content: '',
  },
  {
    family: 'minimax-m3',
    label: 'no arguments; an empty array left unclosed',
    text: `${NS}<tool_call>\n${NS}<invoke name="ping">${NS}</invoke>\n${NS}<invoke name="write_note">${NS}<title>x${NS}</title>${NS}<tags>${NS}</invoke>\n${NS}</tool_call>`,
    calls: [PING, { name: 'write_note', args: { title: 'x', tags: [] } }],
    content: '',
  },
  {
    family: 'minimax-m3',
    label: 'an unknown tool stays text',
    text: `${NS}<tool_call>\n${NS}<invoke name="fly">${NS}</invoke>\n${NS}</tool_call> ok`,
    calls: [],
    content: `${NS}<tool_call>\n${NS}<invoke name="fly">${NS}</invoke>\n${NS}</tool_call> ok`,
  },
  {
    family: 'minimax-m3',
    label: 'a truncated last call',
    text: cut(m3Block([PING, WEATHER]), 30),
    calls: [PING],
    content: '',
    errors: ['truncated'],
  },
];
