// Generation and the server's lifecycle: shutdown in the middle of a run, and the admin secret.
import { createEmulator, type Emulator } from '@toolsmith/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect, nextEvent, postSse } from '../generation/__fixtures__/sse-client.js';
import { startTestServer, type TestServer } from '../test-support/test-server.js';

describe('generation lifecycle', () => {
  let emulator: Emulator;
  beforeAll(async () => {
    emulator = await createEmulator();
  });
  afterAll(async () => {
    await emulator.close();
  });

  const chatOn = async (server: TestServer, headers: Record<string, string> = {}) => {
    const connectionId = (
      await server.request(
        'POST',
        '/api/connections',
        { name: 'emu', api: 'openai', baseUrl: `${emulator.url}/v1`, model: 'm' },
        headers,
      )
    ).body.id;
    return (await server.request('POST', '/api/chats', { connectionId })).body.id as string;
  };

  it('a server shutting down stops a running generation, ends the stream and still closes', async () => {
    const server = await startTestServer();
    try {
      const chatId = await chatOn(server);
      let reached!: () => void;
      const providerReached = new Promise<void>((resolve) => {
        reached = resolve;
      });
      emulator.on('/v1/chat/completions', () => {
        reached();
        return { hang: true };
      });
      const call = await postSse(`${server.url}/api/chats/${chatId}/generate`, { content: 'Hello?' });
      await nextEvent(call, 'user-message');
      await providerReached;
      const closing = server.app.close();
      const rest = await collect(call);
      expect(rest).toEqual([
        { event: 'finish', data: { reason: 'aborted', finishReason: null, messageId: null } },
      ]);
      await closing;
    } finally {
      await server.close();
      emulator.reset();
    }
  });

  it('needs X-Admin-Secret when ADMIN_SECRET_ON_LOOPBACK=true', async () => {
    const secret = 'lifecycle-secret';
    const server = await startTestServer({ ADMIN_SECRET: secret, ADMIN_SECRET_ON_LOOPBACK: 'true' });
    try {
      const chatId = await chatOn(server, { 'x-admin-secret': secret });
      const refused = await server.request('POST', `/api/chats/${chatId}/generate`, { content: 'Hi' });
      expect(refused.status).toBe(401);
      expect(refused.body.error).toContain('ADMIN_SECRET');
      expect(refused.body.error).toContain('X-Admin-Secret');
      expect((await server.request('GET', `/api/chats/${chatId}/messages`)).body.messages).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
