// The route schemas of chats (@toolsmith/core/api-schema chatRouteSchemas) through the real server: the paths
// are in /api/openapi.json with their request and response schemas, a refused body names each field in the
// API's words (shape problems in one 400, the rules that need storage in a second), and the answers keep every
// field the UI reads.

import { describe, expect, it } from 'vitest';
import { jsonSchemaOf as json, serverWithOpenApiForFile } from '../test-support/openapi-doc.js';

const app = serverWithOpenApiForFile();

describe('chat route schemas', () => {
  it('are in the OpenAPI document with their request and response schemas', () => {
    const create = app.doc.paths['/api/chats'].post;
    const body = json(create.requestBody);
    expect(body.additionalProperties).toBe(false);
    expect(Object.keys(body.properties)).toEqual(
      expect.arrayContaining(['title', 'connectionId', 'presetId', 'personaId', 'characterIds', 'settings']),
    );
    expect(Object.keys(body.properties.settings.properties)).toEqual(
      expect.arrayContaining(['toolUse', 'tools', 'lorebookIds', 'orchestration', 'worldInfo']),
    );
    expect(Object.keys(create.responses)).toEqual(expect.arrayContaining(['201', '400']));
    const chat = json(create.responses['201']);
    expect(chat.required).toEqual(expect.arrayContaining(['id', 'title', 'settings', 'characterIds']));
    const patch = app.doc.paths['/api/chats/{id}'].patch;
    expect(patch.parameters[0]).toMatchObject({ in: 'path', name: 'id' });
    expect(json(patch.requestBody).properties.settings.properties.worldInfo.anyOf).toHaveLength(2);
    expect(json(app.doc.paths['/api/chats'].get.responses['200']).properties.chats.type).toBe('array');
    const tools = json(app.doc.paths['/api/chats/{id}/tools'].get.responses['200']);
    expect(tools.required).toEqual(['toolUse', 'functionCalling', 'offered', 'groups']);
    expect(Object.keys(tools.properties.groups.items.properties.tools.items.properties)).toEqual(
      expect.arrayContaining(['name', 'kind', 'mode', 'enabled', 'offered', 'reason']),
    );
  });

  it('refuses bad settings naming each field in one 400, and the missing references in a second', async () => {
    const bad = await app.server.request('POST', '/api/chats', {
      title: 7,
      characterIds: 'chr_1',
      settings: {
        tools: ['ok', 5],
        orchestration: { enabled: 'yes', mode: 'swarm' },
        worldInfo: { scanDepth: 2.5, budget: { limit: 10, unit: 'words' }, recursion: 'deep' },
      },
    });
    expect(bad.status).toBe(400);
    const byField = Object.fromEntries(bad.body.details.map((d: any) => [d.field, d.message]));
    expect(byField).toEqual({
      title: 'title must be text of at most 256 characters.',
      characterIds: 'characterIds must be a list of at most 32 texts of at most 64 characters each.',
      'settings.tools[1]':
        'settings.tools must be a list of at most 1000 texts of at most 64 characters each.',
      'settings.orchestration.enabled': 'settings.orchestration.enabled must be true or false.',
      'settings.orchestration.mode':
        'settings.orchestration.mode must be "loop", "director", "spec", "agenda" or null (the profile\'s mode).',
      'settings.worldInfo.scanDepth': 'settings.worldInfo.scanDepth must be a whole number from 0 to 1000.',
      'settings.worldInfo.budget':
        'settings.worldInfo.budget must be { limit: 1–1000000, unit: "tokens" | "chars" } or null.',
      'settings.worldInfo.recursion':
        'settings.worldInfo.recursion must be { enabled?: true | false, maxDepth?: 0–10 } or null.',
    });
    const notObject = await app.server.request('POST', '/api/chats', { settings: { worldInfo: 'deep' } });
    expect(notObject.body.details).toEqual([
      {
        field: 'settings.worldInfo',
        message:
          'settings.worldInfo must be an object { scanDepth?, budget?, recursion?, useGroupScoring? } or null.',
      },
    ]);
    const missing = await app.server.request('POST', '/api/chats', {
      personaId: 'pe_none',
      settings: { lorebookIds: ['lb_none'] },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.details).toEqual([
      { field: 'personaId', message: 'No persona with id "pe_none".' },
      { field: 'settings.lorebookIds', message: 'No lorebook with id "lb_none".' },
    ]);
    expect((await app.server.request('GET', '/api/chats')).body.chats).toEqual([]);
  });

  it('starts a chat from no body at all, and answers every field the UI reads', async () => {
    const empty = await app.server.request('POST', '/api/chats');
    expect(empty.status).toBe(201);
    expect(empty.body).toMatchObject({ title: 'New chat', characterIds: [], personaId: null });
    const created = await app.server.request('POST', '/api/chats', {
      title: 'Everything',
      settings: {
        toolUse: true,
        tools: ['roll_dice', 'roll_dice'],
        characterToolsOff: ['x'],
        approveWriteTools: true,
        orchestration: { enabled: true, mode: null },
        worldInfo: { scanDepth: 4, budget: { limit: 50 }, recursion: { maxDepth: 2 }, useGroupScoring: null },
      },
    });
    expect(created.status).toBe(201);
    expect(Object.keys(created.body).sort()).toEqual(
      [
        'characterIds',
        'connectionId',
        'createdAt',
        'id',
        'personaId',
        'presetId',
        'settings',
        'title',
        'updatedAt',
      ].sort(),
    );
    expect(created.body.settings).toEqual({
      toolUse: true,
      tools: ['roll_dice'],
      characterToolsOff: ['x'],
      lorebookIds: [],
      approveWriteTools: true,
      orchestration: { enabled: true },
      worldInfo: { scanDepth: 4, budget: { limit: 50, unit: 'tokens' }, recursion: { maxDepth: 2 } },
    });
    // a chat read, edited and sent back whole is fine (its id and dates are ignored)
    const back = await app.server.request('PATCH', `/api/chats/${created.body.id}`, {
      ...created.body,
      title: 'Renamed',
    });
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({
      id: created.body.id,
      title: 'Renamed',
      settings: created.body.settings,
    });
    const list = await app.server.request('GET', `/api/chats/${created.body.id}/tools`);
    expect(list.status).toBe(200);
    expect(list.body.toolUse).toBe(true);
    const builtin = list.body.groups.find((g: any) => g.kind === 'builtin');
    expect(Object.keys(builtin.tools[0])).toEqual(
      expect.arrayContaining(['name', 'description', 'kind', 'mode', 'enabled', 'offered']),
    );
  });
});

describe('generate route schemas', () => {
  it('are in the OpenAPI document with the generate body, the state and the approval', () => {
    const generate = app.doc.paths['/api/chats/{id}/generate'].post;
    const body = json(generate.requestBody);
    expect(body.additionalProperties).toBe(false);
    expect(body.properties.mode.enum).toEqual(['send', 'regenerate', 'continue', 'retry']);
    expect(body.properties.content).toMatchObject({ type: 'string', maxLength: 200000 });
    expect(body.properties.images).toMatchObject({ type: 'array', items: { type: 'string' } });
    expect(Object.keys(generate.responses)).toEqual(expect.arrayContaining(['400', '404', '409', '413']));
    const state = json(app.doc.paths['/api/chats/{id}/generation'].get.responses['200']);
    expect(state.required).toEqual(['running', 'pendingApprovals']);
    const approval = app.doc.paths['/api/chats/{id}/tool-approvals/{callId}'].post;
    expect(json(approval.requestBody).required).toEqual(['allow']);
  });

  it('refuses a bad generate body naming the field, before anything is stored', async () => {
    const chat = (await app.server.request('POST', '/api/chats', { title: 'Generate' })).body;
    const bad = await app.server.request('POST', `/api/chats/${chat.id}/generate`, {
      content: 5,
      mode: 'again',
      images: ['ok', 7],
      stream: true,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual([
      { field: 'stream', message: 'Unknown field "stream". Known fields: content, mode, images.' },
      {
        field: 'content',
        message:
          'content must be the message text, at most 200000 characters (not empty unless images are attached).',
      },
      { field: 'mode', message: 'mode must be one of: send, regenerate, continue, retry (default send).' },
      {
        field: 'images[1]',
        message: 'Each image must be a PNG, JPEG, WebP or GIF image as base64 (or a data: URL).',
      },
    ]);
    const approval = await app.server.request('POST', `/api/chats/${chat.id}/tool-approvals/call_1`, {
      allow: 'yes',
    });
    expect(approval.body.details).toEqual([
      { field: 'allow', message: 'allow must be true (run the tool) or false (do not run it).' },
    ]);
    expect((await app.server.request('GET', `/api/chats/${chat.id}/generation`)).body).toEqual({
      running: false,
      pendingApprovals: [],
    });
    expect((await app.server.request('GET', `/api/chats/${chat.id}/messages`)).body.messages).toEqual([]);
  });
});

describe('world-info activation route schema', () => {
  it('is in the OpenAPI document, and the answer keeps every field of the stored trace', async () => {
    const answer = json(app.doc.paths['/api/chats/{id}/world-info'].get.responses['200']);
    expect(answer.properties.activation.anyOf[0].required).toEqual(
      expect.arrayContaining(['at', 'activated', 'trace', 'recursionDepth']),
    );
    const chat = (await app.server.request('POST', '/api/chats', { title: 'Traced' })).body;
    const named = { book: 'lb_1', bookName: 'Harbor', uid: 3, title: 'Tide' };
    const activation = {
      at: '2026-12-02T08:00:00.000Z',
      activated: [
        {
          ...named,
          position: 'depth',
          depth: 2,
          role: 'system',
          reason: {
            kind: 'recursion',
            depth: 1,
            key: 'tide',
            match: 'Tide',
            triggeredBy: { book: 'lb_1', uid: 1 },
            secondaryMatches: ['moon'],
          },
        },
      ],
      trace: [
        {
          ...named,
          activated: true,
          reason: { kind: 'sticky', remaining: 2 },
          roll: 12,
          cost: 40,
          timed: { effect: 'sticky', remaining: 2 },
          started: { sticky: 3 },
          group: { name: 'weather', won: true, rule: 'weight', roll: 0.4, totalWeight: 2, weight: 1 },
        },
        {
          book: null,
          bookName: null,
          uid: 'x',
          title: '',
          activated: false,
          skipped: 'no_match',
          failedLogic: 'AND_ALL',
          invalidKeys: ['/(/'],
          recursionLevel: 2,
        },
      ],
      budget: { limit: 100, unit: 'tokens', used: 40, overflowed: false },
      recursionDepth: 1,
      timedEffects: { sticky: { 'lb_1.3': { start: 1, end: 4 } }, cooldown: {} },
    };
    await app.server.app.toolsmith.storage.worldInfoTraces.set(chat.id, activation);
    const res = await app.server.request('GET', `/api/chats/${chat.id}/world-info`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ activation });
  });
});
