/**
 * Model outputs of rednote's dots3 (dots-studio/dots3-note-prev, family `dots`), as vLLM's dots parser reads
 * them: MiniMax-M2's `<invoke name="NAME"><parameter name="KEY">` calls, each in its own
 * `<dots_function_call>` wrapper, every value on lines of its own; values typed from the schema. Reasoning in
 * `<think>`, the turn ends with `<|endofassistant|>`. Text before, reasoning, two calls, unicode and escapes,
 * several invokes in one wrapper with other quoting, the JSON-object fallback, no arguments, typed values, a
 * truncated last call, an unknown tool.
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

const invoke = (c: Call): string =>
  `<invoke name="${c.name}">${params(c, '\n<parameter name="', '">\n', '\n</parameter>')}\n</invoke>`;

/** One call as the template writes it. */
export const dots = (c: Call): string => `<dots_function_call>\n${invoke(c)}\n</dots_function_call>`;

export const DOTS_FAMILY_CASES: FamilyCase[] = [
  {
    family: 'dots',
    label: 'text before one call, the end of the turn written out',
    text: `I'll check the forecast.\n${dots(WEATHER)}<|endofassistant|>`,
    calls: [WEATHER],
    content: "I'll check the forecast.\n",
  },
  {
    family: 'dots',
    label: 'reasoning, then two calls in wrappers of their own',
    text: `<think>\nOslo first, then a ping.\n</think>\n\n${dots(OSLO)}\n${dots(PING)}`,
    calls: [OSLO, PING],
    content: '\n',
    reasoning: 'Oslo first, then a ping.\n',
  },
  {
    family: 'dots',
    label: 'unicode, quotes, backslashes and a new line in values',
    text: `Saving it.\n${dots(UNICODE)}`,
    calls: [UNICODE],
    content: 'Saving it.\n',
  },
  {
    family: 'dots',
    label: 'two invokes in one wrapper, names single-quoted and bare',
    text: `<dots_function_call>\n<invoke name='get_weather'>\n<parameter name='city'>\nOslo\n</parameter>\n</invoke>\n<invoke name=ping>\n</invoke>\n</dots_function_call>`,
    calls: [OSLO, PING],
    content: '',
  },
  {
    family: 'dots',
    label: 'the JSON-object fallback, nested arguments',
    text: `<dots_function_call>${jsonCall(NESTED, 'parameters')}</dots_function_call>`,
    calls: [NESTED],
    content: '',
  },
  {
    family: 'dots',
    label: 'no arguments',
    text: '<dots_function_call>\n<invoke name="ping">\n</invoke>\n</dots_function_call>',
    calls: [PING],
    content: '',
  },
  {
    family: 'dots',
    label: 'typed values',
    text: `Setting your alarm.\n${dots(ALARM)}`,
    calls: [ALARM],
    content: 'Setting your alarm.\n',
  },
  {
    family: 'dots',
    label: 'a truncated last call',
    text: cut(`${dots(PING)}\n${dots(WEATHER)}`, 30),
    calls: [PING],
    content: '\n',
    errors: ['truncated'],
  },
  {
    family: 'dots',
    label: 'a wrapper naming no known tool is text',
    text: 'Try <dots_function_call><invoke name="launch"></invoke></dots_function_call> later.',
    calls: [],
    content: 'Try <dots_function_call><invoke name="launch"></invoke></dots_function_call> later.',
  },
];
