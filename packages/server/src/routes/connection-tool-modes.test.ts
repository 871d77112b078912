// issue 11 item 9 through the real server: `auto` falls back to the text protocol only on a "tools
// unsupported" refusal, stores what it learned per connection + model in SQLite, goes straight to that mode
// next time (chat and gateway alike), and forgets it on reset or when the connection moves.
import {
  type Emulator,
  openaiChunk,
  openaiStream,
  otherRefusals,
  type RecordedRequest,
  toolRefusals,
} from '@toolsmith/emulator';
import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { collect, postSse } from '../generation/__fixtures__/sse-client.js';
import { type EmulatedServer, startEmulatedServer } from '../test-support/emulated-server.js';
import { startTestServer, type TestServer } from '../test-support/test-server.js';

const PATH = '/v1/chat/completions';
const TRIGGER = /<Function_[A-Za-z0-9]{4}_Start\/>/;
type Wire = { messages: Array<{ role: string; content: unknown }>; tools?: unknown };
const wire = (r: RecordedRequest) => r.body as Wire;
const systemOf = (r: RecordedRequest) =>
  String(wire(r).messages.find((m) => m.role === 'system')?.content ?? '');
const text = (content: string) =>
  openaiStream([openaiChunk({ role: 'assistant', content }), openaiChunk({}, { finishReason: 'stop' })]);

/** Answers text-mode requests with a text answer; native ones with text too (no call needed here). */
function answerEverything(emulator: Emulator) {
  emulator.on(PATH, (req) => {
    const stream = (req.body as { stream?: boolean }).stream;
    const trigger = TRIGGER.exec(systemOf(req));
    const content = trigger ? 'Answered in text mode.' : 'Answered natively.';
    return stream
      ? text(content)
      : {
          json: {
            id: 'x',
            object: 'chat.completion',
            created: 1,
            model: 'm',
            choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
          },
        };
  });
}

describe('remembered tool-calling mode', () => {
  let server: TestServer;
  let setup: EmulatedServer;
  let emulator: Emulator;
  let connectionId: string;
  let chatId: string;

  beforeAll(async () => {
    setup = await startEmulatedServer({ connection: { name: 'ollama', model: 'gemma2:2b' } });
    ({ server, emulator, connectionId } = setup);
    chatId = (
      await server.request('POST', '/api/chats', {
        title: 'Dice',
        connectionId,
        settings: { toolUse: true, tools: ['roll_dice'] },
      })
    ).body.id;
  });
  afterAll(() => setup.close());
  beforeEach(() => emulator.reset());

  const generate = async (content: string) =>
    collect(await postSse(`${server.url}/api/chats/${chatId}/generate`, { content }));
  const outcomes = async () =>
    (await server.request('GET', `/api/connections/${connectionId}/tool-modes`)).body.outcomes;

  it('a context-length 400 is not retried and nothing is remembered', async () => {
    emulator.enqueue(PATH, otherRefusals.contextLength());
    const events = await generate('A very long story...');
    expect(events.at(-1)).toMatchObject({ event: 'error' });
    expect(emulator.requests).toHaveLength(1);
    expect(await outcomes()).toEqual([]);
  });

  it('a "does not support tools" refusal: text mode now, remembered, and the next turn goes straight there', async () => {
    emulator.enqueue(PATH, toolRefusals.ollama());
    answerEverything(emulator);
    const first = await generate('Roll a d6.');
    expect(first.filter((e) => e.event === 'text-delta').map((e) => e.data.text)).toEqual([
      'Answered in text mode.',
    ]);
    expect(emulator.requests.map((r) => wire(r).tools !== undefined)).toEqual([true, false]);
    expect(await outcomes()).toEqual([
      {
        model: 'gemma2:2b',
        mode: 'text',
        reason: 'model_without_tools: registry.ollama.ai/library/gemma2:2b does not support tools',
        status: 400,
        recordedAt: expect.any(String),
      },
    ]);

    emulator.reset();
    answerEverything(emulator);
    await generate('Again.');
    expect(emulator.requests).toHaveLength(1);
    expect(wire(emulator.requests[0]).tools).toBeUndefined();
    expect(systemOf(emulator.requests[0])).toMatch(TRIGGER);
    expect(systemOf(emulator.requests[0])).toContain('`roll_dice`');
  });

  it('is kept in the SQLite file: another server on the same DATA_DIR reads it', async () => {
    const second = await startTestServer({ DATA_DIR: server.dataDir });
    try {
      const res = await second.request('GET', `/api/connections/${connectionId}/tool-modes`);
      expect(res.body.outcomes.map((o: { mode: string }) => o.mode)).toEqual(['text']);
    } finally {
      await second.close();
    }
  });

  it('the gateway uses and learns per model (CONNECTION/MODEL)', async () => {
    const client = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: 'loopback', maxRetries: 0 });
    const tools = [
      {
        type: 'function' as const,
        function: { name: 'get_weather', parameters: { type: 'object', properties: {} } },
      },
    ];
    answerEverything(emulator);
    // the remembered model: straight to text mode
    await client.chat.completions.create({
      model: 'ollama',
      messages: [{ role: 'user', content: 'Hi' }],
      tools,
    });
    expect(wire(emulator.requests[0]).tools).toBeUndefined();
    // another model of the same connection tries native, and it works
    await client.chat.completions.create({
      model: 'ollama/qwen3:8b',
      messages: [{ role: 'user', content: 'Hi' }],
      tools,
    });
    expect(wire(emulator.requests[1]).tools).toBeDefined();
    expect((await outcomes()).map((o: { model: string; mode: string }) => [o.model, o.mode]).sort()).toEqual([
      ['gemma2:2b', 'text'],
      ['qwen3:8b', 'native'],
    ]);
  });

  it('reset: one model, then all; the next request tries native again', async () => {
    const one = await server.request(
      'DELETE',
      `/api/connections/${connectionId}/tool-modes?model=qwen3%3A8b`,
    );
    expect(one.status).toBe(204);
    expect((await outcomes()).map((o: { model: string }) => o.model)).toEqual(['gemma2:2b']);
    expect((await server.request('DELETE', `/api/connections/${connectionId}/tool-modes`)).status).toBe(204);
    expect(await outcomes()).toEqual([]);
    answerEverything(emulator);
    await generate('Once more.');
    expect(wire(emulator.requests[0]).tools).toBeDefined();
    expect((await outcomes()).map((o: { mode: string }) => o.mode)).toEqual(['native']);
  });

  it('moving the connection to another server forgets what was learned; unknown ids are 404', async () => {
    expect((await outcomes()).length).toBe(1);
    const moved = await server.request('PATCH', `/api/connections/${connectionId}`, {
      baseUrl: `${emulator.url}/v1/`,
    });
    expect(moved.status).toBe(200);
    expect(await outcomes()).toEqual([]);
    expect((await server.request('GET', '/api/connections/c_nope/tool-modes')).status).toBe(404);
    expect((await server.request('DELETE', '/api/connections/c_nope/tool-modes')).status).toBe(404);
  });
});
