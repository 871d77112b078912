// Issue 9 item 1 (the key theft): re-pointing a connection's baseUrl at another server and pressing Test sent
// the stored API key there. A baseUrl on another origin now needs the key again, or an explicit keepApiKey.
import { createEmulator, type Emulator } from '@toolsmith/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmulatedServer, startEmulatedServer } from '../test-support/emulated-server.js';
import type { TestServer } from '../test-support/test-server.js';

const KEY = 'sk-stored-key-for-the-real-provider';
let setup: EmulatedServer;
let server: TestServer;
let provider: Emulator;
let attacker: Emulator;

beforeAll(async () => {
  setup = await startEmulatedServer({ connection: false });
  ({ server, emulator: provider } = setup);
  attacker = await createEmulator();
});
afterAll(async () => {
  await setup.close();
  await attacker.close();
});

async function createConnection(name: string, extra: Record<string, unknown> = {}) {
  const res = await server.request('POST', '/api/connections', {
    name,
    api: 'openai',
    baseUrl: `${provider.url}/v1`,
    model: 'gpt-4o-mini',
    apiKey: KEY,
    ...extra,
  });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

const keyReached = (emulator: Emulator, key = KEY) =>
  emulator.requests.some((r) => r.headers.authorization === `Bearer ${key}`);

describe('changing baseUrl to another origin', () => {
  it('refuses to keep the stored key silently: 400 naming apiKey, nothing changed, nothing sent', async () => {
    const id = await createConnection('moved');
    const res = await server.request('PATCH', `/api/connections/${id}`, { baseUrl: `${attacker.url}/v1` });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('api_key_confirmation_required');
    expect(res.body.details).toEqual([{ field: 'apiKey', message: expect.stringContaining('keepApiKey') }]);
    expect(res.body.error).toContain(new URL(attacker.url).host);
    expect((await server.request('GET', `/api/connections/${id}`)).body.baseUrl).toBe(`${provider.url}/v1`);

    await server.request('POST', `/api/connections/${id}/test`, {});
    expect(keyReached(attacker)).toBe(false);
  });

  it('accepts the move with a new key (which is what gets sent) or with keepApiKey: true', async () => {
    const withNewKey = await createConnection('new-key');
    const moved = await server.request('PATCH', `/api/connections/${withNewKey}`, {
      baseUrl: `${attacker.url}/v1`,
      apiKey: 'sk-meant-for-the-new-host',
    });
    expect(moved.status).toBe(200);
    await server.request('POST', `/api/connections/${withNewKey}/test`, {});
    expect(keyReached(attacker, 'sk-meant-for-the-new-host')).toBe(true);
    expect(keyReached(attacker)).toBe(false);

    const cleared = await createConnection('cleared');
    const noKey = await server.request('PATCH', `/api/connections/${cleared}`, {
      baseUrl: `${attacker.url}/v1`,
      apiKey: null,
    });
    expect([noKey.status, noKey.body.hasApiKey]).toEqual([200, false]);

    const kept = await createConnection('kept');
    const confirmed = await server.request('PATCH', `/api/connections/${kept}`, {
      baseUrl: `${attacker.url}/v1`,
      keepApiKey: true,
    });
    expect([confirmed.status, confirmed.body.hasApiKey, confirmed.body.keepApiKey]).toEqual([
      200,
      true,
      undefined,
    ]);
  });

  it('needs nothing for the same origin, a connection without a key, or a path change', async () => {
    const id = await createConnection('same-origin');
    const path = await server.request('PATCH', `/api/connections/${id}`, { baseUrl: `${provider.url}/v2` });
    expect(path.status).toBe(200);
    const trailing = await server.request('PATCH', `/api/connections/${id}`, {
      baseUrl: `${provider.url.toUpperCase().replace('HTTP', 'http')}/v1`,
    });
    expect(trailing.status).toBe(200);

    const keyless = await createConnection('keyless', { apiKey: undefined });
    const moved = await server.request('PATCH', `/api/connections/${keyless}`, {
      baseUrl: `${attacker.url}/v1`,
    });
    expect(moved.status).toBe(200);
  });

  it('counts the provider default as an origin: empty baseUrl and an api change move the key too', async () => {
    const id = await createConnection('to-default');
    const toDefault = await server.request('PATCH', `/api/connections/${id}`, { baseUrl: '' });
    expect([toDefault.status, toDefault.body.details?.[0]?.field]).toEqual([400, 'apiKey']);

    const official = await createConnection('official', { baseUrl: '' });
    const otherFamily = await server.request('PATCH', `/api/connections/${official}`, { api: 'anthropic' });
    expect([otherFamily.status, otherFamily.body.details?.[0]?.field]).toEqual([400, 'apiKey']);
    const explicitSame = await server.request('PATCH', `/api/connections/${official}`, {
      baseUrl: 'https://api.openai.com/v1',
    });
    expect(explicitSame.status).toBe(200);
  });

  it('keepApiKey must be true when sent', async () => {
    const id = await createConnection('bad-flag');
    const res = await server.request('PATCH', `/api/connections/${id}`, {
      baseUrl: `${attacker.url}/v1`,
      keepApiKey: 'yes',
    });
    expect(res.status).toBe(400);
    expect(res.body.details[0].field).toBe('keepApiKey');
  });
});
