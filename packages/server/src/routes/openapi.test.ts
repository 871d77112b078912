// /api/openapi.json is generated from the route schemas (@toolsmith/core/api-schema) as routes register. These
// tests hold it to the routes the server really answers (Fastify's own route table, not the document's input),
// and hold the schema-checked routes to their contracts: 400s naming the field, and answers that keep every
// field the UI reads.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-support/test-server.js';

/** Every METHOD /path in Fastify's route table (HEAD twins and the UI's static files left out). */
function registeredRoutes(tree: string): string[] {
  const out: string[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([\s│]*)(?:[└├]── )(.*?)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1].length / 4;
    stack.length = depth;
    stack.push(match[2]);
    if (!match[3]) continue;
    const path = stack.join('');
    for (const method of match[3].split(', ')) if (method !== 'HEAD') out.push(`${method} ${path}`);
  }
  return out;
}

/** A wildcard as `*` on both sides (Fastify prints `models*`, OpenAPI has `models/{*}`). */
const normal = (route: string) => route.replace(/\/?:?\*$/, '*');

describe('GET /api/openapi.json', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('is an OpenAPI 3.1 document listing every registered route', async () => {
    const res = await server.request('GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    expect(res.body.info.title).toBe('Toolsmith API');
    const documented = new Set<string>();
    for (const [path, item] of Object.entries(res.body.paths as Record<string, Record<string, unknown>>)) {
      for (const method of Object.keys(item)) {
        documented.add(`${method.toUpperCase()} ${normal(path.replace(/\{([^}]+)\}/g, ':$1'))}`);
      }
    }
    const routes = registeredRoutes(server.app.printRoutes({ commonPrefix: false }));
    // the table is read right: the routes every user meets are in it
    expect(routes).toEqual(
      expect.arrayContaining(['GET /api/tools', 'PATCH /api/tools/:id', 'POST /v1/chat/completions']),
    );
    const api = routes.filter((r) => / \/(api|v1|mcp)\b/.test(r));
    expect(api.length).toBeGreaterThan(100);
    expect(api.filter((r) => !documented.has(normal(r)))).toEqual([]);
  });

  it('carries the tools routes with their request and response schemas', async () => {
    const doc = (await server.request('GET', '/api/openapi.json')).body;
    const create = doc.paths['/api/tools'].post;
    const body = create.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(['name', 'description']);
    expect(body.properties.mode.enum).toEqual(['read', 'write']);
    expect(body.additionalProperties).toBe(false);
    expect(Object.keys(create.responses)).toEqual(expect.arrayContaining(['201', '400', '409']));
    const tool = create.responses['201'].content['application/json'].schema;
    expect(tool.properties.webhookUrl.type).toBe('string');
    expect(doc.paths['/api/tools/{id}'].patch.parameters[0]).toMatchObject({ in: 'path', name: 'id' });
  });
});

describe('schema-checked routes', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('answers a tool with every field the UI reads (serialization drops none)', async () => {
    const created = await server.request('POST', '/api/tools', {
      name: 'every_field',
      displayName: 'Every field',
      description: 'Has them all.',
      parameters: {
        type: 'object',
        properties: { q: { type: 'string', description: 'query' } },
        required: ['q'],
      },
      mode: 'write',
      kind: 'webhook',
      webhookUrl: 'https://user:pw@example.com/hook',
      confirmCredentials: true,
      includeHiddenContext: true,
      enabled: false,
    });
    expect(created.status).toBe(201);
    const fetched = await server.request('GET', `/api/tools/${created.body.id}`);
    expect(Object.keys(fetched.body).sort()).toEqual(
      [
        'allowFetch',
        'body',
        'createdAt',
        'description',
        'displayName',
        'enabled',
        'id',
        'includeHiddenContext',
        'kind',
        'mode',
        'name',
        'order',
        'parameters',
        'simulateBody',
        'staticResult',
        'updatedAt',
        'webhookUrl',
      ].sort(),
    );
    // nested free-form JSON kept whole; the secret still masked after serialization
    expect(fetched.body.parameters).toEqual({
      type: 'object',
      properties: { q: { type: 'string', description: 'query' } },
      required: ['q'],
    });
    expect(fetched.body.webhookUrl).not.toContain('pw');
    expect(fetched.body).toMatchObject({
      mode: 'write',
      kind: 'webhook',
      enabled: false,
      includeHiddenContext: true,
    });
    const list = await server.request('GET', '/api/tools');
    expect(list.body.tools[0]).toEqual(fetched.body);
    expect(list.body.builtin.length).toBeGreaterThan(0);
    expect(Object.keys(list.body.builtin[0]).sort()).toEqual(
      ['description', 'displayName', 'enabled', 'kind', 'mode', 'name', 'parameters'].sort(),
    );
  });

  it('400s wrong types naming the field, in the API words, with no coercion', async () => {
    const res = await server.request('POST', '/api/tools', {
      name: 'typed',
      description: 'Typed.',
      enabled: 'true',
      includeHiddenContext: 1,
      mode: 'sideways',
    });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([
      { field: 'mode', message: 'Mode must be "read" or "write".' },
      { field: 'includeHiddenContext', message: 'Include hidden context must be true or false.' },
      { field: 'enabled', message: 'Enabled must be true or false.' },
    ]);
    expect(res.body.error).toBe('3 fields need fixing; see details.');
    const missing = await server.request('PUT', '/api/tools/order', {});
    expect(missing.status).toBe(400);
    expect(missing.body.details).toEqual([{ field: 'ids', message: 'ids must be a list of tool ids.' }]);
    const toggle = await server.request('PUT', '/api/tools/builtin/roll_dice', { enabled: 'yes' });
    expect(toggle.status).toBe(400);
    expect(toggle.body).toEqual({
      error: 'enabled must be true or false.',
      details: [{ field: 'enabled', message: 'enabled must be true or false.' }],
    });
  });

  it('ignores read-only fields sent back with a resource', async () => {
    const created = await server.request('POST', '/api/tools', {
      name: 'round_trip',
      description: 'Sent back whole.',
      kind: 'static',
    });
    const { id, ...rest } = created.body;
    const patched = await server.request('PATCH', `/api/tools/${id}`, {
      ...rest,
      id,
      description: 'Edited.',
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ id, description: 'Edited.', order: created.body.order });
  });

  it('answers a persona with every field the UI reads, and names the field of a bad one', async () => {
    const created = await server.request('POST', '/api/personas', {
      name: 'Ann',
      description: 'A traveller.',
    });
    expect(created.status).toBe(201);
    expect(Object.keys(created.body).sort()).toEqual(
      ['createdAt', 'description', 'hasAvatar', 'id', 'name', 'updatedAt'].sort(),
    );
    const list = await server.request('GET', '/api/personas');
    expect(list.body.personas).toContainEqual(created.body);
    const bad = await server.request('POST', '/api/personas', { description: 7 });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual([
      { field: 'name', message: 'name is required: what the persona is called ({{user}}).' },
      { field: 'description', message: 'description must be text of at most 100000 characters.' },
    ]);
    const avatar = await server.request('PATCH', `/api/personas/${created.body.id}`, { avatar: 5 });
    expect(avatar.body.details).toEqual([
      {
        field: 'avatar',
        message: 'avatar must be a PNG, JPEG or WebP image sent as base64, or null to remove it.',
      },
    ]);
  });
});
