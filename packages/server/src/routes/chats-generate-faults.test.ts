// Issue 9.8: provider faults during a chat generation, through the real server and the emulator. Text that
// streamed before a failure is kept and marked interrupted; a cut stream says so; a 429 tells when to retry;
// a provider that hangs or drips is timed out, and the chat can generate again at once.
import { type Emulator, openaiChunk, openaiErrors, openaiStream } from '@toolsmith/emulator';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { collect, nextEvent, postSse } from '../generation/__fixtures__/sse-client.js';
import {
  createEmulatorConnection,
  createSeededChat,
  type EmulatedServer,
  startEmulatedServer,
} from '../test-support/emulated-server.js';
import type { TestServer } from '../test-support/test-server.js';

const TIMEOUT_MS = 300;

const partial = (text: string) =>
  openaiStream([openaiChunk({ role: 'assistant', content: text })], { done: false });
const answer = (text: string) =>
  openaiStream([
    openaiChunk({ role: 'assistant', content: text }),
    openaiChunk({}, { finishReason: 'stop' }),
  ]);

describe('provider faults in a chat generation', () => {
  let setup: EmulatedServer;
  let emulator: Emulator;
  let server: TestServer;
  beforeAll(async () => {
    setup = await startEmulatedServer({
      env: {
        PROVIDER_FIRST_BYTE_TIMEOUT_MS: String(TIMEOUT_MS),
        PROVIDER_IDLE_TIMEOUT_MS: String(TIMEOUT_MS),
      },
      connection: false,
    });
    ({ server, emulator } = setup);
  });
  afterAll(() => setup.close());
  beforeEach(() => emulator.reset());

  const newChat = async (baseUrl = `${emulator.url}/v1`) => {
    const connectionId = await createEmulatorConnection(server, emulator, {
      name: `emu-${Math.random().toString(36).slice(2, 8)}`,
      baseUrl,
    });
    return createSeededChat(server, { connectionId });
  };
  const turn = async (chatId: string, content = 'Tell me a story.') =>
    collect(await postSse(`${server.url}/api/chats/${chatId}/generate`, { content }));
  const messagesOf = async (chatId: string) =>
    (await server.request('GET', `/api/chats/${chatId}/messages`)).body.messages as Array<
      Record<string, any>
    >;
  const errorOf = (events: Array<{ event: string; data: any }>) =>
    events.find((e) => e.event === 'error')?.data;

  it('a stream cut off mid-answer: the text so far is kept, marked interrupted, and the error says the stream was cut', async () => {
    const chatId = await newChat();
    emulator.enqueue('/v1/chat/completions', { ...partial('Once upon a ti'), cutOff: true });
    const events = await turn(chatId);
    expect(events.filter((e) => e.event === 'text-delta').map((e) => e.data.text)).toEqual([
      'Once upon a ti',
    ]);
    const error = errorOf(events);
    expect(error).toMatchObject({ code: 'network', messageId: expect.any(String) });
    expect(error.message).toMatch(/stream was cut off/i);
    expect(error.message).not.toContain('Could not reach');
    const messages = await messagesOf(chatId);
    expect(messages.map((m) => [m.role, m.content])).toEqual([
      ['user', 'Tell me a story.'],
      ['assistant', 'Once upon a ti'],
    ]);
    expect(messages[1]).toMatchObject({
      id: error.messageId,
      interrupted: { reason: 'error', code: 'network', message: error.message },
    });
    expect(messages[0].interrupted).toBeNull();
  });

  it('a provider that cannot be reached still says so (nothing was streamed, nothing kept)', async () => {
    // a port that was just free: connection refused
    const { createServer } = await import('node:net');
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as { port: number }).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const chatId = await newChat(`http://127.0.0.1:${port}/v1`);
    const error = errorOf(await turn(chatId));
    expect(error).toMatchObject({
      code: 'network',
      message: expect.stringContaining('Could not reach the provider'),
    });
    expect(error.messageId).toBeUndefined();
    expect((await messagesOf(chatId)).map((m) => m.role)).toEqual(['user']);
  });

  it('a 429 with Retry-After: the error event and its message say when to retry', async () => {
    const chatId = await newChat();
    emulator.enqueue('/v1/chat/completions', openaiErrors.rateLimited(7));
    const error = errorOf(await turn(chatId));
    expect(error).toMatchObject({ code: 'rate_limit', retryAfterSeconds: 7 });
    expect(error.message).toContain('Retry after 7 s');
  });

  it('a provider that never answers: first-byte timeout, a clear network error, and the chat is free again', async () => {
    const chatId = await newChat();
    emulator.enqueue('/v1/chat/completions', { hang: true });
    const error = errorOf(await turn(chatId));
    expect(error).toMatchObject({ code: 'network', timeout: 'first_byte' });
    expect(error.message).toContain('PROVIDER_FIRST_BYTE_TIMEOUT_MS');
    // the lock is released: the next message is answered, not refused with 409
    emulator.enqueue('/v1/chat/completions', answer('Here I am.'));
    const again = await turn(chatId, 'Hello?');
    expect(again.find((e) => e.event === 'finish')?.data.reason).toBe('completed');
  });

  it('a provider that drips bytes without finishing an event: idle timeout', async () => {
    const chatId = await newChat();
    emulator.enqueue('/v1/chat/completions', {
      status: 200,
      headers: { 'content-type': 'text/event-stream' },
      drip: {
        text: 'data: {"id":"x","object":"chat.completion.chunk","choices":[{"index":0,"delta":{}}]}',
        intervalMs: 20,
      },
    });
    const error = errorOf(await turn(chatId));
    expect(error).toMatchObject({ code: 'network', timeout: 'idle' });
    expect(error.message).toContain('PROVIDER_IDLE_TIMEOUT_MS');
    expect((await messagesOf(chatId)).map((m) => m.role)).toEqual(['user']);
  });

  it('a provider that stalls after some text: idle timeout, the text kept and marked interrupted', async () => {
    const chatId = await newChat();
    emulator.enqueue('/v1/chat/completions', { ...partial('The dragon'), thenHang: true });
    const events = await turn(chatId);
    const error = errorOf(events);
    expect(error).toMatchObject({ code: 'network', timeout: 'idle' });
    const messages = await messagesOf(chatId);
    expect(messages[1]).toMatchObject({
      content: 'The dragon',
      interrupted: { reason: 'error', code: 'network' },
    });
  });

  it('a stop by the user keeps the text too, marked as stopped', async () => {
    const chatId = await newChat();
    emulator.enqueue('/v1/chat/completions', { ...partial('Half'), thenHang: true });
    const call = await postSse(`${server.url}/api/chats/${chatId}/generate`, { content: 'Go' });
    const first = await nextEvent(call, 'text-delta');
    await server.request('POST', `/api/chats/${chatId}/generation/stop`);
    const rest = await collect(call);
    expect(rest.at(-1)).toMatchObject({ event: 'finish', data: { reason: 'aborted' } });
    // what was shown is what is kept
    const shown = [first, ...rest]
      .filter((e) => e.event === 'text-delta')
      .map((e) => e.data.text)
      .join('');
    expect(shown).not.toBe('');
    const messages = await messagesOf(chatId);
    expect(messages[1]).toMatchObject({ content: shown, interrupted: { reason: 'stopped' } });
  });
});
