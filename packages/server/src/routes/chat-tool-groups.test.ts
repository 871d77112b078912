// GET /api/chats/:id/tools and the rule it shows: a chat's tool list narrows global and builtin tools, never
// its characters' tools (those come with the character unless switched off for the chat) — checked against
// what the model is really offered, through the emulator.
import { type Emulator, openaiChunk, openaiStream } from '@toolsmith/emulator';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { collect, postSse } from '../generation/__fixtures__/sse-client.js';
import { type EmulatedServer, startEmulatedServer } from '../test-support/emulated-server.js';
import type { TestServer } from '../test-support/test-server.js';
import { staticTool, uploadCard, v2Card } from './__fixtures__/character-cards.js';

const textStream = (text: string) =>
  openaiStream([
    openaiChunk({ role: 'assistant', content: text }),
    openaiChunk({}, { finishReason: 'stop' }),
  ]);
const offeredNames = (body: any): string[] => (body.tools ?? []).map((t: any) => t.function.name);

describe('a chat’s tool groups', () => {
  let emulator: Emulator;
  let server: TestServer;
  let setup: EmulatedServer;
  let connectionId: string;
  let ayla: any;

  beforeAll(async () => {
    setup = await startEmulatedServer();
    ({ server, emulator, connectionId } = setup);
    const second = { ...staticTool, name: 'lighthouse_log', staticResult: 'All quiet.' };
    const upload = await uploadCard(
      server,
      JSON.stringify(v2Card({ tools: [staticTool, second] })),
      'application/json',
    );
    const applied = await server.request('POST', `/api/characters/import/${upload.body.importId}/apply`, {
      withTools: true,
    });
    ayla = applied.body.character;
    for (const name of ['store_hours', 'weather']) {
      const created = await server.request('POST', '/api/tools', {
        name,
        description: `The ${name}.`,
        kind: 'static',
        staticResult: 'ok',
      });
      expect(created.status).toBe(201);
    }
  });
  afterAll(() => setup.close());
  beforeEach(() => emulator.reset());

  it('lists every source in its group, and a chat selection never hides the character’s tools', async () => {
    const chat = (
      await server.request('POST', '/api/chats', {
        title: 'Lighthouse',
        connectionId,
        characterIds: [ayla.id],
        settings: { toolUse: true, tools: ['store_hours'] },
      })
    ).body;
    const answer = await server.request('GET', `/api/chats/${chat.id}/tools`);
    expect(answer.status).toBe(200);
    const { groups, offered } = answer.body;
    expect(groups.map((g: any) => [g.id, g.kind, g.label])).toEqual([
      ['global', 'global', 'Global functions'],
      ['builtin', 'builtin', 'Built-in'],
      [`character:${ayla.id}`, 'character', 'Ayla’s tools'],
    ]);
    const global = groups[0].tools.map((t: any) => [t.name, t.offered, t.reason]);
    expect(global).toEqual([
      ['store_hours', true, undefined],
      ['weather', false, 'Not picked for this chat.'],
    ]);
    expect(groups[1].tools.find((t: any) => t.name === 'roll_dice')).toMatchObject({
      kind: 'native',
      offered: false,
      reason: 'Not picked for this chat.',
    });
    expect(groups[2].tools.map((t: any) => [t.name, t.offered])).toEqual([
      ['house_rules', true],
      ['lighthouse_log', true],
    ]);
    expect(offered).toEqual(['store_hours', 'house_rules', 'lighthouse_log']);

    // what the model gets is exactly what the list says
    emulator.enqueue('/v1/chat/completions', textStream('Hello.'));
    await collect(await postSse(`${server.url}/api/chats/${chat.id}/generate`, { content: 'Hi' }));
    expect(offeredNames(emulator.requests[0].body)).toEqual(offered);
  });

  it('switches one character tool off for the chat alone, and says why a tool is not offered', async () => {
    const chat = (
      await server.request('POST', '/api/chats', {
        title: 'Quiet',
        connectionId,
        characterIds: [ayla.id],
        settings: { toolUse: true },
      })
    ).body;
    const patched = await server.request('PATCH', `/api/chats/${chat.id}`, {
      settings: { characterToolsOff: ['lighthouse_log', 'lighthouse_log'] },
    });
    expect(patched.body.settings).toMatchObject({
      toolUse: true,
      tools: [],
      characterToolsOff: ['lighthouse_log'],
    });
    const { groups, offered } = (await server.request('GET', `/api/chats/${chat.id}/tools`)).body;
    const aylas = groups.find((g: any) => g.kind === 'character');
    expect(aylas.tools.find((t: any) => t.name === 'lighthouse_log')).toMatchObject({
      offered: false,
      reason: 'Switched off for this chat.',
    });
    expect(offered).toContain('house_rules');
    expect(offered).toContain('weather');
    expect(offered).not.toContain('lighthouse_log');

    emulator.enqueue('/v1/chat/completions', textStream('Hello.'));
    await collect(await postSse(`${server.url}/api/chats/${chat.id}/generate`, { content: 'Hi' }));
    expect(offeredNames(emulator.requests[0].body)).toEqual(offered);

    // tool use off: nothing is offered, and every entry says so
    await server.request('PATCH', `/api/chats/${chat.id}`, { settings: { toolUse: false } });
    const off = (await server.request('GET', `/api/chats/${chat.id}/tools`)).body;
    expect(off.offered).toEqual([]);
    expect(off.groups[0].tools[0].reason).toBe('Tool use is off in this chat.');
  });

  it('refuses a bad characterToolsOff and answers 404 for an unknown chat', async () => {
    const chat = (await server.request('POST', '/api/chats', { title: 'x' })).body;
    const bad = await server.request('PATCH', `/api/chats/${chat.id}`, {
      settings: { characterToolsOff: 'all' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details[0].field).toBe('settings.characterToolsOff');
    expect((await server.request('GET', '/api/chats/nope/tools')).status).toBe(404);
  });

  it('lists the orchestration’s tools for reference when the chat runs it', async () => {
    const chat = (
      await server.request('POST', '/api/chats', {
        title: 'Orchestrated',
        settings: { toolUse: true, orchestration: { enabled: true } },
      })
    ).body;
    const { groups } = (await server.request('GET', `/api/chats/${chat.id}/tools`)).body;
    const orchestration = groups.find((g: any) => g.kind === 'orchestration');
    expect(orchestration.tools.map((t: any) => t.name)).toContain('orchestration_note');
    expect(orchestration.tools.every((t: any) => t.offered === false)).toBe(true);
  });
});
