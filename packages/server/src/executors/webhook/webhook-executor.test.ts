import type { ToolDefinition } from '@toolsmith/core';
import { afterEach, describe, expect, it } from 'vitest';
import {
  closeAllServers,
  fakeResolver,
  json,
  recordingConnector,
  startServer,
} from './__fixtures__/test-servers.js';
import { isWebhookError, type WebhookError } from './errors.js';
import { createWebhookExecutor, parseAnswer } from './webhook-executor.js';

afterEach(closeAllServers);

function webhookTool(webhookUrl: string | undefined, extra: Partial<ToolDefinition> = {}): ToolDefinition {
  return {
    name: 'lookup_weather',
    description: 'Weather',
    parameters: { type: 'object' },
    mode: 'read',
    kind: 'webhook',
    webhookUrl,
    enabled: true,
    ...extra,
  };
}

async function failure(run: Promise<unknown>): Promise<WebhookError> {
  const error = await run.then(
    () => {
      throw new Error('the call succeeded');
    },
    (e: unknown) => e,
  );
  if (!isWebhookError(error)) throw error;
  return error;
}

describe('createWebhookExecutor', () => {
  it('POSTs { tool, arguments } as JSON and returns the parsed JSON answer', async () => {
    const server = await startServer((req, res) => json(res, { received: JSON.parse(req.body), temp: 21 }));
    const execute = createWebhookExecutor({ localUrlsEnabled: true, timeoutMs: 2000 });
    const result = await execute(webhookTool(`${server.origin}/hook?k=1`), { city: 'Oslo' });
    expect(result).toEqual({ received: { tool: 'lookup_weather', arguments: { city: 'Oslo' } }, temp: 21 });
    const seen = server.requests[0];
    expect(seen).toMatchObject({ method: 'POST', url: '/hook?k=1' });
    expect(seen.headers['content-type']).toBe('application/json');
    expect(seen.headers.accept).toContain('application/json');
  });

  it('sends the hidden context only when it is given and the tool asks for it', async () => {
    const server = await startServer((req, res) => json(res, JSON.parse(req.body)));
    const execute = createWebhookExecutor({ localUrlsEnabled: true, timeoutMs: 2000 });
    const context = { chatId: 'c1', persona: 'Ann' };
    const asks = webhookTool(server.origin, { includeHiddenContext: true });
    const doesNotAsk = webhookTool(server.origin, { includeHiddenContext: false });
    expect(await execute(asks, {}, { context })).toEqual({ tool: 'lookup_weather', arguments: {}, context });
    expect(await execute(asks, {})).toEqual({ tool: 'lookup_weather', arguments: {} });
    expect(await execute(doesNotAsk, {}, { context })).toEqual({ tool: 'lookup_weather', arguments: {} });
  });

  it('sends {} when a call has no arguments', async () => {
    const server = await startServer((req, res) => json(res, JSON.parse(req.body)));
    const execute = createWebhookExecutor({ localUrlsEnabled: true, timeoutMs: 2000 });
    expect(await execute(webhookTool(server.origin), undefined)).toEqual({
      tool: 'lookup_weather',
      arguments: {},
    });
  });

  it('returns text answers as text', async () => {
    const server = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('It is sunny — 21 °C');
    });
    const execute = createWebhookExecutor({ localUrlsEnabled: true, timeoutMs: 2000 });
    expect(await execute(webhookTool(server.origin), {})).toBe('It is sunny — 21 °C');
  });

  it('adds configured headers to every call', async () => {
    const server = await startServer((_req, res) => json(res, 'ok'));
    const execute = createWebhookExecutor({
      localUrlsEnabled: true,
      timeoutMs: 2000,
      headers: { 'X-Toolsmith': 'yes' },
    });
    await execute(webhookTool(server.origin), {});
    expect(server.requests[0].headers['x-toolsmith']).toBe('yes');
  });

  it('turns a 500 answer into a tool error with the status and a preview', async () => {
    const server = await startServer((_req, res) => json(res, { error: 'upstream down' }, 500));
    const execute = createWebhookExecutor({ localUrlsEnabled: true, timeoutMs: 2000 });
    const error = await failure(execute(webhookTool(server.origin), {}));
    expect(error).toMatchObject({
      code: 'webhook_http_error',
      status: 500,
      bodyPreview: '{"error":"upstream down"}',
    });
    expect(error.message).toBe('Webhook answered HTTP 500: {"error":"upstream down"}');
  });

  it('times out a slow server at timeoutMs', async () => {
    const server = await startServer((_req, res) => {
      // Answers, but far too late: the deadline must win.
      const timer = setTimeout(() => json(res, 'late'), 5000);
      res.on('close', () => clearTimeout(timer));
    });
    const execute = createWebhookExecutor({ localUrlsEnabled: true, timeoutMs: 200 });
    const error = await failure(execute(webhookTool(server.origin), {}));
    expect(error.code).toBe('webhook_timeout');
  });

  it('refuses a tool without a URL', async () => {
    const execute = createWebhookExecutor({ localUrlsEnabled: true, timeoutMs: 2000 });
    const error = await failure(execute(webhookTool(undefined), {}));
    expect(error.code).toBe('webhook_invalid_url');
    const bad = await failure(execute(webhookTool('not a url'), {}));
    expect(bad.code).toBe('webhook_invalid_url');
  });

  it('reaches a public name over https through the pinned connector', async () => {
    const server = await startServer((req, res) => json(res, { host: req.headers.host }));
    const resolve = fakeResolver({ 'hooks.example': ['93.184.215.14'] });
    const connect = recordingConnector({ 'hooks.example': server.port });
    const execute = createWebhookExecutor({ localUrlsEnabled: false, timeoutMs: 2000, resolve, connect });
    expect(await execute(webhookTool('https://hooks.example/run'), {})).toEqual({ host: 'hooks.example' });
    expect(connect.calls[0].addresses).toEqual([{ address: '93.184.215.14', family: 4 }]);
  });
});

describe('WEBHOOK_LOCAL_URLS_ENABLED (localUrlsEnabled)', () => {
  it('off: refuses loopback over http and https', async () => {
    const server = await startServer((_req, res) => json(res, 'reached'));
    const execute = createWebhookExecutor({ localUrlsEnabled: false, timeoutMs: 2000 });
    for (const url of [server.origin, server.origin.replace('http:', 'https:')]) {
      const error = await failure(execute(webhookTool(url), {}));
      expect(error.code).toBe('webhook_blocked');
      expect(error.message).toContain('WEBHOOK_LOCAL_URLS_ENABLED=true');
    }
    expect(server.connections).toBe(0);
  });

  it('on: allows loopback by address and by name', async () => {
    const server = await startServer((_req, res) => json(res, 'reached'));
    const resolve = fakeResolver({ localhost: ['127.0.0.1'] });
    const execute = createWebhookExecutor({ localUrlsEnabled: true, timeoutMs: 2000, resolve });
    expect(await execute(webhookTool(server.origin), {})).toBe('reached');
    expect(await execute(webhookTool(`http://localhost:${server.port}/`), {})).toBe('reached');
    expect(server.requests).toHaveLength(2);
  });

  it('on: still refuses cloud metadata in every form', async () => {
    const resolve = fakeResolver({
      'metadata.google.internal': ['169.254.169.254'],
      'imds.example': ['fd00:ec2::254'],
      'rebind.example': [['127.0.0.1'], ['169.254.169.254']],
    });
    const connect = recordingConnector();
    const execute = createWebhookExecutor({ localUrlsEnabled: true, timeoutMs: 2000, resolve, connect });
    const urls = [
      'http://169.254.169.254/latest/meta-data/iam/security-credentials/',
      'http://[fd00:ec2::254]/latest/api/token',
      'http://[::ffff:169.254.169.254]/',
      'http://2852039166/',
      'http://[64:ff9b::a9fe:a9fe]/',
      'http://[2002:a9fe:a9fe::]/',
      'http://metadata.google.internal/computeMetadata/v1/',
      'http://imds.example/',
    ];
    for (const url of urls) {
      const error = await failure(execute(webhookTool(url), {}));
      expect(error).toMatchObject({ code: 'webhook_blocked', range: 'metadata' });
      expect(error.message).toContain('refused always');
    }
    expect(connect.calls).toEqual([]);
  });

  it('on: refuses a redirect from a local server to metadata', async () => {
    const server = await startServer((_req, res) => {
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
      res.end();
    });
    const connect = recordingConnector();
    const execute = createWebhookExecutor({ localUrlsEnabled: true, timeoutMs: 2000, connect });
    const error = await failure(execute(webhookTool(server.origin), {}));
    expect(error).toMatchObject({ code: 'webhook_blocked', range: 'metadata' });
    expect(connect.calls.map((c) => c.addresses[0].address)).toEqual(['127.0.0.1']);
  });
});

describe('parseAnswer', () => {
  const answer = (contentType: string | undefined, body: string | Buffer) => ({
    headers: contentType === undefined ? {} : { 'content-type': contentType },
    body: Buffer.isBuffer(body) ? body : Buffer.from(body),
  });

  it('parses JSON media types and returns everything else as text', () => {
    expect(parseAnswer(answer('application/json', '{"a":[1,2]}'))).toEqual({ a: [1, 2] });
    expect(parseAnswer(answer('application/problem+json; charset=utf-8', '{"title":"x"}'))).toEqual({
      title: 'x',
    });
    expect(parseAnswer(answer('Application/JSON', '42'))).toBe(42);
    expect(parseAnswer(answer('text/plain', '{"a":1}'))).toBe('{"a":1}');
    expect(parseAnswer(answer(undefined, 'plain'))).toBe('plain');
    expect(parseAnswer(answer('text/html', '<p>hi</p>'))).toBe('<p>hi</p>');
  });

  it('returns mislabelled JSON as text and an empty JSON body as null', () => {
    expect(parseAnswer(answer('application/json', 'not json'))).toBe('not json');
    expect(parseAnswer(answer('application/json', ''))).toBeNull();
  });

  it('decodes the declared charset', () => {
    expect(parseAnswer(answer('text/plain; charset=iso-8859-1', Buffer.from([0x63, 0x61, 0x66, 0xe9])))).toBe(
      'café',
    );
    expect(parseAnswer(answer('text/plain; charset=bogus', 'ok'))).toBe('ok');
  });
});
