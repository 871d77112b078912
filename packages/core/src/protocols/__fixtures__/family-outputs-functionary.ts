/**
 * Model outputs of Functionary v3.2 (MeetKai), as its chat template has them: every part of a reply starts
 * `>>>RECIPIENT\n` (`all` for text to the user, else a tool's name and its JSON arguments, json.dumps
 * spacing), the turn ends with `<|eot_id|>`. Written here with the first `>>>` as the model writes it when
 * the prompt does not end with one (a Llama 3 template); replies whose first `>>>` the template wrote are
 * in functionary.test.ts. Multi-call, text around, unicode and escapes, nested, no arguments, a truncated
 * last call.
 */

import type { Call } from './family-render.js';
import { cut, dumps, type FamilyCase, NESTED, OSLO, PING, UNICODE, WEATHER } from './family-render.js';

/** One call as Functionary writes it. */
export const functionaryCall = (c: Call): string => `>>>${c.name}\n${dumps(c.args)}`;

export const FUNCTIONARY_FAMILY_CASES: FamilyCase[] = [
  {
    family: 'functionary',
    label: 'text to the user, then a call',
    text: `>>>all\nLet me check the forecast for Paris.${functionaryCall(WEATHER)}<|eot_id|>`,
    calls: [WEATHER],
    content: 'Let me check the forecast for Paris.',
  },
  {
    family: 'functionary',
    label: 'two calls',
    text: `${functionaryCall(OSLO)}${functionaryCall(PING)}`,
    calls: [OSLO, PING],
    content: '',
  },
  {
    family: 'functionary',
    label: 'a call, then text to the user',
    text: `${functionaryCall(OSLO)}\n>>>all\nI asked for the weather in Oslo.`,
    calls: [OSLO],
    content: '\nI asked for the weather in Oslo.',
  },
  {
    family: 'functionary',
    label: 'unicode and escapes',
    text: `>>>${UNICODE.name}\n${dumps(UNICODE.args, true)}`,
    calls: [UNICODE],
    content: '',
  },
  {
    family: 'functionary',
    label: 'nested arguments',
    text: functionaryCall(NESTED),
    calls: [NESTED],
    content: '',
  },
  {
    family: 'functionary',
    label: 'no arguments',
    text: '>>>all\nChecking.>>>ping\n{}',
    calls: [PING],
    content: 'Checking.',
  },
  {
    family: 'functionary',
    label: 'a truncated last call',
    text: cut(`${functionaryCall(PING)}${functionaryCall(WEATHER)}`, 12),
    calls: [PING],
    content: '',
    errors: ['truncated'],
  },
  {
    family: 'functionary',
    label: 'an answer with no call',
    text: '>>>all\nIt is 18 °C and sunny in Paris — a good day for a walk.<|eot_id|>',
    calls: [],
    content: 'It is 18 °C and sunny in Paris — a good day for a walk.',
  },
];
