// Kimi K3's channel markup beyond the family fixtures: vLLM kimi_k3's own examples, the `type` attribute
// where the schema says nothing, an unknown tool, and `<|open|>` before a name that is no channel.
import { describe, expect, it } from 'vitest';
import { FAMILY_TOOLS } from './__fixtures__/family-render.js';
import type { TextParserTool } from './parser-types.js';
import { parseToolCallsFromText } from './text-parser.js';

const TOOLS: TextParserTool[] = [
  ...FAMILY_TOOLS,
  {
    name: 'search_notes',
    parameters: { type: 'object', properties: { query: { type: 'string' }, limit: { type: 'integer' } } },
  },
  // no schema: the `type` attribute decides
  { name: 'loose' },
];

function read(text: string, model = 'moonshotai/Kimi-K3') {
  const r = parseToolCallsFromText(text, { tools: TOOLS, model, createId: (i) => `id${i}` });
  return {
    content: r.content,
    reasoning: r.reasoning,
    calls: r.calls.map((c) => ({ name: c.name, args: c.args })),
    errors: r.errors.map((e) => e.kind),
  };
}

const arg = (k: string, type: string, v: string) =>
  `<|open|>argument key="${k}" type="${type}"<|sep|>${v}<|close|>argument<|sep|>`;

describe('Kimi K3', () => {
  it("vLLM's example: raw string values with quotes, ampersand, tags, a new line and CJK", () => {
    const text = `<|open|>response<|sep|>Searching your notes.<|close|>response<|sep|><|open|>tools<|sep|><|open|>call tool="search_notes" index="1"<|sep|>${arg('query', 'string', 'café "Zoë" & <b>東京</b>\nsecond line')}${arg('limit', 'number', '8')}<|close|>call<|sep|><|close|>tools<|sep|><|close|>message<|sep|>`;
    expect(read(text)).toEqual({
      content: 'Searching your notes.',
      reasoning: '',
      calls: [{ name: 'search_notes', args: { query: 'café "Zoë" & <b>東京</b>\nsecond line', limit: 8 } }],
      errors: [],
    });
  });

  it('without a schema the type attribute types the value: a string of digits stays a string', () => {
    const text = `<|open|>tools<|sep|><|open|>call tool="loose" index="1"<|sep|>${arg('code', 'string', '0042')}${arg('n', 'number', '7')}${arg('on', 'boolean', 'true')}${arg('xs', 'array', '[1, "a"]')}${arg('s', 'string', 'null')}<|close|>call<|sep|><|close|>tools<|sep|>`;
    expect(read(text).calls).toEqual([
      { name: 'loose', args: { code: '0042', n: 7, on: true, xs: [1, 'a'], s: 'null' } },
    ]);
  });

  it('an unknown tool: the tools channel stays text as written', () => {
    const block = `<|open|>tools<|sep|><|open|>call tool="launch_rockets" index="1"<|sep|>${arg('n', 'number', '3')}<|close|>call<|sep|><|close|>tools<|sep|>`;
    expect(read(`Launching.${block}`)).toEqual({
      content: `Launching.${block}`,
      reasoning: '',
      calls: [],
      errors: [],
    });
  });

  it('a channel name K3 does not have is text; the known markers are dropped', () => {
    const text =
      '<|open|>response<|sep|>Use <|open|>notes<|sep|> here.<|close|>response<|sep|><|close|>message<|sep|>';
    expect(read(text).content).toBe('Use <|open|>notes<|sep|> here.');
  });

  it('a Kimi K3 model name picks kimi-k3, a K2 name kimi-k2', async () => {
    const { familyForModel } = await import('./tool-call-formats.js');
    expect(familyForModel('moonshotai/Kimi-K3')).toBe('kimi-k3');
    expect(familyForModel('kimi-k3-instruct')).toBe('kimi-k3');
    expect(familyForModel('moonshotai/Kimi-K2-Instruct')).toBe('kimi-k2');
    expect(familyForModel('moonshotai/Kimi-K2-Thinking')).toBe('kimi-k2');
    expect(familyForModel('moonshot-v1-8k')).toBe('kimi-k2');
  });
});
