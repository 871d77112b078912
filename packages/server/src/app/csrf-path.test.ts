// Issue 9 item 5: the CSRF header check must follow the route the router matched, not the raw URL text.
// `/%61pi/tools` and absolute-form targets (`POST http://host/api/tools`) reach the /api routes too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from '../test-support/raw-request.js';
import { startTestServer, type TestServer } from '../test-support/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const raw = (method: string, target: string, body?: unknown, headers: Record<string, string> = {}) =>
  rawRequest(server.url, method, target, body, headers);

const planted = (name: string) => ({ name, description: 'Planted without the CSRF header.', kind: 'static' });

async function toolNames(): Promise<string[]> {
  return (await server.request('GET', '/api/tools')).body.tools.map((t: { name: string }) => t.name);
}

describe('CSRF header check on the matched route', () => {
  it('refuses a percent-encoded /api path without X-Toolsmith-Request', async () => {
    for (const target of ['/%61pi/tools', '/%61%70%69/tools', '/api/%74ools']) {
      const res = await raw('POST', target, planted('encoded_path'));
      expect([target, res.status, res.body.code]).toEqual([target, 403, 'csrf_header_missing']);
    }
    expect(await toolNames()).not.toContain('encoded_path');
  });

  it('refuses an absolute-form request target without X-Toolsmith-Request', async () => {
    const res = await raw('POST', `${server.url}/api/tools`, planted('absolute_form'));
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('csrf_header_missing');
    expect(await toolNames()).not.toContain('absolute_form');
  });

  it('checks every state-changing method on encoded paths', async () => {
    const preset = await server.request('POST', '/api/presets', { name: 'keep me' });
    for (const [method, target] of [
      ['PATCH', `/%61pi/presets/${preset.body.id}`],
      ['PUT', '/%61pi/variables'],
      ['DELETE', `/%61pi/presets/${preset.body.id}`],
    ]) {
      const res = await raw(method, target, method === 'DELETE' ? undefined : { name: 'x', variables: {} });
      expect([method, res.status, res.body.code]).toEqual([method, 403, 'csrf_header_missing']);
    }
    expect((await server.request('GET', `/api/presets/${preset.body.id}`)).body.name).toBe('keep me');
  });

  it('still lets the encoded and absolute forms through with the header', async () => {
    const encoded = await raw('POST', '/%61pi/tools', planted('encoded_ok'), { 'x-toolsmith-request': '1' });
    expect(encoded.status).toBe(201);
    const absolute = await raw('POST', `${server.url}/api/tools`, planted('absolute_ok'), {
      'x-toolsmith-request': '1',
    });
    expect(absolute.status).toBe(201);
  });

  it('keeps the gateway free of the header for API clients, whatever the spelling of its path', async () => {
    const res = await raw('POST', '/%76%31/chat/completions', { model: 'none', messages: [] });
    expect(res.status).not.toBe(403);
    expect(res.body.error.code).not.toBe('csrf_header_missing');
  });
});
