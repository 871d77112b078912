// /api/mcp/servers and /api/mcp/settings bodies through the real server: the route schemas (shape) and the
// server's rules (names, transport, URL policy), answers that keep every field the MCP page reads and never a
// secret, and the group's entry in /api/openapi.json. Running a real MCP server is mcp-client-stdio.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-support/test-server.js';

const TOKEN = 'header-token-5b2e71';

describe('/api/mcp/servers bodies', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('answers a server with every field the page reads and the header values never', async () => {
    const created = await server.request('POST', '/api/mcp/servers', {
      name: 'remote',
      transport: 'http',
      url: 'https://mcp.example.com/mcp',
      headers: { Authorization: `Bearer ${TOKEN}` },
      enabled: false,
    });
    expect(created.status).toBe(201);
    expect(Object.keys(created.body).sort()).toEqual(
      [
        'approved',
        'approvedAt',
        'args',
        'command',
        'createdAt',
        'cwd',
        'enabled',
        'envKeys',
        // why it is not connected (here: switched off)
        'error',
        'headerKeys',
        'id',
        'name',
        'review',
        'status',
        'toolCount',
        'toolsListedAt',
        'transport',
        'updatedAt',
        'url',
      ].sort(),
    );
    expect(created.body).toMatchObject({ headerKeys: ['Authorization'], status: 'disabled', review: null });
    const list = await server.request('GET', '/api/mcp/servers');
    expect(list.body.servers).toEqual([created.body]);
    expect(JSON.stringify(list.body)).not.toContain(TOKEN);
    const patched = await server.request('PATCH', `/api/mcp/servers/${created.body.id}`, {
      id: created.body.id,
      name: 'remote two',
      status: 'disabled',
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toEqual({ ...created.body, name: 'remote two', updatedAt: patched.body.updatedAt });
  });

  it('refuses a body of the wrong shape, naming each field', async () => {
    const res = await server.request('POST', '/api/mcp/servers', {
      name: '',
      transport: 'ftp',
      args: 'serve',
      env: ['A=1'],
      colour: 'red',
    });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([
      {
        field: 'colour',
        message:
          'Unknown field "colour". Known fields: name, transport, command, args, env, cwd, url, headers, enabled.',
      },
      { field: 'name', message: 'name must be text of 1–64 characters.' },
      { field: 'transport', message: 'transport must be one of "stdio", "http".' },
      { field: 'args', message: 'args must be a list of at most 256 texts of at most 8192 characters each.' },
      { field: 'env', message: 'env must be an object of names to text values (null removes a name).' },
    ]);
    const missing = await server.request('POST', '/api/mcp/servers', {});
    expect(missing.body.details).toEqual([
      { field: 'name', message: 'name is required: 1–64 characters.' },
      {
        field: 'transport',
        message:
          'transport is required: "stdio" (a program Toolsmith starts) or "http" (a Streamable HTTP URL).',
      },
    ]);
  });

  it('then applies the rules a schema cannot know', async () => {
    const res = await server.request('POST', '/api/mcp/servers', {
      name: 'local',
      transport: 'stdio',
      cwd: 'relative/dir',
      env: { '1BAD': 'x', GOOD: 'y' },
      url: 'https://mcp.example.com/mcp',
    });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([
      {
        field: 'env.1BAD',
        message:
          '"1BAD" is not a valid environment variable name: letters, digits and _, not starting with a digit.',
      },
      {
        field: 'command',
        message: 'command is required for a stdio server: the program to start, e.g. "npx".',
      },
      {
        field: 'cwd',
        message: "cwd must be an absolute path (or empty for the server's own working directory).",
      },
      { field: 'url', message: 'url is for http servers; a stdio server has a command.' },
    ]);
    const remote = await server.request('POST', '/api/mcp/servers', {
      name: 'again',
      transport: 'http',
      url: 'https://mcp.example.com/mcp',
    });
    const keep = await server.request('PATCH', `/api/mcp/servers/${remote.body.id}`, { keepHeaders: false });
    expect(keep.status).toBe(400);
    expect(keep.body.details).toEqual([
      { field: 'keepHeaders', message: 'keepHeaders must be true when sent.' },
    ]);
  });

  it('checks the approval, tool switch and settings bodies', async () => {
    const remote = (
      await server.request('POST', '/api/mcp/servers', {
        name: 'approvals',
        transport: 'http',
        url: 'https://mcp.example.com/mcp',
      })
    ).body;
    const approve = await server.request('POST', `/api/mcp/servers/${remote.id}/approve`, {});
    expect(approve.body.details).toEqual([
      {
        field: 'fingerprint',
        message: 'fingerprint is required: the review.fingerprint of the command you approve.',
      },
    ]);
    const toggle = await server.request('PUT', `/api/mcp/servers/${remote.id}/tools/echo`, { enabled: 'on' });
    expect(toggle.body.details).toEqual([{ field: 'enabled', message: 'enabled must be true or false.' }]);
    const settings = await server.request('PUT', '/api/mcp/settings', {});
    expect(settings.status).toBe(400);
    expect(settings.body.details).toEqual([
      { field: 'reexportServerTools', message: 'reexportServerTools is required: true or false.' },
    ]);
    const saved = await server.request('PUT', '/api/mcp/settings', { reexportServerTools: true });
    expect(saved.body).toEqual({ reexportServerTools: true });
  });

  it('is in /api/openapi.json with its request and response schemas', async () => {
    const doc = (await server.request('GET', '/api/openapi.json')).body;
    const create = doc.paths['/api/mcp/servers'].post;
    const body = create.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(['name', 'transport']);
    expect(body.properties.transport.enum).toEqual(['stdio', 'http']);
    const answer = create.responses['201'].content['application/json'].schema;
    expect(answer.properties.headerKeys.type).toBe('array');
    // secrets are write-only: the answer has no env or headers values
    expect(answer.properties.env).toBeUndefined();
    expect(answer.properties.headers).toBeUndefined();
    const tools = doc.paths['/api/mcp/servers/{id}/tools'].get;
    expect(tools.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ in: 'query', name: 'refresh' })]),
    );
    expect(
      doc.paths['/api/mcp/settings'].put.requestBody.content['application/json'].schema.required,
    ).toEqual(['reexportServerTools']);
  });
});
