import {
  createEmulator,
  type Emulator,
  geminiChunk,
  geminiChunksFor,
  geminiErrors,
  geminiResponse,
  geminiScenarios,
  geminiSseText,
  geminiStream,
  splitBytes,
} from '@toolsmith/emulator';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  adapterFailure,
  collectEvents,
  finishOf,
  textOf,
  toolCallsOf,
} from '../__fixtures__/adapter-events.js';
import type { Connection, ProviderRequest, StreamEvent } from '../types.js';
import { googleAdapter } from './adapter.js';

let emulator: Emulator;
beforeAll(async () => {
  emulator = await createEmulator();
});
afterAll(() => emulator.close());
beforeEach(() => emulator.reset());

const STREAM_PATH = '/v1beta/models/gemini-test:streamGenerateContent';
const WHOLE_PATH = '/v1beta/models/gemini-test:generateContent';

function connection(): Connection {
  return {
    name: 'gemini',
    api: 'google',
    baseUrl: `${emulator.url}/v1beta`,
    model: 'models/gemini-test',
    apiKey: 'AIza-test',
    functionCalling: { enabled: true, mode: 'native' },
  };
}

function request(extra: Partial<ProviderRequest> = {}): ProviderRequest {
  return { connection: connection(), messages: [{ role: 'user', content: 'Hi' }], stream: true, ...extra };
}

const collect = (req: ProviderRequest) => collectEvents(googleAdapter, req);

const failure = (req: ProviderRequest) => adapterFailure(googleAdapter, req);

const deltasOf = (events: StreamEvent[], index: number) =>
  events
    .filter((e) => e.type === 'tool-call-delta' && e.index === index)
    .map((e) => (e as { argsDelta: string }).argsDelta)
    .join('');

describe('googleAdapter streaming', () => {
  it('streams text over alt=sse with \\r\\n line endings; sends the key header and body', async () => {
    emulator.enqueue(STREAM_PATH, geminiStream(geminiScenarios.text()));
    const events = await collect(
      request({
        messages: [
          { role: 'system', content: 'Be terse.' },
          { role: 'user', content: 'Sky?' },
        ],
        params: { temperature: 0.5, topP: 0.9, topK: 20, maxTokens: 64, stop: ['##'] },
      }),
    );
    expect(textOf(events)).toBe('The sky is blue today.');
    expect(finishOf(events)).toEqual({
      type: 'finish',
      reason: 'stop',
      rawReason: 'STOP',
      usage: { inputTokens: 9, outputTokens: 6, totalTokens: 15 },
    });
    const recorded = emulator.requests[0];
    expect(recorded.query).toEqual({ alt: 'sse' });
    expect(recorded.headers['x-goog-api-key']).toBe('AIza-test');
    expect(recorded.body).toEqual({
      contents: [{ role: 'user', parts: [{ text: 'Sky?' }] }],
      systemInstruction: { parts: [{ text: 'Be terse.' }] },
      generationConfig: { temperature: 0.5, topP: 0.9, topK: 20, maxOutputTokens: 64, stopSequences: ['##'] },
    });
  });

  it('thought parts → reasoning; the text signature comes back on finish', async () => {
    emulator.enqueue(STREAM_PATH, geminiStream(geminiScenarios.thinking()));
    const events = await collect(request());
    expect(events.filter((e) => e.type === 'reasoning-delta')).toEqual([
      { type: 'reasoning-delta', text: 'Considering the options.' },
    ]);
    expect(textOf(events)).toBe('The answer is 4.');
    expect(finishOf(events).providerMetadata).toEqual({ thoughtSignature: 'CiQB0e2Kb-text-signature' });
    expect(finishOf(events).usage).toEqual({
      inputTokens: 5,
      outputTokens: 46,
      totalTokens: 51,
      reasoningTokens: 40,
    });
  });

  it('whole parallel functionCall parts keep their thoughtSignature; STOP with calls → tool_calls', async () => {
    emulator.enqueue(STREAM_PATH, geminiStream(geminiScenarios.parallelCalls()));
    const events = await collect(request());
    const [first, second] = toolCallsOf(events);
    expect(first).toMatchObject({
      index: 0,
      name: 'get_weather',
      args: { city: 'Paris' },
      rawArgs: '{"city":"Paris"}',
      providerMetadata: { thoughtSignature: 'sig-first-call' },
    });
    expect(second).toMatchObject({ index: 1, name: 'get_weather', args: { city: 'Lyon' } });
    expect(second).not.toHaveProperty('providerMetadata');
    expect(first.id).toMatch(/^gemini_call_/);
    expect(second.id).not.toBe(first.id);
    expect(deltasOf(events, 0)).toBe('{"city":"Paris"}');
    expect(finishOf(events)).toMatchObject({ reason: 'tool_calls', rawReason: 'STOP' });
  });

  it('a name-only call gets {}; Gemini ids are used when present', async () => {
    emulator.enqueue(STREAM_PATH, geminiStream(geminiScenarios.nameOnly()));
    expect(toolCallsOf(await collect(request()))).toMatchObject([
      { name: 'get_time', args: {}, rawArgs: '{}' },
    ]);
    emulator.enqueue(STREAM_PATH, geminiStream(geminiScenarios.withId()));
    expect(toolCallsOf(await collect(request()))).toMatchObject([
      { id: 'fc-7x', name: 'lookup', args: { q: 'x' } },
    ]);
  });

  it('assembles Gemini 3 partialArgs; the call is finalized only when willContinue ends', async () => {
    const chunks = geminiScenarios.partialArgs();
    emulator.enqueue(STREAM_PATH, geminiStream(chunks));
    const events = await collect(request());
    const expected = {
      room: 'Living room "north"',
      brightness: 50,
      on: true,
      color: { name: 'warm white' },
      'scene tags': ['cozy'],
      schedule: null,
    };
    expect(toolCallsOf(events)).toEqual([
      {
        type: 'tool-call',
        id: expect.stringMatching(/^gemini_call_/),
        index: 0,
        name: 'set_light',
        args: expected,
        rawArgs: JSON.stringify(expected),
        providerMetadata: { thoughtSignature: 'sig-partial' },
      },
    ]);
    // the deltas are stable prefixes that add up to the final arguments
    expect(deltasOf(events, 0)).toBe(JSON.stringify(expected));
    expect(events.filter((e) => e.type === 'tool-call-delta').length).toBeGreaterThan(2);
    // nothing is final before the empty functionCall that closes it
    const callAt = events.findIndex((e) => e.type === 'tool-call');
    expect(callAt).toBe(events.length - 2);
    expect(finishOf(events)).toMatchObject({ reason: 'tool_calls' });
  });

  it('two streamed calls in a row stay apart', async () => {
    emulator.enqueue(STREAM_PATH, geminiStream(geminiScenarios.partialArgsTwoCalls()));
    const events = await collect(request());
    expect(toolCallsOf(events).map((c) => [c.index, c.name, c.args])).toEqual([
      [0, 'a', { x: 1 }],
      [1, 'b', { y: 'z' }],
    ]);
  });

  it('gives the same events whatever the chunk boundaries (random cuts and byte cuts)', async () => {
    const chunks = [
      ...geminiScenarios.thinking().slice(0, 2),
      geminiChunk([{ text: ' Ünïcödé 東京 🌊' }]),
      ...geminiScenarios.partialArgs(),
    ];
    const textLength = geminiSseText(chunks).length;
    emulator.enqueue(STREAM_PATH, geminiStream(chunks));
    const normalize = (events: StreamEvent[]) => events.map((e) => ('id' in e ? { ...e, id: 'x' } : e));
    const reference = normalize(await collect(request()));
    let seed = 11;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let round = 0; round < 6; round++) {
      const offsets = Array.from({ length: 30 }, () => Math.floor(random() * textLength));
      emulator.enqueue(STREAM_PATH, geminiStream(chunks, { splitAt: offsets }));
      expect(normalize(await collect(request()))).toEqual(reference);
    }
    for (const size of [1, 3]) {
      emulator.enqueue(STREAM_PATH, {
        ...geminiStream(chunks),
        chunks: splitBytes(geminiSseText(chunks), size),
      });
      expect(normalize(await collect(request()))).toEqual(reference);
    }
    emulator.enqueue(STREAM_PATH, geminiStream(chunks, { lineEnding: '\n' }));
    expect(normalize(await collect(request()))).toEqual(reference);
    expect(textOf(reference)).toBe('The answer is 4. Ünïcödé 東京 🌊');
  });

  it('a blocked prompt and a safety stop → content_filter', async () => {
    emulator.enqueue(STREAM_PATH, geminiStream(geminiScenarios.promptBlocked()));
    expect(finishOf(await collect(request()))).toMatchObject({
      reason: 'content_filter',
      rawReason: 'SAFETY',
      usage: { inputTokens: 8 },
    });
    emulator.enqueue(STREAM_PATH, geminiStream(geminiScenarios.safetyStop()));
    const events = await collect(request());
    expect(textOf(events)).toBe('Here is how');
    expect(finishOf(events)).toMatchObject({ reason: 'content_filter', rawReason: 'SAFETY' });
  });

  it('MAX_TOKENS → length; MALFORMED_FUNCTION_CALL → error', async () => {
    emulator.enqueue(STREAM_PATH, geminiStream(geminiScenarios.maxTokens()));
    expect(finishOf(await collect(request()))).toMatchObject({ reason: 'length', rawReason: 'MAX_TOKENS' });
    emulator.enqueue(STREAM_PATH, geminiStream(geminiScenarios.malformedCall()));
    expect(finishOf(await collect(request()))).toMatchObject({
      reason: 'error',
      rawReason: 'MALFORMED_FUNCTION_CALL',
    });
  });

  it('an error object inside the stream is mapped by its status', async () => {
    emulator.enqueue(STREAM_PATH, geminiStream(geminiScenarios.errorInStream('UNAVAILABLE', 503)));
    const unavailable = await failure(request());
    expect(unavailable.error.code).toBe('network');
    expect(textOf(unavailable.seen)).toBe('Partial');
    emulator.enqueue(STREAM_PATH, geminiStream(geminiScenarios.errorInStream('RESOURCE_EXHAUSTED', 429)));
    expect((await failure(request())).error.code).toBe('rate_limit');
  });

  it('a stream cut off, or ending before any finish reason, is a network failure; an open call is not emitted', async () => {
    const chunks = geminiScenarios.partialArgs();
    emulator.enqueue(STREAM_PATH, geminiStream(chunks.slice(0, 3), { cutOff: true }));
    const cut = await failure(request());
    expect(cut.error.code).toBe('network');
    expect(toolCallsOf(cut.seen)).toEqual([]);

    emulator.enqueue(STREAM_PATH, geminiStream(chunks.slice(0, 4)));
    const ended = await failure(request());
    expect(ended.error.code).toBe('network');
    expect(toolCallsOf(ended.seen)).toEqual([]);

    emulator.enqueue(STREAM_PATH, geminiStream([]));
    expect((await failure(request())).error.code).toBe('no_response');
  });
});

describe('googleAdapter non-streaming', () => {
  it('replays a whole answer with the raw body on finish', async () => {
    const body = geminiResponse([
      { text: 'Plan: ', thought: true },
      { text: 'Checking.' },
      { functionCall: { name: 'f', args: { a: [1, 2] } }, thoughtSignature: 'sig-f' },
    ]);
    emulator.enqueue(WHOLE_PATH, { json: body });
    const events = await collect(request({ stream: false }));
    expect(emulator.requests[0].query).toEqual({});
    expect(events.map((e) => e.type)).toEqual([
      'reasoning-delta',
      'text-delta',
      'tool-call-start',
      'tool-call-delta',
      'tool-call',
      'finish',
    ]);
    expect(toolCallsOf(events)[0]).toMatchObject({
      args: { a: [1, 2] },
      providerMetadata: { thoughtSignature: 'sig-f' },
    });
    expect(finishOf(events)).toMatchObject({ reason: 'tool_calls', raw: body, usage: { inputTokens: 12 } });
  });

  it('structured output: responseMimeType + converted responseSchema', async () => {
    emulator.enqueue(WHOLE_PATH, { json: geminiResponse([{ text: '{"mood":"calm"}' }]) });
    const events = await collect(
      request({
        stream: false,
        jsonSchema: {
          name: 'mood',
          schema: {
            $schema: 'https://json-schema.org/draft/2020-12/schema',
            type: 'object',
            additionalProperties: false,
            properties: { mood: { type: 'string', enum: ['calm', 'happy'] } },
            required: ['mood'],
          },
        },
      }),
    );
    expect(JSON.parse(textOf(events))).toEqual({ mood: 'calm' });
    expect((emulator.requests[0].body as any).generationConfig).toEqual({
      responseMimeType: 'application/json',
      responseSchema: {
        type: 'OBJECT',
        properties: { mood: { type: 'STRING', enum: ['calm', 'happy'] } },
        required: ['mood'],
      },
    });
  });
});

describe('googleAdapter streamed vs whole', () => {
  it('the streamed and the whole form of one answer give the same calls, text and finish', async () => {
    const parts = [
      { text: 'Thinking about it', thought: true },
      { text: 'Sure — checking ü.' },
      { functionCall: { name: 'f', args: { q: 'ü', n: [1, 2] } }, thoughtSignature: 'sig-1' },
      { functionCall: { name: 'g' } },
    ];
    emulator.enqueue(STREAM_PATH, geminiStream(geminiChunksFor(parts)));
    emulator.enqueue(WHOLE_PATH, { json: geminiResponse(parts) });
    const streamed = await collect(request());
    const whole = await collect(request({ stream: false }));
    const shape = (events: StreamEvent[]) => ({
      text: textOf(events),
      reasoning: events
        .filter((e) => e.type === 'reasoning-delta')
        .map((e) => (e as { text: string }).text)
        .join(''),
      calls: toolCallsOf(events).map(({ id: _id, ...rest }) => rest),
      finish: { ...finishOf(events), raw: undefined },
    });
    expect(shape(whole)).toEqual(shape(streamed));
    expect(shape(whole).calls).toHaveLength(2);
  });
});

describe('googleAdapter HTTP errors', () => {
  it.each([
    ['invalidKey', 'auth_missing', 400],
    ['invalidArgument', 'unknown', 400],
    ['permissionDenied', 'auth_missing', 403],
    ['rateLimited', 'rate_limit', 429],
    ['internal', 'network', 500],
    ['unavailable', 'network', 503],
    ['notFound', 'unknown', 404],
  ] as const)('%s → %s', async (name, code, status) => {
    emulator.enqueue(STREAM_PATH, geminiErrors[name]());
    const { error } = await failure(request());
    expect(error.code).toBe(code);
    expect(error.details.status).toBe(status);
    if (code === 'rate_limit') expect(error.details.retryAfterMs).toBe(30_000);
  });

  it('an abort while waiting → aborted', async () => {
    emulator.enqueue(STREAM_PATH, { hang: true });
    const controller = new AbortController();
    const pending = failure(request({ signal: controller.signal }));
    controller.abort();
    expect((await pending).error.code).toBe('aborted');
  });
});
