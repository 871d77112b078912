// Toolsmith as an MCP server (/mcp), driven by the official SDK client over real HTTP on loopback; then a
// second Toolsmith uses it as a Streamable HTTP MCP server (its bearer header stored sealed).

import { request } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-support/test-server.js';

const ADMIN = 'admin-secret-for-the-mcp-endpoint';
let server: TestServer;

async function connect(headers: Record<string, string> = { Authorization: `Bearer ${ADMIN}` }) {
  const client = new Client({ name: 'endpoint-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers } }),
  );
  return client;
}

beforeAll(async () => {
  server = await startTestServer({
    ADMIN_SECRET: ADMIN,
    ADMIN_SECRET_ON_LOOPBACK: 'true',
    CUSTOM_TOOL_SCRIPT_ENABLED: 'true',
  });
  const admin = { 'x-admin-secret': ADMIN };
  const add = async (tool: Record<string, unknown>) => {
    const res = await server.request('POST', '/api/tools', tool, admin);
    expect(res.status).toBe(201);
  };
  await add({
    name: 'store_hours',
    displayName: 'Store hours',
    description: 'When the store is open.',
    kind: 'static',
    mode: 'read',
    staticResult: 'Open 9-17',
  });
  await add({
    name: 'add_numbers',
    description: 'Adds two numbers.',
    kind: 'script',
    mode: 'read',
    parameters: {
      type: 'object',
      properties: { a: { type: 'number' }, b: { type: 'number' } },
      required: ['a', 'b'],
    },
    body: 'return { sum: args.a + args.b };',
  });
  await add({
    name: 'place_order',
    description: 'Places an order.',
    kind: 'script',
    mode: 'write',
    body: 'return "ordered for real";',
    simulateBody: 'return "would order";',
  });
  await add({
    name: 'hidden_tool',
    description: 'Switched off.',
    kind: 'static',
    mode: 'read',
    staticResult: 'secret',
    enabled: false,
  });
});
afterAll(async () => {
  await server.close();
});

describe('/mcp with the official SDK client', () => {
  it('lists the enabled global tools with their JSON Schemas and modes; switched-off tools are not offered', async () => {
    const client = await connect();
    expect(client.getServerVersion()).toMatchObject({ name: 'toolsmith' });
    const { tools } = await client.listTools();
    const byName = new Map(tools.map((t) => [t.name, t]));
    expect(byName.get('store_hours')).toMatchObject({
      title: 'Store hours',
      description: 'When the store is open.',
      inputSchema: { type: 'object' },
      annotations: { readOnlyHint: true },
    });
    expect(byName.get('add_numbers')?.inputSchema).toMatchObject({
      type: 'object',
      properties: { a: { type: 'number' }, b: { type: 'number' } },
      required: ['a', 'b'],
    });
    expect(byName.get('place_order')?.annotations?.readOnlyHint).toBe(false);
    expect(byName.has('roll_dice')).toBe(true); // builtins on by default
    expect(byName.has('hidden_tool')).toBe(false);
    await client.close();
  });

  it('runs calls through the executors: static text, a script in the sandbox with structured content', async () => {
    const client = await connect();
    const hours = await client.callTool({ name: 'store_hours', arguments: {} });
    expect(hours).toMatchObject({ content: [{ type: 'text', text: 'Open 9-17' }] });
    expect(hours.isError).toBeFalsy();
    const sum = await client.callTool({ name: 'add_numbers', arguments: { a: 2, b: 40 } });
    expect(sum.structuredContent).toEqual({ sum: 42 });
    expect(sum.content).toEqual([{ type: 'text', text: '{"sum":42}' }]);
    await client.close();
  });

  it('validates arguments like a chat does: a bad call is a tool error the model can fix', async () => {
    const client = await connect();
    const bad = await client.callTool({ name: 'add_numbers', arguments: { a: 'two' } });
    expect(bad.isError).toBe(true);
    expect((bad.content as { text: string }[])[0].text).toContain('invalid_arguments');
    await client.close();
  });

  it('refuses unknown and switched-off tools before anything runs', async () => {
    const client = await connect();
    for (const name of ['no_such_tool', 'hidden_tool']) {
      const error = await client.callTool({ name, arguments: {} }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(McpError);
      expect((error as McpError).code).toBe(-32602);
      expect((error as McpError).message).toContain(`No tool named "${name}" is offered here`);
    }
    await client.close();
  });

  it('runs write tools in simulation when the call asks for it (_meta toolsmith/simulate)', async () => {
    const client = await connect();
    const simulated = await client.callTool({
      name: 'place_order',
      arguments: {},
      _meta: { 'toolsmith/simulate': true },
    });
    expect(simulated.content).toEqual([{ type: 'text', text: 'would order' }]);
    expect(simulated._meta).toMatchObject({ 'toolsmith/simulated': true });
    const real = await client.callTool({ name: 'place_order', arguments: {} });
    expect(real.content).toEqual([{ type: 'text', text: 'ordered for real' }]);
    await client.close();
  });

  it('needs the admin secret like the gateway: missing or wrong is 401, Bearer or X-Admin-Secret passes', async () => {
    await expect(connect({})).rejects.toThrow(/401|admin secret/i);
    await expect(connect({ Authorization: 'Bearer wrong' })).rejects.toThrow(/401|does not match/i);
    const viaHeader = await connect({ 'X-Admin-Secret': ADMIN });
    expect((await viaHeader.listTools()).tools.length).toBeGreaterThan(0);
    await viaHeader.close();
    const raw = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(raw.status).toBe(401);
    expect(raw.headers.get('www-authenticate')).toContain('Bearer');
    expect(await raw.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32001 }, id: null });
  });

  it('keeps the Host allowlist and refuses browser cross-site requests', async () => {
    const headers = {
      authorization: `Bearer ${ADMIN}`,
      accept: 'application/json, text/event-stream',
    };
    const body = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
    // fetch cannot set Host: a raw request (DNS rebinding sends the attacker's name)
    const status = await new Promise<number>((resolve, reject) => {
      const port = new URL(server.url).port;
      const req = request(
        {
          host: '127.0.0.1',
          port,
          path: '/mcp',
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json', host: `evil.example:${port}` },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end(JSON.stringify(body));
    });
    expect(status).toBe(421);
    const crossSite = await server.request('POST', '/mcp', body, {
      ...headers,
      origin: 'https://evil.example',
      'sec-fetch-site': 'cross-site',
    });
    expect(crossSite.status).toBe(403);
  });

  it('answers GET and DELETE with 405 (stateless endpoint)', async () => {
    const get = await server.request('GET', '/mcp', undefined, { authorization: `Bearer ${ADMIN}` });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });
});

describe('a second Toolsmith using /mcp as a Streamable HTTP MCP server', () => {
  let other: TestServer;
  beforeAll(async () => {
    other = await startTestServer({ WEBHOOK_LOCAL_URLS_ENABLED: 'true' });
  });
  afterAll(async () => {
    await other.close();
  });

  it('connects with its sealed bearer header, lists the tools and runs them; re-export is off by default', async () => {
    const created = await other.request('POST', '/api/mcp/servers', {
      name: 'upstream',
      transport: 'http',
      url: `${server.url}/mcp`,
      headers: { Authorization: `Bearer ${ADMIN}` },
    });
    expect(created.status).toBe(201);
    expect(JSON.stringify(created.body)).not.toContain(ADMIN);
    expect(created.body.headerKeys).toEqual(['Authorization']);
    const tools = await other.request('GET', `/api/mcp/servers/${created.body.id}/tools`);
    expect(tools.body.status).toBe('connected');
    const names = tools.body.tools.map((t: { name: string }) => t.name);
    expect(names).toEqual(expect.arrayContaining(['store_hours', 'add_numbers']));
    // its own builtins keep their names; the upstream's copies get the server_tool form
    const dice = tools.body.tools.find((t: { name: string }) => t.name === 'roll_dice');
    expect(dice.modelName).toBe('upstream_roll_dice');

    const run = await other.request('POST', '/api/tools/dry-run', {
      name: 'add_numbers',
      args: { a: 1, b: 2 },
    });
    expect(run.body).toMatchObject({ ok: true, result: { sum: 3 } });

    // the second Toolsmith's own /mcp does not re-export the upstream's tools until the user allows it
    const listed = async () => {
      const res = await other.request(
        'POST',
        '/mcp',
        { jsonrpc: '2.0', id: 1, method: 'tools/list' },
        {
          accept: 'application/json, text/event-stream',
        },
      );
      return res.body.result.tools.map((t: { name: string }) => t.name) as string[];
    };
    expect(await listed()).not.toContain('add_numbers');
    const on = await other.request('PUT', '/api/mcp/settings', { reexportServerTools: true });
    expect(on.status).toBe(200);
    expect(await listed()).toContain('add_numbers');
  });
});
