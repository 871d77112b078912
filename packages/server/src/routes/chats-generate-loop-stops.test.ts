// issue 11 item 10 through the real server: a chat turn that stops early (repeated call) shows and stores a
// not-run result for the unrun call, so the next turn's history is valid; after MAX_TOOL_ROUNDS the
// answer-now request carries the rounds as plain prose.
import { createEmulator, type Emulator, openaiChunk, openaiStream } from '@toolsmith/emulator';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { collect, postSse } from '../generation/__fixtures__/sse-client.js';
import { createEmulatorConnection, createSeededChat } from '../test-support/emulated-server.js';
import { startTestServer } from '../test-support/test-server.js';

const PATH = '/v1/chat/completions';
const callStream = (id: string, text = '') =>
  openaiStream([
    openaiChunk({ role: 'assistant', content: text }),
    openaiChunk({
      tool_calls: [{ index: 0, id, type: 'function', function: { name: 'store_hours', arguments: '{}' } }],
    }),
    openaiChunk({}, { finishReason: 'tool_calls' }),
  ]);
const textStream = (text: string) =>
  openaiStream([
    openaiChunk({ role: 'assistant', content: text }),
    openaiChunk({}, { finishReason: 'stop' }),
  ]);
const NOT_RUN =
  'Not run: the same call (tool and arguments) was asked for 3 times, so the run stopped to avoid a loop.';
const toolCall = (id: string) => ({
  id,
  type: 'function',
  function: { name: 'store_hours', arguments: '{}' },
});

async function serverWith(env: Record<string, string>, emulator: Emulator) {
  const server = await startTestServer(env);
  const connectionId = await createEmulatorConnection(server, emulator, { model: 'emu-model' });
  await server.request('POST', '/api/tools', {
    name: 'store_hours',
    description: 'Opening hours.',
    parameters: { type: 'object', properties: {} },
    mode: 'read',
    kind: 'static',
    staticResult: 'Open 9 to 5',
  });
  const chatId = await createSeededChat(server, {
    title: 'Loop',
    connectionId,
    settings: { toolUse: true, tools: ['store_hours'] },
  });
  return { server, chatId };
}

describe('chat turns that stop early', () => {
  let emulator: Emulator;
  beforeAll(async () => {
    emulator = await createEmulator();
  });
  afterAll(async () => {
    await emulator.close();
  });
  beforeEach(() => emulator.reset());

  it('repeated_call: the unrun call gets a not-run result, stored and sent back next turn', async () => {
    const { server, chatId } = await serverWith({}, emulator);
    try {
      emulator.enqueue(PATH, callStream('c0', 'Let me check.'), callStream('c1'), callStream('c2'));
      const events = await collect(
        await postSse(`${server.url}/api/chats/${chatId}/generate`, { content: 'Hours?' }),
      );
      const results = events.filter((e) => e.event === 'tool-result').map((e) => e.data);
      expect(results.map((r) => [r.id, r.ok])).toEqual([
        ['c0', true],
        ['c1', true],
        ['c2', false],
      ]);
      expect(results[2].error).toEqual({ code: 'not_run', message: NOT_RUN });
      expect(events.at(-1)).toMatchObject({ event: 'finish', data: { reason: 'repeated_call' } });

      emulator.enqueue(PATH, textStream('Open 9 to 5.'));
      await collect(await postSse(`${server.url}/api/chats/${chatId}/generate`, { content: 'And?' }));
      const notRun = JSON.stringify({ ok: false, error: NOT_RUN, code: 'not_run' });
      expect((emulator.requests[3].body as { messages: unknown[] }).messages).toEqual([
        { role: 'user', content: 'Hours?' },
        { role: 'assistant', content: 'Let me check.', tool_calls: [toolCall('c0')] },
        { role: 'tool', tool_call_id: 'c0', content: 'Open 9 to 5' },
        { role: 'assistant', content: null, tool_calls: [toolCall('c1')] },
        { role: 'tool', tool_call_id: 'c1', content: 'Open 9 to 5' },
        { role: 'assistant', content: null, tool_calls: [toolCall('c2')] },
        { role: 'tool', tool_call_id: 'c2', content: notRun },
        { role: 'user', content: 'And?' },
      ]);
    } finally {
      await server.close();
    }
  });

  it('MAX_TOOL_ROUNDS: the answer-now request has no tools and no protocol markup', async () => {
    const { server, chatId } = await serverWith({ MAX_TOOL_ROUNDS: '1' }, emulator);
    try {
      emulator.enqueue(PATH, callStream('c0', 'Checking.'), textStream('We open at 9.'));
      const events = await collect(
        await postSse(`${server.url}/api/chats/${chatId}/generate`, { content: 'Hours?' }),
      );
      expect(events.at(-1)).toMatchObject({ event: 'finish', data: { reason: 'max_rounds' } });
      expect(emulator.requests[1].body).toEqual({
        model: 'emu-model',
        messages: [
          { role: 'user', content: 'Hours?' },
          { role: 'assistant', content: 'Checking.\n\n[Tool call] store_hours {}' },
          {
            role: 'user',
            content:
              '[Tool result] store_hours\nOpen 9 to 5\n\nYou have used every tool round available. Do not call any more tools: answer now using the tool results above.',
          },
        ],
        stream: true,
        stream_options: { include_usage: true },
      });
    } finally {
      await server.close();
    }
  });
});
