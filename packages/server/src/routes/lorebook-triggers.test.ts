// World info `triggers` (SillyTavern's generation-type filter) through the real server: a chat reply is a
// `normal` generation, so entries limited to other types stay out of the prompt and say why in the trace.
import { createEmulator, type Emulator, openaiChunk, openaiStream } from '@toolsmith/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect, postSse } from '../generation/__fixtures__/sse-client.js';
import { startTestServer, type TestServer } from '../test-support/test-server.js';

describe('lorebook entry triggers in a chat', () => {
  let server: TestServer;
  let emulator: Emulator;
  beforeAll(async () => {
    emulator = await createEmulator();
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
    await emulator.close();
  });

  it('a chat reply activates entries for `normal` and none limited to other types', async () => {
    const book = await server.request('POST', '/api/lorebooks', {
      name: 'World',
      global: true,
      entries: [
        { uid: 1, keys: [], constant: true, content: 'Always.' },
        { uid: 2, keys: [], constant: true, content: 'Chat replies.', triggers: ['normal'] },
        { uid: 3, keys: [], constant: true, content: 'Background tasks.', triggers: ['quiet'] },
      ],
    });
    expect(book.status).toBe(201);
    const bad = await server.request('PATCH', `/api/lorebooks/${book.body.id}`, {
      entries: [{ uid: 1, keys: [], content: 'x', triggers: ['sometimes'] }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details[0].field).toBe('entries[0].triggers');

    const connection = await server.request('POST', '/api/connections', {
      name: 'emu',
      api: 'openai',
      baseUrl: `${emulator.url}/v1`,
      model: 'emu-model',
    });
    const chat = await server.request('POST', '/api/chats', {
      title: 'Triggers',
      connectionId: connection.body.id,
      settings: { toolUse: false, tools: [] },
    });
    emulator.enqueue(
      '/v1/chat/completions',
      openaiStream([
        openaiChunk({ role: 'assistant', content: 'Hi.' }),
        openaiChunk({}, { finishReason: 'stop' }),
      ]),
    );
    await collect(await postSse(`${server.url}/api/chats/${chat.body.id}/generate`, { content: 'Hello' }));
    expect((emulator.requests[0].body as { messages: unknown[] }).messages).toEqual([
      { role: 'system', content: 'Always.\nChat replies.' },
      { role: 'user', content: 'Hello' },
    ]);
    const trace = (await server.request('GET', `/api/chats/${chat.body.id}/world-info`)).body.activation
      .trace;
    expect(
      trace.map((t: { uid: number; activated: boolean; skipped?: string }) => [
        t.uid,
        t.activated,
        t.skipped,
      ]),
    ).toEqual([
      [1, true, undefined],
      [2, true, undefined],
      [3, false, 'trigger'],
    ]);
  });
});
