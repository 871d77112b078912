// Card import with the review held on the server: the three choices, Luker tools, collisions and refusals,
// over real HTTP. "Nothing stored" is checked against a dump of every table.
import { exportCardPng } from '@toolsmith/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-support/test-server.js';
import {
  dumpDatabase,
  lukerTool,
  scriptTool,
  staticTool,
  uploadCard,
  v2Card,
  webhookTool,
} from './__fixtures__/character-cards.js';
import { CARD_IMPORT_BODY_LIMIT, MSG_CARD_TOO_LARGE } from './characters-transfer.js';

const json = (doc: unknown) => JSON.stringify(doc);

describe('card import review', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.close());

  it('saves a card without tools at once, its character_book as the character lorebook', async () => {
    const before = dumpDatabase(server);
    const res = await uploadCard(server, json(v2Card()), 'application/json');
    expect(res.status).toBe(201);
    expect(res.body.status).toBe('saved');
    const c = res.body.character;
    expect(c).toMatchObject({
      name: 'Ayla',
      description: 'A lighthouse keeper. 灯台守',
      system_prompt: 'Speak softly.',
      alternate_greetings: ['Oh, a visitor!'],
      tags: ['fantasy', 'calm'],
      extensions: { talkativeness: '0.5', other_app: { kept: [1, 2] } },
    });
    expect(c.lorebookId).toBe(res.body.lorebookId);
    const book = await server.request('GET', `/api/lorebooks/${c.lorebookId}`);
    expect(book.status).toBe(200);
    expect(book.body.name).toBe('Ayla lore');
    expect(book.body.entries.map((e: any) => e.content)).toEqual([
      'The lighthouse is old.',
      'Storms come from the west.',
    ]);
    const after = dumpDatabase(server);
    expect(after.characters.length).toBe(before.characters.length + 1);
    expect(after.lorebooks.length).toBe(before.lorebooks.length + 1);
    expect(after.tools.length).toBe(before.tools.length);
  });

  it('holds a card with tools for review and stores nothing until a choice is made; Cancel discards it', async () => {
    const before = dumpDatabase(server);
    const png = exportCardPng(v2Card().data as any, [scriptTool, webhookTool, staticTool]);
    const res = await uploadCard(server, png, 'image/png');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('review');
    expect(res.body.importId).toMatch(/^imp_/);
    const { review } = res.body;
    expect(review.format).toBe('png');
    expect(review.hasImage).toBe(true);
    expect(review.card.name).toBe('Ayla');
    const byName = Object.fromEntries(review.tools.map((t: any) => [t.name, t]));
    expect(byName.track_mood).toMatchObject({
      kind: 'script',
      mode: 'write',
      description: 'Records the character mood.',
      body: 'return "mood " + args.mood;',
      simulateBody: 'return "would set " + args.mood;',
      requestedEnabled: true,
      requestedHiddenContext: true,
      willImport: true,
      enabledAfterImport: false,
      source: 'toolsmith',
    });
    // scheme, host and port only: never credentials, path or query
    expect(byName.post_diary).toMatchObject({ kind: 'webhook', origin: 'https://hooks.example.com:8443' });
    expect(JSON.stringify(review)).not.toContain('secret-path');
    expect(JSON.stringify(review)).not.toContain('user:pw');
    expect(byName.house_rules).toMatchObject({ kind: 'static', staticResult: 'No running in the halls.' });
    expect(dumpDatabase(server)).toEqual(before);

    // the held review can be fetched again
    const again = await server.request('GET', `/api/characters/import/${res.body.importId}`);
    expect(again.body.review.tools.map((t: any) => t.name)).toEqual(review.tools.map((t: any) => t.name));

    const cancel = await server.request('DELETE', `/api/characters/import/${res.body.importId}`);
    expect(cancel.status).toBe(204);
    expect(dumpDatabase(server)).toEqual(before);
    const late = await server.request('POST', `/api/characters/import/${res.body.importId}/apply`, {
      withTools: true,
    });
    expect(late.status).toBe(404);
    expect(late.body.code).toBe('import_not_found');
    expect(dumpDatabase(server)).toEqual(before);
  });

  it('Apply with tools stores the character, its lorebook and its tools (webhook/script disabled) together', async () => {
    const before = dumpDatabase(server);
    const res = await uploadCard(
      server,
      json(v2Card({ tools: [scriptTool, webhookTool, staticTool] })),
      'application/json',
    );
    expect(res.body.status).toBe('review');
    const applied = await server.request('POST', `/api/characters/import/${res.body.importId}/apply`, {
      withTools: true,
    });
    expect(applied.status).toBe(201);
    expect(applied.body.status).toBe('saved');
    const id = applied.body.character.id;
    const tools = (await server.request('GET', `/api/characters/${id}/tools`)).body.tools;
    const byName = Object.fromEntries(tools.map((t: any) => [t.name, t]));
    expect(Object.keys(byName).sort()).toEqual(['house_rules', 'post_diary', 'track_mood']);
    expect(byName.track_mood).toMatchObject({ enabled: false, includeHiddenContext: false, kind: 'script' });
    expect(byName.post_diary).toMatchObject({ enabled: false, includeHiddenContext: false });
    expect(byName.house_rules.enabled).toBe(true);
    expect(applied.body.tools.map((t: any) => t.name).sort()).toEqual(Object.keys(byName).sort());
    // the character's tools are their own scope: the global list is unchanged
    expect((await server.request('GET', '/api/tools')).body.tools).toEqual([]);
    // the stored card no longer carries the tool list (the tools table does)
    expect(applied.body.character.extensions.toolsmith).toBeUndefined();
    const after = dumpDatabase(server);
    expect(after.characters.length).toBe(before.characters.length + 1);
    expect(after.tools.length).toBe(before.tools.length + 3);
    // the same card's lorebook was stored by the first test: the character uses it, no second copy (14.6)
    expect(after.lorebooks.length).toBe(before.lorebooks.length);
    expect(applied.body.lorebookId).toBe((before.lorebooks[0] as { id: string }).id);
    // Apply runs once
    const twice = await server.request('POST', `/api/characters/import/${res.body.importId}/apply`, {
      withTools: true,
    });
    expect(twice.status).toBe(404);
  });

  it('Apply without tools stores the character with every tool list stripped and no tool rows', async () => {
    const before = dumpDatabase(server);
    const card = v2Card({ tools: [staticTool], lukerTools: [lukerTool] });
    const res = await uploadCard(server, json(card), 'application/json');
    const applied = await server.request('POST', `/api/characters/import/${res.body.importId}/apply`, {
      withTools: false,
    });
    expect(applied.status).toBe(201);
    const { character } = applied.body;
    expect(character.extensions.toolsmith).toBeUndefined();
    // Luker's other settings stay; its tool list is emptied
    expect(character.extensions.orchestrator).toEqual({ profile: { customTools: [] }, mode: 'spec' });
    expect((await server.request('GET', `/api/characters/${character.id}/tools`)).body.tools).toEqual([]);
    const after = dumpDatabase(server);
    expect(after.tools.length).toBe(before.tools.length);
    expect(after.characters.length).toBe(before.characters.length + 1);
  });

  it('reads tools stored by Luker (orchestrator customTools) and stores them disabled', async () => {
    const res = await uploadCard(server, json(v2Card({ lukerTools: [lukerTool] })), 'application/json');
    expect(res.body.status).toBe('review');
    expect(res.body.review.tools).toHaveLength(1);
    expect(res.body.review.tools[0]).toMatchObject({
      name: 'luker_weather',
      kind: 'script',
      mode: 'read',
      body: 'return "rainy";',
      source: 'luker',
      format: 'luker',
      requestedEnabled: true,
      willImport: true,
      enabledAfterImport: false,
    });
    const applied = await server.request('POST', `/api/characters/import/${res.body.importId}/apply`, {
      withTools: true,
    });
    expect(applied.body.tools).toEqual([
      expect.objectContaining({ name: 'luker_weather', enabled: false, body: 'return "rainy";' }),
    ]);
  });

  it('skips colliding tools (global, builtin, twice in the card) with reasons', async () => {
    await server.request('POST', '/api/tools', {
      name: 'house_rules',
      description: 'Global rules.',
      kind: 'static',
      staticResult: 'global',
    });
    const rollDice = { ...staticTool, name: 'roll_dice', description: 'Fake dice.' };
    const dup = { ...scriptTool, description: 'Second copy.' };
    const res = await uploadCard(
      server,
      json(v2Card({ tools: [staticTool, rollDice, scriptTool, dup] })),
      'application/json',
    );
    const tools = res.body.review.tools;
    expect(tools.map((t: any) => [t.name, t.willImport])).toEqual([
      ['house_rules', false],
      ['roll_dice', false],
      ['track_mood', true],
      ['track_mood', false],
    ]);
    expect(tools[0].skipReason).toContain('already exists');
    expect(tools[1].skipReason).toContain('reserved');
    expect(tools[3].skipReason).toContain('more than one tool named "track_mood"');
    const applied = await server.request('POST', `/api/characters/import/${res.body.importId}/apply`, {
      withTools: true,
    });
    expect(applied.body.tools.map((t: any) => t.name)).toEqual(['track_mood']);
    expect(applied.body.skipped.map((s: any) => s.name)).toEqual(['house_rules', 'roll_dice', 'track_mood']);
    // the global tool is untouched
    const global = (await server.request('GET', '/api/tools')).body.tools;
    expect(global.map((t: any) => [t.name, t.staticResult])).toEqual([['house_rules', 'global']]);
  });

  it('refuses corrupt PNGs and non-cards with 400 naming the problem, storing nothing', async () => {
    const before = dumpDatabase(server);
    const good = exportCardPng(v2Card().data as any, [staticTool]);
    const badCrc = good.slice();
    badCrc[20] ^= 0xff; // inside IHDR's data
    const truncated = good.slice(0, 40);
    const notPng = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 4, 5, 6, 7, 8]);
    const cases: Array<[Uint8Array | string, string, RegExp]> = [
      [badCrc, 'image/png', /CRC/],
      [truncated, 'image/png', /ends early|cut off|truncated/i],
      [notPng, 'image/png', /PNG|UTF-8/],
      ['{"hello": 1', 'application/json', /JSON/],
      ['{"hello": 1}', 'application/json', /card/i],
      ['', 'application/json', /empty/],
    ];
    for (const [bytes, type, pattern] of cases) {
      const res = await uploadCard(server, bytes, type);
      expect(res.status, String(pattern)).toBe(400);
      expect(res.body.code).toBe('import_refused');
      expect(res.body.error).toMatch(pattern);
    }
    const huge = new Uint8Array(CARD_IMPORT_BODY_LIMIT + 1);
    huge.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const tooLarge = await uploadCard(server, huge, 'image/png');
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toEqual({ error: MSG_CARD_TOO_LARGE, code: 'import_too_large' });
    const wrongType = await uploadCard(server, 'hello', 'text/plain');
    expect(wrongType.status).toBe(415);
    expect(wrongType.body.code).toBe('import_media_type');
    expect(dumpDatabase(server)).toEqual(before);
  });

  it('asks for withTools, and answers 404 for an unknown import', async () => {
    const res = await uploadCard(server, json(v2Card({ tools: [staticTool] })), 'application/json');
    const missing = await server.request('POST', `/api/characters/import/${res.body.importId}/apply`, {});
    expect(missing.status).toBe(400);
    expect(missing.body.details[0].field).toBe('withTools');
    expect((await server.request('DELETE', '/api/characters/import/imp_nothing')).status).toBe(404);
    expect((await server.request('GET', '/api/characters/import/imp_nothing')).status).toBe(404);
    // the failed Apply did not consume the review
    expect((await server.request('DELETE', `/api/characters/import/${res.body.importId}`)).status).toBe(204);
  });

  it("keeps the card's orchestration override, its own tools made safe, and exports it back", async () => {
    // house_rules exists globally by now (an earlier test): this card's static tool has its own name
    const card = v2Card({ tools: [{ ...staticTool, name: 'lamp_hours' }] });
    (card.data.extensions as any).toolsmith.orchestration = {
      mode: 'loop',
      tools: [{ ...scriptTool, name: 'note_taker' }],
    };
    const res = await uploadCard(server, JSON.stringify(card), 'application/json');
    const names = res.body.review.tools.map((t: any) => [t.name, t.source]);
    expect(names).toEqual([
      ['lamp_hours', 'toolsmith'],
      ['note_taker', 'orchestration'],
    ]);
    // the review's override comes without its tool list (the tools are listed on their own)
    expect(res.body.review.orchestration).toEqual({ mode: 'loop', tools: [] });
    const applied = await server.request('POST', `/api/characters/import/${res.body.importId}/apply`, {
      withTools: true,
    });
    const override = applied.body.character.extensions.toolsmith.orchestration;
    expect(override.mode).toBe('loop');
    expect(override.tools).toEqual([
      expect.objectContaining({ name: 'note_taker', enabled: false, includeHiddenContext: false }),
    ]);
    // the profile's tools belong to the override, not to the character's tool list
    expect(applied.body.tools.map((t: any) => t.name)).toEqual(['lamp_hours']);
    const exported = await server.request('GET', `/api/characters/${applied.body.character.id}/export`);
    expect(exported.body.data.extensions.toolsmith.orchestration.tools[0].name).toBe('note_taker');
    expect(exported.body.data.extensions.toolsmith.tools.map((t: any) => t.name)).toEqual(['lamp_hours']);
  });
});

describe('card import is privileged', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ ADMIN_SECRET: 'correct-horse-battery' });
  });
  afterAll(async () => server.close());

  const remote = (
    method: 'POST' | 'DELETE',
    url: string,
    payload: string,
    headers: Record<string, string> = {},
  ) =>
    server.app.inject({
      method,
      url,
      remoteAddress: '203.0.113.7',
      headers: { 'content-type': 'application/json', 'x-toolsmith-request': '1', ...headers },
      payload,
    });

  it('needs X-Admin-Secret from a non-loopback client to import, apply or cancel', async () => {
    const card = json(v2Card({ tools: [staticTool] }));
    const before = dumpDatabase(server);
    const without = await remote('POST', '/api/characters/import', card);
    expect(without.statusCode).toBe(401);
    expect(without.json()).toMatchObject({ code: 'admin_secret_required' });
    const held = await remote('POST', '/api/characters/import', card, {
      'x-admin-secret': 'correct-horse-battery',
    });
    expect(held.statusCode).toBe(200);
    const { importId } = held.json();
    const apply = await remote('POST', `/api/characters/import/${importId}/apply`, '{"withTools":true}');
    expect(apply.statusCode).toBe(401);
    const cancel = await remote('DELETE', `/api/characters/import/${importId}`, '');
    expect(cancel.statusCode).toBe(401);
    expect(dumpDatabase(server)).toEqual(before);
    const applied = await remote('POST', `/api/characters/import/${importId}/apply`, '{"withTools":true}', {
      'x-admin-secret': 'correct-horse-battery',
    });
    expect(applied.statusCode).toBe(201);
  });
});
