// Issue 9 item 7: JSON nested 2,000+ levels deep gave 500 on a dozen routes, and lone surrogates (`\uD800`)
// slipped through name checks. Every route answers 400 with a message for both, over real HTTP.
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRoutes } from '../test-support/route-list.js';
import { startTestServer, type TestServer } from '../test-support/test-server.js';
import { MAX_JSON_DEPTH } from './json-body.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ CUSTOM_TOOL_SCRIPT_ENABLED: 'true' });
});
afterAll(() => server.close());

const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
const deepArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const errorText = (body: any) => (typeof body.error === 'string' ? body.error : body.error?.message);

describe('deeply nested JSON', () => {
  it('gets 400 with a message on every route that takes a body, never 500', async () => {
    const routes = allRoutes(server.app).filter(([m]) => ['POST', 'PUT', 'PATCH'].includes(m));
    expect(routes.length).toBeGreaterThan(30);
    for (const [method, path] of routes) {
      for (const body of [deepObject(2500), deepArray(2500), `{"name":"x","tools":${deepArray(2100)}}`]) {
        const res = await server.request(method, path, body);
        expect([method, path, res.status]).toEqual([method, path, 400]);
        expect(errorText(res.body)).toContain(`${MAX_JSON_DEPTH} levels`);
      }
    }
  });

  it('accepts nesting up to the limit', async () => {
    const res = await server.request(
      'PUT',
      '/api/variables',
      `{"variables":{"v":${deepArray(MAX_JSON_DEPTH - 3)}}}`,
    );
    expect(res.status).toBe(200);
  });
});

describe('lone surrogates', () => {
  it('are refused with 400 naming the field, so two "different" names cannot map to one', async () => {
    const first = await server.request('POST', '/api/connections', '{"name":"dup\\ud800","api":"openai"}');
    expect(first.status).toBe(400);
    expect(first.body.details).toEqual([{ field: 'name', message: expect.stringContaining('surrogate') }]);
    const second = await server.request('POST', '/api/presets', '{"name":"p","stop":["ok","\\udfff"]}');
    expect([second.status, second.body.details?.[0]?.field]).toEqual([400, 'stop[1]']);
    const key = await server.request('PUT', '/api/variables', '{"variables":{"\\ud83d":1}}');
    expect([key.status, key.body.details?.[0]?.field]).toEqual([400, 'variables']);
    const gateway = await server.request(
      'POST',
      '/v1/chat/completions',
      '{"model":"m","messages":[{"role":"user","content":"\\ud800"}]}',
    );
    expect([gateway.status, gateway.body.error.param]).toEqual([400, 'messages[0].content']);
    expect((await server.request('GET', '/api/connections')).body.connections).toEqual([]);
  });

  it('lets well-formed text through, astral characters written as escaped pairs included', async () => {
    const res = await server.request('POST', '/api/presets', '{"name":"smile \\ud83d\\ude00 ✓"}');
    expect(res.status).toBe(201);
    expect(res.body.name).toBe('smile 😀 ✓');
  });

  it('in imported files too', async () => {
    const tools = await fetch(`${server.url}/api/tools/import`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-toolsmith-request': '1' },
      body: '[{"name":"t","description":"bad \\udc00","kind":"static"}]',
    });
    expect(tools.status).toBe(400);
    expect(((await tools.json()) as any).error).toContain('surrogate');
  });

  it('in the JSON files of an imported ZIP too (nothing stored)', async () => {
    const upload = (manifest: string, schema = '{"type":"object"}') =>
      fetch(`${server.url}/api/tools/import`, {
        method: 'POST',
        headers: { 'content-type': 'application/zip', 'x-toolsmith-request': '1' },
        body: zipSync({
          'Function Calls/twin/manifest.json': strToU8(manifest),
          'Function Calls/twin/parameters.schema.json': strToU8(schema),
        }),
      });
    const manifest = (name: string) =>
      `{"kind":"marinara.function","version":1,"config":{"name":"${name}","description":"Twin.","parametersSchemaPath":"parameters.schema.json","executionType":"webhook","webhookUrl":"https://api.example.org/t","enabled":true}}`;
    const surrogate = await upload(manifest('twin\\ud800'));
    expect(surrogate.status).toBe(400);
    expect(((await surrogate.json()) as any).error).toContain('surrogate');
    const deep = await upload(manifest('deep'), `{"type":"object","properties":{"a":${deepObject(2500)}}}`);
    expect(deep.status).toBe(400);
    expect(((await deep.json()) as any).error).toContain(`${MAX_JSON_DEPTH} levels`);
    const names = (await server.request('GET', '/api/tools')).body.tools.map((t: any) => t.name);
    expect(names.filter((n: string) => n.startsWith('twin') || n === 'deep')).toEqual([]);
    // the same file with well-formed text imports
    expect((await upload(manifest('twin'))).status).toBe(200);
  });
});
