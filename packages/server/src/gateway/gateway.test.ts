// The OpenAI-compatible gateway driven by the official `openai` client, against the provider emulator.
import {
  createEmulator,
  type Emulator,
  koboldGenerateResponse,
  koboldStream,
  openaiChunk,
  openaiCompletion,
  openaiErrors,
  openaiStream,
  openaiToolCall,
  openaiUsage,
  openaiUsageChunk,
  type RecordedRequest,
} from '@toolsmith/emulator';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ConnectionInput } from '../storage/types.js';
import { startTestServer, type TestServer } from '../test-support/test-server.js';
import { pieces, triggerIn, xmlCalls } from './__fixtures__/text-protocol.js';

const weatherTool = {
  type: 'function' as const,
  function: {
    name: 'get_weather',
    description: 'Current weather for a city.',
    parameters: {
      type: 'object',
      properties: { city: { type: 'string' } },
      required: ['city'],
      additionalProperties: false,
    },
  },
};

const connection = (name: string, extra: Partial<ConnectionInput>): ConnectionInput => ({
  name,
  api: 'openai',
  baseUrl: '',
  model: 'gpt-emu',
  functionCalling: { enabled: true, mode: 'auto' },
  instructTemplate: '',
  textBackend: '',
  ...extra,
});

/** A non-streaming answer as the emulator scripts it. */
const answer = (...args: Parameters<typeof openaiCompletion>) => ({ json: openaiCompletion(...args) });

type Body = { model: string; stream?: boolean; messages: any[]; tools?: any[]; prompt?: string };
const bodyOf = (r: RecordedRequest) => r.body as Body;

let emulator: Emulator;
let server: TestServer;
let client: OpenAI;

beforeAll(async () => {
  emulator = await createEmulator();
  server = await startTestServer();
  const connections = server.app.toolsmith.storage.connections;
  await connections.create(connection('emu', { baseUrl: `${emulator.url}/v1`, apiKey: 'sk-upstream' }));
  await connections.create(
    connection('xml', {
      baseUrl: `${emulator.url}/v1`,
      functionCalling: { enabled: true, mode: 'prompt_xml' },
    }),
  );
  await connections.create(
    connection('kobold', {
      api: 'text-completion',
      baseUrl: emulator.url,
      model: 'local',
      textBackend: 'koboldcpp',
      instructTemplate: 'chatml',
    }),
  );
  await server.app.toolsmith.storage.tools.create({
    name: 'store_hours',
    displayName: '',
    description: 'Opening hours of the store.',
    parameters: { type: 'object', properties: { day: { type: 'string' } } },
    mode: 'read',
    kind: 'static',
    body: '',
    simulateBody: '',
    staticResult: 'Open 9-5',
    webhookUrl: '',
    includeHiddenContext: false,
    enabled: true,
  });
  // scripts are disabled on this server: an enabled script tool must not be offered
  await server.app.toolsmith.storage.tools.create({
    name: 'script_tool',
    displayName: '',
    description: 'A script.',
    parameters: { type: 'object', properties: {} },
    mode: 'read',
    kind: 'script',
    body: 'return 1;',
    simulateBody: '',
    staticResult: '',
    webhookUrl: '',
    includeHiddenContext: false,
    enabled: true,
  });
  // retries off: every status the gateway answers is asserted as it arrives
  client = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: 'not-needed-on-loopback', maxRetries: 0 });
});
afterAll(async () => {
  await server.close();
  await emulator.close();
});
beforeEach(() => emulator.reset());

const ask = [{ role: 'user' as const, content: 'What is the weather in Paris?' }];

describe('models', () => {
  it('lists every connection as a model and retrieves CONNECTION/MODEL ids', async () => {
    const page = await client.models.list();
    expect(page.data.map((m) => m.id).sort()).toEqual(['emu', 'kobold', 'xml']);
    expect(page.data.find((m) => m.id === 'emu')).toMatchObject({ object: 'model', owned_by: 'toolsmith' });
    expect((await client.models.retrieve('emu/gpt-4o-mini')).id).toBe('emu/gpt-4o-mini');
    await expect(client.models.retrieve('nope')).rejects.toMatchObject({
      status: 404,
      code: 'model_not_found',
    });
  });
});

describe('chat completions (plain)', () => {
  it('answers without streaming through the named connection, with its key and model', async () => {
    emulator.enqueue('/v1/chat/completions', answer({ content: 'Sunny.' }, { usage: openaiUsage(12, 3) }));
    const completion = await client.chat.completions.create({
      model: 'emu',
      messages: [{ role: 'system', content: 'Be brief. {{user}}' }, ...ask],
      temperature: 0.2,
      max_tokens: 50,
    });
    expect(completion.object).toBe('chat.completion');
    expect(completion.model).toBe('emu');
    expect(completion.choices[0].message).toMatchObject({ role: 'assistant', content: 'Sunny.' });
    expect(completion.choices[0].finish_reason).toBe('stop');
    expect(completion.usage).toEqual({ prompt_tokens: 12, completion_tokens: 3, total_tokens: 15 });
    const upstream = emulator.requests[0];
    expect(upstream.headers.authorization).toBe('Bearer sk-upstream');
    expect(bodyOf(upstream)).toMatchObject({
      model: 'gpt-emu',
      temperature: 0.2,
      max_tokens: 50,
      // client text is passed as written: no macro substitution
      messages: [
        { role: 'system', content: 'Be brief. {{user}}' },
        { role: 'user', content: 'What is the weather in Paris?' },
      ],
    });
    expect(bodyOf(upstream).stream).toBeUndefined();
  });

  it('CONNECTION/MODEL overrides the model sent upstream', async () => {
    emulator.enqueue('/v1/chat/completions', answer({ content: 'ok' }));
    const completion = await client.chat.completions.create({ model: 'emu/other-model', messages: ask });
    expect(completion.model).toBe('emu/other-model');
    expect(bodyOf(emulator.requests[0]).model).toBe('other-model');
  });

  it('streams text deltas, a finish chunk and the usage chunk', async () => {
    emulator.enqueue(
      '/v1/chat/completions',
      openaiStream([
        openaiChunk({ role: 'assistant', content: '' }),
        openaiChunk({ content: 'Sun' }),
        openaiChunk({ content: 'ny ' }),
        openaiChunk({ content: 'today.' }),
        openaiChunk({}, { finishReason: 'stop' }),
        openaiUsageChunk(openaiUsage(9, 4)),
      ]),
    );
    const stream = await client.chat.completions.create({
      model: 'emu',
      messages: ask,
      stream: true,
      stream_options: { include_usage: true },
    });
    const chunks = [];
    for await (const chunk of stream) chunks.push(chunk);
    const text = chunks.map((c) => c.choices[0]?.delta.content ?? '').join('');
    expect(text).toBe('Sunny today.');
    expect(chunks[0].choices[0].delta.role).toBe('assistant');
    expect(chunks.at(-2)?.choices[0].finish_reason).toBe('stop');
    expect(chunks.at(-1)).toMatchObject({
      choices: [],
      usage: { prompt_tokens: 9, completion_tokens: 4, total_tokens: 13 },
    });
    expect(new Set(chunks.map((c) => c.id)).size).toBe(1);
    expect(bodyOf(emulator.requests[0]).stream).toBe(true);
  });
});

describe('structured output', () => {
  const moodFormat = {
    type: 'json_schema' as const,
    json_schema: {
      name: 'mood',
      schema: {
        type: 'object',
        properties: { mood: { type: 'string' } },
        required: ['mood'],
        additionalProperties: false,
      },
    },
  };

  it('passes response_format json_schema upstream; an answer that breaks the schema is a 502', async () => {
    emulator.enqueue(
      '/v1/chat/completions',
      answer({ content: '{"mood":"calm"}' }),
      answer({ content: '{"feeling":1}' }),
    );
    const ok = await client.chat.completions.create({
      model: 'emu',
      messages: ask,
      response_format: moodFormat,
    });
    expect(JSON.parse(ok.choices[0].message.content!)).toEqual({ mood: 'calm' });
    expect((bodyOf(emulator.requests[0]) as any).response_format).toMatchObject({
      type: 'json_schema',
      json_schema: { name: 'mood', schema: moodFormat.json_schema.schema },
    });
    await expect(
      client.chat.completions.create({ model: 'emu', messages: ask, response_format: moodFormat }),
    ).rejects.toMatchObject({ status: 502, code: 'json_schema_violation' });
  });
});

describe('client tools', () => {
  it('passes tools through and returns tool_calls; the next turn carries the results back', async () => {
    emulator.enqueue(
      '/v1/chat/completions',
      answer({ tool_calls: [openaiToolCall('call_1', 'get_weather', { city: 'Paris' })] }),
      answer({ content: 'It is sunny in Paris.' }),
    );
    const first = await client.chat.completions.create({
      model: 'emu',
      messages: ask,
      tools: [weatherTool],
      tool_choice: 'auto',
    });
    const choice = first.choices[0];
    expect(choice.finish_reason).toBe('tool_calls');
    expect(choice.message.content).toBeNull();
    expect(choice.message.tool_calls).toEqual([
      { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
    ]);
    expect(bodyOf(emulator.requests[0]).tools).toEqual([weatherTool]);

    const second = await client.chat.completions.create({
      model: 'emu',
      tools: [weatherTool],
      messages: [
        ...ask,
        choice.message,
        { role: 'tool', tool_call_id: 'call_1', content: '{"sky":"clear"}' },
      ],
    });
    expect(second.choices[0].message.content).toBe('It is sunny in Paris.');
    expect(bodyOf(emulator.requests[1]).messages.slice(1)).toEqual([
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'call_1',
            type: 'function',
            function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
          },
        ],
      },
      { role: 'tool', tool_call_id: 'call_1', content: '{"sky":"clear"}' },
    ]);
  });

  it('streams parallel tool calls that the client helper reassembles', async () => {
    // two calls streamed the awkward way: indexes 1 and 2, continuation deltas without ids
    emulator.enqueue(
      '/v1/chat/completions',
      openaiStream([
        openaiChunk({ role: 'assistant', content: null }),
        openaiChunk({
          tool_calls: [
            { index: 1, id: 'call_a', type: 'function', function: { name: 'get_weather', arguments: '' } },
          ],
        }),
        openaiChunk({ tool_calls: [{ index: 1, function: { arguments: '{"ci' } }] }),
        openaiChunk({ tool_calls: [{ index: 1, function: { arguments: 'ty":"Paris"}' } }] }),
        openaiChunk({
          tool_calls: [
            { index: 2, id: 'call_b', function: { name: 'get_weather', arguments: '{"city":"Rome"}' } },
          ],
        }),
        openaiChunk({}, { finishReason: 'tool_calls' }),
      ]),
    );
    const runner = client.chat.completions.stream({ model: 'emu', messages: ask, tools: [weatherTool] });
    const final = await runner.finalChatCompletion();
    expect(final.choices[0].finish_reason).toBe('tool_calls');
    expect(final.choices[0].message.tool_calls).toEqual([
      { id: 'call_a', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
      { id: 'call_b', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Rome"}' } },
    ]);
  });
});

describe('text-mode upstreams return native tool_calls', () => {
  it('a KoboldCpp (text-completion) connection: streaming and not', async () => {
    const answer = (r: RecordedRequest) =>
      xmlCalls(triggerIn(r), [{ name: 'get_weather', args: { city: 'Paris' } }], 'Let me check. ');
    emulator.on('/api/v1/generate', (r) => koboldGenerateResponse(answer(r)));
    emulator.on('/api/extra/generate/stream', (r) => koboldStream(pieces(answer(r))));

    const plain = await client.chat.completions.create({
      model: 'kobold',
      messages: ask,
      tools: [weatherTool],
    });
    expect(plain.choices[0].finish_reason).toBe('tool_calls');
    expect(plain.choices[0].message.content).toBe('Let me check. ');
    expect(plain.choices[0].message.tool_calls).toEqual([
      {
        id: expect.any(String),
        type: 'function',
        function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
      },
    ]);
    // the tools went upstream as the text protocol inside the prompt
    expect(bodyOf(emulator.requests[0]).prompt).toContain('get_weather');

    const final = await client.chat.completions
      .stream({ model: 'kobold', messages: ask, tools: [weatherTool] })
      .finalChatCompletion();
    expect(final.choices[0].finish_reason).toBe('tool_calls');
    expect(final.choices[0].message.content).toBe('Let me check. ');
    expect(final.choices[0].message.tool_calls?.[0].function).toEqual({
      name: 'get_weather',
      arguments: '{"city":"Paris"}',
    });
    expect(final.choices[0].message.content).not.toContain('function_calls');
  });

  it('a prompt_xml chat connection: no native tools upstream, tool results rendered back as text', async () => {
    emulator.on('/v1/chat/completions', (r) =>
      bodyOf(r).messages.some((m) => m.role === 'user' && String(m.content).includes('<tool_result'))
        ? answer({ content: 'Clear skies in Paris.' })
        : answer({
            content: xmlCalls(triggerIn(r), [{ name: 'get_weather', args: { city: 'Paris' } }]),
          }),
    );
    const first = await client.chat.completions.create({ model: 'xml', messages: ask, tools: [weatherTool] });
    const call = first.choices[0].message.tool_calls?.[0];
    expect(call).toMatchObject({
      type: 'function',
      function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
    });
    expect(bodyOf(emulator.requests[0]).tools).toBeUndefined();

    const second = await client.chat.completions.create({
      model: 'xml',
      tools: [weatherTool],
      messages: [
        ...ask,
        first.choices[0].message,
        { role: 'tool', tool_call_id: call!.id, content: 'clear' },
      ],
    });
    expect(second.choices[0].message.content).toBe('Clear skies in Paris.');
    const sent = bodyOf(emulator.requests[1]).messages;
    expect(sent.some((m) => String(m.content).includes('<tool_result name="get_weather">'))).toBe(true);
  });
});

describe('server tools', () => {
  it('execute: runs the server tool loop and returns the final answer with a trace', async () => {
    emulator.on('/v1/chat/completions', (r) => {
      const hasResult = bodyOf(r).messages.some((m) => m.role === 'tool');
      if (hasResult) return answer({ content: 'We are open 9 to 5.' });
      return answer({ tool_calls: [openaiToolCall('call_h', 'store_hours', { day: 'mon' })] });
    });
    const completion = await client.chat.completions.create({
      model: 'emu',
      messages: [{ role: 'user', content: 'When are you open?' }],
      // @ts-expect-error: the gateway's own extension field
      toolsmith: { serverTools: true, execute: true },
    });
    expect(completion.choices[0].message.content).toBe('We are open 9 to 5.');
    expect(completion.choices[0].message.tool_calls).toBeUndefined();
    expect(completion.choices[0].finish_reason).toBe('stop');
    expect((completion as any).toolsmith).toMatchObject({
      stoppedBecause: 'completed',
      trace: [{ name: 'store_hours', args: { day: 'mon' }, ok: true, result: 'Open 9-5' }],
    });
    const offered = bodyOf(emulator.requests[0]).tools!.map((t: any) => t.function.name);
    expect(offered).toEqual(expect.arrayContaining(['store_hours', 'roll_dice', 'get_current_time']));
    expect(offered).not.toContain('script_tool');
    expect(bodyOf(emulator.requests[1]).messages.at(-1)).toMatchObject({
      role: 'tool',
      tool_call_id: 'call_h',
      content: expect.stringContaining('Open 9-5'),
    });
  });

  it('execute while streaming: the text of the rounds streams, the final chunk carries the trace', async () => {
    emulator.on('/v1/chat/completions', (r) => {
      const hasResult = bodyOf(r).messages.some((m) => m.role === 'tool');
      if (hasResult) {
        return openaiStream([
          openaiChunk({ content: 'Open ' }),
          openaiChunk({ content: '9 to 5.' }),
          openaiChunk({}, { finishReason: 'stop' }),
        ]);
      }
      return openaiStream([
        openaiChunk({
          tool_calls: [
            { index: 0, id: 'call_s', type: 'function', function: { name: 'store_hours', arguments: '{}' } },
          ],
        }),
        openaiChunk({}, { finishReason: 'tool_calls' }),
      ]);
    });
    const stream = await client.chat.completions.create({
      model: 'emu',
      messages: [{ role: 'user', content: 'When are you open?' }],
      stream: true,
      // @ts-expect-error: the gateway's own extension field
      toolsmith: { execute: true },
    });
    const chunks = [];
    for await (const chunk of stream) chunks.push(chunk);
    expect(chunks.map((c) => c.choices[0]?.delta.content ?? '').join('')).toBe('Open 9 to 5.');
    expect(chunks.some((c) => c.choices[0]?.delta.tool_calls)).toBe(false);
    const last = chunks.at(-1) as any;
    expect(last.choices[0].finish_reason).toBe('stop');
    expect(last.toolsmith.trace).toMatchObject([{ name: 'store_hours', ok: true, result: 'Open 9-5' }]);
  });

  it('serverTools without execute: the server tools are offered and their calls come back to the client', async () => {
    emulator.enqueue(
      '/v1/chat/completions',
      answer({ tool_calls: [openaiToolCall('call_x', 'store_hours', {})] }),
    );
    const completion = await client.chat.completions.create({
      model: 'emu',
      messages: ask,
      tools: [weatherTool],
      // @ts-expect-error: the gateway's own extension field
      toolsmith: { serverTools: true },
    });
    expect(completion.choices[0].message.tool_calls?.[0].function.name).toBe('store_hours');
    const offered = bodyOf(emulator.requests[0]).tools!.map((t: any) => t.function.name);
    expect(offered).toEqual(expect.arrayContaining(['get_weather', 'store_hours']));
  });
});

describe('client disconnects', () => {
  it('a client that goes away mid-stream cancels the upstream request; the server keeps serving', async () => {
    // an upstream that streams until its client leaves
    let closed!: () => void;
    const upstreamClosed = new Promise<void>((resolve) => {
      closed = resolve;
    });
    const slow = createServer((req, res) => {
      req.resume();
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const frame = (text: string) =>
        res.write(`data: ${JSON.stringify(openaiChunk({ content: text }))}\n\n`);
      frame('Once ');
      const timer = setInterval(() => frame('more '), 5);
      res.on('close', () => {
        clearInterval(timer);
        closed();
      });
    });
    slow.listen(0, '127.0.0.1');
    await once(slow, 'listening');
    const stored = await server.app.toolsmith.storage.connections.create(
      connection('slow', { baseUrl: `http://127.0.0.1:${(slow.address() as AddressInfo).port}/v1` }),
    );
    try {
      const controller = new AbortController();
      const stream = await client.chat.completions.create(
        { model: 'slow', messages: ask, stream: true },
        { signal: controller.signal },
      );
      let text = '';
      // the client's stream simply ends once it aborts
      for await (const chunk of stream) {
        text += chunk.choices[0]?.delta.content ?? '';
        if (text.includes('more')) controller.abort();
      }
      expect(text.startsWith('Once more')).toBe(true);
      await upstreamClosed;
      emulator.enqueue('/v1/chat/completions', answer({ content: 'still here' }));
      const after = await client.chat.completions.create({ model: 'emu', messages: ask });
      expect(after.choices[0].message.content).toBe('still here');
    } finally {
      await server.app.toolsmith.storage.connections.delete(stored.id);
      slow.closeAllConnections();
      slow.close();
    }
  });
});

describe('errors in OpenAI shape', () => {
  const failure = async (promise: Promise<unknown>) => {
    try {
      await promise;
    } catch (error) {
      if (error instanceof OpenAI.APIError) return error;
      throw error;
    }
    throw new Error('expected an APIError');
  };

  it('unknown model → 404, invalid requests → 400 naming the parameter', async () => {
    const unknown = await failure(client.chat.completions.create({ model: 'nope', messages: ask }));
    expect(unknown).toBeInstanceOf(OpenAI.NotFoundError);
    expect(unknown).toMatchObject({
      status: 404,
      code: 'model_not_found',
      param: 'model',
      type: 'invalid_request_error',
    });
    expect(unknown.message).toContain('no connection is named "nope"');

    const noMessages = await failure(client.chat.completions.create({ model: 'emu', messages: [] }));
    expect(noMessages).toBeInstanceOf(OpenAI.BadRequestError);
    expect(noMessages).toMatchObject({ status: 400, param: 'messages' });

    const badArgs = await failure(
      client.chat.completions.create({
        model: 'emu',
        messages: [
          ...ask,
          {
            role: 'assistant',
            content: null,
            tool_calls: [
              { id: 'c1', type: 'function', function: { name: 'get_weather', arguments: '{nope' } },
            ],
          },
        ],
      }),
    );
    expect(badArgs).toMatchObject({ status: 400, param: 'messages[1].tool_calls[0].function.arguments' });

    const orphan = await failure(
      client.chat.completions.create({
        model: 'emu',
        messages: [...ask, { role: 'tool', tool_call_id: 'zzz', content: 'x' }],
      }),
    );
    expect(orphan).toMatchObject({ status: 400, param: 'messages[1].tool_call_id' });

    const mixed = await failure(
      client.chat.completions.create({
        model: 'emu',
        messages: ask,
        tools: [weatherTool],
        // @ts-expect-error: the gateway's own extension field
        toolsmith: { execute: true },
      }),
    );
    expect(mixed).toMatchObject({ status: 400, param: 'tools' });
    expect(emulator.requests).toHaveLength(0);
  });

  it('upstream 429 → 429 with Retry-After, 5xx → 502, a refused upstream key → 502', async () => {
    emulator.enqueue(
      '/v1/chat/completions',
      openaiErrors.rateLimited(7),
      openaiErrors.server(),
      openaiErrors.invalidKey(),
    );
    const limited = await failure(client.chat.completions.create({ model: 'emu', messages: ask }));
    expect(limited).toBeInstanceOf(OpenAI.RateLimitError);
    expect(limited.code).toBe('rate_limit');
    expect(limited.headers?.get('retry-after')).toBe('7');

    const server5xx = await failure(client.chat.completions.create({ model: 'emu', messages: ask }));
    expect(server5xx).toMatchObject({ status: 502, type: 'upstream_error', code: 'network' });
    expect(server5xx.message).toContain('HTTP 500');

    const badKey = await failure(
      client.chat.completions.create({ model: 'emu', messages: ask, stream: true }),
    );
    expect(badKey).toMatchObject({ status: 502, code: 'upstream_auth' });
    expect(badKey.message).toContain('"emu" connection');
  });

  it('a stream cut off after output ends with an error event the client throws', async () => {
    emulator.enqueue(
      '/v1/chat/completions',
      openaiStream([openaiChunk({ content: 'Half an ans' })], { done: false, cutOff: true }),
    );
    const stream = await client.chat.completions.create({ model: 'emu', messages: ask, stream: true });
    const seen: string[] = [];
    const error = await failure(
      (async () => {
        for await (const chunk of stream) seen.push(chunk.choices[0]?.delta.content ?? '');
      })(),
    );
    expect(seen.join('')).toBe('Half an ans');
    expect(error.message).toContain('"emu" connection\'s provider failed');
    expect(error).toMatchObject({ code: 'network', type: 'upstream_error' });
  });

  it('unknown gateway paths answer 404 in OpenAI shape', async () => {
    const response = await fetch(`${server.url}/v1/embeddings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({
      error: { code: 'unknown_url', type: 'invalid_request_error' },
    });
  });
});

describe('gateway auth', () => {
  let guarded: TestServer;
  beforeAll(async () => {
    guarded = await startTestServer({ ADMIN_SECRET: 'gateway-secret-123', ADMIN_SECRET_ON_LOOPBACK: 'true' });
    await guarded.app.toolsmith.storage.connections.create(
      connection('emu', { baseUrl: `${emulator.url}/v1` }),
    );
  });
  afterAll(() => guarded.close());

  const clientWith = (apiKey: string, headers: Record<string, string> = {}) =>
    new OpenAI({ baseURL: `${guarded.url}/v1`, apiKey, maxRetries: 0, defaultHeaders: headers });

  it('takes the admin secret as the API key or in X-Admin-Secret; 401 otherwise', async () => {
    await expect(clientWith('wrong-key').models.list()).rejects.toMatchObject({
      status: 401,
      code: 'invalid_api_key',
    });
    await expect(clientWith('wrong-key').models.list()).rejects.toBeInstanceOf(OpenAI.AuthenticationError);
    expect((await clientWith('gateway-secret-123').models.list()).data.map((m) => m.id)).toEqual(['emu']);
    const viaHeader = clientWith('placeholder', { 'X-Admin-Secret': 'gateway-secret-123' });
    emulator.enqueue('/v1/chat/completions', answer({ content: 'hi' }));
    const completion = await viaHeader.chat.completions.create({ model: 'emu', messages: ask });
    expect(completion.choices[0].message.content).toBe('hi');
    const missing = await guarded.app.inject({ method: 'GET', url: '/v1/models' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({
      error: { code: 'admin_secret_required', type: 'authentication_error' },
    });
    expect(missing.json().error.message).toContain('ADMIN_SECRET');
  });

  it('refuses non-loopback clients when no ADMIN_SECRET is set (403), and accepts loopback without one', async () => {
    const remote = await server.app.inject({
      method: 'POST',
      url: '/v1/chat/completions',
      remoteAddress: '198.51.100.4',
      headers: { 'content-type': 'application/json', authorization: 'Bearer anything' },
      payload: { model: 'emu', messages: ask },
    });
    expect(remote.statusCode).toBe(403);
    expect(remote.json()).toMatchObject({
      error: { code: 'admin_secret_required', type: 'permission_error' },
    });
    expect(emulator.requests).toHaveLength(0);
  });
});
