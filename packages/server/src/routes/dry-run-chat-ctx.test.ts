// A dry run with a chat's ctx (issue 17.2): bodies written with the patterns of Luker's documentation
// (ctx.chat.slice(-3), ctx.characters[ctx.characterId], ctx.name1) run against a chosen chat, with the same ctx a
// chat generation gives; writes are recorded, not applied. Without a chat the same fields are empty but well formed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-support/test-server.js';

const LUKER_BODY = `
  const recent = ctx.chat.slice(-3).map((m) => (m.is_user ? ctx.name1 : m.name) + ': ' + m.mes);
  const speaker = ctx.characterId === null ? null : ctx.characters[ctx.characterId];
  const before = await ctx.variables.get('gold');
  await ctx.variables.set('gold', (before ?? 0) + 5);
  await ctx.eventSource.emit('gold_changed', { by: 5 });
  return {
    recent,
    speaker: speaker ? speaker.name : null,
    names: [ctx.name1, ctx.name2],
    before,
    dryRun: ctx.dryRun,
    lukerDry: ctx.__lukerRun.dryRun,
    groups: ctx.groups,
    entries: ctx.wiFinalizedPayload.entries,
  };
`;

describe('dry run with a chat ctx', () => {
  let server: TestServer;
  let chatId: string;

  beforeAll(async () => {
    server = await startTestServer({ CUSTOM_TOOL_SCRIPT_ENABLED: 'true' });
    const character = await server.request('POST', '/api/characters', {
      name: 'Mira',
      description: 'A cartographer.',
    });
    const persona = await server.request('POST', '/api/personas', { name: 'Ada', description: 'A sailor.' });
    const chat = await server.request('POST', '/api/chats', {
      title: 'Harbour',
      characterIds: [character.body.id],
      personaId: persona.body.id,
    });
    expect(chat.status).toBe(201);
    chatId = chat.body.id;
    const { storage } = server.app.toolsmith;
    await storage.messages.append(chatId, { role: 'assistant', content: 'Welcome aboard.' });
    await storage.messages.append(chatId, { role: 'user', content: 'How much gold do we have?' });
    await storage.messages.append(chatId, { role: 'assistant', content: 'Let me count.' });
    await storage.messages.append(chatId, { role: 'user', content: 'Count twice.' });
    await storage.variables.set(chatId, 'gold', 10);
  });
  afterAll(() => server.close());

  it("gives a chosen chat's ctx (Luker's patterns work) and records writes without applying them", async () => {
    const run = await server.request('POST', '/api/tools/dry-run', {
      kind: 'script',
      body: LUKER_BODY,
      chatId,
    });
    expect(run.status).toBe(200);
    expect(run.body).toMatchObject({
      ok: true,
      result: {
        recent: ['Ada: How much gold do we have?', 'Mira: Let me count.', 'Ada: Count twice.'],
        speaker: 'Mira',
        names: ['Ada', 'Mira'],
        before: 10,
        dryRun: true,
        lukerDry: true,
        groups: [],
        entries: [],
      },
      writes: [
        { kind: 'variable', name: 'gold', value: 15, scope: 'chat' },
        { kind: 'event', name: 'gold_changed', value: { by: 5 } },
      ],
    });
    // nothing was written
    expect(await server.app.toolsmith.storage.variables.get(chatId, 'gold')).toBe(10);
  });

  it('without a chat: empty but well-formed values, never null where Luker has an array', async () => {
    const run = await server.request('POST', '/api/tools/dry-run', { kind: 'script', body: LUKER_BODY });
    expect(run.body).toMatchObject({
      ok: true,
      result: {
        recent: [],
        speaker: null,
        names: ['User', 'Assistant'],
        before: null,
        dryRun: true,
        groups: [],
        entries: [],
      },
      writes: [
        { kind: 'variable', name: 'gold', value: 5, scope: 'global' },
        { kind: 'event', name: 'gold_changed', value: { by: 5 } },
      ],
    });
    expect(await server.app.toolsmith.storage.variables.get(null, 'gold')).toBeUndefined();
  });

  it('an unknown chat is a 404 naming the fix; a wrong type a 400 naming the field', async () => {
    const missing = await server.request('POST', '/api/tools/dry-run', {
      kind: 'script',
      body: 'return 1',
      chatId: 'c_nope',
    });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toMatch(/No chat with id "c_nope"/);
    const bad = await server.request('POST', '/api/tools/dry-run', {
      kind: 'script',
      body: 'return 1',
      chatId: 7,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual([{ field: 'chatId', message: expect.stringMatching(/id of a chat/) }]);
  });

  it("the hidden context stays out unless the tool asks for it, and then is the chat's", async () => {
    const without = await server.request('POST', '/api/tools/dry-run', {
      kind: 'script',
      body: 'return ctx.context === undefined',
      chatId,
    });
    expect(without.body.result).toBe(true);
    const withIt = await server.request('POST', '/api/tools/dry-run', {
      kind: 'script',
      body: 'return [ctx.context.chatId, ctx.context.persona, ctx.context.variables.gold]',
      includeHiddenContext: true,
      chatId,
    });
    expect(withIt.body.result).toEqual([chatId, 'Ada', 10]);
  });
});
