import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { StreamEvent } from '../providers/types.js';
import { CALL_MARKUP, RENDER_CALL } from './__fixtures__/family-calls.js';
import { FAMILY_CASES } from './__fixtures__/family-cases.js';
import { type Call, FAMILY_TOOLS } from './__fixtures__/family-render.js';
import type { TextParserOptions, ToolCallFamily } from './parser-types.js';
import { createTextToolCallParser } from './text-parser.js';
import { TOOL_CALL_FAMILIES } from './tool-call-formats.js';

/** Replay a failure with FC_SEED=<seed printed by fast-check>. */
const SEED = Number(process.env.FC_SEED ?? 20261201);
const CASES = FAMILY_CASES;
type Mode = 'format' | 'model' | 'auto';
const MODES: Mode[] = ['format', 'model', 'auto'];

function options(family: ToolCallFamily, mode: Mode): TextParserOptions {
  const base = { tools: FAMILY_TOOLS, createId: (i: number) => `id${i}` };
  if (mode === 'format') return { ...base, format: family };
  // the family id is also a model name fragment that names the family
  if (mode === 'model') return { ...base, model: family };
  return base;
}

/** Merges adjacent deltas of one kind: chunking may split them differently. */
function normalize(events: StreamEvent[]): StreamEvent[] {
  const out: StreamEvent[] = [];
  for (const e of events) {
    const last = out[out.length - 1];
    if ((e.type === 'text-delta' || e.type === 'reasoning-delta') && last?.type === e.type) {
      out[out.length - 1] = { type: e.type, text: last.text + e.text };
    } else if (e.type === 'tool-call-delta' && last?.type === 'tool-call-delta' && last.id === e.id) {
      out[out.length - 1] = { ...last, argsDelta: last.argsDelta + e.argsDelta };
    } else out.push(e);
  }
  return out;
}

function stream(chunks: (string | Uint8Array)[], opts: TextParserOptions) {
  const parser = createTextToolCallParser(opts);
  const events: StreamEvent[] = [];
  for (const c of chunks) events.push(...parser.push(c));
  events.push(...parser.end());
  return { events: normalize(events), result: parser.result() };
}

/** The input cut at the given positions (any order, repeats allowed: an empty chunk is a chunk too). */
function cutAt<T extends string | Uint8Array>(whole: T, cuts: number[]): T[] {
  const at = [...cuts].sort((a, b) => a - b);
  const out: T[] = [];
  let from = 0;
  for (const c of at) {
    out.push(whole.slice(from, c) as T);
    from = c;
  }
  out.push(whole.slice(from) as T);
  return out;
}

/** Cut positions inside a text or byte array of `length` (up to `max` cuts). */
const cutsIn = (length: number, max = 48) => fc.array(fc.nat({ max: length }), { maxLength: max });

const encoder = new TextEncoder();

describe('property (fast-check): every family fixture reads the same for any chunking', () => {
  for (const family of TOOL_CALL_FAMILIES) {
    const cases = CASES.filter((c) => c.family === family);
    it(`${family}: ${cases.length} outputs × format/model/auto × string and UTF-8 byte cuts`, () => {
      for (const c of cases) {
        const bytes = encoder.encode(c.text);
        // UTF-8 cannot carry a lone surrogate: bytes compare with the text they decode to
        const decoded = new TextDecoder().decode(bytes);
        for (const mode of MODES) {
          const opts = {
            ...options(family, mode),
            ...(c.openReasoning ? { openReasoning: c.openReasoning } : {}),
          };
          const whole = stream([c.text], opts);
          const wholeDecoded = decoded === c.text ? whole : stream([decoded], opts);
          fc.assert(
            fc.property(cutsIn(c.text.length), (cuts) => {
              const got = stream(cutAt(c.text, cuts), opts);
              if (!isDeepStrictEqual(got, whole)) expect(got).toEqual(whole);
            }),
            { seed: SEED, numRuns: 40, examples: [[[...Array(c.text.length).keys()]]] },
          );
          fc.assert(
            fc.property(cutsIn(bytes.length), (cuts) => {
              const got = stream(cutAt(bytes, cuts), opts);
              if (!isDeepStrictEqual(got, wholeDecoded)) expect(got).toEqual(wholeDecoded);
            }),
            { seed: SEED, numRuns: 40, examples: [[[...Array(bytes.length).keys()]]] },
          );
        }
      }
    });
  }
});

/** Argument strings with the characters that break naive parsers: quotes, escapes, brackets, tags, unicode. */
const CHARS = [...'abcXYZ019 -_.é中😀"\'\\/{}[]<>(),:;=\n'];
const str = fc
  .string({ unit: fc.constantFrom(...CHARS), minLength: 1, maxLength: 24 })
  .map((s) => s.trim())
  .filter((s) => s.length > 0);
const call: fc.Arbitrary<Call> = fc.oneof(
  fc.record({
    name: fc.constant('get_weather'),
    args: fc.record({ city: str, days: fc.integer({ min: 0, max: 30 }) }, { requiredKeys: ['city'] }),
  }),
  fc.record({
    name: fc.constant('write_note'),
    args: fc.record({ title: str, body: str, tags: fc.array(str, { maxLength: 3 }) }, { requiredKeys: [] }),
  }),
  fc.constant({ name: 'ping', args: {} }),
);
/** Prose as a tool-using answer has it, with brackets, braces, tags and code that are not calls. */
const PROSE = [
  'The rain had not stopped for three days. ',
  'She checked the ledger — every entry matched, except one [see note 4]. ',
  'In `config.yaml` the key `retries` is set to {3}, which is < 5 but > 1. ',
  '«Bonjour», said the clerk. Café au lait, naïve façade. 東京 😀 ',
  'Steps:\n1. Open the drawer.\n2. Take the <b>brass</b> key.\n\n',
  'He laughed. "You think the map is wrong?" ',
  '',
];
const prose = fc.constantFrom(...PROSE);
const squash = (s: string) => s.replace(/\s+/g, '');

describe('property (fast-check): generated outputs of every family', () => {
  for (const family of TOOL_CALL_FAMILIES) {
    it(`${family}: prose and calls with awkward arguments → exactly those calls, no markup in the content, any chunking`, () => {
      fc.assert(
        fc.property(
          fc.array(fc.tuple(prose, call), { minLength: 1, maxLength: 3 }),
          prose,
          fc.constantFrom(...MODES),
          fc.array(fc.nat(), { maxLength: 32 }),
          (parts, tail, mode, rawCuts) => {
            const text = parts.map(([p, c]) => p + RENDER_CALL[family](c)).join('') + tail;
            const opts = options(family, mode);
            const whole = stream([text], opts);
            const { result } = whole;
            expect({
              calls: result.calls.map((c) => ({ name: c.name, args: c.args })),
              errors: result.errors.map((e) => e.kind),
              reasoning: result.reasoning,
              content: squash(result.content),
            }).toEqual({
              calls: parts.map(([, c]) => c),
              errors: [],
              reasoning: '',
              content: squash(parts.map(([p]) => p).join('') + tail),
            });
            for (const m of CALL_MARKUP) expect([m, result.content.includes(m)]).toEqual([m, false]);
            const cuts = rawCuts.map((n) => n % (text.length + 1));
            const streamed = stream(cutAt(text, cuts), opts);
            if (!isDeepStrictEqual(streamed, whole)) expect(streamed).toEqual(whole);
            const bytes = encoder.encode(text);
            const byteCuts = rawCuts.map((n) => n % (bytes.length + 1));
            const streamedBytes = stream(cutAt(bytes, byteCuts), opts);
            if (!isDeepStrictEqual(streamedBytes, whole)) expect(streamedBytes).toEqual(whole);
          },
        ),
        { seed: SEED, numRuns: 150 },
      );
    });
  }
});
