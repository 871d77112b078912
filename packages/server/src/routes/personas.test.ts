import { defaultCardPng } from '@toolsmith/core/internal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-support/test-server.js';

describe('personas API', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('creates, reads, lists, patches and deletes a persona', async () => {
    const created = await server.request('POST', '/api/personas', {
      name: 'Mira',
      description: 'A cartographer.',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Mira', description: 'A cartographer.' });
    expect(created.body.id).toMatch(/^pe_/);
    const id = created.body.id;
    expect((await server.request('GET', `/api/personas/${id}`)).body).toEqual(created.body);
    expect((await server.request('GET', '/api/personas')).body.personas.map((p: any) => p.id)).toContain(id);

    const patched = await server.request('PATCH', `/api/personas/${id}`, { description: 'A sailor.' });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ name: 'Mira', description: 'A sailor.' });

    expect((await server.request('DELETE', `/api/personas/${id}`)).status).toBe(204);
    expect((await server.request('GET', `/api/personas/${id}`)).status).toBe(404);
    expect((await server.request('DELETE', `/api/personas/${id}`)).status).toBe(404);
    expect((await server.request('PATCH', `/api/personas/${id}`, { name: 'X' })).status).toBe(404);
  });

  it('answers 400 naming each bad field', async () => {
    const missing = await server.request('POST', '/api/personas', { description: 'no name' });
    expect(missing.status).toBe(400);
    expect(missing.body.details.map((d: any) => d.field)).toEqual(['name']);
    const bad = await server.request('POST', '/api/personas', { name: '', description: 5, mood: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.details.map((d: any) => d.field).sort()).toEqual(['description', 'mood', 'name']);
  });

  it("sets a chat's persona, refuses unknown ids, and clears it when the persona is deleted", async () => {
    const persona = (await server.request('POST', '/api/personas', { name: 'Ivo' })).body;
    const chat = (await server.request('POST', '/api/chats', { personaId: persona.id })).body;
    expect(chat.personaId).toBe(persona.id);
    const unknown = await server.request('PATCH', `/api/chats/${chat.id}`, { personaId: 'pe_missing' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.details).toEqual([
      { field: 'personaId', message: 'No persona with id "pe_missing".' },
    ]);
    await server.request('DELETE', `/api/personas/${persona.id}`);
    expect((await server.request('GET', `/api/chats/${chat.id}`)).body.personaId).toBeNull();
    const other = (await server.request('POST', '/api/personas', { name: 'Ada' })).body;
    const set = await server.request('PATCH', `/api/chats/${chat.id}`, { personaId: other.id });
    expect(set.body.personaId).toBe(other.id);
    const cleared = await server.request('PATCH', `/api/chats/${chat.id}`, { personaId: null });
    expect(cleared.body.personaId).toBeNull();
  });

  it('stores a PNG portrait, serves it, keeps it out of the JSON and removes it with null', async () => {
    const png = defaultCardPng();
    const created = await server.request('POST', '/api/personas', {
      name: 'Kit',
      avatar: Buffer.from(png).toString('base64'),
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Kit', hasAvatar: true });
    expect(created.body.avatar).toBeUndefined();
    const response = await fetch(`${server.url}/api/personas/${created.body.id}/avatar`);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(png);
    // a read-back persona can be sent again as it is
    const echoed = await server.request('PATCH', `/api/personas/${created.body.id}`, created.body);
    expect(echoed.body.hasAvatar).toBe(true);

    const notPng = await server.request('PATCH', `/api/personas/${created.body.id}`, {
      avatar: 'bm90IGEgcG5n',
    });
    expect(notPng.body.details).toEqual([{ field: 'avatar', message: expect.stringContaining('PNG') }]);
    const cleared = await server.request('PATCH', `/api/personas/${created.body.id}`, { avatar: null });
    expect(cleared.body.hasAvatar).toBe(false);
    expect((await server.request('GET', `/api/personas/${created.body.id}/avatar`)).status).toBe(404);
  });
});
