// Functionary v3.2 replies whose first `>>>` the chat template wrote at the end of the prompt (Ollama,
// LM Studio or llama.cpp without its Functionary parser pass the reply on as it is): with the family known,
// the reply starts with its first recipient — `all\n` before text for the user, a tool's name before a call.
// Elsewhere such a start is ordinary text. Every two-piece cut reads the same.
import { describe, expect, it } from 'vitest';
import { expectEveryCut } from './__fixtures__/every-cut.js';
import { FAMILY_TOOLS } from './__fixtures__/family-render.js';
import type { TextParserOptions } from './parser-types.js';
import { parseToolCallsFromText } from './text-parser.js';

const named: TextParserOptions = {
  tools: FAMILY_TOOLS,
  createId: (i) => `id${i}`,
  model: 'functionary-small-v3.2.Q4_K_M.gguf',
};
const chosen: TextParserOptions = { tools: FAMILY_TOOLS, createId: (i) => `id${i}`, format: 'functionary' };
const brief = (text: string, options: TextParserOptions) => {
  const r = parseToolCallsFromText(text, options);
  return {
    content: r.content,
    calls: r.calls.map((c) => [c.name, c.args]),
    errors: r.errors.map((e) => e.kind),
  };
};

describe('Functionary v3.2: a reply after the template’s `>>>`', () => {
  const replies: [label: string, reply: string, expected: ReturnType<typeof brief>][] = [
    [
      'text for the user',
      'all\nIt is sunny in Paris today.<|eot_id|>',
      { content: 'It is sunny in Paris today.', calls: [], errors: [] },
    ],
    [
      'a call first, then another',
      'get_weather\n{"city": "Paris", "days": 3}>>>ping\n{}',
      {
        content: '',
        calls: [
          ['get_weather', { city: 'Paris', days: 3 }],
          ['ping', {}],
        ],
        errors: [],
      },
    ],
    [
      'text, then a call',
      'all\nOne moment, I will look it up.>>>get_weather\n{"city": "Oslo"}',
      { content: 'One moment, I will look it up.', calls: [['get_weather', { city: 'Oslo' }]], errors: [] },
    ],
    ['a call cut off', 'get_weather\n{"city": "Os', { content: '', calls: [], errors: ['truncated'] }],
    // a reply that does not start with a recipient is text as written
    ['prose', 'Sunny, 18 °C.', { content: 'Sunny, 18 °C.', calls: [], errors: [] }],
    [
      'a first word on its own line',
      'Weather\nSunny.',
      { content: 'Weather\nSunny.', calls: [], errors: [] },
    ],
    [
      '"all" in a sentence',
      'all right, here it is.',
      { content: 'all right, here it is.', calls: [], errors: [] },
    ],
    ['an unknown recipient', 'python\nprint(1)', { content: 'python\nprint(1)', calls: [], errors: [] }],
    [
      'a tool’s name without arguments after it',
      'ping\nDone.',
      { content: 'ping\nDone.', calls: [], errors: [] },
    ],
  ];

  for (const [label, reply, expected] of replies) {
    it(`${label}: model named or format chosen, at every cut`, () => {
      expect(brief(reply, named)).toEqual(expected);
      expect(brief(reply, chosen)).toEqual(expected);
      const whole = parseToolCallsFromText(reply, named);
      expectEveryCut(reply, named, whole);
    });
  }

  it('without the family known, the start is text (the `>>>` calls after it are still read)', () => {
    const auto = { tools: FAMILY_TOOLS, createId: (i: number) => `id${i}` };
    expect(brief('all\nOne moment.>>>ping\n{}', auto)).toEqual({
      content: 'all\nOne moment.',
      calls: [['ping', {}]],
      errors: [],
    });
  });

  it('`>>>` that is not a recipient stays text: a Python prompt, a quote, an unknown name', () => {
    const auto = { tools: FAMILY_TOOLS, createId: (i: number) => `id${i}` };
    for (const text of [
      '>>> print("hi")\nhi',
      'The REPL shows >>> before each line.',
      '>>>>>> deeply quoted',
      '>>>launch_rockets\n{"count": 3}',
      'See >>>all for the rest.',
    ]) {
      expect(brief(text, auto)).toEqual({ content: text, calls: [], errors: [] });
      expect(brief(text, named)).toEqual({ content: text, calls: [], errors: [] });
    }
  });
});
