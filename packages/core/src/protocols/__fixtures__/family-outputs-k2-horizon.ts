/**
 * Model outputs of IFM's K2-Horizon (family `k2-horizon`), as vLLM's k2_horizon parser reads them, special
 * tokens shown: one `<ifm|tool_calls>` group of `<ifm|tool_call>NAME<ifm|arg_key>K</ifm|arg_key>
 * <ifm|arg_value>V</ifm|arg_value></ifm|tool_call>` calls, elements on lines of their own; the typed mode puts
 * `<ifm|arg_type>T</ifm|arg_type>` between key and value; the json mode writes `<ifm|tool_call>{"name": …,
 * "arguments": {…}}</ifm|tool_call>`. Values typed from the schema. The template opens `<ifm|think>` in the
 * prompt. Text before, reasoning, two calls, unicode and escapes, nested, no arguments, typed values, a
 * truncated last call; json mode calls.
 */

import type { Call } from './family-render.js';
import {
  ALARM,
  cut,
  type FamilyCase,
  jsonCall,
  NESTED,
  OSLO,
  PING,
  params,
  UNICODE,
  WEATHER,
} from './family-render.js';

const TYPES: Record<string, string> = {
  days: 'integer',
  repeat: 'boolean',
  volume: 'number',
  meta: 'object',
};

/** One call as the template writes it; `typed`: the xml_typed mode's `<ifm|arg_type>` lines. */
export const ifmCall = (c: Call, typed = false): string => {
  if (!typed)
    return `<ifm|tool_call>${c.name}\n${params(c, '<ifm|arg_key>', '</ifm|arg_key>\n<ifm|arg_value>', '</ifm|arg_value>', '\n')}</ifm|tool_call>`;
  const args = Object.keys(c.args)
    .map((k) => {
      const v = c.args[k];
      const t = TYPES[k] ?? (Array.isArray(v) ? 'array' : 'string');
      const value = typeof v === 'string' ? v : JSON.stringify(v);
      return `<ifm|arg_key>${k}</ifm|arg_key>\n<ifm|arg_type>${t}</ifm|arg_type>\n<ifm|arg_value>${value}</ifm|arg_value>\n`;
    })
    .join('');
  return `<ifm|tool_call>${c.name}\n${args}</ifm|tool_call>`;
};

/** The group around the calls. */
export const ifmBlock = (calls: Call[], typed = false): string =>
  `<ifm|tool_calls>\n${calls.map((c) => ifmCall(c, typed)).join('\n')}\n</ifm|tool_calls>`;

/** The json mode's group (`tool_call_format='json'`): one JSON object per call. */
export const ifmJsonBlock = (calls: Call[], ascii = false): string =>
  `<ifm|tool_calls>\n${calls.map((c) => `<ifm|tool_call>${jsonCall(c, 'arguments', ascii)}</ifm|tool_call>`).join('\n')}\n</ifm|tool_calls>`;

export const K2_HORIZON_FAMILY_CASES: FamilyCase[] = [
  {
    family: 'k2-horizon',
    label: 'text before one call',
    text: `I'll check the forecast for Paris.\n${ifmBlock([WEATHER])}`,
    calls: [WEATHER],
    content: "I'll check the forecast for Paris.\n",
  },
  {
    family: 'k2-horizon',
    label: 'reasoning opened by the template, two calls',
    text: `The user wants Oslo, then a ping.</ifm|think>\n${ifmBlock([OSLO, PING])}`,
    openReasoning: '<ifm|think>',
    calls: [OSLO, PING],
    content: '',
    reasoning: 'The user wants Oslo, then a ping.',
  },
  {
    family: 'k2-horizon',
    label: 'low-effort reasoning in both tokens',
    text: `<ifm|think_faster>Paris weather.</ifm|think_faster>${ifmBlock([WEATHER])}`,
    calls: [WEATHER],
    content: '',
    reasoning: 'Paris weather.',
  },
  {
    family: 'k2-horizon',
    label: 'unicode, quotes, backslashes and a new line in values',
    text: `Saving it.\n${ifmBlock([UNICODE])}`,
    calls: [UNICODE],
    content: 'Saving it.\n',
  },
  {
    family: 'k2-horizon',
    label: 'nested arguments as JSON',
    text: ifmBlock([NESTED]),
    calls: [NESTED],
    content: '',
  },
  {
    family: 'k2-horizon',
    label: 'no arguments',
    text: '<ifm|tool_calls>\n<ifm|tool_call>ping</ifm|tool_call>\n</ifm|tool_calls>',
    calls: [PING],
    content: '',
  },
  {
    family: 'k2-horizon',
    label: 'typed values',
    text: `Setting your alarm.\n${ifmBlock([ALARM])}`,
    calls: [ALARM],
    content: 'Setting your alarm.\n',
  },
  {
    family: 'k2-horizon',
    label: 'typed mode: <ifm|arg_type> lines are layout',
    text: ifmBlock([WEATHER, NESTED], true),
    calls: [WEATHER, NESTED],
    content: '',
  },
  {
    family: 'k2-horizon',
    label: 'a truncated last call',
    text: cut(ifmBlock([PING, WEATHER]), 40),
    calls: [PING],
    content: '',
    errors: ['truncated'],
  },
  {
    family: 'k2-horizon',
    label: 'json mode: text before, an integer written as a string is typed from the schema',
    text: `Let me fetch that.\n<ifm|tool_calls>\n<ifm|tool_call>{"name": "get_weather", "arguments": {"city": "Paris", "days": "3"}}</ifm|tool_call>\n</ifm|tool_calls><|ifm|im_end|>`,
    calls: [WEATHER],
    content: 'Let me fetch that.\n',
  },
  {
    family: 'k2-horizon',
    label: 'json mode: two calls, unicode ASCII-escaped',
    text: ifmJsonBlock([UNICODE, PING], true),
    calls: [UNICODE, PING],
    content: '',
  },
  {
    family: 'k2-horizon',
    label: 'json mode: nested arguments, a truncated last call',
    text: cut(ifmJsonBlock([NESTED, OSLO]), 50),
    calls: [NESTED],
    content: '',
    errors: ['truncated'],
  },
];
