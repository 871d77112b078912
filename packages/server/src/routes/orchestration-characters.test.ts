// A character's orchestration override (kept in its card) and its tools, over real HTTP against the emulator.
import type { Emulator } from '@toolsmith/emulator';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { requestsWith, scriptAgents, toolNames } from '../orchestration/__fixtures__/scripted-agents.js';
import { characterToolScope } from '../storage/types.js';
import { type EmulatedServer, startEmulatedServer } from '../test-support/emulated-server.js';
import type { TestServer } from '../test-support/test-server.js';

const staticTool = (name: string, staticResult: string) => ({
  name,
  description: `The ${name} tool.`,
  parameters: { type: 'object', properties: {} },
  mode: 'read',
  kind: 'static',
  staticResult,
  enabled: true,
});

describe('/api/characters/:id/orchestration', () => {
  let server: TestServer;
  let setup: EmulatedServer;
  let emulator: Emulator;
  let characterId: string;
  let chatId: string;

  beforeAll(async () => {
    setup = await startEmulatedServer({ connection: { apiKey: 'sk-test' } });
    ({ server, emulator } = setup);
    const { connectionId } = setup;
    characterId = (
      await server.request('POST', '/api/characters', { name: 'Mira', description: 'A cartographer.' })
    ).body.id;
    chatId = (
      await server.request('POST', '/api/chats', { title: 'c', connectionId, characterIds: [characterId] })
    ).body.id;
    const { storage } = server.app.toolsmith;
    await storage.messages.append(chatId, { role: 'user', content: 'Where is the harbour?' });
    // a tool of the character (as a card import stores it)
    await storage.tools.create(
      {
        name: 'mira_secret',
        displayName: '',
        description: 'The mira_secret tool.',
        parameters: { type: 'object', properties: {} },
        mode: 'read',
        kind: 'static',
        body: '',
        simulateBody: '',
        staticResult: 'the map is in the boot',
        webhookUrl: '',
        includeHiddenContext: false,
        enabled: true,
      },
      characterToolScope(characterId),
    );
    const put = await server.request('PUT', '/api/orchestration', {
      tools: [staticTool('gate_status', 'closed')],
      loop: { agent: { name: 'planner', systemPrompt: 'PLANNER global', tools: [] } },
      limits: { maxRounds: 5, repeatLimit: 3 },
    });
    expect(put.status).toBe(200);
  });
  afterAll(() => setup.close());
  beforeEach(() => emulator.reset());

  it('has no override at first; the effective profile is the global one', async () => {
    const res = await server.request('GET', `/api/characters/${characterId}/orchestration`);
    expect(res.status).toBe(200);
    expect(res.body.override).toBeNull();
    expect(res.body.profile.loop.agent.name).toBe('planner');
    expect((await server.request('GET', '/api/characters/chr_none/orchestration')).status).toBe(404);
  });

  it('stores an override in the card, runs it with the character tools, and removes it again', async () => {
    const override = {
      loop: { agent: { name: 'mira_planner', systemPrompt: 'MIRA planner', tools: [] } },
      limits: { maxRounds: 2 },
      tools: [staticTool('map_lookup', 'harbour: east')],
    };
    const put = await server.request('PUT', `/api/characters/${characterId}/orchestration`, { override });
    expect(put.status).toBe(200);
    expect(put.body.override).toEqual(override);
    expect(put.body.profile.limits).toEqual({ maxRounds: 2, repeatLimit: 3 });
    expect(put.body.profile.tools.map((t: any) => t.name)).toEqual(['gate_status', 'map_lookup']);
    // it travels with the card
    const exported = await server.request('GET', `/api/characters/${characterId}/export?format=json`);
    expect(exported.status).toBe(200);
    const card = typeof exported.body === 'string' ? JSON.parse(exported.body) : exported.body;
    expect(card.data.extensions.toolsmith.orchestration.loop.agent.name).toBe('mira_planner');

    scriptAgents(emulator, {
      MIRA: (n) =>
        n === 0
          ? {
              toolCalls: [
                { id: 'a', name: 'mira_secret', args: {} },
                { id: 'b', name: 'map_lookup', args: {} },
              ],
            }
          : { text: 'East, by the boot.' },
    });
    const sim = await server.request('POST', '/api/orchestration/simulate', { chatId });
    expect(sim.status).toBe(200);
    expect(sim.body.trace.root.agent).toBe('mira_planner');
    expect(sim.body.trace.root.rounds[0].calls.map((c: any) => c.result)).toEqual([
      'the map is in the boot',
      'harbour: east',
    ]);
    expect(toolNames(requestsWith(emulator, 'MIRA')[0])).toEqual(
      expect.arrayContaining(['gate_status', 'map_lookup', 'mira_secret']),
    );

    const removed = await server.request('PUT', `/api/characters/${characterId}/orchestration`, {
      override: null,
    });
    expect(removed.status).toBe(200);
    expect(removed.body.override).toBeNull();
    emulator.reset();
    scriptAgents(emulator, { PLANNER: () => ({ text: 'global again' }) });
    const again = await server.request('POST', '/api/orchestration/simulate', { chatId });
    expect(again.body.trace.root.agent).toBe('planner');
    // the character's own tools are still offered under the global profile
    expect(toolNames(requestsWith(emulator, 'PLANNER')[0])).toContain('mira_secret');
  });

  it('refuses agent references and invalid overrides, leaving the card as it was', async () => {
    const before = (await server.request('GET', `/api/characters/${characterId}`)).body;
    const ref = await server.request('PUT', `/api/characters/${characterId}/orchestration`, {
      override: { loop: { agent: { agentId: 'ag_x' } } },
    });
    expect(ref.status).toBe(400);
    expect(ref.body.details[0].field).toBe('override');
    const bad = await server.request('PUT', `/api/characters/${characterId}/orchestration`, {
      override: { mode: 'swarm', limits: { maxRounds: 'many' } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details.map((d: any) => d.field).sort()).toEqual(['limits.maxRounds', 'mode']);
    const missing = await server.request('PUT', `/api/characters/${characterId}/orchestration`, {});
    expect(missing.status).toBe(400);
    expect((await server.request('GET', `/api/characters/${characterId}`)).body).toEqual(before);
  });
});
