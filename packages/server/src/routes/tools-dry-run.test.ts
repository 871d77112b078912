import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-support/test-server.js';
import { MSG_SCRIPTS_DISABLED } from './tool-input.js';

interface Received {
  body: any;
  headers: IncomingMessage['headers'];
}

/** A loopback webhook target that records what it was sent. */
async function startHookServer(): Promise<{ url: string; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => {
      text += chunk;
    });
    req.on('end', () => {
      const body = JSON.parse(text);
      received.push({ body, headers: req.headers });
      if (req.url === '/fail') {
        res.writeHead(500, { 'content-type': 'text/plain' }).end('upstream exploded');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ echoed: body.arguments, tool: body.tool }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('POST /api/tools/dry-run', () => {
  let server: TestServer;
  let hook: Awaited<ReturnType<typeof startHookServer>>;
  beforeAll(async () => {
    hook = await startHookServer();
    server = await startTestServer({
      CUSTOM_TOOL_SCRIPT_ENABLED: 'true',
      WEBHOOK_LOCAL_URLS_ENABLED: 'true',
    });
    // Start the sandbox's workers first so the 3 s dry-run wall measures the tool, not pool start-up.
    await server.app.toolsmith.sandbox().run({ body: 'return 1;', args: {} });
  });
  afterAll(async () => {
    await server.close();
    await hook.close();
  });

  const create = async (tool: Record<string, unknown>) => {
    const res = await server.request('POST', '/api/tools', tool);
    expect(res.status).toBe(201);
    return res.body;
  };

  it('runs a saved static tool by id and by name; empty text answers OK', async () => {
    const tool = await create({
      name: 'greeting',
      description: 'Greets.',
      kind: 'static',
      staticResult: 'Hello!',
    });
    const byId = await server.request('POST', '/api/tools/dry-run', { id: tool.id, args: {} });
    expect(byId.status).toBe(200);
    expect(byId.body).toMatchObject({ ok: true, result: 'Hello!', error: null, logs: [] });
    expect(typeof byId.body.durationMs).toBe('number');
    await create({ name: 'empty_static', description: 'Nothing.', kind: 'static', staticResult: '' });
    const byName = await server.request('POST', '/api/tools/dry-run', { name: 'empty_static' });
    expect(byName.body.result).toBe('OK');
  });

  it('runs a disabled saved tool (trying before enabling)', async () => {
    await create({
      name: 'off_tool',
      description: 'Off.',
      kind: 'static',
      staticResult: 'ran',
      enabled: false,
    });
    const res = await server.request('POST', '/api/tools/dry-run', { name: 'off_tool' });
    expect(res.body).toMatchObject({ ok: true, result: 'ran' });
  });

  it('runs a builtin switched off (a disabled definition is final everywhere but a dry run)', async () => {
    expect((await server.request('PUT', '/api/tools/builtin/roll_dice', { enabled: false })).status).toBe(
      200,
    );
    const res = await server.request('POST', '/api/tools/dry-run', {
      name: 'roll_dice',
      args: { notation: 'd6' },
    });
    expect(res.body.ok).toBe(true);
    expect(res.body.result.rolls).toHaveLength(1);
    await server.request('PUT', '/api/tools/builtin/roll_dice', { enabled: true });
  });

  it('runs a saved script tool in the sandbox with logs and validated arguments', async () => {
    await create({
      name: 'add_numbers',
      description: 'Adds.',
      kind: 'script',
      body: 'console.log("adding", args.a, args.b); return { sum: args.a + args.b };',
      parameters: {
        type: 'object',
        properties: { a: { type: 'number' }, b: { type: 'number' } },
        required: ['a', 'b'],
      },
    });
    const res = await server.request('POST', '/api/tools/dry-run', {
      name: 'add_numbers',
      args: { a: 2, b: 3 },
    });
    expect(res.body).toMatchObject({ ok: true, result: { sum: 5 } });
    expect(res.body.logs).toEqual([{ level: 'log', message: 'adding 2 3' }]);
    const bad = await server.request('POST', '/api/tools/dry-run', { name: 'add_numbers', args: { a: 'x' } });
    expect(bad.body).toMatchObject({ ok: false, code: 'invalid_arguments' });
    expect(bad.body.error).toContain('add_numbers');
  });

  it('runs an unsaved script body and stops it at the 3 s wall', async () => {
    const ok = await server.request('POST', '/api/tools/dry-run', {
      kind: 'script',
      body: 'return args.x * 2;',
      args: { x: 21 },
    });
    expect(ok.body).toMatchObject({ ok: true, result: 42 });
    const loop = await server.request('POST', '/api/tools/dry-run', {
      kind: 'script',
      body: 'while (true) {}',
      args: {},
    });
    expect(loop.body).toMatchObject({ ok: false, code: 'timeout' });
    expect(loop.body.durationMs).toBeGreaterThanOrEqual(2900);
    const thrown = await server.request('POST', '/api/tools/dry-run', { body: 'throw new Error("nope")' });
    expect(thrown.body).toMatchObject({ ok: false, code: 'tool_error' });
    expect(thrown.body.error).toContain('nope');
  });

  it('write tools honour simulate: simulate body, or the unvalidated placeholder', async () => {
    await create({
      name: 'send_mail',
      description: 'Sends mail.',
      kind: 'script',
      mode: 'write',
      body: 'return "sent for real";',
      simulateBody: 'return "would send";',
    });
    const real = await server.request('POST', '/api/tools/dry-run', { name: 'send_mail' });
    expect(real.body.result).toBe('sent for real');
    const simulated = await server.request('POST', '/api/tools/dry-run', {
      name: 'send_mail',
      simulate: true,
    });
    expect(simulated.body).toMatchObject({ ok: true, result: 'would send', simulated: true });
    await create({
      name: 'delete_all',
      description: 'Deletes.',
      kind: 'static',
      mode: 'write',
      staticResult: 'gone',
    });
    const placeholder = await server.request('POST', '/api/tools/dry-run', {
      name: 'delete_all',
      simulate: true,
    });
    expect(placeholder.body).toMatchObject({
      ok: true,
      result: { ok: true, simulated: true, unvalidated: true },
      simulated: true,
      unvalidated: true,
    });
  });

  it('runs webhook tools for real and sends hidden context only when asked', async () => {
    await create({
      name: 'echo_hook',
      description: 'Echoes.',
      kind: 'webhook',
      webhookUrl: `${hook.url}/echo`,
    });
    const res = await server.request('POST', '/api/tools/dry-run', { name: 'echo_hook', args: { q: 'hi' } });
    expect(res.body).toMatchObject({ ok: true, result: { echoed: { q: 'hi' }, tool: 'echo_hook' } });
    expect(hook.received.at(-1)!.body).toEqual({ tool: 'echo_hook', arguments: { q: 'hi' } });
    await create({
      name: 'ctx_hook',
      description: 'Wants context.',
      kind: 'webhook',
      webhookUrl: `${hook.url}/echo`,
      includeHiddenContext: true,
    });
    await server.request('POST', '/api/tools/dry-run', { name: 'ctx_hook', args: {} });
    expect(hook.received.at(-1)!.body.context).toMatchObject({ mode: 'dry-run', chatId: null });
    const failing = await server.request('POST', '/api/tools/dry-run', {
      kind: 'webhook',
      webhookUrl: `${hook.url}/fail`,
      args: {},
    });
    expect(failing.body).toMatchObject({ ok: false, code: 'tool_error' });
    expect(failing.body.error).toContain('500');
  });

  it('runs built-in tools by name', async () => {
    const res = await server.request('POST', '/api/tools/dry-run', {
      name: 'roll_dice',
      args: { count: 3, sides: 6 },
    });
    expect(res.body.ok).toBe(true);
    expect(res.body.result.rolls).toHaveLength(3);
  });

  it('answers 404 for unknown tools and 400 for an empty request', async () => {
    const missing = await server.request('POST', '/api/tools/dry-run', { name: 'no_such_tool' });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('No tool named "no_such_tool".');
    expect((await server.request('POST', '/api/tools/dry-run', { id: 't_nope' })).status).toBe(404);
    expect((await server.request('POST', '/api/tools/dry-run', { args: {} })).status).toBe(400);
  });
});

describe('dry-run while scripts are disabled', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('403s script bodies with the exact message', async () => {
    const res = await server.request('POST', '/api/tools/dry-run', { kind: 'script', body: 'return 1;' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: MSG_SCRIPTS_DISABLED, code: 'scripts_disabled' });
  });

  it('refuses loopback webhooks while local URLs are disabled', async () => {
    const res = await server.request('POST', '/api/tools/dry-run', {
      kind: 'webhook',
      webhookUrl: 'https://127.0.0.1:9/hook',
      args: {},
    });
    expect(res.status).toBe(200);
    expect(res.body.ok).toBe(false);
    expect(res.body.code).toBe('tool_error');
    expect(res.body.error).toContain('loopback');
    expect(res.body.error).toContain('WEBHOOK_LOCAL_URLS_ENABLED');
  });
});
