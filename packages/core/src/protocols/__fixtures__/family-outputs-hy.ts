/**
 * Model outputs of Tencent Hy3 / Hy4 (family `hunyuan`, beside Hunyuan-A13B's JSON list), as vLLM's hy_v3 /
 * hy_v4 parsers read them, special tokens shown. Hy3: `<tool_calls>` holding one or more
 * `<tool_call>NAME<tool_sep><arg_key>K</arg_key><arg_value>V</arg_value>…</tool_call>`, on lines of their own
 * or run together; Hy4: the same without `<tool_sep>`, each tag maybe with its checkpoint's suffix
 * (`<tool_calls:6124c78e>`), its template opening `<think>` in the prompt. Values typed from the schema. Text
 * before, reasoning, two calls, unicode and escapes, nested, no arguments, typed values, a truncated last call.
 */

import type { Call } from './family-render.js';
import {
  ALARM,
  cut,
  type FamilyCase,
  NESTED,
  OSLO,
  PING,
  params,
  UNICODE,
  WEATHER,
} from './family-render.js';

/** One Hy3 call, in the template's layout (each tag on a line) or run together. */
export const hy3 = (c: Call, lines = true): string => {
  const nl = lines ? '\n' : '';
  return `<tool_call>${c.name}<tool_sep>${nl}${params(c, '<arg_key>', `</arg_key>${nl}<arg_value>`, '</arg_value>', nl)}</tool_call>`;
};

/** Hy3's block around its calls. */
export const hy3Block = (calls: Call[], lines = true): string => {
  const nl = lines ? '\n' : '';
  return `<tool_calls>${nl}${calls.map((c) => hy3(c, lines)).join(nl)}${nl}</tool_calls>`;
};

/** One Hy4 call: no `<tool_sep>`, every tag with the checkpoint's suffix (`:6124c78e`, or none). */
export const hy4 = (c: Call, suffix = ''): string => {
  const s = suffix;
  return `<tool_call${s}>${c.name}${params(c, `<arg_key${s}>`, `</arg_key${s}><arg_value${s}>`, `</arg_value${s}>`)}</tool_call${s}>`;
};

/** Hy4's block, calls on lines of their own. */
export const hy4Block = (calls: Call[], suffix = ''): string =>
  `<tool_calls${suffix}>${calls.length > 1 ? '\n' : ''}${calls.map((c) => hy4(c, suffix)).join('\n')}${calls.length > 1 ? '\n' : ''}</tool_calls${suffix}>`;

export const HY_FAMILY_CASES: FamilyCase[] = [
  // Hy3
  {
    family: 'hunyuan',
    label: 'hy3: text before, the template layout',
    text: `Checking Paris for you.${hy3Block([WEATHER])}`,
    calls: [WEATHER],
    content: 'Checking Paris for you.',
  },
  {
    family: 'hunyuan',
    label: 'hy3: two calls in one block',
    text: hy3Block([OSLO, PING]),
    calls: [OSLO, PING],
    content: '',
  },
  {
    family: 'hunyuan',
    label: 'hy3: reasoning first, calls run together',
    text: `<think>用户想知道奥斯陆的天气，用 get_weather。</think>\n好的，我来查询。${hy3Block([OSLO], false)}`,
    calls: [OSLO],
    content: '好的，我来查询。',
    reasoning: '用户想知道奥斯陆的天气，用 get_weather。',
  },
  {
    family: 'hunyuan',
    label: 'hy3: unicode, quotes, backslashes and a new line in values',
    text: `我来记一下。\n${hy3Block([UNICODE])}`,
    calls: [UNICODE],
    content: '我来记一下。\n',
  },
  {
    family: 'hunyuan',
    label: 'hy3: nested arguments as JSON',
    text: hy3Block([NESTED]),
    calls: [NESTED],
    content: '',
  },
  {
    family: 'hunyuan',
    label: 'hy3: no arguments, on one line',
    text: '<tool_calls><tool_call>ping<tool_sep></tool_call></tool_calls>',
    calls: [PING],
    content: '',
  },
  {
    family: 'hunyuan',
    label: 'hy3: typed values (boolean, null, a string of digits)',
    text: `Setting your alarm.${hy3Block([ALARM], false)}`,
    calls: [ALARM],
    content: 'Setting your alarm.',
  },
  {
    family: 'hunyuan',
    label: 'hy3: a truncated last call',
    text: cut(hy3Block([PING, WEATHER]), 40),
    calls: [PING],
    content: '',
    errors: ['truncated'],
  },
  // Hy4
  {
    family: 'hunyuan',
    label: 'hy4: text before',
    text: `Sure!${hy4Block([WEATHER])}`,
    calls: [WEATHER],
    content: 'Sure!',
  },
  {
    family: 'hunyuan',
    label: 'hy4: reasoning opened by the template, two calls',
    text: `The user wants Oslo, then a ping.</think>\n\nOn it.${hy4Block([OSLO, PING])}`,
    openReasoning: '<think>',
    calls: [OSLO, PING],
    content: 'On it.',
    reasoning: 'The user wants Oslo, then a ping.',
  },
  {
    family: 'hunyuan',
    label: "hy4: the checkpoint's suffix on every tag",
    text: `好的。${hy4Block([UNICODE], ':opensource')}`,
    calls: [UNICODE],
    content: '好的。',
  },
  {
    family: 'hunyuan',
    label: "hy4: reasoning in the checkpoint's suffixed tags",
    text: `<think:6124c78e>先查天气。</think:6124c78e>\n好的。${hy4Block([OSLO], ':6124c78e')}`,
    calls: [OSLO],
    content: '好的。',
    reasoning: '先查天气。',
  },
  {
    family: 'hunyuan',
    label: 'hy4: the template opened the suffixed reasoning tag',
    text: `先查天气。</think:opensource>\n\n${hy4Block([OSLO, PING], ':opensource')}`,
    openReasoning: '<think:opensource>',
    calls: [OSLO, PING],
    content: '',
    reasoning: '先查天气。',
  },
  {
    family: 'hunyuan',
    label: 'hy4: a hash suffix, two calls',
    text: hy4Block([WEATHER, NESTED], ':6124c78e'),
    calls: [WEATHER, NESTED],
    content: '',
  },
  {
    family: 'hunyuan',
    label: 'hy4: no arguments',
    text: '<tool_calls><tool_call>ping</tool_call></tool_calls>',
    calls: [PING],
    content: '',
  },
  {
    family: 'hunyuan',
    label: 'hy4: typed values',
    text: hy4Block([ALARM]),
    calls: [ALARM],
    content: '',
  },
  {
    family: 'hunyuan',
    label: 'hy4: nested arguments after text',
    text: `I'll save the plan.\n${hy4Block([NESTED])}`,
    calls: [NESTED],
    content: "I'll save the plan.\n",
  },
  {
    family: 'hunyuan',
    label: 'hy4: a truncated last call, suffixed',
    text: cut(hy4Block([OSLO, WEATHER], ':opensource'), 72),
    calls: [OSLO],
    content: '',
    errors: ['truncated'],
  },
];
