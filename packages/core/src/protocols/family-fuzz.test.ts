import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { StreamEvent } from '../providers/types.js';
import { createSeededRandom } from '../worldinfo/random.js';
import { FAMILY_CASES } from './__fixtures__/family-cases.js';
import { FAMILY_TOOLS } from './__fixtures__/family-render.js';
import { OUTPUTS, TRIGGER } from './__fixtures__/model-outputs.js';
import type { TextParserOptions } from './parser-types.js';
import { THINK_TAGS } from './reasoning-tags.js';
import { createTextToolCallParser } from './text-parser.js';
import { TOOL_CALL_FAMILIES, TOOL_CALL_FAMILY_INFO } from './tool-call-formats.js';

const FAMILY_TEXTS = FAMILY_CASES.map((c) => c.text);
/** Marker starts of every family, whole and as they appear in prose, plus look-alikes. */
const MARKERS = [
  ...TOOL_CALL_FAMILY_INFO.map((f) => f.example),
  '<tool_call>',
  '</tool_call>',
  '<tool_calls>',
  '<|tool_call|>',
  '<|tool_call>',
  '<tool_call|>',
  '<|python_start|>',
  '<|python_end|>',
  '<function_calls>',
  '</function_calls>',
  '<function=',
  '<parameter=',
  '</parameter>',
  '<arg_key>',
  '<arg_value>',
  '<｜tool▁calls▁begin｜>',
  '<｜tool▁call▁begin｜>',
  '<｜tool▁sep｜>',
  '<|channel|>',
  '<|message|>',
  '<|start|>',
  '<|end|>',
  '<|call|>',
  '<think>',
  '</think>',
  '<seed:think>',
  '[THINK]',
  '[/THINK]',
  '<|channel>thought\n',
  '<channel|>',
  '◁think▷',
  '◁/think▷',
  '[BEGIN FINAL RESPONSE]',
  '[END FINAL RESPONSE]',
  '<|im_end|>',
  '<|im_end|>\n<|im_start|>user\n',
  '<|im_start|>',
  '<|eot_id|>',
  '<|endoftext|>',
  '<end_of_turn>\n',
  '<|python_tag|>',
  'get_weather.call(',
  'Action: ```json\n',
  '```',
  '```json\n',
  '```tool_code\n',
  '`',
  'functools',
  '[',
  '{',
  '(',
  ')',
  "'",
  '"',
  '<|"|>',
  '<escape>',
  'call:',
  'get_weather(',
  'ping()',
  '[TOOL_CALLS]',
  // pieces of the families added later, whole and cut
  ']<]minimax[>[',
  ']<]minimax[>[<',
  '<tool: ',
  '</tool>',
  '<dots_function_call>',
  '<|plamo:',
  '<|plamo:msg|>',
  '**Tool Call:**\n',
  '[unused11]',
  '[unused12]',
  '[unused16]',
  '<|im_start|>assistant -> tool/function_call\n',
  '<think:6124c78e>',
  '</think:6124c78e>',
  '<mm:think>',
  '<ifm|tool_call>',
  TRIGGER,
];
const PROSE = ['Plain prose here. ', '\n', '  ', 'é中😀', 'x = [1, 2]; y = {"a": 1}\n', '"quoted" '];

function randomOutput(rand: () => number): string {
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)];
  let s = '';
  const parts = 1 + Math.floor(rand() * 6);
  for (let i = 0; i < parts; i++) {
    const r = rand();
    if (r < 0.4) {
      const t = pick(FAMILY_TEXTS);
      // sometimes cut off anywhere, or with a bite taken out of the middle
      if (rand() < 0.3) s += t.slice(0, Math.floor(rand() * t.length));
      else if (rand() < 0.15) {
        const a = Math.floor(rand() * t.length);
        s += t.slice(0, a) + t.slice(a + 1 + Math.floor(rand() * 8));
      } else s += t;
    } else if (r < 0.55) s += pick(OUTPUTS);
    else if (r < 0.8) s += pick(MARKERS);
    else s += pick(PROSE);
  }
  return s;
}

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

function run(chunks: (string | Uint8Array)[], options: TextParserOptions) {
  const parser = createTextToolCallParser(options);
  const events: StreamEvent[] = [];
  for (const c of chunks) events.push(...parser.push(c));
  events.push(...parser.end());
  return { events: normalize(events), result: parser.result() };
}

describe('seeded fuzz: streamed equals one-shot over generated outputs mixing every family', () => {
  it('3000 outputs, string and UTF-8 byte chunkings', () => {
    const rand = createSeededRandom(Number(process.env.FUZZ_SEED ?? 20251201));
    const encoder = new TextEncoder();
    let checked = 0;
    for (let n = 0; n < 3000; n++) {
      const text = randomOutput(rand);
      const mode = rand();
      const options: TextParserOptions = {
        tools: FAMILY_TOOLS,
        createId: (i) => `id${i}`,
        trigger: rand() < 0.5 ? TRIGGER : undefined,
        ...(mode < 0.2
          ? { format: TOOL_CALL_FAMILIES[Math.floor(rand() * TOOL_CALL_FAMILIES.length)] }
          : mode < 0.4
            ? { model: TOOL_CALL_FAMILY_INFO[Math.floor(rand() * TOOL_CALL_FAMILY_INFO.length)].id }
            : {}),
        // now and then a reply the prompt opened inside a reasoning block
        ...(rand() < 0.15 ? { openReasoning: THINK_TAGS[Math.floor(rand() * THINK_TAGS.length)][0] } : {}),
      };
      const expected = run([text], options);
      const splits: (string | Uint8Array)[][] = [];
      for (let k = 0; k < 2; k++) {
        const chunks: string[] = [];
        for (let i = 0; i < text.length; ) {
          const size = 1 + Math.floor(rand() * (k === 0 ? 4 : 24));
          chunks.push(text.slice(i, i + size));
          i += size;
        }
        splits.push(chunks);
      }
      const bytes = encoder.encode(text);
      const byteChunks: Uint8Array[] = [];
      for (let i = 0; i < bytes.length; ) {
        const size = 1 + Math.floor(rand() * 9);
        byteChunks.push(bytes.subarray(i, i + size));
        i += size;
      }
      if (n % 10 === 0) splits.push(Array.from(text));
      // UTF-8 cannot carry a lone surrogate (a cut emoji): bytes compare with the text they decode to
      const decoded = new TextDecoder().decode(bytes);
      const runs: [(string | Uint8Array)[], typeof expected][] = [
        ...splits.map((chunks): [(string | Uint8Array)[], typeof expected] => [chunks, expected]),
        [byteChunks, decoded === text ? expected : run([decoded], options)],
      ];
      for (const [chunks, want] of runs) {
        const got = run(chunks, options);
        checked++;
        if (!isDeepStrictEqual(got, want)) {
          expect({
            text,
            options: { ...options, tools: undefined, createId: undefined },
            chunks,
            got,
          }).toEqual({
            text,
            options: { ...options, tools: undefined, createId: undefined },
            chunks,
            got: want,
          });
        }
      }
    }
    expect(checked).toBeGreaterThan(9000);
  });
});
