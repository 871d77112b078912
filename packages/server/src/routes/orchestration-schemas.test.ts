// The orchestration routes' schemas through the real server: refused bodies name the field in the same words
// the hand checks used, answers keep the profile whole, and /api/openapi.json carries the group.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-support/test-server.js';

describe('orchestration route schemas', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('refuses simulate and override bodies of the wrong shape, naming the field', async () => {
    const simulate = await server.request('POST', '/api/orchestration/simulate', { mode: 'chaos', extra: 1 });
    expect(simulate.status).toBe(400);
    expect(simulate.body.details).toEqual([
      { field: 'chatId', message: 'chatId must name the chat to simulate against.' },
      { field: 'extra', message: 'Unknown field "extra". Known fields: chatId, mode.' },
      { field: 'mode', message: 'mode must be one of "loop", "director", "spec", "agenda".' },
    ]);
    const character = (await server.request('POST', '/api/characters', { name: 'Ovr' })).body;
    const path = `/api/characters/${character.id}/orchestration`;
    const missing = await server.request('PUT', path, {});
    expect(missing.body.details).toEqual([
      { field: 'override', message: 'override must be the partial profile, or null to remove it.' },
    ]);
    const wrong = await server.request('PUT', path, { override: [] });
    expect(wrong.status).toBe(400);
    expect(wrong.body.details).toEqual([
      { field: 'override', message: 'override must be an object (a partial profile) or null.' },
    ]);
    const profile = await server.request('PUT', '/api/orchestration', []);
    expect(profile.status).toBe(400);
    expect(profile.body.details).toEqual([{ field: '', message: 'The profile must be a JSON object.' }]);
  });

  it('answers the profile whole, and is in /api/openapi.json', async () => {
    const profile = (await server.request('GET', '/api/orchestration')).body;
    expect(Object.keys(profile)).toEqual(
      expect.arrayContaining(['mode', 'tools', 'modes', 'loop', 'director', 'spec', 'agenda', 'limits']),
    );
    expect(profile.loop.agent).toHaveProperty('name');
    const saved = await server.request('PUT', '/api/orchestration', profile);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual(profile);
    const doc = (await server.request('GET', '/api/openapi.json')).body;
    const simulate = doc.paths['/api/orchestration/simulate'].post;
    expect(simulate.requestBody.content['application/json'].schema.required).toEqual(['chatId']);
    expect(Object.keys(simulate.responses['200'].content['application/json'].schema.properties)).toEqual(
      expect.arrayContaining(['outcome', 'trace']),
    );
    const override = doc.paths['/api/characters/{id}/orchestration'].put;
    expect(override.requestBody.content['application/json'].schema.required).toEqual(['override']);
    expect(doc.paths['/api/orchestration/import'].post.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ in: 'query', name: 'apply' })]),
    );
    const imported =
      doc.paths['/api/orchestration/import'].post.responses['200'].content['application/json'].schema;
    expect(imported.required).toEqual(
      expect.arrayContaining(['format', 'mode', 'profile', 'tools', 'skipped', 'warnings', 'applied']),
    );
    expect(Object.keys(imported.properties.tools.items.properties)).toEqual(
      expect.arrayContaining(['name', 'kind', 'requestedEnabled', 'luker', 'enabledAfterImport', 'replaces']),
    );
  });

  it('serializes the stored profile with its schema: every field kept, agent references, tools and history', async () => {
    const agent = (await server.request('POST', '/api/agents', { name: 'scout', systemPrompt: 'Look.' }))
      .body;
    const base = (await server.request('GET', '/api/orchestration')).body;
    const profile = {
      ...base,
      mode: 'spec',
      tools: [
        {
          name: 'track_gold',
          displayName: 'Track gold',
          description: 'Counts gold.',
          parameters: { type: 'object', properties: { n: { type: 'number' } } },
          mode: 'write',
          kind: 'webhook',
          webhookUrl: 'https://hooks.example.com/gold',
          includeHiddenContext: true,
          enabled: false,
        },
      ],
      modes: { ...base.modes, spec: { custom: true, builtin: false, tools: { track_gold: true } } },
      spec: {
        nodes: [
          { name: 'scout', task: 'Look around.', agent: { agentId: agent.id }, inputs: [] },
          {
            name: 'writer',
            agent: { name: 'writer', systemPrompt: 'Write.', tools: ['track_gold'], presetName: 'p' },
            inputs: ['scout'],
            toolOverrides: { track_gold: false },
          },
        ],
      },
      agenda: { ...base.agenda, items: ['a', 'b'], maxItems: 5 },
      limits: { maxRounds: 4, wallClockBudgetMs: 60000, repeatLimit: 2 },
    };
    const saved = await server.request('PUT', '/api/orchestration', profile);
    expect(saved.body.details).toBeUndefined();
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual(profile);
    expect((await server.request('GET', '/api/orchestration')).body).toEqual(profile);
    const { versions } = (await server.request('GET', '/api/orchestration/history')).body;
    expect(Object.keys(versions[0]).sort()).toEqual(['at', 'id', 'source', 'summary']);
    const version = (await server.request('GET', `/api/orchestration/history/${versions[0].id}`)).body;
    expect(version.profile).toEqual(base);
    await server.request('PUT', '/api/orchestration', base);
    const restored = await server.request('POST', `/api/orchestration/history/${versions[0].id}/restore`);
    expect(restored.body.profile).toEqual(base);
    const doc = (await server.request('GET', '/api/openapi.json')).body;
    const answer = doc.paths['/api/orchestration'].get.responses['200'].content['application/json'].schema;
    expect(answer.required).toEqual(
      expect.arrayContaining(['mode', 'tools', 'modes', 'loop', 'director', 'spec', 'agenda', 'limits']),
    );
    expect(Object.keys(answer.properties.tools.items.properties)).toEqual(
      expect.arrayContaining(['name', 'kind', 'body', 'webhookUrl', 'enabled']),
    );
    const catalog =
      doc.paths['/api/orchestration/tools'].get.responses['200'].content['application/json'].schema;
    expect(Object.keys(catalog.properties.tools.items.properties)).toEqual(
      expect.arrayContaining(['name', 'group', 'origin', 'character']),
    );
    const history = doc.paths['/api/orchestration/history'].get.responses['200'].content['application/json'];
    expect(history.schema.properties.versions.items.properties.source.anyOf).toHaveLength(4);
  });

  it("answers a chat's last run (a trace or why it failed) and a character's override with their schemas", async () => {
    const chat = (await server.request('POST', '/api/chats', { title: 'Last' })).body;
    const failed = {
      at: '2026-12-02T08:00:00.000Z',
      result: { error: { code: 'missing_agent', message: 'Gone.' } },
    };
    await server.app.toolsmith.storage.orchestrationRuns.set(chat.id, failed);
    expect((await server.request('GET', `/api/chats/${chat.id}/orchestration/last`)).body).toEqual({
      run: failed,
    });
    const character = (await server.request('POST', '/api/characters', { name: 'Lastly' })).body;
    const override = { mode: 'loop', limits: { maxRounds: 3 } };
    const put = await server.request('PUT', `/api/characters/${character.id}/orchestration`, { override });
    expect(put.status).toBe(200);
    expect(put.body.override).toEqual(override);
    expect(put.body.profile.limits.maxRounds).toBe(3);
    expect((await server.request('GET', `/api/characters/${character.id}/orchestration`)).body).toEqual(
      put.body,
    );
    const doc = (await server.request('GET', '/api/openapi.json')).body;
    const last =
      doc.paths['/api/chats/{id}/orchestration/last'].get.responses['200'].content['application/json'];
    expect(last.schema.properties.run.anyOf[0].required).toEqual(['at', 'result']);
    const answer =
      doc.paths['/api/characters/{id}/orchestration'].get.responses['200'].content['application/json'];
    expect(answer.schema.properties.profile.required).toEqual(
      expect.arrayContaining(['mode', 'loop', 'limits']),
    );
  });
});
