// Chat generation with personas, lorebooks, variables and the builtins that use them: the server on port 0
// talks to the provider emulator on port 0; what reaches the provider is read from the emulator's records.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Emulator, openaiChunk, openaiStream } from '@toolsmith/emulator';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { collect, postSse, type SseEvent } from '../generation/__fixtures__/sse-client.js';
import { type EmulatedServer, startEmulatedServer } from '../test-support/emulated-server.js';
import type { TestServer } from '../test-support/test-server.js';

function toolCallStream(calls: Array<{ id: string; name: string; args: unknown }>) {
  const chunks: unknown[] = [openaiChunk({ role: 'assistant', content: null })];
  calls.forEach((call, index) => {
    chunks.push(
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
    );
  });
  chunks.push(openaiChunk({}, { finishReason: 'tool_calls' }));
  return openaiStream(chunks);
}

function textStream(text: string) {
  return openaiStream([
    openaiChunk({ role: 'assistant', content: '' }),
    openaiChunk({ content: text }),
    openaiChunk({}, { finishReason: 'stop' }),
  ]);
}

/** The provider request's messages as role + text. */
const sentMessages = (emulator: Emulator, index: number): Array<{ role: string; content: string }> =>
  ((emulator.requests[index].body as any).messages as any[]).map((m) => ({
    role: m.role,
    content: typeof m.content === 'string' ? m.content : JSON.stringify(m.content),
  }));
const systemText = (emulator: Emulator, index: number) =>
  sentMessages(emulator, index)
    .filter((m) => m.role === 'system')
    .map((m) => m.content)
    .join('\n');
const results = (events: SseEvent[]) => events.filter((e) => e.event === 'tool-result').map((e) => e.data);

describe('chat generation with personas, lorebooks and variables', () => {
  let setup: EmulatedServer;
  let server: TestServer;
  let emulator: Emulator;
  let connectionId: string;
  let hook: Server;
  let hookUrl: string;
  const hookBodies: any[] = [];

  beforeAll(async () => {
    hook = createServer(async (req, res) => {
      let raw = '';
      for await (const part of req) raw += part;
      hookBodies.push(JSON.parse(raw));
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"ok":true}');
    });
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook`;
    setup = await startEmulatedServer({
      env: { WEBHOOK_LOCAL_URLS_ENABLED: 'true' },
      connection: { model: 'emulated-model', apiKey: 'sk-test' },
    });
    ({ server, emulator, connectionId } = setup);
  });
  afterAll(async () => {
    await setup.close();
    hook.closeAllConnections();
    await new Promise<void>((resolve) => hook.close(() => resolve()));
  });
  beforeEach(() => emulator.reset());

  const newChat = async (body: Record<string, unknown> = {}) => {
    const res = await server.request('POST', '/api/chats', {
      title: 'Context chat',
      connectionId,
      ...body,
      settings: { toolUse: true, ...(body.settings as object) },
    });
    expect(res.status).toBe(201);
    return res.body.id as string;
  };
  const generate = async (chatId: string, content: string) => {
    const call = await postSse(`${server.url}/api/chats/${chatId}/generate`, { content });
    expect(call.status).toBe(200);
    const events = await collect(call);
    expect(events.filter((e) => e.event === 'error')).toEqual([]);
    return events;
  };
  const createBook = async (body: Record<string, unknown>) => {
    const res = await server.request('POST', '/api/lorebooks', body);
    expect(res.status).toBe(201);
    return res.body;
  };

  it("puts the persona's name and description into the prompt ({{user}}, {{persona}}) and the hidden context", async () => {
    const persona = await server.request('POST', '/api/personas', {
      name: 'Mira',
      description: '{{user}} is a cartographer from the north.',
    });
    expect(persona.status).toBe(201);
    const chatId = await newChat({ settings: { toolUse: false } });
    const patched = await server.request('PATCH', `/api/chats/${chatId}`, { personaId: persona.body.id });
    expect(patched.body.personaId).toBe(persona.body.id);

    emulator.enqueue('/v1/chat/completions', textStream('Hello, Mira.'));
    await generate(chatId, 'I am {{user}}. Remember: {{persona}}');
    const sent = sentMessages(emulator, 0);
    expect(systemText(emulator, 0)).toContain('[Persona: Mira]\nMira is a cartographer from the north.');
    expect(sent.at(-1)).toEqual({
      role: 'user',
      content: 'I am Mira. Remember: Mira is a cartographer from the north.',
    });
  });

  it('activates a lorebook entry by a key in the user message, sends it to the provider and stores the trace', async () => {
    const book = await createBook({
      name: 'Places',
      entries: [
        {
          uid: 1,
          keys: ['lighthouse'],
          content: 'The lighthouse has been dark for ten years.',
          comment: 'Lighthouse',
        },
        { uid: 2, keys: ['harbor'], content: 'HARBOR-SECRET', comment: 'Harbor' },
        { uid: 3, keys: [], constant: true, content: 'It is always raining.', comment: 'Weather' },
      ],
    });
    const chatId = await newChat({ settings: { toolUse: false, lorebookIds: [book.id] } });
    const before = await server.request('GET', `/api/chats/${chatId}/world-info`);
    expect(before.body).toEqual({ activation: null });

    emulator.enqueue('/v1/chat/completions', textStream('It is dark.'));
    await generate(chatId, 'Why is the Lighthouse so quiet?');
    const system = systemText(emulator, 0);
    expect(system).toContain('The lighthouse has been dark for ten years.');
    expect(system).toContain('It is always raining.');
    expect(system).not.toContain('HARBOR-SECRET');

    const trace = (await server.request('GET', `/api/chats/${chatId}/world-info`)).body.activation;
    const byUid = (uid: number) => trace.trace.find((t: any) => t.uid === uid);
    expect(byUid(1)).toMatchObject({
      book: book.id,
      bookName: 'Places',
      title: 'Lighthouse',
      activated: true,
      reason: { kind: 'key', key: 'lighthouse', match: 'Lighthouse' },
    });
    expect(byUid(2)).toMatchObject({ activated: false, skipped: 'no_match' });
    expect(byUid(3)).toMatchObject({ activated: true, reason: { kind: 'constant' } });
    expect(trace.activated.map((a: any) => a.uid).sort()).toEqual([1, 3]);
  });

  it('activates entries through recursion, resolves macros in entry content and sends depth entries', async () => {
    const persona = await server.request('POST', '/api/personas', { name: 'Tam', description: '' });
    const book = await createBook({
      name: 'Chain',
      entries: [
        { uid: 1, keys: ['compass'], content: 'The compass points to the old mill.', comment: 'Compass' },
        { uid: 2, keys: ['old mill'], content: '{{user}} once lived at the old mill.', comment: 'Mill' },
        { uid: 3, keys: ['compass'], content: 'DEPTH-NOTE', position: 'depth', depth: 0 },
      ],
    });
    const chatId = await newChat({
      personaId: persona.body.id,
      settings: { toolUse: false, lorebookIds: [book.id] },
    });
    emulator.enqueue('/v1/chat/completions', textStream('North.'));
    await generate(chatId, 'Where does the compass point?');
    const system = systemText(emulator, 0);
    expect(system).toContain('The compass points to the old mill.');
    expect(system).toContain('Tam once lived at the old mill.');
    // a depth-0 entry goes after the last message, not into the system prompt
    expect(sentMessages(emulator, 0)[0].content).not.toContain('DEPTH-NOTE');
    expect(sentMessages(emulator, 0).at(-1)).toEqual({ role: 'system', content: 'DEPTH-NOTE' });
    const trace = (await server.request('GET', `/api/chats/${chatId}/world-info`)).body.activation;
    expect(trace.trace.find((t: any) => t.uid === 2)).toMatchObject({
      activated: true,
      reason: { kind: 'recursion', depth: 1, triggeredBy: { book: book.id, uid: 1 } },
    });
    expect(trace.recursionDepth).toBe(1);
    expect(trace.activated.find((a: any) => a.uid === 3)).toMatchObject({ position: 'depth', depth: 0 });
  });

  it("follows the chat's world-info settings: a character budget drops the lowest priority, recursion can be off", async () => {
    const book = await createBook({
      name: 'Budgeted',
      entries: [
        { uid: 1, keys: ['storm'], content: 'HIGH-PRIORITY storm lore.', order: 200 },
        { uid: 2, keys: ['storm'], content: 'LOW-PRIORITY storm lore, mentions the tower.', order: 100 },
        { uid: 3, keys: ['tower'], content: 'TOWER-BY-RECURSION' },
      ],
    });
    const chatId = await newChat({
      settings: {
        toolUse: false,
        lorebookIds: [book.id],
        worldInfo: { budget: { limit: 30, unit: 'chars' }, recursion: { enabled: false } },
      },
    });
    emulator.enqueue('/v1/chat/completions', textStream('Windy.'));
    await generate(chatId, 'A storm is coming.');
    const system = systemText(emulator, 0);
    expect(system).toContain('HIGH-PRIORITY storm lore.');
    expect(system).not.toContain('LOW-PRIORITY');
    expect(system).not.toContain('TOWER-BY-RECURSION');
    const trace = (await server.request('GET', `/api/chats/${chatId}/world-info`)).body.activation;
    expect(trace.trace.find((t: any) => t.uid === 2)).toMatchObject({
      activated: false,
      skipped: 'dropped_budget',
    });
    expect(trace.budget).toMatchObject({ limit: 30, unit: 'chars', overflowed: true });
    expect(trace.recursionDepth).toBe(0);
  });

  it("activates the lorebooks of the chat's characters", async () => {
    const book = await createBook({
      name: 'Aria book',
      entries: [
        { keys: ['violin'], content: 'ARIA-VIOLIN-LORE' },
        { keys: ['Aria'], content: 'NAMED-THROUGH-CHAR-MACRO', matchWholeWords: true },
      ],
    });
    const character = await server.request('POST', '/api/characters', { name: 'Aria', lorebookId: book.id });
    expect(character.status).toBe(201);
    const chatId = await newChat({ characterIds: [character.body.id], settings: { toolUse: false } });
    emulator.enqueue('/v1/chat/completions', textStream('She plays.'));
    await generate(chatId, 'Play the violin for me, {{char}}.');
    expect(systemText(emulator, 0)).toContain('ARIA-VIOLIN-LORE');
    // world info scans the messages with macros resolved, {{char}} included
    expect(systemText(emulator, 0)).toContain('NAMED-THROUGH-CHAR-MACRO');
  });

  it('places depth entries counting a tool call and its results as one message', async () => {
    const book = await createBook({
      name: 'Depth',
      entries: [{ keys: ['anchor'], content: 'DEPTH-ONE', position: 'depth', depth: 1, role: 'user' }],
    });
    const chatId = await newChat({ settings: { lorebookIds: [book.id], tools: ['get_variable'] } });
    emulator.enqueue(
      '/v1/chat/completions',
      toolCallStream([{ id: 'c1', name: 'get_variable', args: { name: 'x' } }]),
      textStream('Anchored.'),
    );
    await generate(chatId, 'Drop the anchor.');
    const first = sentMessages(emulator, 0).filter((m) => m.role !== 'system');
    expect(first.map((m) => m.content)).toEqual(['DEPTH-ONE', 'Drop the anchor.']);
    const second = (emulator.requests[1].body as any).messages as any[];
    const roles = second.filter((m) => m.role !== 'system').map((m) => [m.role, m.content ?? null]);
    expect(roles).toEqual([
      ['user', 'Drop the anchor.'],
      ['user', 'DEPTH-ONE'],
      ['assistant', null],
      ['tool', expect.any(String)],
    ]);
  });

  it('uses global lorebooks in every chat, and an unattached book in none', async () => {
    await createBook({
      name: 'World',
      global: true,
      entries: [{ keys: ['dragon'], content: 'Dragons are extinct.' }],
    });
    await createBook({ name: 'Elsewhere', entries: [{ keys: ['dragon'], content: 'NOT-ATTACHED' }] });
    const chatId = await newChat({ settings: { toolUse: false } });
    emulator.enqueue('/v1/chat/completions', textStream('Indeed.'));
    await generate(chatId, 'Tell me about the dragon.');
    expect(systemText(emulator, 0)).toContain('Dragons are extinct.');
    expect(systemText(emulator, 0)).not.toContain('NOT-ATTACHED');
  });

  it('set_variable in round 1 shows up through {{getvar::...}} in the prompt of round 2', async () => {
    const chatId = await newChat({ settings: { tools: ['set_variable'] } });
    emulator.enqueue(
      '/v1/chat/completions',
      toolCallStream([{ id: 'c1', name: 'set_variable', args: { name: 'mood', value: 'cheerful' } }]),
      textStream('Done.'),
    );
    const events = await generate(chatId, 'Set my mood. Current mood: [{{getvar::mood}}]');
    expect(results(events)[0]).toMatchObject({
      name: 'set_variable',
      ok: true,
      result: { value: 'cheerful' },
    });
    expect(sentMessages(emulator, 0).find((m) => m.role === 'user')?.content).toBe(
      'Set my mood. Current mood: []',
    );
    expect(sentMessages(emulator, 1).find((m) => m.role === 'user')?.content).toBe(
      'Set my mood. Current mood: [cheerful]',
    );
    const stored = await server.request('GET', `/api/chats/${chatId}/variables`);
    expect(stored.body).toEqual({ variables: { mood: 'cheerful' } });
  });

  it('set_variable with scope global writes a global variable that {{getglobalvar::...}} reads in any chat', async () => {
    const chatId = await newChat({ settings: { tools: ['set_variable'] } });
    emulator.enqueue(
      '/v1/chat/completions',
      toolCallStream([{ id: 'c1', name: 'set_variable', args: { name: 'era', value: 3, scope: 'global' } }]),
      textStream('Done.'),
    );
    await generate(chatId, 'Advance the era.');
    expect((await server.request('GET', '/api/variables')).body.variables.era).toBe(3);
    const other = await newChat({ settings: { toolUse: false } });
    emulator.enqueue('/v1/chat/completions', textStream('Era three.'));
    await generate(other, 'Which era? {{getglobalvar::era}}');
    expect(sentMessages(emulator, 2).at(-1)?.content).toBe('Which era? 3');
  });

  it('applies side-effect macros of the user message on the main path and removes them from the prompt', async () => {
    const chatId = await newChat({ settings: { toolUse: false } });
    await server.request('PUT', `/api/chats/${chatId}/variables`, { variables: { hp: 10 } });
    emulator.enqueue('/v1/chat/completions', textStream('Ouch.'));
    await generate(chatId, '{{setvar::weapon::axe}}{{addvar::hp::-3}}I swing my {{getvar::weapon}}.');
    expect((await server.request('GET', `/api/chats/${chatId}/variables`)).body.variables).toEqual({
      hp: 7,
      weapon: 'axe',
    });
    expect(sentMessages(emulator, 0).at(-1)?.content).toBe('I swing my axe.');
    // the stored message keeps what the user wrote; a later turn does not apply it again
    emulator.enqueue('/v1/chat/completions', textStream('Again.'));
    await generate(chatId, 'HP now {{getvar::hp}}');
    expect(sentMessages(emulator, 1).at(-1)?.content).toBe('HP now 7');
    expect((await server.request('GET', `/api/chats/${chatId}/variables`)).body.variables.hp).toBe(7);
  });

  it('search_lorebook finds entries and lorebook_force_activate adds one to the next round as forced', async () => {
    const book = await createBook({
      name: 'Secrets',
      entries: [
        { uid: 'vault', keys: ['zzz-never-said'], comment: 'The vault', content: 'The vault code is 4417.' },
        { uid: 'other', keys: ['qqq-never-said'], comment: 'Garden', content: 'Roses grow here.' },
      ],
    });
    const chatId = await newChat({
      settings: { lorebookIds: [book.id], tools: ['search_lorebook', 'lorebook_force_activate'] },
    });
    emulator.enqueue(
      '/v1/chat/completions',
      toolCallStream([{ id: 'c1', name: 'search_lorebook', args: { query: 'vault' } }]),
      toolCallStream([
        { id: 'c2', name: 'lorebook_force_activate', args: { entries: [{ book: 'Secrets', uid: 'vault' }] } },
      ]),
      textStream('The code is 4417.'),
    );
    const events = await generate(chatId, 'What opens the vault?');
    const [search, force] = results(events);
    expect(search.result.results[0]).toMatchObject({
      book: book.id,
      bookName: 'Secrets',
      uid: 'vault',
      title: 'The vault',
      content: 'The vault code is 4417.',
    });
    expect(force).toMatchObject({
      ok: true,
      result: { forced: [{ book: book.id, uid: 'vault' }], notFound: [] },
    });
    // not in the prompt before it was forced, in it afterwards
    expect(systemText(emulator, 1)).not.toContain('4417');
    expect(systemText(emulator, 2)).toContain('The vault code is 4417.');
    expect(systemText(emulator, 2)).not.toContain('Roses grow here.');
    const trace = (await server.request('GET', `/api/chats/${chatId}/world-info`)).body.activation;
    expect(trace.trace.find((t: any) => t.uid === 'vault')).toMatchObject({
      activated: true,
      reason: { kind: 'forced' },
    });
    // forcing lasts for this turn only
    emulator.enqueue('/v1/chat/completions', textStream('Hm?'));
    await generate(chatId, 'And now?');
    expect(systemText(emulator, 3)).not.toContain('4417');
  });

  it('get_variable reads chat variables; hidden-context tools get the persona name and the chat variables', async () => {
    const persona = await server.request('POST', '/api/personas', { name: 'Ivo', description: '' });
    const tool = await server.request('POST', '/api/tools', {
      name: 'context_probe',
      description: 'Receives the hidden context.',
      kind: 'webhook',
      webhookUrl: hookUrl,
      includeHiddenContext: true,
    });
    expect(tool.status).toBe(201);
    const chatId = await newChat({
      personaId: persona.body.id,
      settings: { tools: ['get_variable', 'context_probe'] },
    });
    await server.request('PUT', `/api/chats/${chatId}/variables`, { variables: { gold: 12 } });
    emulator.enqueue(
      '/v1/chat/completions',
      toolCallStream([
        { id: 'c1', name: 'get_variable', args: { name: 'gold' } },
        { id: 'c2', name: 'context_probe', args: {} },
      ]),
      textStream('You have 12 gold.'),
    );
    const events = await generate(chatId, 'How much gold?');
    expect(results(events)[0]).toMatchObject({
      ok: true,
      result: { name: 'gold', scope: 'chat', exists: true, value: 12 },
    });
    expect(hookBodies).toHaveLength(1);
    expect(hookBodies[0].context).toMatchObject({
      chatId,
      persona: 'Ivo',
      variables: { gold: 12 },
      lastUserMessage: 'How much gold?',
    });
  });
});
