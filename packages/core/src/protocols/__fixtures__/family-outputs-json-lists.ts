/**
 * Model outputs of the families that write a JSON list of calls between special tokens: Nemotron's
 * `<TOOLCALL>`, Cohere Command's `<|START_ACTION|>` and Apertus's `<|tools_prefix|>`, each as the family's
 * chat template has it:
 * multi-call, text around, reasoning, unicode and escapes, nested arguments, no arguments, a truncated
 * last call.
 */
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

/** Nemotron's chat template: `<TOOLCALL>[{"name": .., "arguments": ..}, …]</TOOLCALL>`. */
const toolcall = (calls: Call[]) =>
  `<TOOLCALL>[${calls.map((c) => dumps({ name: c.name, arguments: c.args })).join(', ')}]</TOOLCALL>`;

/** Command R7B / Command A: a JSON list of actions, one per line, numbered by `tool_call_id`. */
const action = (calls: Call[]) =>
  `<|START_ACTION|>[\n${calls
    .map((c, i) => `    ${dumps({ tool_call_id: String(i), tool_name: c.name, parameters: c.args })}`)
    .join(',\n')}\n]<|END_ACTION|>`;

/**
 * Command R / R+ (2024), as Cohere's tool-use template has it: `Action:` and a JSON fence holding the list,
 * indented four spaces.
 */
const actionFence = (calls: Call[]) =>
  `Action: \`\`\`json\n${JSON.stringify(
    calls.map((c) => ({ tool_name: c.name, parameters: c.args })),
    null,
    4,
  )}\n\`\`\``;

/** Apertus: a list of objects keyed by the tool's name. */
const tools = (calls: Call[]) =>
  `<|tools_prefix|>[${calls.map((c) => dumps({ [c.name]: c.args })).join(', ')}]<|tools_suffix|>`;

export const JSON_LIST_FAMILY_CASES: FamilyCase[] = [
  {
    family: 'nemotron',
    label: 'text before',
    text: `I'll look that up.\n${toolcall([WEATHER])}`,
    calls: [WEATHER],
    content: "I'll look that up.\n",
  },
  {
    family: 'nemotron',
    label: 'reasoning, then two calls',
    text: `<think>\nThe user wants Oslo's weather and a ping.\n</think>\n\n${toolcall([OSLO, PING])}`,
    calls: [OSLO, PING],
    content: '',
    reasoning: "The user wants Oslo's weather and a ping.\n",
  },
  {
    family: 'nemotron',
    label: 'unicode and escapes, text after',
    text: `${toolcall([UNICODE])}\nSaved.`,
    calls: [UNICODE],
    content: '\nSaved.',
  },
  { family: 'nemotron', label: 'nested', text: toolcall([NESTED]), calls: [NESTED], content: '' },
  {
    family: 'nemotron',
    label: 'no arguments',
    text: '<TOOLCALL>[{"name": "ping", "arguments": {}}]</TOOLCALL>',
    calls: [PING],
    content: '',
  },
  {
    family: 'nemotron',
    label: 'truncated',
    text: cut(toolcall([PING, WEATHER]), 20),
    calls: [PING],
    content: '',
    errors: ['truncated'],
  },
  {
    family: 'command',
    label: 'plan, then an action',
    text: `<|START_THINKING|>I will look up the weather in Paris.<|END_THINKING|>${action([WEATHER])}`,
    calls: [WEATHER],
    content: '',
    reasoning: 'I will look up the weather in Paris.',
  },
  {
    family: 'command',
    label: 'two actions',
    text: `<|START_THINKING|>Oslo first, then a ping.<|END_THINKING|>${action([OSLO, PING])}`,
    calls: [OSLO, PING],
    content: '',
    reasoning: 'Oslo first, then a ping.',
  },
  {
    family: 'command',
    label: 'the answer after the results',
    text: '<|START_RESPONSE|>It is sunny in Paris today, 22 °C. ☀️<|END_RESPONSE|>',
    calls: [],
    content: 'It is sunny in Paris today, 22 °C. ☀️',
  },
  { family: 'command', label: 'unicode and escapes', text: action([UNICODE]), calls: [UNICODE], content: '' },
  { family: 'command', label: 'nested', text: action([NESTED]), calls: [NESTED], content: '' },
  {
    family: 'command',
    label: 'no parameters',
    text: '<|START_ACTION|>[\n    {"tool_call_id": "0", "tool_name": "ping", "parameters": {}}\n]<|END_ACTION|>',
    calls: [PING],
    content: '',
  },
  {
    family: 'command',
    label: 'truncated',
    text: cut(action([PING, WEATHER]), 24),
    calls: [PING],
    content: '',
    errors: ['truncated'],
  },
  {
    family: 'command',
    label: 'Command R+: a plan, then Action: ```json',
    text: `Plan: I will look up the weather in Paris.\n${actionFence([WEATHER])}`,
    calls: [WEATHER],
    content: 'Plan: I will look up the weather in Paris.\n',
    autoContent: 'Plan: I will look up the weather in Paris.\nAction: ',
  },
  {
    family: 'command',
    label: 'Command R: two actions in one fence, unicode',
    text: actionFence([OSLO, UNICODE]),
    calls: [OSLO, UNICODE],
    content: '',
    autoContent: 'Action: ',
  },
  {
    family: 'command',
    label: 'Command R: the word Action: in prose stays',
    text: 'Action: the knight draws his sword.\nAction: ```\nnot json\n```',
    calls: [],
    content: 'Action: the knight draws his sword.\nAction: ```\nnot json\n```',
  },
  {
    family: 'apertus',
    label: 'inner monologue, then a call',
    text: `<|inner_prefix|>The user wants the weather in Paris.<|inner_suffix|>${tools([WEATHER])}`,
    calls: [WEATHER],
    content: '',
    reasoning: 'The user wants the weather in Paris.',
  },
  {
    family: 'apertus',
    label: 'text before, two calls',
    text: `Checking both.\n${tools([OSLO, PING])}`,
    calls: [OSLO, PING],
    content: 'Checking both.\n',
  },
  {
    family: 'apertus',
    label: 'unicode and escapes, text after',
    text: `${tools([UNICODE])}\nDone.`,
    calls: [UNICODE],
    content: '\nDone.',
  },
  { family: 'apertus', label: 'nested', text: tools([NESTED]), calls: [NESTED], content: '' },
  {
    family: 'apertus',
    label: 'no arguments',
    text: '<|tools_prefix|>[{"ping": {}}]<|tools_suffix|>',
    calls: [PING],
    content: '',
  },
  {
    family: 'apertus',
    label: 'truncated in the name',
    text: '<|tools_prefix|>[{"ping": {}}, {"get_wea',
    calls: [PING],
    content: '',
    errors: ['truncated'],
  },
  {
    family: 'apertus',
    label: 'truncated',
    text: cut(tools([PING, WEATHER]), 24),
    calls: [PING],
    content: '',
    errors: ['truncated'],
  },
];
