import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { StreamEvent } from '../providers/types.js';
import { createSeededRandom } from '../worldinfo/random.js';
import { OUTPUTS, TOOLS, TRIGGER } from './__fixtures__/model-outputs.js';
import { createTextToolCallParser, parseToolCallsFromText } from './text-parser.js';

const options = (trigger: string | undefined = TRIGGER) => ({
  tools: TOOLS,
  trigger,
  createId: (i: number) => `id${i}`,
});

/** Merges adjacent text deltas and adjacent argument deltas of one call: chunking may split them differently. */
function normalize(events: StreamEvent[]): StreamEvent[] {
  const out: StreamEvent[] = [];
  for (const e of events) {
    const last = out[out.length - 1];
    if (e.type === 'text-delta' && last?.type === 'text-delta') {
      out[out.length - 1] = { type: 'text-delta', text: last.text + e.text };
    } else if (e.type === 'reasoning-delta' && last?.type === 'reasoning-delta') {
      out[out.length - 1] = { type: 'reasoning-delta', text: last.text + e.text };
    } else if (e.type === 'tool-call-delta' && last?.type === 'tool-call-delta' && last.id === e.id) {
      out[out.length - 1] = { ...last, argsDelta: last.argsDelta + e.argsDelta };
    } else {
      out.push(e);
    }
  }
  return out;
}

function randomSplit(text: string, rand: () => number, maxChunk: number): string[] {
  const chunks: string[] = [];
  let i = 0;
  while (i < text.length) {
    const n = 1 + Math.floor(rand() * maxChunk);
    chunks.push(text.slice(i, i + n));
    i += n;
  }
  return chunks;
}

function streamAll(chunks: (string | Uint8Array)[], trigger?: string) {
  const parser = createTextToolCallParser(options(trigger));
  const events: StreamEvent[] = [];
  for (const c of chunks) events.push(...parser.push(c));
  events.push(...parser.end());
  return { events, result: parser.result() };
}

/** Asserts equality; the cheap check first, so the thousands of passing cases cost little. */
function expectSame(actual: unknown, expected: unknown, context: object): void {
  if (!isDeepStrictEqual(actual, expected))
    expect({ ...context, actual }).toEqual({ ...context, actual: expected });
}

const oneShotEvents = (text: string, trigger?: string) => streamAll([text], trigger).events;

const isLoneSurrogate = (s: string) =>
  /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(s);

/** Fragments that random inputs are built from: markers whole and broken, calls in every format, prose. */
const FRAGMENTS = [
  ...OUTPUTS,
  'plain prose. ',
  '\n',
  '  ',
  '<',
  '{',
  '[',
  '`',
  '```',
  '```json\n',
  '<think>',
  '</think>',
  '<thinking>',
  '</thought>',
  TRIGGER,
  '<Function_',
  '<function_calls>',
  '</function_calls>',
  '<function_call>',
  '<tool>ping</tool>',
  '<args_json><![CDATA[{"a":"]]>',
  '</args_json>',
  '<tool_call>',
  '</tool_call>',
  '[TOOL_CALLS]',
  '<|python_tag|>',
  '{"name": "ping", "arguments": {}}',
  '{"name": "get_weather"',
  ', "parameters": {"city": "x"}}',
  '"}',
  '😀',
  'é中',
];

function randomInput(rand: () => number): string {
  const n = 1 + Math.floor(rand() * 8);
  let s = '';
  for (let i = 0; i < n; i++) s += FRAGMENTS[Math.floor(rand() * FRAGMENTS.length)];
  return s;
}

describe('streaming parser agrees with the one-shot parser', () => {
  it('on every fixture output, for random chunk boundaries (seeded)', () => {
    const rand = createSeededRandom(20261129);
    for (const text of OUTPUTS) {
      const expected = parseToolCallsFromText(text, options());
      const expectedEvents = normalize(oneShotEvents(text));
      for (let round = 0; round < 30; round++) {
        const chunks = randomSplit(text, rand, round % 4 === 0 ? 2 : 1 + (round % 23));
        const { events, result } = streamAll(chunks);
        expectSame(result, expected, { text, chunks });
        expectSame(normalize(events), expectedEvents, { text, chunks });
      }
    }
  });

  it('on random compositions of markers, calls and prose (seeded fuzz)', () => {
    const rand = createSeededRandom(7);
    for (let n = 0; n < 300; n++) {
      const text = randomInput(rand);
      const trigger = n % 3 === 0 ? undefined : TRIGGER;
      const expected = parseToolCallsFromText(text, options(trigger));
      const expectedEvents = normalize(oneShotEvents(text, trigger));
      // one char at a time, and a few random splits
      const splits = [Array.from(text), ...Array.from({ length: 6 }, () => randomSplit(text, rand, 9))];
      for (const chunks of splits) {
        const { events, result } = streamAll(chunks, trigger);
        expectSame(result, expected, { text, chunks });
        expectSame(normalize(events), expectedEvents, { text, chunks });
      }
    }
  });

  it('on UTF-8 bytes split anywhere, including inside multi-byte characters', () => {
    const rand = createSeededRandom(99);
    const encoder = new TextEncoder();
    for (const text of OUTPUTS) {
      const bytes = encoder.encode(text);
      const expected = parseToolCallsFromText(text, options());
      for (let round = 0; round < 10; round++) {
        const chunks: Uint8Array[] = [];
        for (let i = 0; i < bytes.length; ) {
          const n = 1 + Math.floor(rand() * 5);
          chunks.push(bytes.subarray(i, i + n));
          i += n;
        }
        expectSame(streamAll(chunks).result, expected, { text, chunks: chunks.map((c) => [...c]) });
      }
    }
  });
});

/** Every split of `text` into two pieces, and into pieces of every fixed size. */
function everySplit(text: string): string[][] {
  const splits: string[][] = [];
  for (let i = 1; i < text.length; i++) splits.push([text.slice(0, i), text.slice(i)]);
  for (let size = 1; size < text.length; size++)
    splits.push(randomSplit(text, () => (size - 1) / size, size));
  return splits;
}

describe('the fast lane for plain chunks agrees with the one-shot parser', () => {
  const expectEverySplitAgrees = (text: string) => {
    const expected = parseToolCallsFromText(text, options());
    const expectedEvents = normalize(oneShotEvents(text));
    for (const chunks of everySplit(text)) {
      const { events, result } = streamAll(chunks);
      expectSame(result, expected, { text, chunks });
      expectSame(normalize(events), expectedEvents, { text, chunks });
    }
    return expected;
  };
  const ping = '<tool_call>{"name": "ping", "arguments": {}}</tool_call>';

  it('keeps markup inside inline code that closes in a later chunk as text', () => {
    const text = `Write \`${ping}\` to call it.\nOr ${ping}`;
    const result = expectEverySplitAgrees(text);
    expect(result.content).toBe(`Write \`${ping}\` to call it.\nOr `);
    expect(result.calls.map((c) => c.name)).toEqual(['ping']);
  });

  it('ends inline code at a double-backtick closer split between chunks, or at the line end', () => {
    const text = `A \`\`x \` ${ping}\`\` then ${ping} and \`open ${ping}\n${ping}`;
    const result = expectEverySplitAgrees(text);
    expect(result.calls).toHaveLength(2);
    expect(result.content).toBe(`A \`\`x \` ${ping}\`\` then  and \`open ${ping}\n`);
  });

  it('reads a word marker only where a word starts, whichever chunk the word began in', () => {
    const call = 'functools[{"name": "ping", "arguments": {}}]';
    const inWord = expectEverySplitAgrees(`my${call}`);
    expect(inWord).toMatchObject({ content: `my${call}`, calls: [] });
    const afterSpace = expectEverySplitAgrees(`Sure! ${call}`);
    expect(afterSpace).toMatchObject({ content: 'Sure! ', calls: [{ name: 'ping', args: {} }] });
    const afterMarkup = expectEverySplitAgrees(`<think>why</think>${call}`);
    expect(afterMarkup).toMatchObject({ reasoning: 'why', calls: [{ name: 'ping' }] });
  });

  it('reads a harmony header that never ends as text again from its start, markup in it included', () => {
    // the header is taken as it streams; when no <|message|> comes within a header's length, what was
    // taken goes back to be read as text, so the call inside it counts however the text was cut
    const text = `<|start|>assistant ${'x'.repeat(250)} ${ping} more <|message|>late`;
    const result = expectEverySplitAgrees(text);
    expect(result.calls.map((c) => c.name)).toEqual(['ping']);
    expect(result.content).toBe(`<|start|>assistant ${'x'.repeat(250)}  more <|message|>late`);
  });

  it('gives a harmony call to an unknown tool back as written', () => {
    const header = '<|start|>assistant<|channel|>commentary to=functions.launch <|constrain|>json<|message|>';
    const result = expectEverySplitAgrees(`${header}{"a": 1}<|call|> ${ping}`);
    expect(result.calls.map((c) => c.name)).toEqual(['ping']);
    expect(result.content).toBe(`${header}{"a": 1}`);
  });

  it('passes look-alikes by the chunk alone, and still opens a line-start marker after blanks', () => {
    // `<b>`, `[see` and `{3}` mid-line start no marker; `[` and `{` at a line start (after a newline and
    // blanks, in this chunk or an earlier one) may: the lane must not pass those as text
    const text =
      'Take the <b>brass</b> key [see note] x{3}.\n  [ping()]\n {"name": "ping", "arguments": {}}\nend';
    const result = expectEverySplitAgrees(text);
    expect(result.calls.map((c) => c.name)).toEqual(['ping', 'ping']);
    expect(result.content).toBe('Take the <b>brass</b> key [see note] x{3}.\n  \n \nend');
  });
});

describe('streaming behaviour', () => {
  it('never emits half of a surrogate pair when a chunk ends inside one', () => {
    const text = `😀😀 ${TRIGGER}\n<function_calls><function_call><tool>write_note</tool><args_json><![CDATA[{"title":"😀𝄞😀"}]]></args_json></function_call></function_calls> 𝄞`;
    const { events, result } = streamAll(Array.from({ length: text.length }, (_, i) => text[i]));
    for (const e of events) {
      if (e.type === 'text-delta') expect(isLoneSurrogate(e.text)).toBe(false);
      if (e.type === 'tool-call-delta') expect(isLoneSurrogate(e.argsDelta)).toBe(false);
    }
    expect(result.calls[0].args).toEqual({ title: '😀𝄞😀' });
    expect(result.content).toBe('😀😀  𝄞');
  });

  it('emits text as it arrives and holds back only a possible marker start', () => {
    const parser = createTextToolCallParser(options());
    expect(parser.push('Hello wor')).toEqual([{ type: 'text-delta', text: 'Hello wor' }]);
    expect(parser.push('ld <b>bold</b> <too')).toEqual([{ type: 'text-delta', text: 'ld <b>bold</b> ' }]);
    expect(parser.push('ls> x [TOOL')).toEqual([{ type: 'text-delta', text: '<tools> x ' }]);
    expect(parser.push('S] ok <Function_Zx')).toEqual([{ type: 'text-delta', text: '[TOOLS] ok ' }]);
    expect(parser.push('9Q_Start/>')).toEqual([]);
    expect(parser.push(' no block')).toEqual([{ type: 'text-delta', text: `${TRIGGER} no block` }]);
    expect(parser.end()).toEqual([]);
  });

  it('releases bare JSON as text as soon as its name is not a tool', () => {
    const parser = createTextToolCallParser(options());
    expect(parser.push('{"name": "Bob", "bio": "a very long')).toEqual([
      { type: 'text-delta', text: '{"name": "Bob", "bio": "a very long' },
    ]);
    expect(parser.push(' story"}')).toEqual([{ type: 'text-delta', text: ' story"}' }]);
    parser.end();
    expect(parser.result()).toEqual({
      content: '{"name": "Bob", "bio": "a very long story"}',
      reasoning: '',
      calls: [],
      errors: [],
    });
  });

  it('flushes a held marker prefix as text at the end', () => {
    const parser = createTextToolCallParser(options());
    expect(parser.push('tail <tool_ca')).toEqual([{ type: 'text-delta', text: 'tail ' }]);
    expect(parser.end()).toEqual([{ type: 'text-delta', text: '<tool_ca' }]);
  });

  it('streams argument deltas as stable prefixes before the call completes', () => {
    const args = '{"title":"A long note","body":"with several words in it","tags":["x","y"]}';
    for (const text of [
      `${TRIGGER}\n<function_calls><function_call><tool>write_note</tool><args_json><![CDATA[  ${args}  ]]></args_json></function_call></function_calls>`,
      `<tool_call>{"name":"write_note","arguments":${args}}</tool_call>`,
      `[TOOL_CALLS]write_note[ARGS]${args}`,
      `${TRIGGER}{"tool_calls":[{"name":"write_note","arguments":${args}}]}`,
    ]) {
      const parser = createTextToolCallParser(options());
      let streamed = '';
      let started = false;
      let deltasBeforeEnd = 0;
      let final: StreamEvent | undefined;
      const batches = [];
      for (let i = 0; i < text.length; i += 5) batches.push(() => parser.push(text.slice(i, i + 5)));
      batches.push(() => parser.end());
      for (const batch of batches) {
        for (const e of batch()) {
          if (e.type === 'tool-call-start') started = true;
          if (e.type === 'tool-call-delta') {
            expect(started).toBe(true);
            streamed += e.argsDelta;
            expect(args.startsWith(streamed)).toBe(true);
            if (!final) deltasBeforeEnd++;
          }
          if (e.type === 'tool-call') final = e;
        }
      }
      expect(deltasBeforeEnd).toBeGreaterThan(3);
      expect(streamed).toBe(args);
      expect(final).toMatchObject({
        type: 'tool-call',
        name: 'write_note',
        rawArgs: args,
        args: JSON.parse(args),
      });
    }
  });

  it('keeps only the last triggered block: an earlier one is superseded, its errors too', () => {
    const block = (args: string) =>
      `${TRIGGER}\n<function_calls><function_call><tool>get_weather</tool><args_json><![CDATA[${args}]]></args_json></function_call></function_calls>`;
    const text = `${block('{"city":"Pari')}\nSorry, again:\n${block('{"city":"Paris"}')}\n[TOOL_CALLS]ping[ARGS]{}`;
    const { events, result } = streamAll([text]);
    expect(result.calls.map((c) => [c.name, c.args])).toEqual([
      ['get_weather', { city: 'Paris' }],
      ['ping', {}],
    ]);
    expect(result.errors).toEqual([]);
    expect(result.content).toBe('\nSorry, again:\n\n');
    // the superseded call started and streamed, but never got a tool-call event
    const starts = events.filter((e) => e.type === 'tool-call-start').map((e) => e.id);
    const finals = events.filter((e) => e.type === 'tool-call').map((e) => e.id);
    expect(starts).toEqual(['id0', 'id1', 'id2']);
    expect(finals).toEqual(['id2', 'id1']);
    // the triggered block's call is final only at the end of the input
    expect(events[events.length - 1]).toMatchObject({ type: 'tool-call', id: 'id1' });
  });

  it('starts a call, then reports it cut off at the end without a tool-call event', () => {
    const parser = createTextToolCallParser(options());
    const events = [
      ...parser.push(
        `${TRIGGER}<function_calls><function_call><tool>get_weather</tool><args_json><![CDATA[{"ci`,
      ),
      ...parser.end(),
    ];
    expect(events.map((e) => e.type)).toEqual(['tool-call-start', 'tool-call-delta']);
    expect(parser.result().errors).toMatchObject([{ kind: 'truncated', name: 'get_weather' }]);
  });

  it('gives every call its own id and index, in order', () => {
    const { events } = streamAll([
      `[TOOL_CALLS][{"name":"ping"},{"name":"get_weather","arguments":{"city":"x"}}]`,
    ]);
    const calls = events.filter((e) => e.type === 'tool-call');
    expect(calls.map((c) => [c.id, c.index, c.name])).toEqual([
      ['id0', 0, 'ping'],
      ['id1', 1, 'get_weather'],
    ]);
  });

  it('makes unique default ids across parsers', () => {
    const run = () => parseToolCallsFromText('[TOOL_CALLS]ping[ARGS]{}', { tools: TOOLS }).calls[0].id;
    expect(run()).not.toBe(run());
  });

  it('refuses input after end()', () => {
    const parser = createTextToolCallParser(options());
    parser.end();
    expect(() => parser.push('x')).toThrow(/already ended/);
  });
});
