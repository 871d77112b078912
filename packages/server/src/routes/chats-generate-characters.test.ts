// Chats with a character or a group: the card in the prompt, the character's own tools, and the Luker-shaped
// script ctx read by a real sandboxed script during a generation against the provider emulator.
import type { ToolDefinition } from '@toolsmith/core';
import { type Emulator, openaiChunk, openaiStream } from '@toolsmith/emulator';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { collect, postSse, type SseEvent } from '../generation/__fixtures__/sse-client.js';
import { type EmulatedServer, startEmulatedServer } from '../test-support/emulated-server.js';
import type { TestServer } from '../test-support/test-server.js';
import { staticTool, uploadCard, v2Card } from './__fixtures__/character-cards.js';

const callStream = (id: string, name: string, args: unknown) =>
  openaiStream([
    openaiChunk({ role: 'assistant', content: null }),
    openaiChunk({
      tool_calls: [{ index: 0, id, type: 'function', function: { name, arguments: JSON.stringify(args) } }],
    }),
    openaiChunk({}, { finishReason: 'tool_calls' }),
  ]);
const textStream = (text: string) =>
  openaiStream([
    openaiChunk({ role: 'assistant', content: text }),
    openaiChunk({}, { finishReason: 'stop' }),
  ]);
const results = (events: SseEvent[]) => events.filter((e) => e.event === 'tool-result').map((e) => e.data);
const systemText = (body: any): string =>
  body.messages
    .filter((m: any) => m.role === 'system')
    .map((m: any) => m.content)
    .join('\n');

// Reads every Luker-shaped field; values must be plain JSON to leave the sandbox.
const CTX_PROBE: ToolDefinition = {
  name: 'read_ctx',
  description: 'Reports the script ctx.',
  parameters: { type: 'object', properties: {} },
  mode: 'read',
  kind: 'script',
  body: `return {
    chat: ctx.chat.map((m) => [m.role, m.name, m.is_user, m.mes]),
    chatId: ctx.chatId,
    characters: ctx.characters.map((c) => [c.id, c.name, c.personality, c.first_mes, c.tags]),
    characterId: ctx.characterId,
    speaker: ctx.characters[ctx.characterId].name,
    groups: ctx.groups,
    groupId: ctx.groupId,
    name1: ctx.name1,
    name2: ctx.name2,
    run: ctx.__run,
    hidden: ctx.context ? ctx.context.characters : null,
  };`,
  includeHiddenContext: false,
  enabled: true,
};

describe('chats with characters', () => {
  let emulator: Emulator;
  let server: TestServer;
  let setup: EmulatedServer;
  let connectionId: string;
  let ayla: any;
  let bram: any;
  let personaId: string;

  beforeAll(async () => {
    setup = await startEmulatedServer({
      env: { CUSTOM_TOOL_SCRIPT_ENABLED: 'true' },
      sandbox: true,
      connection: { model: 'emulated-model', apiKey: 'sk-characters' },
    });
    ({ server, emulator, connectionId } = setup);
    // Ayla arrives from a card carrying a script tool (stored disabled) and a static tool
    const upload = await uploadCard(
      server,
      JSON.stringify(v2Card({ tools: [CTX_PROBE, staticTool] })),
      'application/json',
    );
    const applied = await server.request('POST', `/api/characters/import/${upload.body.importId}/apply`, {
      withTools: true,
    });
    ayla = applied.body.character;
    const probe = applied.body.tools.find((t: any) => t.name === 'read_ctx');
    expect(probe.enabled).toBe(false);
    const enabled = await server.request('PATCH', `/api/characters/${ayla.id}/tools/${probe.id}`, {
      enabled: true,
      includeHiddenContext: true,
    });
    expect(enabled.body.enabled).toBe(true);
    bram = (
      await server.request('POST', '/api/characters', {
        name: 'Bram',
        description: 'A fisherman.',
        personality: 'gruff',
        first_mes: 'Hm.',
        tags: ['sea'],
      })
    ).body;
    personaId = (await server.request('POST', '/api/personas', { name: 'Kit', description: 'A traveller.' }))
      .body.id;
  });
  afterAll(() => setup.close());
  beforeEach(() => emulator.reset());

  it('puts the character card, system prompt and post-history instructions into the prompt', async () => {
    const chat = (
      await server.request('POST', '/api/chats', { title: 'Solo', connectionId, characterIds: [ayla.id] })
    ).body;
    emulator.enqueue('/v1/chat/completions', textStream('Hello.'));
    const events = await collect(
      await postSse(`${server.url}/api/chats/${chat.id}/generate`, { content: 'Hi {{char}}' }),
    );
    expect(events.at(-1)?.event).toBe('finish');
    const body = emulator.requests[0].body as any;
    const system = systemText(body);
    expect(system).toContain('[Character: Ayla]');
    expect(system).toContain('A lighthouse keeper. 灯台守');
    expect(system).toContain("Ayla's personality: calm");
    expect(system).toContain('Scenario: A stormy night.');
    expect(system).toContain('Speak softly.');
    expect(system).toContain('Stay in character.');
    // {{char}} is the character's name
    expect(body.messages.at(-1)).toMatchObject({ role: 'user', content: 'Hi Ayla' });
    // tool use is off: no tools offered
    expect(body.tools).toBeUndefined();
  });

  it("activates the character's lorebook in its chats without attaching it to the chat", async () => {
    const chat = (
      await server.request('POST', '/api/chats', { title: 'Lore', connectionId, characterIds: [ayla.id] })
    ).body;
    emulator.enqueue('/v1/chat/completions', textStream('West.'));
    await collect(
      await postSse(`${server.url}/api/chats/${chat.id}/generate`, { content: 'A storm again?' }),
    );
    const system = systemText(emulator.requests[0].body);
    expect(system).toContain('Storms come from the west.');
    expect(system).not.toContain('The lighthouse is old.');
  });

  it('offers the character tools while tool use is on, and hands a script the Luker-shaped ctx in a group chat', async () => {
    const book = ayla.lorebookId as string;
    const chat = (
      await server.request('POST', '/api/chats', {
        title: 'Harbour group',
        connectionId,
        personaId,
        characterIds: [ayla.id, bram.id],
        settings: { toolUse: true, lorebookIds: [book] },
      })
    ).body;
    emulator.enqueue('/v1/chat/completions', callStream('c1', 'read_ctx', {}), textStream('Done.'));
    const events = await collect(
      await postSse(`${server.url}/api/chats/${chat.id}/generate`, { content: 'Is the lighthouse lit?' }),
    );
    const first = emulator.requests[0].body as any;
    const offered = first.tools.map((t: any) => t.function.name);
    expect(offered).toContain('read_ctx');
    expect(offered).toContain('house_rules');
    // the group: the other member's card too
    expect(systemText(first)).toContain('[Group member: Bram]');

    const [result] = results(events);
    expect(result).toMatchObject({ name: 'read_ctx', ok: true });
    const ctx = result.result;
    // the chat opened with each member's greeting ({{user}} filled in with the persona's name)
    expect(ctx.chat).toEqual([
      ['assistant', 'Ayla', false, 'Welcome in, Kit.'],
      ['assistant', 'Bram', false, 'Hm.'],
      ['user', 'Kit', true, 'Is the lighthouse lit?'],
    ]);
    expect(ctx.chatId).toBe(chat.id);
    expect(ctx.characters).toEqual([
      [ayla.id, 'Ayla', 'calm', 'Welcome in, {{user}}.', ['fantasy', 'calm']],
      [bram.id, 'Bram', 'gruff', 'Hm.', ['sea']],
    ]);
    expect(ctx.characterId).toBe(0);
    expect(ctx.speaker).toBe('Ayla');
    expect(ctx.groups).toEqual([{ id: chat.id, name: 'Harbour group', members: [ayla.id, bram.id] }]);
    expect(ctx.groupId).toBe(chat.id);
    expect(ctx.name1).toBe('Kit');
    expect(ctx.name2).toBe('Ayla');
    // the hidden context (asked for by the tool) names the chat's characters
    expect(ctx.hidden).toEqual([
      { id: ayla.id, name: 'Ayla' },
      { id: bram.id, name: 'Bram' },
    ]);
    expect(ctx.run.aborted).toBe(false);
    expect(ctx.run.traceId).toMatch(/^tr_/);
    // the character's lorebook entry keyed "lighthouse" was injected before the call
    expect(ctx.run.activatedEntryKeys).toEqual([`${book}.0`]);
    expect(systemText(first)).toContain('The lighthouse is old.');
  });

  it('a chat without characters: no card, name1 "User", name2 "Assistant", no groups', async () => {
    const created = await server.request('POST', '/api/tools', {
      name: 'read_ctx_global',
      description: 'Reports the script ctx.',
      kind: 'script',
      body: 'return [ctx.characters, ctx.characterId, ctx.groups, ctx.groupId, ctx.name1, ctx.name2, ctx.chat[0].name];',
    });
    expect(created.status).toBe(201);
    const chat = (
      await server.request('POST', '/api/chats', {
        title: 'Plain',
        connectionId,
        settings: { toolUse: true },
      })
    ).body;
    emulator.enqueue('/v1/chat/completions', callStream('c1', 'read_ctx_global', {}), textStream('Done.'));
    const events = await collect(
      await postSse(`${server.url}/api/chats/${chat.id}/generate`, { content: 'Hey' }),
    );
    const [result] = results(events);
    expect(result).toMatchObject({ ok: true, result: [[], null, [], null, 'User', 'Assistant', 'User'] });
    const first = emulator.requests[0].body as any;
    expect(systemText(first)).not.toContain('[Character:');
    // character tools of characters not in this chat are not offered
    expect(first.tools.map((t: any) => t.function.name)).not.toContain('read_ctx');
  });
});
