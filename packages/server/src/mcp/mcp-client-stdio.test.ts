// The MCP client against a real MCP server package from npm (@modelcontextprotocol/server-everything),
// started over stdio by the server process after its command was reviewed and approved.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-support/test-server.js';

const require = createRequire(import.meta.url);
const EVERYTHING = join(
  dirname(require.resolve('@modelcontextprotocol/server-everything/package.json')),
  'dist/index.js',
);
const SECRET = 'env-secret-value-7f3a9c';
const ADMIN = 'admin-secret-for-mcp-tests';

let server: TestServer;
let id: string;

beforeAll(async () => {
  server = await startTestServer({ ADMIN_SECRET: ADMIN });
});
afterAll(async () => {
  await server.close();
});

const dryRun = (name: string, args: unknown) => server.request('POST', '/api/tools/dry-run', { name, args });

async function waitFor<T>(read: () => Promise<T>, ok: (value: T) => boolean, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > end) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('a stdio MCP server (server-everything)', () => {
  it('is stored with its env values sealed: only the names come back, and it waits for approval', async () => {
    const res = await server.request('POST', '/api/mcp/servers', {
      name: 'everything',
      transport: 'stdio',
      command: process.execPath,
      args: [EVERYTHING, 'stdio'],
      env: { MCP_TEST_TOKEN: SECRET },
    });
    expect(res.status).toBe(201);
    id = res.body.id;
    expect(JSON.stringify(res.body)).not.toContain(SECRET);
    expect(res.body).toMatchObject({
      envKeys: ['MCP_TEST_TOKEN'],
      status: 'needs_approval',
      approved: false,
      review: { command: process.execPath, args: [EVERYTHING, 'stdio'], envKeys: ['MCP_TEST_TOKEN'] },
    });
    expect(res.body.review.commandLine).toBe(`${process.execPath} ${EVERYTHING} stdio`);
    const listed = await server.request('GET', '/api/mcp/servers');
    expect(JSON.stringify(listed.body)).not.toContain(SECRET);
  });

  it('does not start before approval; a stale fingerprint is refused', async () => {
    const tools = await server.request('GET', `/api/mcp/servers/${id}/tools`);
    expect(tools.body).toMatchObject({ status: 'needs_approval', tools: [] });
    const stale = await server.request('POST', `/api/mcp/servers/${id}/approve`, { fingerprint: 'sha256:0' });
    expect(stale.status).toBe(409);
  });

  it('starts once approved and lists its tools with model names', async () => {
    const current = await server.request('GET', `/api/mcp/servers/${id}`);
    const approved = await server.request('POST', `/api/mcp/servers/${id}/approve`, {
      fingerprint: current.body.review.fingerprint,
    });
    expect(approved.status).toBe(200);
    expect(approved.body.approved).toBe(true);
    const tools = await server.request('GET', `/api/mcp/servers/${id}/tools`);
    expect(tools.body.status).toBe('connected');
    const byName = new Map(tools.body.tools.map((t: any) => [t.name, t]));
    expect(byName.get('echo')).toMatchObject({ modelName: 'echo', enabled: true, mode: 'read' });
    expect(byName.get('get-tiny-image')).toMatchObject({ modelName: 'everything_get_tiny_image' });
    expect((byName.get('echo') as any).parameters).toMatchObject({
      type: 'object',
      properties: { message: { type: 'string' } },
    });
  });

  it('runs tools through the dry run by model name: text, images as attachments, structured content', async () => {
    const echo = await dryRun('echo', { message: 'hello' });
    expect(echo.body).toMatchObject({ ok: true, result: 'Echo: hello' });

    const image = await dryRun('everything_get_tiny_image', {});
    expect(image.body.ok).toBe(true);
    expect(image.body.result).toContain('[image 1: image/png');
    expect(image.body.attachments).toHaveLength(1);
    expect(image.body.attachments[0]).toMatchObject({ type: 'image', mimeType: 'image/png' });
    expect(Buffer.from(image.body.attachments[0].data, 'base64').subarray(1, 4).toString()).toBe('PNG');

    const weather = await dryRun('everything_get_structured_content', { location: 'Chicago' });
    expect(weather.body.result).toEqual({
      temperature: 36,
      conditions: 'Light rain / drizzle',
      humidity: 82,
    });
  });

  it('validates arguments against the tool schema before the server sees them', async () => {
    const bad = await dryRun('echo', { message: 42 });
    expect(bad.body).toMatchObject({ ok: false, code: 'invalid_arguments' });
  });

  it('hands the env values to the process, and nothing of the server’s own environment', async () => {
    const env = await dryRun('everything_get_env', {});
    expect(env.body.ok).toBe(true);
    const text = JSON.stringify(env.body.result);
    expect(text).toContain(SECRET);
    expect(text).not.toContain(ADMIN);
  });
});

describe('switches, the tool list and a server that dies', () => {
  it('lists the MCP tools in GET /api/tools with their server, and each switch turns one off', async () => {
    const before = await server.request('GET', '/api/tools');
    const echo = before.body.mcp.find((t: any) => t.name === 'echo');
    expect(echo).toMatchObject({
      toolName: 'echo',
      server: { id, name: 'everything' },
      enabled: true,
      available: true,
      kind: 'native',
    });
    const off = await server.request('PUT', `/api/mcp/servers/${id}/tools/echo`, { enabled: false });
    expect(off.body).toEqual({ name: 'echo', modelName: 'echo', enabled: false });
    const after = await server.request('GET', '/api/tools');
    expect(after.body.mcp.find((t: any) => t.name === 'echo').enabled).toBe(false);
    // a dry run tries a switched-off tool all the same (as for stored tools)
    expect((await dryRun('echo', { message: 'still' })).body.result).toBe('Echo: still');
    await server.request('PUT', `/api/mcp/servers/${id}/tools/echo`, { enabled: true });
  });

  it('shows its tools as a group in a chat’s tool picker, narrowed by the chat’s list', async () => {
    const chat = (await server.request('POST', '/api/chats', { settings: { toolUse: true } })).body;
    const list = await server.request('GET', `/api/chats/${chat.id}/tools`);
    const group = list.body.groups.find((g: any) => g.id === `mcp:${id}`);
    expect(group).toMatchObject({ kind: 'mcp', label: 'MCP: everything' });
    expect(group.tools.find((t: any) => t.name === 'echo')).toMatchObject({ offered: true, mode: 'read' });
    expect(list.body.offered).toContain('everything_get_tiny_image');
    await server.request('PATCH', `/api/chats/${chat.id}`, { settings: { tools: ['echo'] } });
    const narrowed = await server.request('GET', `/api/chats/${chat.id}/tools`);
    const tiny = narrowed.body.groups
      .find((g: any) => g.id === `mcp:${id}`)
      .tools.find((t: any) => t.name === 'everything_get_tiny_image');
    expect(tiny).toMatchObject({ offered: false, reason: 'Not picked for this chat.' });
    expect(narrowed.body.offered).toContain('echo');
  });

  it('a killed server process makes its calls tool errors, then comes back by itself', async () => {
    const running = await server.request('GET', `/api/mcp/servers/${id}`);
    expect(running.body.status).toBe('connected');
    const pid = running.body.pid as number;
    expect(pid).toBeGreaterThan(0);
    process.kill(pid, 'SIGKILL');
    const dead = await waitFor(
      () => server.request('GET', `/api/mcp/servers/${id}`),
      (res) => res.body.status === 'error',
    );
    expect(dead.body.error).toContain('closed the connection');
    const failed = await dryRun('echo', { message: 'anyone?' });
    expect(failed.status).toBe(200);
    expect(failed.body).toMatchObject({ ok: false, code: 'tool_error' });
    // reconnected with backoff (1 s after the first failure): a new process, and calls work again
    const back = await waitFor(
      () => server.request('GET', `/api/mcp/servers/${id}`),
      (res) => res.body.status === 'connected',
    );
    expect(back.body.pid).not.toBe(pid);
    expect((await dryRun('echo', { message: 'back' })).body.result).toBe('Echo: back');
  });

  it('a changed command needs approval again and stops the running server', async () => {
    const changed = await server.request('PATCH', `/api/mcp/servers/${id}`, {
      args: [EVERYTHING, 'stdio', '--unused'],
    });
    expect(changed.body).toMatchObject({ approved: false, status: 'needs_approval' });
    expect(changed.body.error).toContain('changed since it was approved');
    const call = await dryRun('echo', { message: 'x' });
    expect(call.status).toBe(409);
    const tools = await server.request('GET', '/api/tools');
    expect(tools.body.mcp.find((t: any) => t.name === 'echo').available).toBe(false);
    // the approval is of one exact command: going back to it is approved again
    const back = await server.request('PATCH', `/api/mcp/servers/${id}`, { args: [EVERYTHING, 'stdio'] });
    expect(back.body.approved).toBe(true);
    // a new env value makes a new command (NODE_OPTIONS could change what runs)
    const env = await server.request('PATCH', `/api/mcp/servers/${id}`, {
      env: { NODE_OPTIONS: '--inspect' },
    });
    expect(env.body).toMatchObject({ approved: false, envKeys: ['MCP_TEST_TOKEN', 'NODE_OPTIONS'] });
  });

  it('DELETE removes the server and its tools', async () => {
    expect((await server.request('DELETE', `/api/mcp/servers/${id}`)).status).toBe(204);
    expect((await server.request('GET', `/api/mcp/servers/${id}`)).status).toBe(404);
    expect((await server.request('GET', '/api/tools')).body.mcp).toEqual([]);
  });
});
