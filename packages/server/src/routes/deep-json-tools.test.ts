// Issue 9 item 7, the same attack from two more sides: JSON nested thousands of levels deep in a model's tool-call
// arguments, or in a webhook's answer, must not end the chat turn with "Maximum call stack size exceeded".
// Arguments that deep are refused as unreadable (tool_call_parse, as malformed JSON is); an answer that deep
// reaches the model as its text.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Emulator, openaiChunk, openaiStream } from '@toolsmith/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect, postSse } from '../generation/__fixtures__/sse-client.js';
import {
  createSeededChat,
  type EmulatedServer,
  startEmulatedServer,
} from '../test-support/emulated-server.js';
import type { TestServer } from '../test-support/test-server.js';

const deepText = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

const callStream = (name: string, args: string) =>
  openaiStream([
    openaiChunk({
      role: 'assistant',
      content: null,
      tool_calls: [{ index: 0, id: 'c1', type: 'function', function: { name, arguments: args } }],
    }),
    openaiChunk({}, { finishReason: 'tool_calls' }),
  ]);
const textStream = (text: string) =>
  openaiStream([
    openaiChunk({ role: 'assistant', content: text }),
    openaiChunk({}, { finishReason: 'stop' }),
  ]);

let setup: EmulatedServer;
let emulator: Emulator;
let server: TestServer;
let hook: Server;
let chatId: string;

beforeAll(async () => {
  hook = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(deepText(5_000));
  });
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  setup = await startEmulatedServer({ env: { WEBHOOK_LOCAL_URLS_ENABLED: 'true' } });
  ({ server, emulator } = setup);
  const tools = [
    { name: 'note', description: 'Notes a thing.', kind: 'static', staticResult: 'noted' },
    {
      name: 'deep_hook',
      description: 'Answers with deep JSON.',
      kind: 'webhook',
      mode: 'read',
      webhookUrl: `http://127.0.0.1:${(hook.address() as AddressInfo).port}/`,
    },
  ];
  for (const tool of tools) expect((await server.request('POST', '/api/tools', tool)).status).toBe(201);
  chatId = await createSeededChat(server, {
    title: 'Deep',
    connectionId: setup.connectionId,
    settings: { toolUse: true },
  });
});
afterAll(async () => {
  await server.close();
  await emulator.close();
  await new Promise((resolve) => hook.close(resolve));
});

async function turn(name: string, args: string) {
  emulator.reset();
  emulator.enqueue('/v1/chat/completions', callStream(name, args), textStream('Done.'));
  const events = await collect(
    await postSse(`${server.url}/api/chats/${chatId}/generate`, { content: name }),
  );
  return {
    result: events.find((e) => e.event === 'tool-result')?.data,
    error: events.find((e) => e.event === 'error')?.data,
    followUp: emulator.requests.at(1),
  };
}

describe('deeply nested JSON from a model or a webhook', () => {
  it('tool-call arguments nested 5,000 levels deep end the turn as unreadable arguments, as malformed JSON does', async () => {
    const { result, error } = await turn('note', deepText(5_000));
    expect(result).toBeUndefined(); // never run
    expect(error).toMatchObject({ code: 'tool_call_parse' });
    expect(error.message).toContain('nest more than 256 levels deep');
    // the chat is free: the next turn runs the tool with ordinary arguments
    const next = await turn('note', '{}');
    expect([next.error, next.result?.ok]).toEqual([undefined, true]);
  });

  it('a webhook answer nested 5,000 levels deep reaches the model as text; the turn goes on', async () => {
    const { result, error, followUp } = await turn('deep_hook', '{}');
    expect(error).toBeUndefined();
    expect(result).toMatchObject({ ok: true });
    expect(typeof result.result).toBe('string');
    expect(result.result.startsWith('{"a":{"a":')).toBe(true);
    expect(followUp).toBeDefined();
  });
});
