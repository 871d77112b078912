import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-support/test-server.js';

describe('variables API', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('stores global variables as JSON values; PUT replaces the whole set', async () => {
    expect((await server.request('GET', '/api/variables')).body).toEqual({ variables: {} });
    const put = await server.request('PUT', '/api/variables', {
      variables: { day: 3, weather: 'rain', flags: { seen: true }, list: [1, 2] },
    });
    expect(put.status).toBe(200);
    expect(put.body.variables).toEqual({ day: 3, weather: 'rain', flags: { seen: true }, list: [1, 2] });
    await server.request('PUT', '/api/variables', { variables: { day: 4 } });
    expect((await server.request('GET', '/api/variables')).body).toEqual({ variables: { day: 4 } });
  });

  it('keeps chat variables per chat, apart from the global ones, and deletes them with the chat', async () => {
    const a = (await server.request('POST', '/api/chats', {})).body.id;
    const b = (await server.request('POST', '/api/chats', {})).body.id;
    await server.request('PUT', `/api/chats/${a}/variables`, { variables: { hp: 10 } });
    await server.request('PUT', `/api/chats/${b}/variables`, { variables: { hp: 3, mana: 1 } });
    expect((await server.request('GET', `/api/chats/${a}/variables`)).body).toEqual({
      variables: { hp: 10 },
    });
    expect((await server.request('GET', `/api/chats/${b}/variables`)).body).toEqual({
      variables: { hp: 3, mana: 1 },
    });
    expect((await server.request('GET', '/api/variables')).body.variables).not.toHaveProperty('hp');
    await server.request('DELETE', `/api/chats/${a}`);
    expect((await server.request('GET', `/api/chats/${a}/variables`)).status).toBe(404);
    expect(await server.app.toolsmith.storage.variables.list(a)).toEqual({});
    expect((await server.request('PUT', `/api/chats/${a}/variables`, { variables: {} })).status).toBe(404);
  });

  it('answers 400 for a body without a variables object and for names macros could not use', async () => {
    const none = await server.request('PUT', '/api/variables', { hp: 1 });
    expect(none.status).toBe(400);
    expect(none.body.details[0].field).toBe('variables');
    const bad = await server.request('PUT', '/api/variables', {
      variables: { 'a::b': 1, '': 2, ok: 'x'.repeat(100_001) },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details.map((d: any) => d.field).sort()).toEqual([
      'variables.',
      'variables.a::b',
      'variables.ok',
    ]);
    // nothing was written by the refused request
    expect((await server.request('GET', '/api/variables')).body.variables).not.toHaveProperty('ok');
  });
});
