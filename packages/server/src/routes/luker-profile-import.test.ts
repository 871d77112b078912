// Issue 17.1 through the real server: Luker keeps whether a custom tool is offered outside the tool
// (`tools.custom.NAME`, `defaultTools.custom`), in four profile formats; its profiles arrive with their modes,
// nodes and per-node switches, never flattened into one tool list.
import type { Emulator } from '@toolsmith/emulator';
import { strToU8 } from 'fflate';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  lukerAgendaFile,
  lukerCardExtension,
  lukerDirectorFile,
  lukerLoopFile,
  lukerSpecFile,
} from '../../../core/src/transfer/__fixtures__/luker-profiles.js';
import { requestsWith, scriptAgents, toolNames } from '../orchestration/__fixtures__/scripted-agents.js';
import { type EmulatedServer, startEmulatedServer } from '../test-support/emulated-server.js';
import type { TestServer } from '../test-support/test-server.js';

const requested = (review: Array<{ name: string; requestedEnabled: boolean }>) =>
  Object.fromEntries(review.map((r) => [r.name, r.requestedEnabled]));

describe('Luker orchestrator profiles over HTTP', () => {
  let server: TestServer;
  let setup: EmulatedServer;
  let emulator: Emulator;
  let connectionId: string;

  beforeAll(async () => {
    setup = await startEmulatedServer({
      env: { CUSTOM_TOOL_SCRIPT_ENABLED: 'true' },
      connection: { name: 'Main API', apiKey: 'sk-test' },
    });
    ({ server, emulator, connectionId } = setup);
  });
  afterAll(() => setup.close());
  beforeEach(async () => {
    emulator.reset();
    for (const tool of await server.app.toolsmith.storage.tools.list())
      await server.app.toolsmith.storage.tools.delete(tool.id);
    await server.app.toolsmith.storage.settings.delete('orchestration/profile');
  });

  it("the tools import requests each tool as Luker switched it, and says where the profile's modes go", async () => {
    const response = await fetch(`${server.url}/api/tools/import`, {
      method: 'POST',
      headers: { 'x-toolsmith-request': '1', 'content-type': 'application/json' },
      body: Buffer.from(strToU8(JSON.stringify(lukerLoopFile))),
    });
    const body = (await response.json()) as any;
    expect(body.imported).toBe(4);
    // roll_check is off in Luker (tools.custom.roll_check: false); it has no `enabled` field to say so
    expect(requested(body.review)).toEqual({
      track_gold: true,
      roll_check: false,
      weather_lookup: true,
      mood_tag: true,
    });
    expect(body.lukerProfile).toMatchObject({ format: 'luker_orchestrator_profile_v4', mode: 'loop' });
    expect(body.lukerProfile.note).toContain('POST /api/orchestration/import');
  });

  it('V4 loop: a preview stores nothing; apply lays the mode, switches and limits in, tools off for review, undoable', async () => {
    const preview = await server.request('POST', '/api/orchestration/import', lukerLoopFile);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({
      format: 'luker_orchestrator_profile_v4',
      mode: 'loop',
      applied: false,
    });
    expect(await server.app.toolsmith.storage.settings.get('orchestration/profile')).toBeUndefined();
    expect(requested(preview.body.tools)).toEqual({
      track_gold: true,
      roll_check: false,
      weather_lookup: true,
      mood_tag: true,
    });
    expect(preview.body.tools.every((t: any) => t.enabledAfterImport === false)).toBe(true);

    const applied = await server.request('POST', '/api/orchestration/import?apply=true', lukerLoopFile);
    expect(applied.body).toMatchObject({ applied: true, historyId: expect.stringMatching(/^pv_/) });
    const profile = (await server.request('GET', '/api/orchestration')).body;
    // the answer's profile is what was stored, whole (its answer schema drops nothing)
    expect(applied.body.profile).toEqual(profile);
    expect(applied.body.tools).toEqual(preview.body.tools);
    expect(profile.mode).toBe('loop');
    expect(profile.loop.agent.systemPrompt).toBe('You direct the scene. Track the party gold.');
    expect(profile.modes.loop).toEqual({
      custom: true,
      builtin: true,
      tools: { roll_check: false, web_visit: false },
    });
    expect(profile.limits).toMatchObject({ maxRounds: 12, wallClockBudgetMs: 120000 });
    expect(profile.tools.map((t: any) => [t.name, t.kind, t.enabled])).toEqual([
      ['track_gold', 'script', false],
      ['roll_check', 'script', false],
      ['weather_lookup', 'script', false],
      ['mood_tag', 'script', false],
    ]);
    const history = (await server.request('GET', '/api/orchestration/history')).body.versions;
    expect(history[0]).toMatchObject({
      source: 'import',
      summary: expect.stringContaining('loop'),
      importMode: 'loop',
      importFormat: expect.stringMatching(/^luker_orchestrator_profile_v\d$/),
    });
  });

  it('V3 director, V1 spec and V2 agenda arrive with their modes and per-node overrides', async () => {
    await server.request('POST', '/api/orchestration/import?apply=true', lukerDirectorFile);
    let profile = (await server.request('GET', '/api/orchestration')).body;
    expect(profile.mode).toBe('director');
    // "Main API" exists here, so the director keeps it
    expect(profile.director.agent).toMatchObject({ name: 'director', connectionName: 'Main API' });
    expect(profile.director.subAgents.map((s: any) => [s.name, s.toolOverrides ?? null])).toEqual([
      ['scout', { track_gold: false, weather_lookup: true, mood_tag: false }],
      ['keeper', null],
    ]);

    const spec = await server.request('POST', '/api/orchestration/import?apply=true', lukerSpecFile);
    expect(spec.body.warnings.join('\n')).toMatch(/preset "Writer preset", which is not a preset here/);
    profile = (await server.request('GET', '/api/orchestration')).body;
    expect(profile.mode).toBe('spec');
    expect(profile.spec.nodes.map((n: any) => [n.name, n.inputs, n.toolOverrides ?? null])).toEqual([
      ['distiller', [], null],
      ['lore', [], { track_gold: false, weather_lookup: true }],
      ['critic', ['distiller', 'lore'], null],
      ['writer', ['distiller', 'lore', 'critic'], null],
    ]);
    // the director part imported before is still there
    expect(profile.director.subAgents).toHaveLength(2);

    await server.request('POST', '/api/orchestration/import?apply=true', lukerAgendaFile);
    profile = (await server.request('GET', '/api/orchestration')).body;
    expect(profile.mode).toBe('agenda');
    expect(profile.agenda.agents.map((a: any) => [a.name, a.toolOverrides ?? null])).toEqual([
      ['clerk', { track_gold: true, mood_tag: true }],
      ['finalizer', null],
    ]);
    expect(profile.agenda.maxAssignments).toBe(12);
    expect(profile.modes.agenda.tools).toMatchObject({ track_gold: false, mood_tag: false });
  });

  it('a simulation offers each spec node what Luker offered it (once the imported tools are switched on)', async () => {
    await server.request('POST', '/api/orchestration/import?apply=true', lukerSpecFile);
    const profile = (await server.request('GET', '/api/orchestration')).body;
    const reviewed = { ...profile, tools: profile.tools.map((t: any) => ({ ...t, enabled: true })) };
    expect((await server.request('PUT', '/api/orchestration', reviewed)).status).toBe(200);
    const chat = await server.request('POST', '/api/chats', { title: 'c', connectionId });
    await server.app.toolsmith.storage.messages.append(chat.body.id, {
      role: 'user',
      content: 'Count the coins.',
    });
    scriptAgents(emulator, {
      'Distill the scene.': () => ({ text: 'A tavern.' }),
      'Read the lore.': () => ({ text: 'Old gold.' }),
      'Check the plan.': () => ({ text: 'Fine.' }),
      'Write the guidance.': () => ({ text: 'Count slowly.' }),
    });
    const sim = await server.request('POST', '/api/orchestration/simulate', { chatId: chat.body.id });
    expect(sim.status).toBe(200);
    const distiller = toolNames(requestsWith(emulator, 'Distill the scene.')[0]);
    const lore = toolNames(requestsWith(emulator, 'Read the lore.')[0]);
    expect(distiller).toContain('track_gold');
    expect(distiller).not.toContain('weather_lookup');
    expect(distiller).not.toContain('roll_check');
    expect(lore).toContain('weather_lookup');
    expect(lore).not.toContain('track_gold');
  });

  it("a card with Luker's orchestrator settings: requested switches, and an override made from its profile", async () => {
    const card = {
      spec: 'chara_card_v3',
      spec_version: '3.0',
      data: {
        name: 'Goldie',
        description: 'Counts coins.',
        extensions: { orchestrator: lukerCardExtension },
      },
    };
    const review = await server.request('POST', '/api/characters/import', card);
    expect(review.body.status).toBe('review');
    expect(requested(review.body.review.tools)).toEqual({
      track_gold: true,
      roll_check: false,
      weather_lookup: true,
      mood_tag: true,
    });
    expect(review.body.review.lukerProfile).toEqual({ format: 'luker_card', mode: 'loop' });
    expect(review.body.review.orchestration).toMatchObject({
      mode: 'loop',
      modes: { loop: { tools: { roll_check: false } } },
    });
    const saved = await server.request('POST', `/api/characters/import/${review.body.importId}/apply`, {
      withTools: true,
    });
    expect(saved.status).toBe(201);
    const override = await server.request('GET', `/api/characters/${saved.body.character.id}/orchestration`);
    expect(override.body.override).toMatchObject({
      mode: 'loop',
      loop: { agent: { systemPrompt: 'You direct the scene. Track the party gold.' } },
    });
    expect(override.body.profile.mode).toBe('loop');
  });

  it('refuses a file that is not a Luker profile, naming what it expects', async () => {
    const refused = await server.request('POST', '/api/orchestration/import', { tools: [] });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'import_refused' });
    expect(refused.body.error).toContain('luker_orchestrator_profile_v1');
  });
});
