import {
  createEmulator,
  type Emulator,
  type OpenAIStreamCaseName,
  openaiChunk,
  openaiCompletion,
  openaiErrors,
  openaiMidStreamError,
  openaiStream,
  openaiStreamCases,
  openaiToolCall,
  openaiUsage,
  openaiUsageChunk,
  type SseOptions,
} from '@toolsmith/emulator';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isGenerateTaskError } from '../../base/errors.js';
import { adapterFailure, collectEvents } from '../__fixtures__/adapter-events.js';
import type { Connection, ProviderRequest, StreamEvent } from '../types.js';
import { openaiAdapter } from './adapter.js';

let emulator: Emulator;
beforeAll(async () => {
  emulator = await createEmulator();
});
afterAll(() => emulator.close());
beforeEach(() => emulator.reset());

const PATH = '/v1/chat/completions';

function connection(extra: Partial<Connection> = {}): Connection {
  return {
    name: 'test',
    api: 'openai',
    baseUrl: `${emulator.url}/v1`,
    model: 'gpt-test',
    apiKey: 'sk-test',
    functionCalling: { enabled: true, mode: 'native' },
    ...extra,
  };
}

function request(extra: Partial<ProviderRequest> = {}): ProviderRequest {
  return { connection: connection(), messages: [{ role: 'user', content: 'hi' }], stream: true, ...extra };
}

const collect = (req: ProviderRequest) => collectEvents(openaiAdapter, req);

const failure = async (req: ProviderRequest) => (await adapterFailure(openaiAdapter, req)).error;

function summary(events: StreamEvent[]) {
  const calls = events.filter((e) => e.type === 'tool-call');
  const finish = events.at(-1);
  return {
    text: events.map((e) => (e.type === 'text-delta' ? e.text : '')).join(''),
    reasoning: events.map((e) => (e.type === 'reasoning-delta' ? e.text : '')).join(''),
    calls: calls.map((c) => ({ id: c.id, index: c.index, name: c.name, args: c.args })),
    finish: finish?.type === 'finish' ? { reason: finish.reason, rawReason: finish.rawReason } : undefined,
    usage: finish?.type === 'finish' ? finish.usage : undefined,
  };
}

/** Per call: start comes first, once; the deltas rebuild rawArgs; the call comes after all its deltas. */
function checkCallEventOrder(events: StreamEvent[]) {
  const calls = events.filter((e) => e.type === 'tool-call');
  const finishAt = events.findIndex((e) => e.type === 'finish');
  expect(finishAt).toBe(events.length - 1);
  for (const call of calls) {
    const starts = events.filter((e) => e.type === 'tool-call-start' && e.index === call.index);
    expect(starts).toHaveLength(1);
    const startAt = events.indexOf(starts[0]);
    const deltas = events.filter((e) => e.type === 'tool-call-delta' && e.index === call.index);
    expect(deltas.every((d) => events.indexOf(d) > startAt)).toBe(true);
    expect(deltas.map((d) => (d.type === 'tool-call-delta' ? d.argsDelta : '')).join('')).toBe(call.rawArgs);
    const callAt = events.indexOf(call);
    expect(deltas.every((d) => events.indexOf(d) < callAt)).toBe(true);
  }
}

const expectedCases: Record<OpenAIStreamCaseName, Partial<ReturnType<typeof summary>>> = {
  standardParallel: {
    calls: [
      { id: 'call_a', index: 0, name: 'get_weather', args: { city: 'Paris' } },
      { id: 'call_b', index: 1, name: 'get_time', args: { zone: 'CET' } },
    ],
    finish: { reason: 'tool_calls', rawReason: 'tool_calls' },
    usage: { inputTokens: 50, outputTokens: 20, totalTokens: 70 },
  },
  interleaved: {
    calls: [
      { id: 'call_a', index: 0, name: 'a', args: { x: 1 } },
      { id: 'call_b', index: 1, name: 'b', args: { y: 2 } },
    ],
  },
  indexNotZero: {
    text: 'Checking.',
    calls: [{ id: 'call_x', index: 0, name: 'lookup', args: { q: 'tea' } }],
  },
  missingType: { calls: [{ id: 'call_t', index: 0, name: 'lookup', args: { q: 'x' } }] },
  emptyIdContinuation: { calls: [{ id: 'call_e', index: 0, name: 'lookup', args: { q: 'y' } }] },
  noIndex: {
    calls: [
      { id: 'aB3dE5gH7', index: 0, name: 'get_weather', args: { city: 'Paris' } },
      { id: 'Zx9Yw8Vu7', index: 1, name: 'get_weather', args: { city: 'Rome' } },
    ],
    usage: { inputTokens: 30, outputTokens: 12, totalTokens: 42 },
  },
  nameLater: { calls: [{ id: 'call_n', index: 0, name: 'lookup', args: { q: 'late' } }] },
  completeFirstChunk: { calls: [{ id: 'call_c', index: 0, name: 'lookup', args: { q: 'whole', n: 2 } }] },
  emptyArguments: {
    calls: [
      { id: 'call_1', index: 0, name: 'now', args: {} },
      { id: 'call_2', index: 1, name: 'ping', args: {} },
    ],
  },
  trailingEmptyDelta: { calls: [{ id: 'call_t', index: 0, name: 'lookup', args: { q: 'z' } }] },
  cumulativeSnapshots: { calls: [{ id: 'call_s', index: 0, name: 'lookup', args: { q: 'snap' } }] },
  indexReuse: {
    calls: [
      { id: 'call_first', index: 0, name: 'a', args: { n: 1 } },
      { id: 'call_second', index: 1, name: 'b', args: { n: 2 } },
    ],
  },
  nullFields: { calls: [{ id: 'call_z', index: 0, name: 'lookup', args: {} }] },
  reasoningThenText: {
    reasoning: 'Thinking.',
    text: 'Hello',
    calls: [],
    finish: { reason: 'stop', rawReason: 'stop' },
    usage: { inputTokens: 12, outputTokens: 9, totalTokens: 21, reasoningTokens: 4 },
  },
  openRouterReasoning: { reasoning: 'Plan more', text: 'Done.', calls: [] },
};

const chunkings: Array<[string, SseOptions]> = [
  ['one frame per chunk', {}],
  ['23-byte chunks', { byteChunkSize: 23 }],
];

describe('openaiAdapter streaming tool-call reassembly (emulator fixtures)', () => {
  for (const name of Object.keys(openaiStreamCases) as OpenAIStreamCaseName[]) {
    it.each(chunkings)(`${name} — %s`, async (_label, options) => {
      emulator.enqueue(PATH, openaiStream(openaiStreamCases[name].chunks, options));
      const events = await collect(request());
      expect(summary(events)).toMatchObject(expectedCases[name]);
      checkCallEventOrder(events);
    });
  }

  it('gives the same result for random chunk boundaries (seeded)', async () => {
    let seed = 12345;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (const name of Object.keys(openaiStreamCases) as OpenAIStreamCaseName[]) {
      const whole = openaiStream(openaiStreamCases[name].chunks).chunks!.join('');
      const offsets = Array.from({ length: 12 }, () => Math.floor(random() * whole.length));
      emulator.enqueue(PATH, openaiStream(openaiStreamCases[name].chunks, { splitAt: offsets }));
      const events = await collect(request());
      expect(summary(events), name).toMatchObject(expectedCases[name]);
      checkCallEventOrder(events);
    }
  });

  it('keeps multi-byte text intact across byte boundaries', async () => {
    const chunks = [
      openaiChunk({ content: 'héllo 🌍 ' }),
      openaiChunk({ content: 'wörld' }, { finishReason: 'stop' }),
    ];
    emulator.enqueue(PATH, openaiStream(chunks, { byteChunkSize: 1 }));
    expect(summary(await collect(request())).text).toBe('héllo 🌍 wörld');
  });

  it('accepts a stream that ends after its finish reason without [DONE], and CRLF line endings', async () => {
    emulator.enqueue(
      PATH,
      openaiStream([openaiChunk({ content: 'ok' }), openaiChunk({}, { finishReason: 'length' })], {
        done: false,
        lineEnding: '\r\n',
      }),
    );
    expect(summary(await collect(request()))).toMatchObject({ text: 'ok', finish: { reason: 'length' } });
  });

  it('accepts a final "data: [DONE]" without its blank line (older KoboldCpp) and CRLF frames', async () => {
    const stream = openaiStream([openaiChunk({ content: 'k' })], { done: false, lineEnding: '\r\n' });
    emulator.enqueue(PATH, { ...stream, chunks: [...stream.chunks!, 'data: [DONE]'] });
    expect(summary(await collect(request()))).toMatchObject({
      text: 'k',
      finish: { reason: 'other', rawReason: null },
    });
  });

  it('skips SSE comments and keep-alives (OpenRouter), and reads Groq usage from x_groq', async () => {
    const last = {
      ...openaiChunk({}, { finishReason: 'stop' }),
      x_groq: { id: 'req_1', usage: openaiUsage(3, 2) },
    };
    const stream = openaiStream([openaiChunk({ content: 'g' }), last]);
    emulator.enqueue(PATH, { ...stream, chunks: [': OPENROUTER PROCESSING\n\n', ...stream.chunks!, ''] });
    expect(summary(await collect(request()))).toMatchObject({
      text: 'g',
      usage: { inputTokens: 3, outputTokens: 2, totalTokens: 5 },
    });
  });

  it('ignores anything a server sends after [DONE], in the same read or later', async () => {
    const stream = openaiStream([openaiChunk({ content: 'a' }, { finishReason: 'stop' })]);
    const late = `data: ${JSON.stringify(openaiChunk({ content: 'late' }))}\n\n`;
    emulator.enqueue(PATH, { ...stream, chunks: [...stream.chunks!, late] });
    emulator.enqueue(PATH, { ...stream, chunks: [stream.chunks!.join('') + late] });
    for (let i = 0; i < 2; i++) {
      const events = await collect(request());
      expect(summary(events)).toMatchObject({ text: 'a', finish: { reason: 'stop' } });
    }
  });

  it('drops a half-written call when the answer was cut by length', async () => {
    emulator.enqueue(
      PATH,
      openaiStream([
        openaiChunk({
          tool_calls: [{ index: 0, id: 'c', type: 'function', function: { name: 'f', arguments: '{"a":' } }],
        }),
        openaiChunk({}, { finishReason: 'length' }),
      ]),
    );
    const events = await collect(request());
    expect(summary(events)).toMatchObject({ calls: [], finish: { reason: 'length' } });
    expect(events.some((e) => e.type === 'tool-call-start')).toBe(true);
  });

  it('reports arguments that are not JSON as tool_call_parse with the raw text', async () => {
    emulator.enqueue(
      PATH,
      openaiStream([
        openaiChunk({
          tool_calls: [{ index: 0, id: 'c', type: 'function', function: { name: 'f', arguments: '{"a":' } }],
        }),
        openaiChunk({}, { finishReason: 'tool_calls' }),
      ]),
    );
    const error = await failure(request());
    expect(error.code).toBe('tool_call_parse');
    expect(error.details).toMatchObject({ rawArgs: '{"a":', id: 'c', index: 0 });
  });
});

describe('openaiAdapter failures', () => {
  it('cut-off connection mid-stream → network', async () => {
    emulator.enqueue(PATH, openaiStream([openaiChunk({ content: 'par' })], { done: false, cutOff: true }));
    expect((await failure(request())).code).toBe('network');
  });

  it('an empty event stream, with or without [DONE] → no_response', async () => {
    emulator.enqueue(PATH, {
      headers: { 'content-type': 'text/event-stream' },
      chunks: [': keep-alive\n\n'],
    });
    expect((await failure(request())).code).toBe('no_response');
    emulator.enqueue(PATH, openaiStream([]));
    expect((await failure(request())).code).toBe('no_response');
  });

  it('clean end without [DONE] and without a finish reason → network', async () => {
    emulator.enqueue(PATH, openaiStream([openaiChunk({ content: 'par' })], { done: false }));
    const error = await failure(request());
    expect(error.code).toBe('network');
    expect(error.details.cutOff).toBe(true);
  });

  it.each([
    ['invalid key', openaiErrors.invalidKey(), 'auth_missing', 401],
    ['rate limited', openaiErrors.rateLimited(7), 'rate_limit', 429],
    ['server error', openaiErrors.server(), 'network', 500],
    ['tools refused', openaiErrors.toolsRejected(), 'unknown', 400],
  ])('%s → %s', async (_label, scripted, code, status) => {
    emulator.enqueue(PATH, scripted);
    const error = await failure(request());
    expect(error.code).toBe(code);
    expect(error.details.status).toBe(status);
    if (status === 429) expect(error.details.retryAfterMs).toBe(7000);
    if (status === 400) expect((error.details.body as any).error.param).toBe('tools');
  });

  it.each([
    ['OpenRouter numeric 502', openaiMidStreamError(502, 'Provider returned error'), 'network', 502],
    ['OpenRouter numeric 429', openaiMidStreamError(429, 'Slow down'), 'rate_limit', 429],
    [
      'OpenAI type server_error',
      { error: { message: 'boom', type: 'server_error', code: null } },
      'network',
      undefined,
    ],
    [
      'vLLM object error 400',
      { object: 'error', message: 'bad', type: 'BadRequestError', code: 400 },
      'unknown',
      400,
    ],
  ])('mid-stream error payload (%s) → %s', async (_label, payload, code, status) => {
    emulator.enqueue(PATH, openaiStream([openaiChunk({ content: 'a' }), payload], { done: false }));
    const events: StreamEvent[] = [];
    let caught: unknown;
    try {
      for await (const event of openaiAdapter.send(request())) events.push(event);
    } catch (error) {
      caught = error;
    }
    expect(events).toEqual([{ type: 'text-delta', text: 'a' }]);
    expect(isGenerateTaskError(caught) && caught.code).toBe(code);
    expect(isGenerateTaskError(caught) && caught.details.status).toBe(status);
  });

  it('abort while streaming → aborted', async () => {
    const chunks = Array.from({ length: 50 }, (_, i) => openaiChunk({ content: `t${i} ` }));
    emulator.enqueue(PATH, { ...openaiStream(chunks), chunkDelayMs: 20 });
    const controller = new AbortController();
    const seen: StreamEvent[] = [];
    let caught: unknown;
    try {
      for await (const event of openaiAdapter.send(request({ signal: controller.signal }))) {
        seen.push(event);
        controller.abort();
      }
    } catch (error) {
      caught = error;
    }
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.length).toBeLessThan(50);
    expect(isGenerateTaskError(caught) && caught.code).toBe('aborted');
  });
});

describe('openaiAdapter non-streaming', () => {
  it('replays reasoning, text and calls, then finish with the raw body', async () => {
    const body = openaiCompletion(
      {
        content: 'Let me look.',
        reasoning_content: 'Need data.',
        tool_calls: [openaiToolCall('call_1', 'lookup', { q: 'a' }), openaiToolCall('call_2', 'now', '')],
      },
      { usage: openaiUsage(20, 10, 3) },
    );
    emulator.enqueue(PATH, { json: body });
    const events = await collect(request({ stream: false }));
    expect(summary(events)).toEqual({
      text: 'Let me look.',
      reasoning: 'Need data.',
      calls: [
        { id: 'call_1', index: 0, name: 'lookup', args: { q: 'a' } },
        { id: 'call_2', index: 1, name: 'now', args: {} },
      ],
      finish: { reason: 'tool_calls', rawReason: 'tool_calls' },
      usage: { inputTokens: 20, outputTokens: 10, totalTokens: 30, reasoningTokens: 3 },
    });
    checkCallEventOrder(events);
    const finish = events.at(-1);
    expect(finish?.type === 'finish' && finish.raw).toEqual(body);
    expect(emulator.requests[0].body).not.toHaveProperty('stream');
  });

  it('replays a JSON answer to a streaming request the same way', async () => {
    emulator.enqueue(PATH, { json: openaiCompletion({ content: 'whole' }) });
    expect(summary(await collect(request()))).toMatchObject({ text: 'whole', finish: { reason: 'stop' } });
  });

  it('an answer without choices → no_response; an error body with HTTP 200 → mapped error', async () => {
    emulator.enqueue(PATH, { json: { id: 'x', choices: [] } });
    expect((await failure(request({ stream: false }))).code).toBe('no_response');
    emulator.enqueue(PATH, { json: { error: { message: 'quota', code: 429 } } });
    expect((await failure(request({ stream: false }))).code).toBe('rate_limit');
  });
});

describe('openaiAdapter request wire format', () => {
  it('sends messages, tools, tool choice, structured output, params, stream options and headers', async () => {
    emulator.enqueue(
      PATH,
      openaiStream([
        openaiChunk({ content: 'x' }, { finishReason: 'stop' }),
        openaiUsageChunk(openaiUsage(1, 1)),
      ]),
    );
    await collect({
      connection: connection({ headers: { 'x-title': 'Toolsmith' } }),
      messages: [
        { role: 'system', content: 'sys' },
        { role: 'user', content: 'hello', name: 'ann' },
        {
          role: 'assistant',
          content: '',
          toolCalls: [{ id: 'call_9', name: 'lookup', args: { q: 'é' } }],
          reasoning: [{ text: 'hidden' }],
        },
        { role: 'tool', toolCallId: 'call_9', name: 'lookup', content: '{"ok":true}' },
        { role: 'assistant', content: 'done', reasoning: [{ text: 'not sent without tool calls' }] },
      ],
      tools: [{ name: 'lookup', description: 'Look up', parameters: { type: 'object', properties: {} } }],
      toolChoice: { name: 'lookup' },
      parallelToolCalls: false,
      params: {
        temperature: 0.5,
        topP: 0.9,
        maxTokens: 100,
        stop: ['END'],
        frequencyPenalty: 0.1,
        presencePenalty: 0.2,
        seed: 7,
        topK: 40,
      },
      stream: true,
    });
    const sent = emulator.requests[0];
    expect(sent.path).toBe('/v1/chat/completions');
    expect(sent.headers.authorization).toBe('Bearer sk-test');
    expect(sent.headers['x-title']).toBe('Toolsmith');
    expect(sent.body).toEqual({
      model: 'gpt-test',
      messages: [
        { role: 'system', content: 'sys' },
        { role: 'user', content: 'hello', name: 'ann' },
        {
          role: 'assistant',
          content: null,
          reasoning_content: 'hidden',
          tool_calls: [
            { id: 'call_9', type: 'function', function: { name: 'lookup', arguments: '{"q":"é"}' } },
          ],
        },
        { role: 'tool', tool_call_id: 'call_9', content: '{"ok":true}' },
        { role: 'assistant', content: 'done' },
      ],
      tools: [
        {
          type: 'function',
          function: {
            name: 'lookup',
            description: 'Look up',
            parameters: { type: 'object', properties: {} },
          },
        },
      ],
      tool_choice: { type: 'function', function: { name: 'lookup' } },
      parallel_tool_calls: false,
      temperature: 0.5,
      top_p: 0.9,
      max_tokens: 100,
      stop: ['END'],
      frequency_penalty: 0.1,
      presence_penalty: 0.2,
      seed: 7,
      // a local server (generic profile) reads top_k
      top_k: 40,
      stream: true,
      stream_options: { include_usage: true },
    });
  });

  it.each([
    ['auto', 'auto'],
    ['none', 'none'],
    ['required', 'required'],
  ] as const)('tool_choice %s', async (choice, wire) => {
    emulator.enqueue(PATH, { json: openaiCompletion({ content: 'x' }) });
    await collect(
      request({
        stream: false,
        toolChoice: choice,
        tools: [{ name: 'f', description: 'f', parameters: { type: 'object' } }],
      }),
    );
    expect((emulator.requests[0].body as any).tool_choice).toBe(wire);
  });

  it('sends no tool fields without tools, and response_format strict only for strict-compatible schemas', async () => {
    const strictSchema = {
      type: 'object',
      properties: {
        a: { type: 'string' },
        b: { type: 'object', properties: {}, additionalProperties: false, required: [] },
      },
      required: ['a', 'b'],
      additionalProperties: false,
    };
    const looseSchema = { type: 'object', properties: { a: { type: 'string' } } };
    emulator.enqueue(
      PATH,
      { json: openaiCompletion({ content: '{}' }) },
      { json: openaiCompletion({ content: '{}' }) },
    );
    await collect(
      request({
        stream: false,
        toolChoice: 'auto',
        jsonSchema: { name: 'my schema!', schema: strictSchema },
      }),
    );
    await collect(request({ stream: false, jsonSchema: { name: 'loose', schema: looseSchema } }));
    const [first, second] = emulator.requests.map((r) => r.body as any);
    expect(first.tools).toBeUndefined();
    expect(first.tool_choice).toBeUndefined();
    expect(first.response_format).toEqual({
      type: 'json_schema',
      json_schema: { name: 'my_schema_', schema: strictSchema, strict: true },
    });
    expect(second.response_format.json_schema.strict).toBe(false);
    expect(emulator.requests[0].headers.authorization).toBe('Bearer sk-test');
  });

  it('sends no authorization header without a key', async () => {
    emulator.enqueue(PATH, { json: openaiCompletion({ content: 'x' }) });
    await collect(request({ stream: false, connection: connection({ apiKey: undefined }) }));
    expect(emulator.requests[0].headers.authorization).toBeUndefined();
  });
});
