/**
 * Model outputs of Meta CWM (family `cwm`): plain-text `<tool: LABEL>\nBODY\n</tool>` blocks. vLLM's cwm
 * parser names the tool by the body's first word (`<tool: function>\nNAME {json}`); Meta's guide has the
 * label name it (`<tool: NAME>\n{json}`). The template opens `<think>` in reasoning mode, so the reasoning
 * shows only its end; the turn ends at `<|eot_id|>`. Text before, reasoning, two calls in both forms,
 * unicode and escapes, nested, no arguments, the shorthand without `>`, any case, unknown names, truncation.
 */

import type { Call } from './family-render.js';
import { cut, dumps, type FamilyCase, NESTED, OSLO, PING, UNICODE, WEATHER } from './family-render.js';

/** One call as vLLM's parser reads it: the name first in the body, then the JSON arguments. */
export const cwm = (c: Call): string => `<tool: function>\n${c.name} ${dumps(c.args)}\n</tool>`;

/** One call as Meta's prompting guide writes it: the label names the tool. */
export const cwmLabel = (c: Call): string => `<tool: ${c.name}>\n${dumps(c.args)}\n</tool>`;

export const CWM_FAMILY_CASES: FamilyCase[] = [
  {
    family: 'cwm',
    label: 'text before one call (name in the body)',
    text: `Let me look up the forecast.\n${cwm(WEATHER)}<|eot_id|>`,
    calls: [WEATHER],
    content: 'Let me look up the forecast.\n',
  },
  {
    family: 'cwm',
    label: 'two calls as two blocks, the label naming the second',
    text: `${cwm(OSLO)}\n${cwmLabel(PING)}`,
    calls: [OSLO, PING],
    content: '\n',
  },
  {
    family: 'cwm',
    label: 'reasoning opened by the template, then text and a call',
    text: `The user wants Oslo, one day is enough.\n</think>\nChecking now.\n${cwmLabel(OSLO)}`,
    openReasoning: '<think>',
    calls: [OSLO],
    content: 'Checking now.\n',
    reasoning: 'The user wants Oslo, one day is enough.\n',
  },
  {
    family: 'cwm',
    label: 'name alone on its line, JSON with unicode and escapes below',
    text: `<tool: function>\nwrite_note\n${dumps(UNICODE.args)}\n</tool>`,
    calls: [UNICODE],
    content: '',
  },
  {
    family: 'cwm',
    label: 'nested arguments, the label repeated in the body',
    text: `<tool: write_note>\nwrite_note ${dumps(NESTED.args)}\n</tool>`,
    calls: [NESTED],
    content: '',
  },
  {
    family: 'cwm',
    label: 'no arguments: a bare name, an empty body',
    text: '<tool: function>\nping\n</tool>\n<tool: ping>\n</tool>',
    calls: [PING, PING],
    content: '\n',
  },
  {
    family: 'cwm',
    label: "the shorthand without '>' after the label",
    text: `Sure.\n<tool: get_weather ${dumps(OSLO.args)} </tool>`,
    calls: [OSLO],
    content: 'Sure.\n',
  },
  {
    family: 'cwm',
    label: 'tags in capitals',
    text: `<TOOL: function>\nget_weather ${dumps(OSLO.args)}\n</TOOL>`,
    calls: [OSLO],
    content: '',
  },
  {
    family: 'cwm',
    label: 'a tool not offered stays text',
    text: `<tool: function>\nlaunch_rockets {}\n</tool>\n${cwm(PING)}`,
    calls: [PING],
    content: '<tool: function>\nlaunch_rockets {}\n</tool>\n',
  },
  {
    family: 'cwm',
    label: 'a truncated last call',
    text: cut(`${cwm(PING)}\n${cwm(WEATHER)}`, 12),
    calls: [PING],
    content: '\n',
    errors: ['truncated'],
  },
];
