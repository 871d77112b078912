import {
  anthropicErrors,
  anthropicEvent,
  anthropicEventsFor,
  anthropicMessage,
  anthropicScenarios,
  anthropicSseText,
  anthropicStream,
  createEmulator,
  type Emulator,
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
import { anthropicAdapter } from './adapter.js';

let emulator: Emulator;
beforeAll(async () => {
  emulator = await createEmulator();
});
afterAll(() => emulator.close());
beforeEach(() => emulator.reset());

const PATH = '/v1/messages';

function connection(): Connection {
  return {
    name: 'claude',
    api: 'anthropic',
    baseUrl: `${emulator.url}/v1/`,
    model: 'claude-test',
    apiKey: 'sk-ant-test',
    functionCalling: { enabled: true, mode: 'native' },
  };
}

function request(extra: Partial<ProviderRequest> = {}): ProviderRequest {
  return { connection: connection(), messages: [{ role: 'user', content: 'Hi' }], stream: true, ...extra };
}

const collect = (req: ProviderRequest) => collectEvents(anthropicAdapter, req);

const failure = (req: ProviderRequest) => adapterFailure(anthropicAdapter, req);

describe('anthropicAdapter streaming', () => {
  it('streams text past ping events, sends the headers and the body', async () => {
    emulator.enqueue(PATH, anthropicStream(anthropicScenarios.text('Hello there, friend.')));
    const events = await collect(request({ params: { temperature: 0.3, stop: ['END'] } }));
    expect(textOf(events)).toBe('Hello there, friend.');
    expect(finishOf(events)).toMatchObject({ type: 'finish', reason: 'stop', rawReason: 'end_turn' });
    expect(finishOf(events).usage).toEqual({ inputTokens: 25, outputTokens: 15, totalTokens: 40 });

    const recorded = emulator.requests[0];
    expect(recorded.path).toBe(PATH);
    expect(recorded.headers['x-api-key']).toBe('sk-ant-test');
    expect(recorded.headers['anthropic-version']).toBe('2023-06-01');
    expect(recorded.body).toEqual({
      model: 'claude-test',
      max_tokens: 4096,
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }],
      temperature: 0.3,
      stop_sequences: ['END'],
      stream: true,
    });
  });

  it('reassembles a tool call with an empty partial_json and pings, finalized at content_block_stop', async () => {
    emulator.enqueue(PATH, anthropicStream(anthropicScenarios.toolUse()));
    const events = await collect(request());
    expect(textOf(events)).toBe('Let me check the weather.');
    const types = events.map((e) => e.type);
    // the call event comes only after all its deltas
    expect(types.lastIndexOf('tool-call-delta')).toBeLessThan(types.indexOf('tool-call'));
    expect(events.find((e) => e.type === 'tool-call-start')).toEqual({
      type: 'tool-call-start',
      id: 'toolu_01T1x1fJ34qAmk2tNTrN7Up6',
      index: 0,
      name: 'get_weather',
    });
    expect(events.filter((e) => e.type === 'tool-call-delta').every((e) => e.argsDelta !== '')).toBe(true);
    expect(toolCallsOf(events)).toEqual([
      {
        type: 'tool-call',
        id: 'toolu_01T1x1fJ34qAmk2tNTrN7Up6',
        index: 0,
        name: 'get_weather',
        args: { location: 'San Francisco, CA', unit: 'fahrenheit' },
        rawArgs: '{"location": "San Francisco, CA", "unit": "fahrenheit"}',
      },
    ]);
    expect(finishOf(events)).toMatchObject({ reason: 'tool_calls', rawReason: 'tool_use' });
    expect(finishOf(events).usage?.inputTokens).toBe(472);
  });

  it('gives the same events whatever the chunk boundaries, including cuts inside multi-byte characters', async () => {
    const events = anthropicScenarios.parallelTools();
    emulator.enqueue(PATH, anthropicStream(events));
    const reference = await collect(request());
    const length = anthropicSseText(events).length;
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let round = 0; round < 6; round++) {
      const offsets = Array.from({ length: 25 }, () => Math.floor(random() * length));
      emulator.enqueue(PATH, anthropicStream(events, { splitAt: offsets }));
      expect(await collect(request())).toEqual(reference);
    }
    for (const size of [1, 3]) {
      emulator.enqueue(PATH, {
        ...anthropicStream(events),
        chunks: splitBytes(anthropicSseText(events), size),
      });
      expect(await collect(request())).toEqual(reference);
    }
    expect(toolCallsOf(reference).map((c) => [c.id, c.index, c.args])).toEqual([
      ['toolu_a', 0, { location: 'Paris' }],
      ['toolu_b', 1, { location: 'Tōkyō 東京' }],
    ]);
  });

  it('uses the input already present in content_block_start', async () => {
    emulator.enqueue(PATH, anthropicStream(anthropicScenarios.inputInStart()));
    const events = await collect(request());
    expect(toolCallsOf(events)).toEqual([
      {
        type: 'tool-call',
        id: 'toolu_start_input',
        index: 0,
        name: 'search',
        args: { query: 'tides', limit: 3 },
        rawArgs: '{"query":"tides","limit":3}',
      },
    ]);
    expect(events.filter((e) => e.type === 'tool-call-delta')).toHaveLength(1);
  });

  it('keeps text sent in content_block_start', async () => {
    emulator.enqueue(PATH, anthropicStream(anthropicScenarios.textInStart()));
    expect(textOf(await collect(request()))).toBe('Whole and more');
  });

  it('a tool with no arguments gives {}', async () => {
    emulator.enqueue(PATH, anthropicStream(anthropicScenarios.noArguments()));
    const events = await collect(request());
    expect(toolCallsOf(events)).toMatchObject([{ name: 'get_time', args: {}, rawArgs: '' }]);
    expect(events.some((e) => e.type === 'tool-call-delta')).toBe(false);
  });

  it('keeps thinking with its signature and redacted thinking as reasoning parts', async () => {
    emulator.enqueue(PATH, anthropicStream(anthropicScenarios.thinking()));
    const events = await collect(request());
    expect(events.filter((e) => e.type === 'reasoning-delta').map((e) => e.text)).toEqual([
      'Let me work this out. ',
      '27 * 453 = 12231.',
    ]);
    expect(events.filter((e) => e.type === 'reasoning-part')).toEqual([
      {
        type: 'reasoning-part',
        part: {
          text: 'Let me work this out. 27 * 453 = 12231.',
          signature: 'EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrkzLoky3dl1pkiMOYds',
        },
      },
    ]);
    expect(textOf(events)).toBe('27 * 453 = 12,231');

    emulator.enqueue(PATH, anthropicStream(anthropicScenarios.redactedThinking()));
    const second = await collect(request());
    expect(second.filter((e) => e.type === 'reasoning-part').map((e) => e.part)).toEqual([
      { text: '', redactedData: 'EmwKAhgBEgy3va3pzix/LafPsn4aDFIT2Xlxh0L5L8rLVyIwxtE3rAFBa8cr3qpP' },
      { text: 'I should call the tool.', signature: 'sig-part-1-part-2' },
    ]);
    expect(toolCallsOf(second)).toMatchObject([{ name: 'lookup', args: { id: 42 }, index: 0 }]);
  });

  it.each([
    ['overloaded_error', 'network'],
    ['api_error', 'network'],
    ['rate_limit_error', 'rate_limit'],
    ['authentication_error', 'auth_missing'],
    ['permission_error', 'auth_missing'],
    ['invalid_request_error', 'unknown'],
    ['some_future_error', 'unknown'],
  ])('an %s event in the stream → %s (by type, not message)', async (type, code) => {
    emulator.enqueue(
      PATH,
      anthropicStream(anthropicScenarios.errorMidStream(type, 'rate limit auth overloaded')),
    );
    const { error, seen } = await failure(request());
    expect(error.code).toBe(code);
    expect(error.details.errorType).toBe(type);
    expect(textOf(seen)).toBe('Partial');
  });

  it('a stream cut off mid-way, or ending without message_stop, is a network failure', async () => {
    const events = anthropicScenarios.toolUse();
    emulator.enqueue(PATH, anthropicStream(events.slice(0, 9), { cutOff: true }));
    const cut = await failure(request());
    expect(cut.error.code).toBe('network');
    expect(toolCallsOf(cut.seen)).toEqual([]);

    emulator.enqueue(PATH, anthropicStream(events.slice(0, -1)));
    const ended = await failure(request());
    expect(ended.error.code).toBe('network');
    expect(toolCallsOf(ended.seen)).toHaveLength(1);
  });

  it('arguments that are not JSON → tool_call_parse with the raw text', async () => {
    const e = anthropicEvent;
    emulator.enqueue(
      PATH,
      anthropicStream([
        e.messageStart(),
        e.toolUseStart(0, 'toolu_bad', 'f'),
        e.inputJsonDelta(0, '{"a": '),
        e.blockStop(0),
        e.messageDelta('tool_use'),
        e.messageStop(),
      ]),
    );
    const { error } = await failure(request());
    expect(error.code).toBe('tool_call_parse');
    expect(error.details.rawArgs).toBe('{"a": ');
  });

  it('max_tokens → length', async () => {
    emulator.enqueue(PATH, anthropicStream(anthropicScenarios.maxTokens()));
    expect(finishOf(await collect(request()))).toMatchObject({ reason: 'length', rawReason: 'max_tokens' });
  });
});

describe('anthropicAdapter structured output', () => {
  const jsonSchema = {
    name: 'mood',
    schema: { type: 'object', properties: { mood: { type: 'string' }, score: { type: 'number' } } },
  };

  it('forces the json_output tool and yields its input as the text', async () => {
    emulator.enqueue(PATH, anthropicStream(anthropicScenarios.jsonOutput()));
    const events = await collect(request({ jsonSchema }));
    expect(JSON.parse(textOf(events))).toEqual({ mood: 'happy', score: 0.9 });
    expect(toolCallsOf(events)).toEqual([]);
    expect(events.some((e) => e.type === 'tool-call-start')).toBe(false);
    expect(finishOf(events)).toMatchObject({ reason: 'stop', rawReason: 'tool_use' });
    const body = emulator.requests[0].body as Record<string, any>;
    expect(body.tools).toEqual([
      { name: 'json_output', description: expect.stringContaining('mood'), input_schema: jsonSchema.schema },
    ]);
    expect(body.tool_choice).toEqual({ type: 'tool', name: 'json_output' });
  });

  it('non-streaming: the forced tool input becomes the text', async () => {
    emulator.enqueue(PATH, {
      json: anthropicMessage([
        { type: 'tool_use', id: 'toolu_j', name: 'json_output', input: { mood: 'calm' } },
      ]),
    });
    const events = await collect(request({ jsonSchema, stream: false }));
    expect(JSON.parse(textOf(events))).toEqual({ mood: 'calm' });
    expect(finishOf(events).reason).toBe('stop');
  });
});

describe('anthropicAdapter non-streaming', () => {
  it('replays the content blocks as events, with the raw body on finish', async () => {
    const body = anthropicMessage(
      [
        { type: 'thinking', thinking: 'Hmm.', signature: 'sig-1' },
        { type: 'redacted_thinking', data: 'opaque' },
        { type: 'text', text: 'Calling two tools.' },
        { type: 'tool_use', id: 'toolu_1', name: 'a', input: { x: 1 } },
        { type: 'tool_use', id: 'toolu_2', name: 'b', input: {} },
      ],
      { usage: { input_tokens: 10, output_tokens: 20, cache_read_input_tokens: 5 } },
    );
    emulator.enqueue(PATH, { json: body });
    const events = await collect(request({ stream: false }));
    expect(emulator.requests[0].body).not.toHaveProperty('stream');
    expect(events.filter((e) => e.type === 'reasoning-part').map((e) => e.part)).toEqual([
      { text: 'Hmm.', signature: 'sig-1' },
      { text: '', redactedData: 'opaque' },
    ]);
    expect(textOf(events)).toBe('Calling two tools.');
    expect(toolCallsOf(events)).toMatchObject([
      { id: 'toolu_1', index: 0, name: 'a', args: { x: 1 } },
      { id: 'toolu_2', index: 1, name: 'b', args: {} },
    ]);
    expect(finishOf(events)).toMatchObject({
      reason: 'tool_calls',
      rawReason: 'tool_use',
      usage: { inputTokens: 15, outputTokens: 20, totalTokens: 35 },
      raw: body,
    });
  });

  it('the streamed and the whole form of one answer give the same events', async () => {
    const content = [
      { type: 'text' as const, text: 'Sure — here.' },
      { type: 'tool_use' as const, id: 'toolu_x', name: 'f', input: { q: 'ü', n: [1, 2] } },
    ];
    emulator.enqueue(PATH, anthropicStream(anthropicEventsFor(content)), { json: anthropicMessage(content) });
    const streamed = await collect(request());
    const whole = await collect(request({ stream: false }));
    const strip = (events: StreamEvent[]) =>
      events
        .filter((e) => e.type !== 'tool-call-delta' && e.type !== 'text-delta')
        .map((e) => (e.type === 'finish' ? { ...e, raw: undefined } : e))
        .map((e) => (e.type === 'tool-call' ? { ...e, rawArgs: JSON.stringify(JSON.parse(e.rawArgs)) } : e));
    expect(strip(whole)).toEqual(strip(streamed));
    expect(textOf(whole)).toBe(textOf(streamed));
  });
});

describe('anthropicAdapter HTTP errors', () => {
  it.each([
    ['invalidKey', 'auth_missing', 401],
    ['permission', 'auth_missing', 403],
    ['rateLimited', 'rate_limit', 429],
    ['overloaded', 'network', 529],
    ['api', 'network', 500],
    ['invalidRequest', 'unknown', 400],
  ] as const)('%s → %s', async (name, code, status) => {
    emulator.enqueue(PATH, anthropicErrors[name]());
    const { error } = await failure(request());
    expect(error.code).toBe(code);
    expect(error.details.status).toBe(status);
    if (code === 'rate_limit') expect(error.details.retryAfterMs).toBe(12_000);
  });

  it('an abort while waiting → aborted', async () => {
    emulator.enqueue(PATH, { hang: true });
    const controller = new AbortController();
    const pending = failure(request({ signal: controller.signal }));
    controller.abort();
    expect((await pending).error.code).toBe('aborted');
  });

  it('an empty stream → no_response', async () => {
    emulator.enqueue(PATH, anthropicStream([]));
    expect((await failure(request())).error.code).toBe('no_response');
  });
});
