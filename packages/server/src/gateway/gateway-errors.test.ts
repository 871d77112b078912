// The gateway's errors (OpenAI shapes and statuses) and auth, as the official `openai` client sees them.
import { type Emulator, openaiChunk, openaiErrors, openaiStream } from '@toolsmith/emulator';
import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-support/test-server.js';
import { answer, ask, connection, setupGateway, weatherTool } from './__fixtures__/gateway-setup.js';

let emulator: Emulator;
let server: TestServer;
let client: OpenAI;

beforeAll(async () => {
  ({ emulator, server, client } = await setupGateway());
});
afterAll(async () => {
  await server.close();
  await emulator.close();
});
beforeEach(() => emulator.reset());

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
