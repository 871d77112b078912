// Issue 16.1: SillyTavern's pooled agent sent a streamed request with `Connection: close`, got an SSE answer
// that said `connection: keep-alive`, reused the socket and got a 400. A real keep-alive http.Agent with one
// socket replays that mix here; every answer must be a 200, and a `close` request must get a closing answer.
import { Agent, type IncomingHttpHeaders, request } from 'node:http';
import { type Emulator, openaiChunk, openaiStream } from '@toolsmith/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmulatedServer, startEmulatedServer } from '../test-support/emulated-server.js';
import { type LogRecord, recordingLogger } from '../test-support/recording-logger.js';
import { startTestServer, type TestServer } from '../test-support/test-server.js';
import { answer, ask, connection } from './__fixtures__/gateway-setup.js';

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  /** the request went out on a socket the agent kept from an earlier one */
  reusedSocket: boolean;
}

/** One request through `agent`, the body read to the end. */
function send(
  agent: Agent,
  url: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        agent,
        hostname,
        port,
        method,
        path,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          'x-toolsmith-request': '1',
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: text,
            reusedSocket: req.reusedSocket,
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

const streamed = () =>
  openaiStream([
    openaiChunk({ role: 'assistant', content: 'Hi' }),
    openaiChunk({}, { finishReason: 'stop' }),
  ]);

describe('Connection header on streamed answers', () => {
  let emulator: Emulator;
  let server: TestServer;
  let setup: EmulatedServer;
  beforeAll(async () => {
    setup = await startEmulatedServer({ connection: false });
    ({ server, emulator } = setup);
    await server.app.toolsmith.storage.connections.create(
      connection('emu', { baseUrl: `${emulator.url}/v1` }),
    );
  });
  afterAll(() => setup.close());

  it('gateway: streamed and plain requests, with Connection: close and keep-alive, over one pooled socket', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const completions = (stream: boolean, headers: Record<string, string> = {}) =>
        send(
          agent,
          server.url,
          'POST',
          '/v1/chat/completions',
          { model: 'emu', messages: ask, stream },
          headers,
        );

      emulator.enqueue('/v1/chat/completions', streamed());
      const closing = await completions(true, { connection: 'close' });
      expect(closing.status).toBe(200);
      expect(closing.body).toContain('data: [DONE]');
      expect(closing.headers.connection).toBe('close');

      emulator.enqueue(
        '/v1/chat/completions',
        answer({ content: 'plain' }),
        streamed(),
        answer({ content: 'x' }),
      );
      const plain = await completions(false);
      expect(plain.status, plain.body).toBe(200);
      expect(plain.reusedSocket).toBe(false); // the closed socket was not reused

      const kept = await completions(true);
      expect(kept.status, kept.body).toBe(200);
      expect(kept.headers.connection).toBe('keep-alive');
      expect(kept.reusedSocket).toBe(true);

      const after = await completions(false);
      expect(after.status, after.body).toBe(200);
      expect(after.reusedSocket).toBe(true);

      emulator.enqueue('/v1/chat/completions', streamed());
      const closingAgain = await completions(true, { connection: 'close' });
      expect(closingAgain.status).toBe(200);
      expect(closingAgain.headers.connection).toBe('close');
      const models = await send(agent, server.url, 'GET', '/v1/models');
      expect(models.status, models.body).toBe(200);
      expect(models.reusedSocket).toBe(false);
    } finally {
      agent.destroy();
    }
  });

  it('chat generate: a streamed turn with Connection: close, then plain requests on the pooled agent', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const connectionId = (
        await server.request('POST', '/api/connections', {
          name: 'emu-chat',
          api: 'openai',
          baseUrl: `${emulator.url}/v1`,
          model: 'm',
        })
      ).body.id;
      const chatId = (await server.request('POST', '/api/chats', { connectionId })).body.id;

      emulator.enqueue('/v1/chat/completions', streamed(), streamed());
      const turn = await send(
        agent,
        server.url,
        'POST',
        `/api/chats/${chatId}/generate`,
        { content: 'Hello' },
        {
          connection: 'close',
        },
      );
      expect(turn.status).toBe(200);
      expect(turn.body).toContain('event: finish');
      expect(turn.headers.connection).toBe('close');

      const list = await send(agent, server.url, 'GET', '/api/chats');
      expect(list.status, list.body).toBe(200);

      const kept = await send(agent, server.url, 'POST', `/api/chats/${chatId}/generate`, {
        content: 'Again',
      });
      expect(kept.status).toBe(200);
      expect(kept.headers.connection).toBe('keep-alive');
      const health = await send(agent, server.url, 'GET', '/api/health');
      expect(health.status, health.body).toBe(200);
      expect(health.reusedSocket).toBe(true);
    } finally {
      agent.destroy();
    }
  });
});

/** Raw bytes over a fresh socket: the whole answer as text. */
async function rawRequest(url: string, bytes: string): Promise<string> {
  const { hostname, port } = new URL(url);
  const { connect } = await import('node:net');
  return new Promise((resolve, reject) => {
    let text = '';
    const socket = connect(Number(port), hostname, () => socket.write(bytes));
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      text += chunk;
    });
    socket.on('close', () => resolve(text));
    socket.on('error', reject);
  });
}

const jsonOf = (raw: string) => JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4));

describe('/v1 errors raised by the framework', () => {
  const records: LogRecord[] = [];
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ LOG_LEVEL: 'info' }, { logger: recordingLogger(records) });
  });
  afterAll(async () => {
    await server.close();
  });

  const warned = (statusCode: number) =>
    records.filter((r) => r.level === 'warn' && r.data.statusCode === statusCode);

  it('a request that is not valid HTTP: 400 in OpenAI shape under /v1, the API shape elsewhere; logged at warn', async () => {
    const bad = 'POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\nBad Header Line\r\n\r\n';
    const answer = await rawRequest(server.url, bad);
    expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(jsonOf(answer)).toEqual({
      error: {
        message: expect.stringContaining('not valid HTTP'),
        type: 'invalid_request_error',
        code: 'bad_request',
        param: null,
      },
    });
    const api = await rawRequest(
      server.url,
      'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nBad Header Line\r\n\r\n',
    );
    expect(jsonOf(api)).toEqual({ error: expect.stringContaining('not valid HTTP'), code: 'bad_request' });
    expect(warned(400).map((r) => r.data.url)).toEqual(['/v1/chat/completions', '/api/health']);
  });

  it('bad JSON, a wrong media type, a URL that does not decode, an unknown route: OpenAI shape, logged at warn', async () => {
    records.length = 0;
    const post = (body: string, contentType: string) =>
      fetch(`${server.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': contentType },
        body,
      });

    const badJson = await post('{"model": "emu",', 'application/json');
    expect(badJson.status).toBe(400);
    expect(((await badJson.json()) as any).error).toMatchObject({
      type: 'invalid_request_error',
      param: null,
    });

    const text = await post('hello', 'text/plain');
    expect(text.status).toBe(415);
    expect(((await text.json()) as any).error).toMatchObject({ type: 'invalid_request_error' });

    const badUrl = await fetch(`${server.url}/v1/models/%zz`);
    expect(badUrl.status).toBe(400);
    expect(((await badUrl.json()) as any).error).toMatchObject({
      type: 'invalid_request_error',
      message: expect.stringContaining('not a valid url component'),
    });

    const unknown = await fetch(`${server.url}/v1/nothing-here`);
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as any).error.code).toBe('unknown_url');

    expect(warned(400)).toHaveLength(2);
    expect(warned(415)).toHaveLength(1);
    expect(warned(404)).toHaveLength(1);
    expect(records.filter((r) => r.level === 'error')).toEqual([]);
  });
});
