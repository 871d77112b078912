import { describe, expect, it } from 'vitest';
import { FAMILY_TOOLS, OSLO } from './__fixtures__/family-render.js';
import type { TextParserOptions, TextParserTool } from './parser-types.js';
import { createTextToolCallParser, parseToolCallsFromText } from './text-parser.js';
import { familyForModel } from './tool-call-formats.js';

/** Tools that take free text: CWM's guide writes shell commands and code as the body itself. */
const TOOLS: TextParserTool[] = [
  ...FAMILY_TOOLS,
  { name: 'bash', parameters: { type: 'object', properties: { command: { type: 'string' } } } },
  {
    name: 'python',
    parameters: {
      type: 'object',
      properties: { code: { type: 'string' }, timeout: { type: 'integer' } },
      required: ['code'],
    },
  },
];

const KNOWN: Partial<TextParserOptions> = { model: 'facebook/cwm' };

function brief(text: string, options: Partial<TextParserOptions> = KNOWN) {
  const r = parseToolCallsFromText(text, { tools: TOOLS, createId: (i) => `id${i}`, ...options });
  return {
    content: r.content,
    calls: r.calls.map((c) => ({ name: c.name, args: c.args })),
    errors: r.errors.map((e) => e.kind),
  };
}

function streamed(chunks: string[], options: Partial<TextParserOptions> = KNOWN) {
  const parser = createTextToolCallParser({ tools: TOOLS, createId: (i) => `id${i}`, ...options });
  let args = '';
  for (const chunk of chunks) {
    for (const e of parser.push(chunk)) if (e.type === 'tool-call-delta') args += e.argsDelta;
  }
  for (const e of parser.end()) if (e.type === 'tool-call-delta') args += e.argsDelta;
  const r = parser.result();
  return {
    content: r.content,
    calls: r.calls.map((c) => ({ name: c.name, args: c.args })),
    errors: r.errors.map((e) => e.kind),
    args,
  };
}

const FREE_TEXT = [
  {
    label: "the label names the tool, the body is its one text parameter (Meta's guide)",
    text: 'Listing.\n<tool: bash>\nls -la | head -n 3\n</tool>',
    content: 'Listing.\n',
    calls: [{ name: 'bash', args: { command: 'ls -la | head -n 3' } }],
  },
  {
    label: "the body's first word names the tool (vLLM), the rest is the command",
    text: '<tool: function>\nbash grep -rn "TODO" src\n</tool>',
    content: '',
    calls: [{ name: 'bash', args: { command: 'grep -rn "TODO" src' } }],
  },
  {
    label: 'a command that starts with the tool name keeps it',
    text: '<tool: bash>\nbash build.sh\n</tool>',
    content: '',
    calls: [{ name: 'bash', args: { command: 'bash build.sh' } }],
  },
  {
    label: 'several lines, quotes, unicode, backslashes and blanks around, closed in capitals',
    text: '<TOOL: python>\n\n  print("café ☕ 😀")\nx = "a\\\\b"\t\n\n</TOOL>',
    content: '',
    calls: [{ name: 'python', args: { code: 'print("café ☕ 😀")\nx = "a\\\\b"' } }],
  },
  {
    label: "the shorthand without '>' (vLLM's test)",
    text: '<tool: python import os; print(os.getcwd()) </tool>',
    content: '',
    calls: [{ name: 'python', args: { code: 'import os; print(os.getcwd())' } }],
  },
  {
    label: 'the only required parameter of a tool takes the text',
    text: '<tool: get_weather>\nOslo\n</tool><|eot_id|>',
    content: '',
    calls: [OSLO],
  },
];

describe('Meta CWM: free-text bodies where the family is known', () => {
  for (const c of FREE_TEXT) {
    it(c.label, () => {
      expect(brief(c.text)).toEqual({ content: c.content, calls: c.calls, errors: [] });
      expect(brief(c.text, { format: 'cwm' })).toEqual({ content: c.content, calls: c.calls, errors: [] });
      // under auto without the name a free-text body has nothing that ends it in prose: it stays text
      expect(brief(c.text, {}).calls).toEqual([]);
    });

    it(`${c.label}: streamed at every cut, one character at a time`, () => {
      const whole = streamed([c.text]);
      expect(JSON.parse(whole.args)).toEqual(c.calls[0].args);
      expect(streamed(Array.from(c.text))).toEqual(whole);
      for (let cut = 0; cut <= c.text.length; cut++) {
        expect([cut, streamed([c.text.slice(0, cut), c.text.slice(cut)])]).toEqual([cut, whole]);
      }
    });
  }

  it('free text for a tool that takes JSON arguments is an error, not a call, and its markup is gone', () => {
    expect(brief('Noting.\n<tool: write_note>\nbuy milk\n</tool>')).toEqual({
      content: 'Noting.\n',
      calls: [],
      errors: ['invalid_arguments'],
    });
  });

  it('a cut-off body is a truncated call; the calls before it are kept', () => {
    const text = '<tool: ping>\n</tool>\n<tool: bash>\nmake te';
    expect(brief(text)).toEqual({
      content: '\n',
      calls: [{ name: 'ping', args: {} }],
      errors: ['truncated'],
    });
    for (let cut = 0; cut <= text.length; cut++) {
      expect([cut, streamed([text.slice(0, cut), text.slice(cut)])]).toEqual([cut, streamed([text])]);
    }
  });
});

describe('Meta CWM: the end of a JSON call', () => {
  const cases = [
    {
      label: 'a stray run before </tool> goes with the tag',
      text: '<tool: function>\nget_weather {"city": "Oslo"} .\n</tool>\nDone.',
      content: '\nDone.',
      calls: [OSLO],
    },
    {
      label: 'a call left unclosed ends where the next block starts',
      text: '<tool: function>\nping {}\n<tool: get_weather>\n{"city": "Oslo"}\n</tool>',
      content: '\n',
      calls: [{ name: 'ping', args: {} }, OSLO],
    },
  ];
  for (const c of cases) {
    it(c.label, () => {
      for (const options of [KNOWN, {}]) {
        expect(brief(c.text, options)).toEqual({ content: c.content, calls: c.calls, errors: [] });
        for (let cut = 0; cut <= c.text.length; cut++) {
          const { content, calls, errors } = streamed([c.text.slice(0, cut), c.text.slice(cut)], options);
          expect([cut, { content, calls, errors }]).toEqual([
            cut,
            { content: c.content, calls: c.calls, errors: [] },
          ]);
        }
      }
    });
  }
});

describe('Meta CWM: what stays text', () => {
  it('a label and a first word that are no offered tool', () => {
    const text = '<tool: function>\nrm_rf /\n</tool>';
    expect(brief(text)).toEqual({ content: text, calls: [], errors: [] });
  });

  it('a label glued to other characters, or none', () => {
    for (const text of ['<tool: bash(ls)</tool>', '<tool:> and <tool: > are empty.', '<tool:\n</tool>'])
      expect(brief(text)).toEqual({ content: text, calls: [], errors: [] });
  });
});

describe('Meta CWM: reasoning and the end of the turn', () => {
  const text =
    'Oslo, one day.\n</think>\nOn it.\n<tool: function>\nget_weather {"city": "Oslo"}\n</tool><|eot_id|>';

  it('reads the reasoning the template opened when told so (openReasoning, "Replies start inside <think>")', () => {
    const r = parseToolCallsFromText(text, { tools: TOOLS, ...KNOWN, openReasoning: '<think>' });
    expect([r.reasoning, r.content, r.calls.map((c) => c.args)]).toEqual([
      'Oslo, one day.\n',
      'On it.\n',
      [{ city: 'Oslo' }],
    ]);
  });

  it('otherwise drops the lone </think> and names it', () => {
    const r = parseToolCallsFromText(text, { tools: TOOLS, ...KNOWN });
    expect([r.loneReasoningClose, r.content, r.calls.length]).toEqual([
      '</think>',
      'Oslo, one day.\nOn it.\n',
      1,
    ]);
  });
});

describe('Meta CWM: model names', () => {
  it('names the family from its releases only', () => {
    for (const [model, family] of [
      ['facebook/cwm', 'cwm'],
      ['facebook/cwm-sft', 'cwm'],
      ['facebook/cwm-pretrain', 'cwm'],
      ['cwm:32b-q4_K_M', 'cwm'],
      ['unsloth/CWM-GGUF', 'cwm'],
      ['scwm-7b', undefined],
      ['cwmodel', undefined],
      ['acwm', undefined],
    ] as const) {
      expect([model, familyForModel(model)]).toEqual([model, family]);
    }
  });
});
