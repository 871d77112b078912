/**
 * Model outputs of RWKV-7 G1 (BlinkDL/rwkv7-g1, family `rwkv`), as vLLM's rwkv parser reads them: Markdown,
 * no special tokens. `**Tool Call:**` on a line, then a ```json fence holding one `{"name", "arguments"}`
 * object (pretty-printed, arguments maybe a JSON string, or a Python dict); several calls are several label +
 * fence pairs. Under `auto` without the name the fenced JSON still reads and the label stays in the content.
 * Text before, two calls, reasoning opened by the template, a JSON string of arguments, text after, a bare
 * fence, a truncated last call. (A Python dict and the legacy `<tool_call>` line are read only where RWKV is
 * known: family-parsers.test.ts, KNOWN_FAMILY_ONLY.)
 */

import { type Call, cut, type FamilyCase, OSLO, PING, repr, UNICODE, WEATHER } from './family-render.js';

const LABEL = '**Tool Call:**\n';

/** A fence with the call pretty-printed (json.dumps with indent=2), its arguments maybe as a JSON string. */
export const rwkvFence = (c: Call, argsAsString = false): string =>
  `\`\`\`json\n${JSON.stringify({ name: c.name, arguments: argsAsString ? JSON.stringify(c.args) : c.args }, null, 2)}\n\`\`\``;

/** One RWKV call: the label and the fence. */
export const rwkv = (c: Call): string => `${LABEL}${rwkvFence(c)}`;

/** The same call as a Python dict (RWKV's parser falls back to `ast.literal_eval`). */
export const rwkvPy = (c: Call): string =>
  `${LABEL}\`\`\`json\n{'name': ${repr(c.name)}, 'arguments': ${repr(c.args)}}\n\`\`\``;

export const RWKV_FAMILY_CASES: FamilyCase[] = [
  {
    family: 'rwkv',
    label: 'text before one call',
    text: `Let me check the weather in Paris.\n${rwkv(WEATHER)}`,
    calls: [WEATHER],
    content: 'Let me check the weather in Paris.\n',
    autoContent: `Let me check the weather in Paris.\n${LABEL}`,
  },
  {
    family: 'rwkv',
    label: 'two calls, one label each',
    text: `${rwkv(OSLO)}\n${rwkv(PING)}`,
    calls: [OSLO, PING],
    content: '',
    autoContent: `${LABEL}\n${LABEL}`,
  },
  {
    family: 'rwkv',
    label: 'reasoning opened by the template, then a call',
    text: `The user wants Oslo.</think>\n${rwkv(OSLO)}`,
    openReasoning: '<think>',
    calls: [OSLO],
    content: '',
    reasoning: 'The user wants Oslo.',
    autoContent: LABEL,
  },
  {
    family: 'rwkv',
    label: 'arguments as a JSON string, unicode and escapes',
    text: `${LABEL}${rwkvFence(UNICODE, true)}`,
    calls: [UNICODE],
    content: '',
    autoContent: LABEL,
  },
  {
    family: 'rwkv',
    label: 'text after the call',
    text: `${rwkv(WEATHER)}\nI'll report back.`,
    calls: [WEATHER],
    content: "\nI'll report back.",
    autoContent: `${LABEL}\nI'll report back.`,
  },
  {
    family: 'rwkv',
    label: 'a bare fence without the label',
    text: `Checking now.\n\`\`\`json\n{"name": "ping", "arguments": {}}\n\`\`\``,
    calls: [PING],
    content: 'Checking now.\n',
  },
  {
    family: 'rwkv',
    label: 'a truncated last call',
    text: cut(`${rwkv(PING)}\n${rwkv(WEATHER)}`, 20),
    calls: [PING],
    content: '',
    errors: ['truncated'],
    autoContent: `${LABEL}\n${LABEL}`,
  },
];
