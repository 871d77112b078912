/**
 * Apriel (ServiceNow) outputs, as its chat template has them: the template ends the prompt with "Here are my
 * reasoning steps:\n" (Apriel 1.6; 1.5's leaves the header to the model), the model reasons, writes
 * `[BEGIN FINAL RESPONSE]`, answers with its calls as a `<tool_calls>` JSON list and ends with
 * `[END FINAL RESPONSE]`. Read as a reply that starts in reasoning (`openReasoning`, which the generate layer
 * sets for an Apriel model) unless a case says otherwise.
 */
import { APRIEL_REASONING_HEADER } from '../reasoning-tags.js';
import {
  type Call,
  cut,
  dumps,
  type FamilyCase,
  NESTED,
  OSLO,
  PING,
  UNICODE,
  WEATHER,
} from './family-render.js';

const calls = (list: Call[]) =>
  `<tool_calls>[${list.map((c) => dumps({ name: c.name, arguments: c.args })).join(', ')}]</tool_calls>`;
const answer = (text: string) => `[BEGIN FINAL RESPONSE]\n${text}\n[END FINAL RESPONSE]`;
const open = { openReasoning: APRIEL_REASONING_HEADER };

export const APRIEL_FAMILY_CASES: FamilyCase[] = [
  {
    family: 'apriel',
    label: 'reasoning, then a call as the answer',
    text: `The user wants a three-day forecast for Paris.\n${answer(calls([WEATHER]))}`,
    ...open,
    calls: [WEATHER],
    content: '\n',
    reasoning: 'The user wants a three-day forecast for Paris.\n',
  },
  {
    family: 'apriel',
    label: 'the header written by the model, text before two calls',
    text: `${APRIEL_REASONING_HEADER}\n1. Oslo weather.\n2. Ping.\n${answer(`Checking both.\n${calls([OSLO, PING])}`)}`,
    ...open,
    calls: [OSLO, PING],
    content: 'Checking both.\n\n',
    reasoning: '1. Oslo weather.\n2. Ping.\n',
  },
  {
    family: 'apriel',
    label: 'unicode in reasoning and arguments',
    text: `Café ☕ 東京 — a note with "quotes".\n${answer(calls([UNICODE]))}`,
    ...open,
    calls: [UNICODE],
    content: '\n',
    reasoning: 'Café ☕ 東京 — a note with "quotes".\n',
  },
  {
    family: 'apriel',
    label: 'nested arguments and the call id its template writes in history',
    text: `Plan it.\n[BEGIN FINAL RESPONSE]\n<tool_calls>[{"name": "write_note", "arguments": ${dumps(NESTED.args)}, "id": "call_1"}]</tool_calls>\n[END FINAL RESPONSE]`,
    ...open,
    calls: [NESTED],
    content: '\n',
    reasoning: 'Plan it.\n',
  },
  {
    family: 'apriel',
    label: 'no arguments',
    text: `Ping first.\n${answer(calls([PING]))}`,
    ...open,
    calls: [PING],
    content: '\n',
    reasoning: 'Ping first.\n',
  },
  {
    family: 'apriel',
    label: 'an answer without calls',
    text: `Nothing to look up.\n${answer('It is **sunny** in Paris [see forecast].')}`,
    ...open,
    calls: [],
    content: 'It is **sunny** in Paris [see forecast].\n',
    reasoning: 'Nothing to look up.\n',
  },
  {
    family: 'apriel',
    label: 'truncated second call',
    text: cut(`Two cities.\n[BEGIN FINAL RESPONSE]\n${calls([OSLO, WEATHER])}`, 30),
    ...open,
    calls: [OSLO],
    content: '',
    reasoning: 'Two cities.\n',
    errors: ['truncated'],
  },
  {
    family: 'apriel',
    label: 'a server that separated the reasoning: only the answer markers arrive',
    text: answer(`Here you go.\n${calls([OSLO])}`),
    calls: [OSLO],
    content: 'Here you go.\n\n',
  },
];
