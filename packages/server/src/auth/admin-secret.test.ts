import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-support/test-server.js';
import { isLoopbackAddress } from './loopback.js';

const SECRET = 'test-admin-secret-123';
const REMOTE = '203.0.113.7';
const tool = { name: 'remote_tool', description: 'Made remotely.', kind: 'static' };

function inject(
  server: TestServer,
  method: 'GET' | 'POST',
  url: string,
  headers: Record<string, string> = {},
  payload?: unknown,
) {
  return server.app.inject({
    method,
    url,
    remoteAddress: REMOTE,
    headers: { 'x-toolsmith-request': '1', ...headers },
    payload: payload as any,
  });
}

describe('isLoopbackAddress', () => {
  it('accepts 127/8, ::1 and mapped forms only', () => {
    expect(['127.0.0.1', '127.9.9.9', '::1', '::ffff:127.0.0.1'].every(isLoopbackAddress)).toBe(true);
    expect(
      ['10.0.0.1', '::', '0.0.0.0', '::ffff:10.0.0.1', 'localhost', '', undefined].some(isLoopbackAddress),
    ).toBe(false);
  });
});

describe('admin secret for non-loopback clients', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ ADMIN_SECRET: SECRET });
  });
  afterAll(() => server.close());

  it('loopback clients need no secret by default', async () => {
    const health = await server.request('GET', '/api/health');
    expect(health.body).toMatchObject({ ok: true, version: '0.1.0', adminSecretRequired: false });
    expect((await server.request('POST', '/api/tools', tool)).status).toBe(201);
    await server.request(
      'DELETE',
      `/api/tools/${(await server.request('GET', '/api/tools')).body.tools[0].id}`,
    );
  });

  it('a remote client without the secret gets 401 naming ADMIN_SECRET and the header', async () => {
    const res = await inject(server, 'POST', '/api/tools', {}, tool);
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toContain('X-Admin-Secret');
    const body = res.json();
    expect(body.code).toBe('admin_secret_required');
    expect(body.error).toContain('ADMIN_SECRET');
    expect(body.error).toContain('X-Admin-Secret');
  });

  it('a remote client with a wrong secret gets 401 admin_secret_invalid', async () => {
    for (const wrong of ['nope', `${SECRET}x`, SECRET.slice(0, -1)]) {
      const res = await inject(server, 'POST', '/api/tools', { 'x-admin-secret': wrong }, tool);
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('admin_secret_invalid');
      expect(res.json().error).toMatch(/ADMIN_SECRET.*X-Admin-Secret|X-Admin-Secret.*ADMIN_SECRET/);
    }
  });

  it('a remote client with the right secret is let through', async () => {
    const res = await inject(server, 'POST', '/api/tools', { 'x-admin-secret': SECRET }, tool);
    expect(res.statusCode).toBe(201);
    const id = res.json().id;
    const del = await server.app.inject({
      method: 'DELETE',
      url: `/api/tools/${id}`,
      remoteAddress: REMOTE,
      headers: { 'x-toolsmith-request': '1', 'x-admin-secret': SECRET },
    });
    expect(del.statusCode).toBe(204);
  });

  it('guards every privileged route and every read off loopback; health stays open and tells the client', async () => {
    const guarded: [string, string][] = [
      ['POST', '/api/tools'],
      ['PATCH', '/api/tools/t_x'],
      ['DELETE', '/api/tools/t_x'],
      ['PUT', '/api/tools/order'],
      ['PUT', '/api/tools/builtin/roll_dice'],
      ['POST', '/api/tools/compile'],
      ['POST', '/api/tools/dry-run'],
      ['GET', '/api/connections'],
      ['POST', '/api/connections'],
      ['GET', '/api/connections/c_x'],
      ['PATCH', '/api/connections/c_x'],
      ['DELETE', '/api/connections/c_x'],
    ];
    for (const [method, url] of guarded) {
      const res = await server.app.inject({
        method: method as any,
        url,
        remoteAddress: REMOTE,
        headers: { 'x-toolsmith-request': '1' },
        payload: method === 'GET' || method === 'DELETE' ? undefined : {},
      });
      expect([method, url, res.statusCode]).toEqual([method, url, 401]);
    }
    expect((await inject(server, 'GET', '/api/tools')).statusCode).toBe(401);
    expect((await inject(server, 'GET', '/api/tools/capabilities')).statusCode).toBe(401);
    expect((await inject(server, 'GET', '/api/tools', { 'x-admin-secret': SECRET })).statusCode).toBe(200);
    expect((await inject(server, 'GET', '/api/health')).json().adminSecretRequired).toBe(true);
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY is set', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/tools',
      remoteAddress: REMOTE,
      headers: { 'x-toolsmith-request': '1', 'x-forwarded-for': '127.0.0.1' },
      payload: tool,
    });
    expect(res.statusCode).toBe(401);
    const spoofFromLoopback = await server.app.inject({
      method: 'GET',
      url: '/api/health',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': REMOTE },
    });
    expect(spoofFromLoopback.json().adminSecretRequired).toBe(false);
  });
});

describe('TRUST_PROXY', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ ADMIN_SECRET: SECRET, TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(() => server.close());

  it('uses X-Forwarded-For from a trusted proxy', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: '/api/health',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': REMOTE },
    });
    expect(res.json().adminSecretRequired).toBe(true);
  });
});

describe('ADMIN_SECRET_ON_LOOPBACK=true over real loopback HTTP', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ ADMIN_SECRET: SECRET, ADMIN_SECRET_ON_LOOPBACK: 'true' });
  });
  afterAll(() => server.close());

  it('requires the secret from 127.0.0.1 too', async () => {
    expect((await server.request('GET', '/api/health')).body.adminSecretRequired).toBe(true);
    const without = await server.request('POST', '/api/tools', tool);
    expect(without.status).toBe(401);
    expect(without.body.code).toBe('admin_secret_required');
    const wrong = await server.request('POST', '/api/tools', tool, { 'x-admin-secret': 'wrong-secret' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe('admin_secret_invalid');
    const right = await server.request('POST', '/api/tools', tool, { 'x-admin-secret': SECRET });
    expect(right.status).toBe(201);
    // Reads that are not privileged stay open.
    expect((await server.request('GET', '/api/tools')).status).toBe(200);
  });
});

describe('no ADMIN_SECRET configured', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('refuses privileged routes to remote clients and says how to enable them', async () => {
    const res = await inject(server, 'POST', '/api/tools', { 'x-admin-secret': 'anything' }, tool);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'admin_secret_required' });
    expect(res.json().error).toContain('Set ADMIN_SECRET');
  });
});
