/**
 * Model outputs in LM Studio's own tool-call format, as its default tool prompt asks for them (a model whose
 * chat template has no tool support): `[TOOL_REQUEST]`, a line of JSON `{"name": .., "arguments": ..}`,
 * `[END_TOOL_REQUEST]`, one block per call. Multi-call, text around, reasoning, unicode and escapes, nested,
 * no arguments, a truncated last call.
 */

import type { Call } from './family-render.js';
import { cut, type FamilyCase, jsonCall, NESTED, OSLO, PING, UNICODE, WEATHER } from './family-render.js';

/** One call as LM Studio's prompt asks for it. */
export const toolRequest = (c: Call, ascii = false): string =>
  `[TOOL_REQUEST]\n${jsonCall(c, 'arguments', ascii)}\n[END_TOOL_REQUEST]`;

export const LMSTUDIO_FAMILY_CASES: FamilyCase[] = [
  {
    family: 'lmstudio',
    label: 'text before',
    text: `I'll look up the forecast.\n${toolRequest(WEATHER)}`,
    calls: [WEATHER],
    content: "I'll look up the forecast.\n",
  },
  {
    family: 'lmstudio',
    label: 'two calls',
    text: `${toolRequest(OSLO)}\n${toolRequest(PING)}`,
    calls: [OSLO, PING],
    content: '\n',
  },
  {
    family: 'lmstudio',
    label: 'text after',
    text: `${toolRequest(OSLO)}\nI asked for Oslo's weather; the answer follows.`,
    calls: [OSLO],
    content: "\nI asked for Oslo's weather; the answer follows.",
  },
  {
    family: 'lmstudio',
    label: 'reasoning first',
    text: `<think>\nThe user wants Paris for three days.\n</think>\n\n${toolRequest(WEATHER)}`,
    calls: [WEATHER],
    content: '',
    reasoning: 'The user wants Paris for three days.\n',
  },
  {
    family: 'lmstudio',
    label: 'unicode and escapes',
    text: toolRequest(UNICODE, true),
    calls: [UNICODE],
    content: '',
  },
  {
    family: 'lmstudio',
    label: 'nested arguments',
    text: toolRequest(NESTED),
    calls: [NESTED],
    content: '',
  },
  {
    family: 'lmstudio',
    label: 'no arguments, on one line',
    text: '[TOOL_REQUEST]{"name": "ping", "arguments": {}}[END_TOOL_REQUEST]',
    calls: [PING],
    content: '',
  },
  {
    family: 'lmstudio',
    label: 'a truncated last call',
    text: cut(`${toolRequest(PING)}\n${toolRequest(WEATHER)}`, 30),
    calls: [PING],
    content: '\n',
    errors: ['truncated'],
  },
];
