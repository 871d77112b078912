// POST /api/chats/:id/generate over real HTTP: the server on port 0 talks to the provider emulator on port 0.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  anthropicEventsFor,
  anthropicStream,
  type Emulator,
  openaiChunk,
  openaiErrors,
  openaiStream,
} from '@toolsmith/emulator';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { collect, nextEvent, postSse, type SseEvent } from '../generation/__fixtures__/sse-client.js';
import { chatGenerationsFor } from '../generation/chat-generations.js';
import { type EmulatedServer, startEmulatedServer } from '../test-support/emulated-server.js';
import type { TestServer } from '../test-support/test-server.js';
import { MSG_ALREADY_GENERATING } from './chats-generate.js';

const API_KEY = 'sk-emulated-secret-key-123';

/** An OpenAI stream whose answer is one or more tool calls (each call's arguments in two pieces). */
function openaiToolCallStream(calls: Array<{ id: string; name: string; args: unknown }>) {
  const chunks: unknown[] = [openaiChunk({ role: 'assistant', content: null })];
  calls.forEach((call, index) => {
    const json = JSON.stringify(call.args);
    const half = Math.floor(json.length / 2);
    chunks.push(
      openaiChunk({
        tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } }],
      }),
      openaiChunk({ tool_calls: [{ index, function: { arguments: json.slice(0, half) } }] }),
      openaiChunk({ tool_calls: [{ index, function: { arguments: json.slice(half) } }] }),
    );
  });
  chunks.push(openaiChunk({}, { finishReason: 'tool_calls' }));
  return openaiStream(chunks);
}

/** An OpenAI stream answering with text in the given pieces. */
function openaiTextStream(pieces: string[], options: { chunkDelayMs?: number } = {}) {
  const chunks = [
    openaiChunk({ role: 'assistant', content: '' }),
    ...pieces.map((p) => openaiChunk({ content: p })),
    openaiChunk({}, { finishReason: 'stop' }),
  ];
  return { ...openaiStream(chunks), chunkDelayMs: options.chunkDelayMs };
}

const toolNames = (body: any): string[] => (body.tools ?? []).map((t: any) => t.function?.name ?? t.name);
const ofType = (events: SseEvent[], type: string) => events.filter((e) => e.event === type);

describe('POST /api/chats/:id/generate', () => {
  let setup: EmulatedServer;
  let server: TestServer;
  let emulator: Emulator;
  let hook: Server;
  let hookUrl: string;
  const hookBodies: any[] = [];
  let openaiConnection: string;

  beforeAll(async () => {
    hook = createServer(async (req: IncomingMessage, res) => {
      let raw = '';
      for await (const part of req) raw += part;
      hookBodies.push(JSON.parse(raw));
      if (req.url === '/slow') return; // never answers: the caller must give up
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ received: true }));
    });
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook`;
    setup = await startEmulatedServer({
      env: { WEBHOOK_LOCAL_URLS_ENABLED: 'true' },
      connection: { name: 'emu-openai', model: 'emulated-model', apiKey: API_KEY },
    });
    ({ server, emulator, connectionId: openaiConnection } = setup);
    for (const [name, staticResult] of [
      ['store_hours', 'Open 9 to 5'],
      ['secret_tool', 'classified'],
    ]) {
      const created = await server.request('POST', '/api/tools', {
        name,
        description: `The ${name} tool.`,
        parameters: { type: 'object', properties: {} },
        mode: 'read',
        kind: 'static',
        staticResult,
      });
      expect(created.status).toBe(201);
    }
  });
  afterAll(async () => {
    await setup.close();
    hook.closeAllConnections();
    await new Promise<void>((resolve) => hook.close(() => resolve()));
  });
  beforeEach(() => {
    emulator.reset();
    hookBodies.length = 0;
  });

  const newChat = async (
    settings: { toolUse: boolean; tools?: string[] },
    connectionId = openaiConnection,
  ) => {
    const res = await server.request('POST', '/api/chats', {
      title: 'Test chat',
      connectionId,
      settings: { tools: [], ...settings },
    });
    expect(res.status).toBe(201);
    return res.body.id as string;
  };
  const generate = (chatId: string, content: string) =>
    postSse(`${server.url}/api/chats/${chatId}/generate`, { content });
  const messagesOf = async (chatId: string) =>
    (await server.request('GET', `/api/chats/${chatId}/messages`)).body.messages as any[];

  it('runs a tool call, streams every event, stores the messages and sends the result back in OpenAI form', async () => {
    const chatId = await newChat({ toolUse: true });
    emulator.enqueue(
      '/v1/chat/completions',
      openaiToolCallStream([{ id: 'call_1', name: 'store_hours', args: {} }]),
      openaiTextStream(['We open ', 'at 9.']),
    );
    const call = await generate(chatId, 'When do you open?');
    expect(call.status).toBe(200);
    expect(call.headers.get('content-type')).toContain('text/event-stream');
    // the security headers set by the app's hooks survive taking the reply over for streaming
    expect(call.headers.get('x-content-type-options')).toBe('nosniff');
    expect(call.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(call.headers.get('cache-control')).toContain('no-cache');
    const events = await collect(call);

    expect(events.map((e) => e.event)).toEqual([
      'generation-start',
      'user-message',
      'tool-call',
      'tool-start',
      'tool-result',
      'text-delta',
      'text-delta',
      'finish',
    ]);
    expect(events[0].data).toMatchObject({ mode: 'send', swipe: 0, continues: null, characterId: null });
    events.shift();
    expect(events[0].data.message).toMatchObject({ role: 'user', content: 'When do you open?' });
    expect(events[1].data).toEqual({ id: 'call_1', name: 'store_hours', args: {} });
    expect(events[2].data).toEqual({
      id: 'call_1',
      name: 'store_hours',
      message: 'Invoking tool: store_hours',
    });
    expect(events[3].data).toMatchObject({
      id: 'call_1',
      name: 'store_hours',
      ok: true,
      result: 'Open 9 to 5',
      simulated: false,
    });
    expect(typeof events[3].data.durationMs).toBe('number');
    expect(
      ofType(events, 'text-delta')
        .map((e) => e.data.text)
        .join(''),
    ).toBe('We open at 9.');

    const messages = await messagesOf(chatId);
    expect(messages.map((m) => [m.role, m.content])).toEqual([
      ['user', 'When do you open?'],
      ['assistant', ''],
      ['assistant', 'We open at 9.'],
    ]);
    expect(messages[1].toolInvocations).toEqual([
      expect.objectContaining({
        callId: 'call_1',
        name: 'store_hours',
        args: {},
        ok: true,
        result: 'Open 9 to 5',
        simulated: false,
      }),
    ]);
    const finish = events[events.length - 1].data;
    expect(finish).toMatchObject({ reason: 'completed', finishReason: 'stop', messageId: messages[2].id });

    // first request: the stored key, the builtins and both custom tools offered (the chat's list is empty)
    const [first, second] = emulator.requests;
    expect(first.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(toolNames(first.body).sort()).toEqual([
      'get_current_time',
      'get_variable',
      'lorebook_force_activate',
      'roll_dice',
      'search_lorebook',
      'secret_tool',
      'set_variable',
      'store_hours',
    ]);
    // second request: the call and its result in OpenAI's own history shape
    const history = (second.body as any).messages;
    expect(history.slice(-2)).toEqual([
      expect.objectContaining({
        role: 'assistant',
        tool_calls: [
          expect.objectContaining({
            id: 'call_1',
            type: 'function',
            function: { name: 'store_hours', arguments: '{}' },
          }),
        ],
      }),
      expect.objectContaining({ role: 'tool', tool_call_id: 'call_1', content: 'Open 9 to 5' }),
    ]);

    // the next turn rebuilds that history from storage
    emulator.enqueue('/v1/chat/completions', openaiTextStream(['You are welcome.']));
    await collect(await generate(chatId, 'Thanks!'));
    const third = (emulator.requests[2].body as any).messages;
    expect(third.map((m: any) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant', 'user']);
    expect(third[1].tool_calls[0]).toMatchObject({ id: 'call_1', function: { name: 'store_hours' } });
    expect(third[2]).toMatchObject({ tool_call_id: 'call_1', content: 'Open 9 to 5' });
    expect(third[3]).toMatchObject({ content: 'We open at 9.' });
    expect(third[4]).toMatchObject({ content: 'Thanks!' });
  });

  it('works the same with an Anthropic connection: tool_use in, tool_result blocks back', async () => {
    const connectionId = (
      await server.request('POST', '/api/connections', {
        name: 'emu-anthropic',
        api: 'anthropic',
        baseUrl: `${emulator.url}/v1`,
        model: 'claude-emulated',
        apiKey: API_KEY,
      })
    ).body.id;
    const chatId = await newChat({ toolUse: true, tools: ['store_hours'] }, connectionId);
    emulator.enqueue(
      '/v1/messages',
      anthropicStream(
        anthropicEventsFor([
          { type: 'text', text: 'Let me check.' },
          { type: 'tool_use', id: 'toolu_01', name: 'store_hours', input: {} },
        ]),
      ),
      anthropicStream(anthropicEventsFor([{ type: 'text', text: 'Open from nine.' }])),
    );
    const events = await collect(await generate(chatId, 'Hours?'));
    expect(ofType(events, 'error')).toEqual([]);
    expect(ofType(events, 'tool-result')[0].data).toMatchObject({
      id: 'toolu_01',
      ok: true,
      result: 'Open 9 to 5',
    });

    const [first, second] = emulator.requests;
    expect(first.headers['x-api-key']).toBe(API_KEY);
    expect(toolNames(first.body)).toEqual(['store_hours']);
    const history = (second.body as any).messages;
    expect(history[history.length - 2]).toMatchObject({
      role: 'assistant',
      content: expect.arrayContaining([
        expect.objectContaining({ type: 'tool_use', id: 'toolu_01', name: 'store_hours', input: {} }),
      ]),
    });
    expect(history[history.length - 1]).toMatchObject({
      role: 'user',
      content: [
        expect.objectContaining({ type: 'tool_result', tool_use_id: 'toolu_01', content: 'Open 9 to 5' }),
      ],
    });
    const messages = await messagesOf(chatId);
    expect(messages.map((m) => m.content)).toEqual(['Hours?', 'Let me check.', 'Open from nine.']);
    expect(messages[1].toolInvocations[0]).toMatchObject({ callId: 'toolu_01', ok: true });
  });

  it("offers only the chat's tools and refuses a call to any other", async () => {
    const chatId = await newChat({ toolUse: true, tools: ['store_hours'] });
    emulator.enqueue(
      '/v1/chat/completions',
      openaiToolCallStream([{ id: 'call_x', name: 'secret_tool', args: {} }]),
      openaiTextStream(['I cannot use that.']),
    );
    const events = await collect(await generate(chatId, 'Use the secret tool.'));
    expect(toolNames(emulator.requests[0].body)).toEqual(['store_hours']);
    const result = ofType(events, 'tool-result')[0].data;
    expect(result).toMatchObject({ ok: false, name: 'secret_tool' });
    expect(result.error).toMatchObject({
      code: 'not_allowed',
      message: 'Tool not allowed in this chat: secret_tool',
    });
    expect(result.result).toBeUndefined();
    const toolMessage = (emulator.requests[1].body as any).messages.at(-1);
    expect(JSON.parse(toolMessage.content)).toMatchObject({
      ok: false,
      code: 'not_allowed',
      error: 'Tool not allowed in this chat: secret_tool',
    });
    const stored = (await messagesOf(chatId))[1].toolInvocations[0];
    expect(stored).toMatchObject({ name: 'secret_tool', ok: false, result: null });
    expect(stored.error.message).toBe('Tool not allowed in this chat: secret_tool');
  });

  it('sends no tools while tool use is off', async () => {
    const chatId = await newChat({ toolUse: false });
    emulator.enqueue('/v1/chat/completions', openaiTextStream(['Hello!']));
    const events = await collect(await generate(chatId, 'Hi'));
    expect(ofType(events, 'finish')).toHaveLength(1);
    const body = emulator.requests[0].body as any;
    expect(body.tools).toBeUndefined();
    expect(body.tool_choice).toBeUndefined();
    expect(JSON.stringify(body.messages)).not.toContain('store_hours');
  });

  it('aborts the run when the client disconnects and keeps what was stored', async () => {
    const chatId = await newChat({ toolUse: false });
    const pieces = Array.from({ length: 60 }, (_, i) => `w${i} `);
    emulator.enqueue('/v1/chat/completions', openaiTextStream(pieces, { chunkDelayMs: 25 }));
    const call = await generate(chatId, 'Tell me a long story.');
    await nextEvent(call, 'text-delta');
    const idle = chatGenerationsFor(server.app.toolsmith).whenIdle(chatId);
    call.abort();
    expect(await idle).toEqual({ stoppedBecause: 'aborted' });

    const messages = await messagesOf(chatId);
    expect(messages[0]).toMatchObject({ role: 'user', content: 'Tell me a long story.' });
    // what had arrived is kept; the rest of the stream was never read
    const full = pieces.join('');
    expect(messages).toHaveLength(2);
    expect(messages[1].role).toBe('assistant');
    expect(messages[1].content.startsWith('w0 ')).toBe(true);
    expect(full.startsWith(messages[1].content)).toBe(true);
    expect(messages[1].content.length).toBeLessThan(full.length);
    // the chat is free again
    emulator.enqueue('/v1/chat/completions', openaiTextStream(['Done.']));
    const again = await collect(await generate(chatId, 'Short one then.'));
    expect(ofType(again, 'finish')).toHaveLength(1);
  });

  it('answers 409 to a second generate while one runs, and aborts a run waiting on a silent provider', async () => {
    const chatId = await newChat({ toolUse: false });
    let reached!: () => void;
    const providerReached = new Promise<void>((resolve) => {
      reached = resolve;
    });
    emulator.on('/v1/chat/completions', () => {
      reached();
      return { hang: true };
    });
    const first = await generate(chatId, 'First');
    await nextEvent(first, 'user-message');
    const second = await generate(chatId, 'Second');
    expect(second.status).toBe(409);
    expect(second.json).toMatchObject({ error: MSG_ALREADY_GENERATING, code: 'already_generating' });

    await providerReached;
    const idle = chatGenerationsFor(server.app.toolsmith).whenIdle(chatId);
    first.abort();
    expect(await idle).toEqual({ stoppedBecause: 'aborted' });
    const messages = await messagesOf(chatId);
    expect(messages.map((m) => [m.role, m.content])).toEqual([['user', 'First']]);
  });

  it('ends with an error event on provider 401 and 500', async () => {
    const chatId = await newChat({ toolUse: false });
    emulator.enqueue('/v1/chat/completions', openaiErrors.invalidKey());
    const unauthorized = await collect(await generate(chatId, 'One'));
    expect(unauthorized.map((e) => e.event)).toEqual(['generation-start', 'user-message', 'error']);
    unauthorized.shift();
    expect(unauthorized[1].data).toMatchObject({ code: 'auth_missing' });
    expect(typeof unauthorized[1].data.message).toBe('string');

    emulator.enqueue('/v1/chat/completions', openaiErrors.server());
    const failed = await collect(await generate(chatId, 'Two'));
    expect(failed.at(-1)).toMatchObject({ event: 'error', data: { code: 'network' } });
    // the user messages stay stored
    expect((await messagesOf(chatId)).map((m) => m.content)).toEqual(['One', 'Two']);
  });

  it('answers JSON errors before the stream starts', async () => {
    const noConnection = (await server.request('POST', '/api/chats', { title: 'bare' })).body.id;
    const missing = await server.request('POST', `/api/chats/${noConnection}/generate`, { content: 'Hi' });
    expect(missing.status).toBe(400);
    expect(missing.body.details).toEqual([
      { field: 'connectionId', message: expect.stringContaining('connection') },
    ]);
    const chatId = await newChat({ toolUse: false });
    const empty = await server.request('POST', `/api/chats/${chatId}/generate`, { content: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.details[0].field).toBe('content');
    expect((await server.request('POST', '/api/chats/c_nope/generate', { content: 'Hi' })).status).toBe(404);
    expect(await messagesOf(chatId)).toEqual([]);
  });

  it('delivers the hidden context to a webhook that asks for it, without secrets', async () => {
    const otherChat = await newChat({ toolUse: false });
    for (const [name, includeHiddenContext] of [
      ['hook_with_context', true],
      ['hook_plain', false],
    ] as const) {
      const created = await server.request('POST', '/api/tools', {
        name,
        description: `Webhook ${name}.`,
        parameters: { type: 'object', properties: { q: { type: 'string' } } },
        mode: 'read',
        kind: 'webhook',
        webhookUrl: hookUrl,
        includeHiddenContext,
      });
      expect(created.status).toBe(201);
    }
    const chatId = await newChat({ toolUse: true, tools: ['hook_with_context', 'hook_plain'] });
    emulator.enqueue(
      '/v1/chat/completions',
      openaiToolCallStream([
        { id: 'call_a', name: 'hook_with_context', args: { q: 'a' } },
        { id: 'call_b', name: 'hook_plain', args: { q: 'b' } },
      ]),
      openaiTextStream(['Both hooks answered.']),
    );
    const events = await collect(await generate(chatId, 'Ping both hooks please'));
    expect(ofType(events, 'tool-result').map((e) => [e.data.name, e.data.ok, e.data.result])).toEqual([
      ['hook_with_context', true, { received: true }],
      ['hook_plain', true, { received: true }],
    ]);

    const withContext = hookBodies.find((b) => b.tool === 'hook_with_context');
    const plain = hookBodies.find((b) => b.tool === 'hook_plain');
    expect(withContext.arguments).toEqual({ q: 'a' });
    expect(withContext.context).toMatchObject({
      chatId,
      mode: 'chat',
      persona: null,
      characters: [],
      variables: {},
      lastUserMessage: 'Ping both hooks please',
    });
    expect(new Date(withContext.context.now).toString()).not.toBe('Invalid Date');
    expect(withContext.context.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(withContext.context.time).toMatch(/^\d{2}:\d{2}$/);
    expect(plain).toEqual({ tool: 'hook_plain', arguments: { q: 'b' } });
    const sent = JSON.stringify(hookBodies);
    expect(sent).not.toContain(API_KEY);
    expect(sent).not.toContain(otherChat);
    expect(sent).not.toContain(emulator.url);
  });

  it('aborts a tool call in flight when the client disconnects and stores it as aborted', async () => {
    const created = await server.request('POST', '/api/tools', {
      name: 'slow_hook',
      description: 'A webhook that never answers.',
      parameters: { type: 'object', properties: {} },
      mode: 'read',
      kind: 'webhook',
      webhookUrl: hookUrl.replace('/hook', '/slow'),
    });
    expect(created.status).toBe(201);
    const chatId = await newChat({ toolUse: true, tools: ['slow_hook'] });
    emulator.enqueue(
      '/v1/chat/completions',
      openaiToolCallStream([{ id: 'call_s', name: 'slow_hook', args: {} }]),
    );
    const call = await generate(chatId, 'Call the slow hook');
    await nextEvent(call, 'tool-call');
    const idle = chatGenerationsFor(server.app.toolsmith).whenIdle(chatId);
    call.abort();
    expect(await idle).toEqual({ stoppedBecause: 'aborted' });

    const messages = await messagesOf(chatId);
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(messages[1].toolInvocations).toEqual([
      expect.objectContaining({
        callId: 'call_s',
        name: 'slow_hook',
        ok: false,
        error: expect.objectContaining({ code: 'aborted' }),
      }),
    ]);
    // the provider was asked once: the run stopped instead of going on to the next round
    expect(emulator.requests).toHaveLength(1);
  });
});
