/**
 * Model outputs of Preferred Networks' PLaMo 3 (family `plamo`), as vLLM's plamo3 parser reads them, special
 * tokens shown: one `<|plamo:begin_tool_requests:plamo|>` block of `<|plamo:begin_tool_request:plamo|>` calls,
 * each a name tag pair and `<|plamo:begin_tool_arguments:plamo|><|plamo:constrain|>json<|plamo:msg|>{JSON}`;
 * PFN's API leaves out `<|plamo:constrain|>json`. The turn ends with `<|plamo:tag|>`; reasoning in
 * `<|plamo:begin_think:plamo|>` (the template may open it). Text before, reasoning, two calls, unicode and
 * escapes, nested, no arguments, typed values, the API's form with line breaks, a truncated last call.
 */

import type { Call } from './family-render.js';
import { ALARM, cut, dumps, type FamilyCase, NESTED, OSLO, PING, UNICODE, WEATHER } from './family-render.js';

const T = (name: string) => `<|plamo:${name}:plamo|>`;

/** One request; `api`: PFN's API form, without `<|plamo:constrain|>json`. */
export const plamoCall = (c: Call, api = false): string =>
  `${T('begin_tool_request')}${T('begin_tool_name')}${c.name}${T('end_tool_name')}${T('begin_tool_arguments')}${api ? '' : '<|plamo:constrain|>json'}<|plamo:msg|>${dumps(c.args)}${T('end_tool_arguments')}${T('end_tool_request')}`;

/** The block around the requests. */
export const plamoBlock = (calls: Call[], api = false): string =>
  `${T('begin_tool_requests')}${calls.map((c) => plamoCall(c, api)).join('')}${T('end_tool_requests')}`;

const EOT = '<|plamo:tag|>';

export const PLAMO_FAMILY_CASES: FamilyCase[] = [
  {
    family: 'plamo',
    label: 'text before one call, the end-of-turn token after it',
    text: `Checking Paris.${plamoBlock([WEATHER])}${EOT}`,
    calls: [WEATHER],
    content: 'Checking Paris.',
  },
  {
    family: 'plamo',
    label: 'reasoning in both tags, then a call',
    text: `${T('begin_think')}Oslo weather.${T('end_think')}${plamoBlock([OSLO])}`,
    calls: [OSLO],
    content: '',
    reasoning: 'Oslo weather.',
  },
  {
    family: 'plamo',
    label: 'reasoning opened by the template, two calls in the API form',
    text: `Oslo, then ping.${T('end_think')}${plamoBlock([OSLO, PING], true)}${EOT}`,
    openReasoning: T('begin_think'),
    calls: [OSLO, PING],
    content: '',
    reasoning: 'Oslo, then ping.',
  },
  {
    family: 'plamo',
    label: 'unicode, quotes, backslashes and a new line in values',
    text: `メモを保存します。${plamoBlock([UNICODE])}`,
    calls: [UNICODE],
    content: 'メモを保存します。',
  },
  {
    family: 'plamo',
    label: 'nested arguments',
    text: plamoBlock([NESTED]),
    calls: [NESTED],
    content: '',
  },
  {
    family: 'plamo',
    label: 'no arguments, text after the end-of-turn token dropped',
    text: `${plamoBlock([PING])}${EOT}The result is`,
    calls: [PING],
    content: '',
  },
  {
    family: 'plamo',
    label: 'typed values',
    text: `Setting it.${plamoBlock([ALARM])}`,
    calls: [ALARM],
    content: 'Setting it.',
  },
  {
    family: 'plamo',
    label: 'line breaks between the tags',
    text: `${T('begin_tool_requests')}\n${plamoCall(PING, true).replace(/\|>(?=<)/g, '|>\n')}\n${T('end_tool_requests')}`,
    calls: [PING],
    content: '',
  },
  {
    family: 'plamo',
    label: 'a truncated last call',
    text: cut(plamoBlock([PING, WEATHER]), 110),
    calls: [PING],
    content: '',
    errors: ['truncated'],
  },
];
