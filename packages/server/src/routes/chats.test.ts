import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-support/test-server.js';

describe('chats API', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('creates a chat with tool use off and an empty tool list', async () => {
    const res = await server.request('POST', '/api/chats', {});
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      title: 'New chat',
      connectionId: null,
      presetId: null,
      settings: { toolUse: false, tools: [] },
    });
    expect(res.body.id).toMatch(/^ch_/);
  });

  it('links a connection and preset, patches settings field by field', async () => {
    const connection = await server.request('POST', '/api/connections', { name: 'c1', api: 'openai' });
    const preset = await server.request('POST', '/api/presets', { name: 'p1' });
    const chat = await server.request('POST', '/api/chats', {
      title: 'Shop',
      connectionId: connection.body.id,
      presetId: preset.body.id,
      settings: { tools: ['store_hours'] },
    });
    expect(chat.body).toMatchObject({
      connectionId: connection.body.id,
      presetId: preset.body.id,
      settings: { toolUse: false, tools: ['store_hours'] },
    });
    const on = await server.request('PATCH', `/api/chats/${chat.body.id}`, { settings: { toolUse: true } });
    expect(on.body.settings).toEqual({ toolUse: true, tools: ['store_hours'], lorebookIds: [] });
    const unlinked = await server.request('PATCH', `/api/chats/${chat.body.id}`, { presetId: null });
    expect(unlinked.body).toMatchObject({ presetId: null, connectionId: connection.body.id, title: 'Shop' });
    const bad = await server.request('PATCH', `/api/chats/${chat.body.id}`, {
      connectionId: 'c_missing',
      settings: { toolUse: 'yes', extra: 1 },
    });
    // shape problems first (the route schema), then the rules that need storage in a second request
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual([
      {
        field: 'settings.extra',
        message:
          'Unknown field "extra". Known fields: toolUse, tools, characterToolsOff, lorebookIds, orchestration, worldInfo, approveWriteTools.',
      },
      { field: 'settings.toolUse', message: 'settings.toolUse must be true or false.' },
    ]);
    const missing = await server.request('PATCH', `/api/chats/${chat.body.id}`, {
      connectionId: 'c_missing',
      characterIds: ['chr_nope'],
    });
    expect(missing.status).toBe(400);
    expect(missing.body.details).toEqual([
      { field: 'connectionId', message: 'No connection with id "c_missing".' },
      { field: 'characterIds', message: 'No character with id "chr_nope".' },
    ]);
    expect(
      (await server.request('GET', '/api/chats')).body.chats.some((c: any) => c.id === chat.body.id),
    ).toBe(true);
  });

  it('lists stored messages with tool invocations, and deletes them with the chat', async () => {
    const chat = (await server.request('POST', '/api/chats', { title: 'With messages' })).body;
    const { messages } = server.app.toolsmith.storage;
    await messages.append(chat.id, { role: 'user', content: 'What time is it?' });
    await messages.append(chat.id, {
      role: 'assistant',
      content: 'It is noon.',
      reasoning: 'asked the clock',
      toolInvocations: [
        {
          callId: 'call_1',
          name: 'get_current_time',
          args: {},
          ok: true,
          result: { iso: 'x' },
          error: null,
          durationMs: 2,
          simulated: false,
        },
      ],
    });
    const res = await server.request('GET', `/api/chats/${chat.id}/messages`);
    expect(res.status).toBe(200);
    expect(res.body.messages).toHaveLength(2);
    expect(res.body.messages[0]).toMatchObject({
      role: 'user',
      content: 'What time is it?',
      reasoning: '',
      toolInvocations: [],
    });
    expect(res.body.messages[1]).toMatchObject({
      role: 'assistant',
      reasoning: 'asked the clock',
      toolInvocations: [
        {
          callId: 'call_1',
          name: 'get_current_time',
          args: {},
          ok: true,
          result: { iso: 'x' },
          error: null,
          durationMs: 2,
          simulated: false,
        },
      ],
    });
    expect(res.body.messages[1].toolInvocations[0].id).toMatch(/^ti_/);
    expect((await server.request('DELETE', `/api/chats/${chat.id}`)).status).toBe(204);
    expect((await server.request('GET', `/api/chats/${chat.id}/messages`)).status).toBe(404);
    expect(await messages.list(chat.id)).toEqual([]);
  });

  it('404s unknown chats', async () => {
    for (const [method, path] of [
      ['GET', '/api/chats/ch_x'],
      ['PATCH', '/api/chats/ch_x'],
      ['DELETE', '/api/chats/ch_x'],
      ['GET', '/api/chats/ch_x/messages'],
    ]) {
      const res = await server.request(method, path, method === 'PATCH' ? {} : undefined);
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('No chat with id "ch_x".');
    }
  });
});
