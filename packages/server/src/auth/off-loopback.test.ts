// Issue 9 item 4: with ADMIN_SECRET set, a client that is not on loopback could read every chat, read webhook
// URLs with their credentials, and delete chats, lorebooks, personas, presets and agents without the secret.
// Over real HTTP, a remote client is simulated the way a deployment sees one: behind a trusted reverse proxy
// (TRUST_PROXY=127.0.0.1) that sends X-Forwarded-For.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-support/test-server.js';

const SECRET = 'off-loopback-secret-123';
const REMOTE = { 'x-forwarded-for': '203.0.113.7' };

let server: TestServer;
const ids: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer({ ADMIN_SECRET: SECRET, TRUST_PROXY: '127.0.0.1' });
  const make = async (key: string, path: string, body: unknown) => {
    const res = await server.request('POST', path, body);
    expect(res.status).toBe(201);
    ids[key] = res.body.id;
  };
  await make('chat', '/api/chats', { title: 'Private diary' });
  await make('lorebook', '/api/lorebooks', { name: 'Secrets' });
  await make('persona', '/api/personas', { name: 'Me' });
  await make('preset', '/api/presets', { name: 'Mine' });
  await make('agent', '/api/agents', { name: 'helper' });
  await make('character', '/api/characters', { name: 'Ann' });
  await make('tool', '/api/tools', {
    name: 'diary_hook',
    description: 'Posts to my diary.',
    kind: 'webhook',
    webhookUrl: 'https://me:hunter2@hooks.example.com/diary?token=abc123',
    confirmCredentials: true,
  });
});
afterAll(() => server.close());

describe('a non-loopback client with ADMIN_SECRET set', () => {
  const readsAndDeletes = (): [string, string][] => [
    ['GET', '/api/chats'],
    ['GET', `/api/chats/${ids.chat}`],
    ['GET', `/api/chats/${ids.chat}/messages`],
    ['GET', `/api/chats/${ids.chat}/variables`],
    ['GET', '/api/tools'],
    ['GET', `/api/tools/${ids.tool}`],
    ['GET', '/api/tools/export'],
    ['GET', `/api/tools/${ids.tool}/export`],
    ['GET', '/api/tools/capabilities'],
    ['GET', '/api/lorebooks'],
    ['GET', '/api/personas'],
    ['GET', '/api/presets'],
    ['GET', '/api/agents'],
    ['GET', '/api/characters'],
    ['GET', '/api/orchestration'],
    ['GET', '/api/variables'],
    ['GET', '/api/nothing-here'],
    ['DELETE', `/api/chats/${ids.chat}`],
    ['DELETE', `/api/lorebooks/${ids.lorebook}`],
    ['DELETE', `/api/personas/${ids.persona}`],
    ['DELETE', `/api/presets/${ids.preset}`],
    ['DELETE', `/api/agents/${ids.agent}`],
    ['PATCH', `/api/characters/${ids.character}`],
  ];

  it('gets 401 without the secret on every /api route but health, and nothing is read or deleted', async () => {
    for (const [method, path] of readsAndDeletes()) {
      const res = await server.request(
        method,
        path,
        method === 'PATCH' ? { personality: 'x' } : undefined,
        REMOTE,
      );
      expect([method, path, res.status]).toEqual([method, path, 401]);
      expect(res.body.code).toBe('admin_secret_required');
      expect(res.body.error).toContain('X-Admin-Secret');
      expect(JSON.stringify(res.body)).not.toContain('hunter2');
    }
    const wrong = await server.request('GET', '/api/chats', undefined, {
      ...REMOTE,
      'x-admin-secret': 'nope',
    });
    expect([wrong.status, wrong.body.code]).toEqual([401, 'admin_secret_invalid']);
    // everything is still there
    const chats = await server.request('GET', '/api/chats');
    expect(chats.body.chats.map((c: { title: string }) => c.title)).toEqual(['Private diary']);
    expect((await server.request('GET', `/api/agents/${ids.agent}`)).status).toBe(200);
  });

  it('keeps /api/health and the static UI open, and health says the secret is needed', async () => {
    const health = await server.request('GET', '/api/health', undefined, REMOTE);
    expect([health.status, health.body.adminSecretRequired]).toEqual([200, true]);
    expect((await server.request('GET', '/', undefined, REMOTE)).status).toBe(200);
  });

  it('with the secret, reads and deletes work', async () => {
    const withSecret = { ...REMOTE, 'x-admin-secret': SECRET };
    const chats = await server.request('GET', '/api/chats', undefined, withSecret);
    expect(chats.status).toBe(200);
    const del = await server.request('DELETE', `/api/presets/${ids.preset}`, undefined, withSecret);
    expect(del.status).toBe(204);
  });

  it('the same rules hold for a client connecting from another address directly', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/chats', remoteAddress: '198.51.100.9' });
    expect(res.statusCode).toBe(401);
    const ok = await server.app.inject({
      method: 'GET',
      url: '/api/chats',
      remoteAddress: '198.51.100.9',
      headers: { 'x-admin-secret': SECRET },
    });
    expect(ok.statusCode).toBe(200);
  });
});

describe('loopback clients', () => {
  it('need no secret by default', async () => {
    expect((await server.request('GET', '/api/chats')).status).toBe(200);
  });
});
