import { describe, expect, it } from 'vitest';
import type { TextParserOptions, TextParserTool } from './parser-types.js';
import { createTextToolCallParser, parseToolCallsFromText } from './text-parser.js';

const NS = ']<]minimax[>[';
const TOOLS: TextParserTool[] = [
  {
    name: 'plan_trip',
    parameters: {
      type: 'object',
      properties: {
        zip: { type: 'integer' },
        stops: {
          type: 'array',
          items: { type: 'object', properties: { city: { type: 'string' }, nights: { type: 'integer' } } },
        },
        tags: { type: 'array', items: { type: 'string' } },
        owner: { type: 'object', properties: { name: { type: 'string' }, vip: { type: 'boolean' } } },
      },
    },
  },
];

function brief(chunks: string[], options: Partial<TextParserOptions> = {}) {
  const parser = createTextToolCallParser({ tools: TOOLS, ...options });
  for (const c of chunks) parser.push(c);
  parser.end();
  const r = parser.result();
  return {
    content: r.content,
    calls: r.calls.map((c) => [c.name, c.args]),
    errors: r.errors.map((e) => e.kind),
  };
}

/** The text cut in two at every place, and one character at a time. */
function everyCut(text: string, options: Partial<TextParserOptions> = {}) {
  const whole = brief([text], options);
  for (let i = 1; i < text.length; i++)
    expect([i, brief([text.slice(0, i), text.slice(i)], options)]).toEqual([i, whole]);
  expect(brief([...text], options)).toEqual(whole);
  return whole;
}

const tag = (k: string, body: string) => `${NS}<${k}>${body}${NS}</${k}>`;

describe('MiniMax-M3 nested arguments', () => {
  it('types objects, arrays of objects, repeated keys and leaves from the schema', () => {
    const text = `Planning.${NS}<tool_call>\n${NS}<invoke name="plan_trip">${tag('zip', '018956')}${tag(
      'stops',
      tag('item', tag('city', 'Lyon') + tag('nights', '2')) + tag('item', tag('city', 'Nice')),
    )}${tag('tags', 'sea &amp; sun')}${tag('tags', '42')}${tag('owner', `${tag('name', 'Zoë')}${tag('vip', 'true')}`)}${NS}</invoke>\n${NS}</tool_call>`;
    expect(everyCut(text)).toEqual({
      content: 'Planning.',
      calls: [
        [
          'plan_trip',
          {
            zip: 18956,
            stops: [{ city: 'Lyon', nights: 2 }, { city: 'Nice' }],
            tags: ['sea & sun', '42'],
            owner: { name: 'Zoë', vip: true },
          },
        ],
      ],
      errors: [],
    });
  });

  it('an array of objects as repeated keys; one repeated-key item is still an array', () => {
    const text = `${NS}<tool_call>\n${NS}<invoke name="plan_trip">${tag('stops', tag('city', 'Rome'))}${tag('stops', tag('city', 'Bari'))}${tag('tags', 'x')}${NS}</invoke>\n${NS}</tool_call>`;
    expect(brief([text]).calls).toEqual([
      ['plan_trip', { stops: [{ city: 'Rome' }, { city: 'Bari' }], tags: ['x'] }],
    ]);
  });
});

describe('MiniMax-M3 in prose, streamed', () => {
  it('prose with `]` and look-alikes stays text at every cut', () => {
    for (const text of [
      'See [note 4]<b>bold</b>, a[0]<b[1], x]<]y and ]<]minimax[>[ alone.',
      `Nested ]] and ]<]minimax[>[<tool_call> then words, ${NS}<invoke name="plan_trip"> too.`,
    ]) {
      expect(everyCut(text)).toEqual({ content: text, calls: [], errors: [] });
    }
  });

  it('a call whose namespace is split across chunks is read the same, named or not', () => {
    const text = `Ok ]x ${NS}<tool_call>\n${NS}<invoke name="plan_trip">${tag('zip', '7')}${NS}</invoke>\n${NS}</tool_call> done`;
    for (const options of [{}, { model: 'MiniMaxAI/MiniMax-M3' }, { format: 'minimax-m3' as const }]) {
      expect(everyCut(text, options)).toEqual({
        content: 'Ok ]x  done',
        calls: [['plan_trip', { zip: 7 }]],
        errors: [],
      });
    }
  });

  it('other families do not read it, and M2 markup is not M3', () => {
    const m3 = `${NS}<tool_call>\n${NS}<invoke name="plan_trip">${NS}</invoke>\n${NS}</tool_call>`;
    expect(parseToolCallsFromText(m3, { tools: TOOLS, format: 'minimax-m2' }).content).toBe(m3);
    const m2 = '<minimax:tool_call>\n<invoke name="plan_trip">\n</invoke>\n</minimax:tool_call>';
    expect(parseToolCallsFromText(m2, { tools: TOOLS, format: 'minimax-m3' }).content).toBe(m2);
  });
});
