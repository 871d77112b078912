// Luker script compatibility through the real server: a tool written for Luker (ctx.__lukerRun.signal,
// eventSource.on, eventTypes, setTimeout, fetch, wiFinalizedPayload) runs unchanged in a chat generation, with
// fetch only for tools the user allowed, under the webhook URL policy, against a loopback server.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Emulator, openaiChunk, openaiStream } from '@toolsmith/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect, postSse } from '../generation/__fixtures__/sse-client.js';
import { type EmulatedServer, startEmulatedServer } from '../test-support/emulated-server.js';
import type { TestServer } from '../test-support/test-server.js';

const callStream = (name: string, args: unknown = {}) =>
  openaiStream([
    openaiChunk({
      role: 'assistant',
      content: null,
      tool_calls: [
        { index: 0, id: 'c1', type: 'function', function: { name, arguments: JSON.stringify(args) } },
      ],
    }),
    openaiChunk({}, { finishReason: 'tool_calls' }),
  ]);
const textStream = (text: string) =>
  openaiStream([
    openaiChunk({ role: 'assistant', content: text }),
    openaiChunk({}, { finishReason: 'stop' }),
  ]);

/** A body in the style of Luker's orchestrator docs. */
const lukerBody = (base: string) => `
  const run = ctx.__lukerRun;
  const heard = [];
  ctx.eventSource.on(ctx.eventTypes.MESSAGE_RECEIVED, (payload) => heard.push(payload.n));
  await ctx.eventSource.emit(ctx.eventTypes.MESSAGE_RECEIVED, { n: 7 });
  await new Promise((resolve) => setTimeout(resolve, 5));
  const res = await fetch('${base}/weather?city=' + encodeURIComponent(args.city), {
    headers: { 'X-Tool': 'luker' },
    signal: run.signal,
  });
  const missing = await fetch('${base}/missing');
  return {
    aborted: run.signal.aborted,
    heard,
    status: res.status,
    weather: await res.json(),
    missing: [missing.ok, missing.status],
    traceId: run.traceId,
    worldInfo: Array.isArray(ctx.wiFinalizedPayload.entries),
  };
`;

describe('Luker scripts in a chat generation', () => {
  let emulator: Emulator;
  let server: TestServer;
  let setup: EmulatedServer;
  let target: Server;
  let base: string;
  const seen: Array<{ url: string | undefined; tool: string | undefined }> = [];
  let chatId: string;

  beforeAll(async () => {
    target = createServer((req: IncomingMessage, res) => {
      seen.push({ url: req.url, tool: req.headers['x-tool'] as string | undefined });
      if (req.url?.startsWith('/weather')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({ city: new URL(req.url, 'http://x').searchParams.get('city'), sky: 'clear' }),
        );
      } else {
        res.writeHead(404, { 'content-type': 'text/plain' });
        res.end('no such page');
      }
    });
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
    setup = await startEmulatedServer({
      env: { CUSTOM_TOOL_SCRIPT_ENABLED: 'true', WEBHOOK_LOCAL_URLS_ENABLED: 'true' },
      sandbox: true,
      connection: { model: 'emulated-model' },
    });
    ({ server, emulator } = setup);
    const parameters = { type: 'object', properties: { city: { type: 'string' } } };
    for (const [name, allowFetch, body] of [
      ['luker_weather', true, lukerBody(base)],
      // a body of its own: tools that share a body share the stricter permission
      ['luker_no_fetch', false, `// no fetch\n${lukerBody(base)}`],
      [
        'luker_metadata',
        true,
        `try { await fetch('http://169.254.169.254/latest/meta-data'); return 'sent'; } catch (e) { return e.message; }`,
      ],
    ] as const) {
      const created = await server.request('POST', '/api/tools', {
        name,
        description: 'A Luker tool.',
        parameters,
        mode: 'read',
        kind: 'script',
        body,
        allowFetch,
      });
      expect(created.status).toBe(201);
      expect(created.body.allowFetch).toBe(allowFetch);
    }
    const chat = await server.request('POST', '/api/chats', {
      title: 'Luker',
      connectionId: setup.connectionId,
      settings: { toolUse: true, tools: ['luker_weather', 'luker_no_fetch', 'luker_metadata'] },
    });
    chatId = chat.body.id;
  });
  afterAll(async () => {
    await setup.close();
    await new Promise((resolve) => target.close(resolve));
  });

  async function call(name: string) {
    emulator.enqueue('/v1/chat/completions', callStream(name, { city: 'Oslo' }), textStream('Done.'));
    const events = await collect(
      await postSse(`${server.url}/api/chats/${chatId}/generate`, { content: 'Go' }),
    );
    return events.find((e) => e.event === 'tool-result')?.data as {
      ok: boolean;
      result: unknown;
      error?: unknown;
    };
  }

  it('runs unchanged: signal, eventSource.on, setTimeout and fetch (any status) through the server', async () => {
    seen.length = 0;
    const result = await call('luker_weather');
    expect(result).toMatchObject({
      ok: true,
      result: {
        aborted: false,
        heard: [7],
        status: 200,
        weather: { city: 'Oslo', sky: 'clear' },
        missing: [false, 404],
        traceId: expect.stringMatching(/^tr_/),
        worldInfo: true,
      },
    });
    expect(seen).toEqual([
      { url: '/weather?city=Oslo', tool: 'luker' },
      { url: '/missing', tool: undefined },
    ]);
  });

  it('a tool without "Allow fetch" sends nothing and says how to allow it', async () => {
    seen.length = 0;
    const result = await call('luker_no_fetch');
    expect(result.ok).toBe(false);
    expect(JSON.stringify(result.error)).toMatch(/fetch is switched off for this tool/);
    expect(seen).toEqual([]);
  });

  it('fetch obeys the webhook policy: cloud metadata is refused even with local URLs on', async () => {
    const result = await call('luker_metadata');
    expect(result).toMatchObject({
      ok: true,
      result: expect.stringMatching(/^fetch failed: request blocked/),
    });
  });

  it('allowFetch is kept for scripts only, and can be switched by PATCH', async () => {
    const made = await server.request('POST', '/api/tools', {
      name: 'plain_text',
      description: 'Static.',
      kind: 'static',
      staticResult: 'hi',
      allowFetch: true,
    });
    expect(made.body.allowFetch).toBe(false);
    const tool = (await server.request('GET', '/api/tools')).body.tools.find(
      (t: { name: string }) => t.name === 'luker_no_fetch',
    );
    const patched = await server.request('PATCH', `/api/tools/${tool.id}`, { allowFetch: true });
    expect(patched.body.allowFetch).toBe(true);
    const bad = await server.request('PATCH', `/api/tools/${tool.id}`, { allowFetch: 'yes' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toMatch(/allowFetch must be true or false/);
  });

  it('an import says which Luker features a script uses, and fetch arrives off for review', async () => {
    const file = {
      kind: 'toolsmith.tools',
      version: 1,
      tools: [
        {
          name: 'imported_luker',
          description: 'From Luker.',
          parameters: { type: 'object', properties: {} },
          mode: 'read',
          kind: 'script',
          body: 'const r = await fetch("https://api.example/x", { signal: ctx.__lukerRun.signal }); ctx.__floorStateForNotes; return r.status',
          allowFetch: true,
          enabled: true,
        },
      ],
    };
    const response = await fetch(`${server.url}/api/tools/import`, {
      method: 'POST',
      headers: { 'x-toolsmith-request': '1', 'content-type': 'application/json' },
      body: JSON.stringify(file),
    });
    const body = (await response.json()) as { review: unknown[] };
    expect(body.review).toEqual([
      expect.objectContaining({
        name: 'imported_luker',
        requestedFetch: true,
        luker: {
          supported: ['ctx.__lukerRun', 'abort signal', 'fetch'],
          unsupported: ['ctx.__floorStateForNotes'],
          needsFetch: true,
        },
      }),
    ]);
    const stored = await server.app.toolsmith.storage.tools.getByName('imported_luker');
    expect(stored).toMatchObject({ enabled: false, allowFetch: false });
  });
});
