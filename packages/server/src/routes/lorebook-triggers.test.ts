// World info `triggers` (SillyTavern's generation-type filter) through the real server: a chat reply is a
// `normal` generation, so entries limited to other types stay out of the prompt and say why in the trace.
import { type Emulator, openaiChunk, openaiStream } from '@toolsmith/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect, postSse } from '../generation/__fixtures__/sse-client.js';
import {
  createSeededChat,
  type EmulatedServer,
  startEmulatedServer,
} from '../test-support/emulated-server.js';
import type { TestServer } from '../test-support/test-server.js';

describe('lorebook entry triggers in a chat', () => {
  let setup: EmulatedServer;
  let server: TestServer;
  let emulator: Emulator;
  beforeAll(async () => {
    setup = await startEmulatedServer({ connection: { model: 'emu-model' } });
    ({ server, emulator } = setup);
  });
  afterAll(() => setup.close());

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
    expect(bad.body.details).toEqual([
      {
        field: 'entries[0].triggers[0]',
        message:
          'entries[0].triggers[0] must be one of "normal", "continue", "impersonate", "swipe", "regenerate", "quiet".',
      },
    ]);

    const chatId = await createSeededChat(server, {
      title: 'Triggers',
      connectionId: setup.connectionId,
      settings: { toolUse: false, tools: [] },
    });
    emulator.enqueue(
      '/v1/chat/completions',
      openaiStream([
        openaiChunk({ role: 'assistant', content: 'Hi.' }),
        openaiChunk({}, { finishReason: 'stop' }),
      ]),
    );
    await collect(await postSse(`${server.url}/api/chats/${chatId}/generate`, { content: 'Hello' }));
    expect((emulator.requests[0].body as { messages: unknown[] }).messages).toEqual([
      { role: 'system', content: 'Always.\nChat replies.' },
      { role: 'user', content: 'Hello' },
    ]);
    const trace = (await server.request('GET', `/api/chats/${chatId}/world-info`)).body.activation.trace;
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
