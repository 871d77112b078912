/**
 * Model outputs of MiniCPM5 (openbmb/MiniCPM5-1B / 2B), as vLLM's minicpm5 parser reads them: bare
 * `<function name="NAME"><param name="KEY">V</param>…</function>` blocks, one per call, anywhere in the text,
 * no wrapper; values typed from the schema, markup or several lines in `<![CDATA[…]]>`. Text before and
 * between, reasoning, two calls, unicode and escapes, nested, no arguments, typed values, a truncated last call.
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

/** One call, run together (`lines`: each parameter on a line of its own). */
export const minicpm = (c: Call, lines = false): string => {
  const nl = lines ? '\n' : '';
  return `<function name="${c.name}">${nl}${params(c, '<param name="', '">', '</param>', nl)}</function>`;
};

export const MINICPM_FAMILY_CASES: FamilyCase[] = [
  {
    family: 'minicpm',
    label: 'text before',
    text: `I'll check the weather first.\n${minicpm(WEATHER)}`,
    calls: [WEATHER],
    content: "I'll check the weather first.\n",
  },
  {
    family: 'minicpm',
    label: 'two calls, text between and after',
    text: `First the forecast:\n${minicpm(OSLO)}\nThen a check:\n${minicpm(PING)}\nDone.`,
    calls: [OSLO, PING],
    content: 'First the forecast:\n\nThen a check:\n\nDone.',
  },
  {
    family: 'minicpm',
    label: 'reasoning first, parameters on lines of their own',
    text: `<think>\nThe user wants a 3-day forecast for Paris.\n</think>\n${minicpm(WEATHER, true)}`,
    calls: [WEATHER],
    content: '',
    reasoning: 'The user wants a 3-day forecast for Paris.\n',
  },
  {
    family: 'minicpm',
    label: 'unicode, quotes and backslashes; a multi-line value in CDATA',
    text: `<function name="write_note"><param name="title">Café ☕ 東京</param><param name="body"><![CDATA[line1\nline2 "quoted" \\ back]]></param><param name="tags">["ü", "😀"]</param></function>`,
    calls: [UNICODE],
    content: '',
  },
  {
    family: 'minicpm',
    label: 'markup in a CDATA value',
    text: `<function name="write_note"><param name="title"><![CDATA[<b>Plan</b> & </param> "x"]]></param><param name="tags"><![CDATA[["a", "b"]]]></param></function>`,
    calls: [{ name: 'write_note', args: { title: '<b>Plan</b> & </param> "x"', tags: ['a', 'b'] } }],
    content: '',
  },
  {
    family: 'minicpm',
    label: 'nested arguments as JSON',
    text: `Saving it.\n${minicpm(NESTED, true)}`,
    calls: [NESTED],
    content: 'Saving it.\n',
  },
  {
    family: 'minicpm',
    label: 'no arguments',
    text: '<function name="ping"></function>',
    calls: [PING],
    content: '',
  },
  {
    family: 'minicpm',
    label: 'typed values (boolean, null, a string of digits)',
    text: `Setting the alarm.${minicpm(ALARM)}`,
    calls: [ALARM],
    content: 'Setting the alarm.',
  },
  {
    family: 'minicpm',
    label: 'single-quoted names',
    text: "<function name='get_weather'><param name='city'>Oslo</param></function>",
    calls: [OSLO],
    content: '',
  },
  {
    family: 'minicpm',
    label: 'a truncated last call',
    text: cut(`${minicpm(PING)}\n${minicpm(WEATHER)}`, 20),
    calls: [PING],
    content: '\n',
    errors: ['truncated'],
  },
];
