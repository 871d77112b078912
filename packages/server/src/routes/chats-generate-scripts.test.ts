// Generation with script tools (CUSTOM_TOOL_SCRIPT_ENABLED), MAX_TOOL_ROUNDS and CUSTOM_TOOL_TIMEOUT_MS,
// over real HTTP against the provider emulator.
import { type Emulator, openaiChunk, openaiStream } from '@toolsmith/emulator';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { collect, postSse, type SseEvent } from '../generation/__fixtures__/sse-client.js';
import { type EmulatedServer, startEmulatedServer } from '../test-support/emulated-server.js';
import type { TestServer } from '../test-support/test-server.js';

function toolCallStream(calls: Array<{ id: string; name: string; args: unknown }>) {
  return openaiStream([
    openaiChunk({ role: 'assistant', content: null }),
    ...calls.map((call, index) =>
      openaiChunk({
        tool_calls: [
          {
            index,
            id: call.id,
            type: 'function',
            function: { name: call.name, arguments: JSON.stringify(call.args) },
          },
        ],
      }),
    ),
    openaiChunk({}, { finishReason: 'tool_calls' }),
  ]);
}
const textStream = (text: string) =>
  openaiStream([
    openaiChunk({ role: 'assistant', content: text }),
    openaiChunk({}, { finishReason: 'stop' }),
  ]);
const toolNames = (body: any): string[] => (body.tools ?? []).map((t: any) => t.function.name);
const results = (events: SseEvent[]) => events.filter((e) => e.event === 'tool-result').map((e) => e.data);

const CONTEXT_PROBE = `return {
  contextKeys: ctx.context ? Object.keys(ctx.context).sort() : null,
  chatId: ctx.context ? ctx.context.chatId : null,
  last: ctx.context ? ctx.context.lastUserMessage : null,
  snapshotChat: ctx.chatId,
  snapshotMessages: ctx.chat.map((m) => m.role + ':' + m.content),
};`;

async function addScriptTool(server: TestServer, name: string, body: string, includeHiddenContext: boolean) {
  // straight into storage: the API refuses script tools while scripts are disabled
  await server.app.toolsmith.storage.tools.create({
    name,
    displayName: '',
    description: `Script ${name}.`,
    parameters: { type: 'object', properties: {} },
    mode: 'read',
    kind: 'script',
    body,
    simulateBody: '',
    staticResult: '',
    webhookUrl: '',
    includeHiddenContext,
    enabled: true,
  });
}

describe('generation with script tools', () => {
  let emulator: Emulator;
  let server: TestServer;
  let setup: EmulatedServer;
  let connectionId: string;

  beforeAll(async () => {
    // one sandbox worker is enough here (the machine is shared); the route still passes CUSTOM_TOOL_TIMEOUT_MS per call
    setup = await startEmulatedServer({
      env: { CUSTOM_TOOL_SCRIPT_ENABLED: 'true', CUSTOM_TOOL_TIMEOUT_MS: '400', MAX_TOOL_ROUNDS: '1' },
      sandbox: true,
      connection: { model: 'emulated-model', apiKey: 'sk-script-test' },
    });
    ({ server, emulator, connectionId } = setup);
    await addScriptTool(server, 'probe_with_context', CONTEXT_PROBE, true);
    await addScriptTool(server, 'probe_plain', `${CONTEXT_PROBE}\n// plain`, false);
    await addScriptTool(server, 'spin_forever', 'while (true) {}', false);
  });
  afterAll(() => setup.close());
  beforeEach(() => emulator.reset());

  const chatWith = async (tools: string[]) =>
    (
      await server.request('POST', '/api/chats', {
        title: 'Scripts',
        connectionId,
        settings: { toolUse: true, tools },
      })
    ).body.id as string;

  it('hands scripts the chat snapshot, and the hidden context only to the tool that asks; MAX_TOOL_ROUNDS ends tool use', async () => {
    const chatId = await chatWith(['probe_with_context', 'probe_plain']);
    emulator.enqueue(
      '/v1/chat/completions',
      toolCallStream([
        { id: 'c1', name: 'probe_with_context', args: {} },
        { id: 'c2', name: 'probe_plain', args: {} },
      ]),
      textStream('Probed.'),
    );
    const events = await collect(
      await postSse(`${server.url}/api/chats/${chatId}/generate`, { content: 'Probe it' }),
    );
    const [withContext, plain] = results(events);
    expect(withContext).toMatchObject({ name: 'probe_with_context', ok: true });
    expect(withContext.result).toEqual({
      contextKeys: [
        'characters',
        'chatId',
        'date',
        'lastUserMessage',
        'mode',
        'now',
        'persona',
        'time',
        'timeZone',
        'variables',
      ],
      chatId,
      last: 'Probe it',
      snapshotChat: chatId,
      snapshotMessages: ['user:Probe it'],
    });
    expect(plain).toMatchObject({ name: 'probe_plain', ok: true });
    expect(plain.result).toMatchObject({ contextKeys: null, chatId: null, snapshotChat: chatId });

    // MAX_TOOL_ROUNDS=1: the second request is the answer-now call, without tools
    expect(emulator.requests).toHaveLength(2);
    expect(toolNames(emulator.requests[0].body).sort()).toEqual(['probe_plain', 'probe_with_context']);
    expect((emulator.requests[1].body as any).tools).toBeUndefined();
    expect(events.at(-1)).toMatchObject({ event: 'finish', data: { reason: 'max_rounds' } });
  });

  it('stops a runaway script at CUSTOM_TOOL_TIMEOUT_MS and tells the model', async () => {
    const chatId = await chatWith(['spin_forever']);
    emulator.enqueue(
      '/v1/chat/completions',
      toolCallStream([{ id: 'c1', name: 'spin_forever', args: {} }]),
      textStream('It timed out.'),
    );
    const events = await collect(
      await postSse(`${server.url}/api/chats/${chatId}/generate`, { content: 'Spin' }),
    );
    const [result] = results(events);
    expect(result).toMatchObject({ name: 'spin_forever', ok: false, error: { code: 'timeout' } });
    expect(result.error.message).toContain('400 ms');
    expect(events.at(-1)?.event).toBe('finish');
  });
});

describe('generation while scripts are disabled', () => {
  let emulator: Emulator;
  let server: TestServer;
  let setup: EmulatedServer;
  let connectionId: string;

  beforeAll(async () => {
    setup = await startEmulatedServer({ connection: { model: 'emulated-model' } });
    ({ server, emulator, connectionId } = setup);
  });
  afterAll(() => setup.close());

  it('neither offers nor runs script tools, even when the chat lists them', async () => {
    await addScriptTool(server, 'probe_plain', CONTEXT_PROBE, false);
    const chatId = (
      await server.request('POST', '/api/chats', {
        connectionId,
        settings: { toolUse: true, tools: ['probe_plain', 'roll_dice'] },
      })
    ).body.id;
    emulator.enqueue(
      '/v1/chat/completions',
      toolCallStream([{ id: 'c1', name: 'probe_plain', args: {} }]),
      textStream('No scripts here.'),
    );
    const events = await collect(
      await postSse(`${server.url}/api/chats/${chatId}/generate`, { content: 'Go' }),
    );
    expect(toolNames(emulator.requests[0].body)).toEqual(['roll_dice']);
    expect(results(events)[0]).toMatchObject({ ok: false, error: { code: 'not_allowed' } });
  });

  it('offers builtins only while they are enabled', async () => {
    emulator.reset();
    const off = await server.request('PUT', '/api/tools/builtin/roll_dice', { enabled: false });
    expect(off.status).toBe(200);
    const chatId = (await server.request('POST', '/api/chats', { connectionId, settings: { toolUse: true } }))
      .body.id;
    emulator.enqueue(
      '/v1/chat/completions',
      toolCallStream([{ id: 'c1', name: 'roll_dice', args: { count: 1, sides: 6 } }]),
      textStream('No dice.'),
    );
    const events = await collect(
      await postSse(`${server.url}/api/chats/${chatId}/generate`, { content: 'Roll' }),
    );
    // the script tool is left out as well: scripts are disabled on this server
    expect(toolNames(emulator.requests[0].body)).toEqual([
      'get_current_time',
      'search_lorebook',
      'lorebook_force_activate',
      'get_variable',
      'set_variable',
    ]);
    expect(results(events)[0]).toMatchObject({ name: 'roll_dice', ok: false });
  });
});
