import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import type { Emulator } from '@toolsmith/emulator';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmulatedServer, startEmulatedServer } from '../test-support/emulated-server.js';
import { type LogRecord, recordingLogger } from '../test-support/recording-logger.js';
import { makeTempDir } from '../test-support/temp-dir.js';
import { startTestServer, type TestServer } from '../test-support/test-server.js';

const SECRET = 'metrics-secret-0123456789abcdef';

const staticTool = {
  name: 'store_hours',
  description: 'Opening hours.',
  parameters: { type: 'object', properties: { day: { type: 'string' } } },
  mode: 'read',
  kind: 'static',
  staticResult: 'Open 9-5',
};

/** Every record as text (Fastify logs objects with cycles, such as sockets, which are left out). */
function logText(records: LogRecord[]): string {
  const seen = new WeakSet<object>();
  return JSON.stringify(records, (_key, value) => {
    if (typeof value === 'object' && value !== null) {
      if (seen.has(value)) return undefined;
      seen.add(value);
    }
    return value;
  });
}

/** One sample line's value from Prometheus text, e.g. metric('x_total{kind="static"}') */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('observability: logs, /metrics and /api/health', () => {
  const records: LogRecord[] = [];
  let server: TestServer;
  let setup: EmulatedServer;
  let emulator: Emulator;
  beforeAll(async () => {
    setup = await startEmulatedServer({
      env: { LOG_LEVEL: 'info', ADMIN_SECRET: SECRET, TRUST_PROXY: '127.0.0.1' },
      deps: { logger: recordingLogger(records) },
      connection: false,
    });
    ({ server, emulator } = setup);
  });
  afterAll(() => setup.close());

  it('/api/health gives version, uptime, database, sandbox pool and policy flags', async () => {
    const { status, body } = await server.request('GET', '/api/health');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      ok: true,
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      uptimeSeconds: expect.any(Number),
      database: 'ok',
      sandbox: { started: expect.any(Boolean), queued: 0 },
      policy: { scriptsEnabled: expect.any(Boolean), webhookLocalUrlsEnabled: false },
    });
  });

  it('every tool run is logged (name, kind, duration, outcome — no arguments or result) and counted', async () => {
    const created = await server.request('POST', '/api/tools', staticTool);
    expect(created.status).toBe(201);
    const run = await server.request('POST', '/api/tools/dry-run', {
      name: 'store_hours',
      args: { day: 'secret-monday' },
    });
    expect(run.body).toMatchObject({ ok: true, result: 'Open 9-5' });
    await server.request('POST', '/api/tools/dry-run', { name: 'store_hours', args: { day: 5 } });

    const toolLogs = records.filter((r) => r.msg === 'tool run');
    expect(toolLogs.map((r) => r.data)).toEqual([
      expect.objectContaining({ area: 'tools', tool: 'store_hours', kind: 'static', ok: true }),
      expect.objectContaining({ tool: 'store_hours', ok: false, code: 'invalid_arguments' }),
    ]);
    expect(typeof toolLogs[0].data.durationMs).toBe('number');
    expect(JSON.stringify(toolLogs)).not.toContain('secret-monday');
    expect(JSON.stringify(toolLogs)).not.toContain('Open 9-5');

    const metrics = await fetch(`${server.url}/metrics`);
    expect(metrics.status).toBe(200);
    expect(metrics.headers.get('content-type')).toContain('text/plain');
    const text = await metrics.text();
    expect(sample(text, 'toolsmith_tool_calls_total{kind="static",outcome="ok"}')).toBe(1);
    expect(sample(text, 'toolsmith_tool_calls_total{kind="static",outcome="invalid_arguments"}')).toBe(1);
    expect(sample(text, 'toolsmith_tool_call_duration_seconds_count{kind="static"}')).toBe(2);
    expect(sample(text, 'toolsmith_sse_streams_open')).toBe(0);
    expect(sample(text, 'toolsmith_sandbox_queue_depth')).toBe(0);
  });

  it('an upstream failure is logged with status, code and origin but no key, and counted; the generation too', async () => {
    await server.app.toolsmith.storage.connections.create({
      name: 'flaky',
      api: 'openai',
      baseUrl: `${emulator.url}/v1`,
      apiKey: 'sk-never-logged',
      model: 'gpt-emu',
      functionCalling: { enabled: true, mode: 'auto' },
      instructTemplate: '',
      textBackend: '',
    });
    emulator.enqueue('/v1/chat/completions', {
      status: 503,
      json: { error: { message: 'overloaded', type: 'server_error' } },
    });
    const client = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: SECRET, maxRetries: 0 });
    await expect(
      client.chat.completions.create({ model: 'flaky', messages: [{ role: 'user', content: 'hi' }] }),
    ).rejects.toThrow();
    const upstream = records.filter((r) => r.msg === 'upstream request failed');
    expect(upstream.map((r) => r.data)).toEqual([
      expect.objectContaining({ area: 'upstream', code: 'http_503', status: 503, origin: emulator.url }),
    ]);
    expect(logText(records)).not.toContain('sk-never-logged');
    const text = await (await fetch(`${server.url}/metrics`)).text();
    expect(sample(text, 'toolsmith_upstream_errors_total{code="http_503"}')).toBe(1);
    expect(sample(text, 'toolsmith_generations_total{surface="gateway",outcome="error"}')).toBe(1);
  });

  it('/metrics from off loopback needs the admin secret as a bearer token', async () => {
    const remote = { 'x-forwarded-for': '203.0.113.9' };
    expect((await fetch(`${server.url}/metrics`, { headers: remote })).status).toBe(401);
    const ok = await fetch(`${server.url}/metrics`, {
      headers: { ...remote, authorization: `Bearer ${SECRET}` },
    });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain('# TYPE toolsmith_tool_calls_total counter');
  });
});

describe('static UI caching and compression', () => {
  const dist = makeTempDir();
  let server: TestServer;
  const script = 'console.log("hello from a hashed asset");'.repeat(60);
  beforeAll(async () => {
    mkdirSync(join(dist.dir, 'assets'));
    writeFileSync(join(dist.dir, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(dist.dir, 'assets', 'index-AbC123xY.js'), script);
    writeFileSync(join(dist.dir, 'assets', 'index-AbC123xY.js.br'), brotliCompressSync(script));
    server = await startTestServer({}, { webDistDir: dist.dir });
  });
  afterAll(async () => {
    await server.close();
    dist.remove();
  });

  it('hashed assets are sent precompressed and cached for good; index.html is never cached', async () => {
    const asset = await fetch(`${server.url}/assets/index-AbC123xY.js`, {
      headers: { 'accept-encoding': 'br' },
    });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-encoding')).toBe('br');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await asset.text()).toBe(script); // fetch decodes br
    for (const path of ['/', '/index.html', '/chats/some-chat']) {
      const page = await fetch(`${server.url}${path}`);
      expect(page.status, path).toBe(200);
      expect(page.headers.get('cache-control'), path).toBe('no-cache');
    }
  });
});
