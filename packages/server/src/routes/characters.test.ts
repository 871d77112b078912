// Characters CRUD, portraits, tool-carrying extensions and chats' characterIds, over real HTTP.
import { defaultCardPng } from '@toolsmith/core/internal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-support/test-server.js';
import {
  download,
  dumpDatabase,
  scriptTool,
  staticTool,
  uploadCard,
  v2Card,
  webhookTool,
} from './__fixtures__/character-cards.js';

describe('characters CRUD', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.close());

  it('creates, reads, lists, edits and deletes a character with every card field', async () => {
    const created = await server.request('POST', '/api/characters', {
      name: ' Mira ',
      description: 'A cartographer.',
      personality: 'curious',
      scenario: 'A harbour town.',
      first_mes: 'Hello!',
      mes_example: '<START>\n{{char}}: Maps!',
      system_prompt: 'Be brief.',
      post_history_instructions: 'Stay in character.',
      alternate_greetings: ['Hi again.'],
      tags: ['maps'],
      creator_notes: 'none',
      extensions: { talkativeness: '0.4', app: { x: 1 } },
    });
    expect(created.status).toBe(201);
    const c = created.body;
    expect(c).toMatchObject({
      name: 'Mira',
      description: 'A cartographer.',
      personality: 'curious',
      scenario: 'A harbour town.',
      first_mes: 'Hello!',
      mes_example: '<START>\n{{char}}: Maps!',
      system_prompt: 'Be brief.',
      post_history_instructions: 'Stay in character.',
      alternate_greetings: ['Hi again.'],
      tags: ['maps'],
      creator_notes: 'none',
      extensions: { talkativeness: '0.4', app: { x: 1 } },
      hasAvatar: false,
      lorebookId: null,
    });
    expect(c.id).toMatch(/^chr_/);

    expect((await server.request('GET', `/api/characters/${c.id}`)).body).toEqual(c);
    const list = await server.request('GET', '/api/characters');
    expect(list.body.characters.map((x: any) => x.id)).toContain(c.id);

    const patched = await server.request('PATCH', `/api/characters/${c.id}`, { personality: 'bold' });
    expect(patched.status).toBe(200);
    // only the field sent changes
    expect(patched.body).toMatchObject({
      personality: 'bold',
      description: 'A cartographer.',
      tags: ['maps'],
    });

    expect((await server.request('DELETE', `/api/characters/${c.id}`)).status).toBe(204);
    expect((await server.request('GET', `/api/characters/${c.id}`)).status).toBe(404);
    expect((await server.request('DELETE', `/api/characters/${c.id}`)).status).toBe(404);
  });

  it('answers 400 naming each bad field', async () => {
    const missing = await server.request('POST', '/api/characters', { description: 'x' });
    expect(missing.status).toBe(400);
    expect(missing.body.details.map((d: any) => d.field)).toContain('name');
    const bad = await server.request('POST', '/api/characters', {
      name: 'X',
      tags: 'one',
      extensions: [],
      avatar: 'bm90IGEgcG5n',
      colour: 'red',
      lorebookId: 'lb_missing',
    });
    expect(bad.status).toBe(400);
    // the route schema answers the shape first (every problem of it listed), then the rules
    expect(bad.body.details).toEqual([
      {
        field: 'colour',
        message: expect.stringMatching(
          /^Unknown field "colour". Known fields: name, description, .*, lorebookId\.$/,
        ),
      },
      {
        field: 'tags',
        message: 'tags must be a list of at most 1000 texts of at most 1000000 characters each.',
      },
      { field: 'extensions', message: 'extensions must be an object.' },
    ]);
    const rules = await server.request('POST', '/api/characters', {
      name: '  ',
      avatar: 'bm90IGEgcG5n',
      lorebookId: 'lb_missing',
    });
    expect(rules.status).toBe(400);
    expect(rules.body.details.map((d: any) => d.field)).toEqual(['name', 'avatar', 'lorebookId']);
    expect(rules.body.details[2].message).toBe('No lorebook with id "lb_missing".');
  });

  it('answers every field the character page reads, and is in /api/openapi.json', async () => {
    const created = await server.request('POST', '/api/characters', {
      name: 'Whole',
      tags: ['a'],
      extensions: { depth_prompt: { prompt: 'deep', depth: 4 } },
    });
    expect(created.status).toBe(201);
    expect(Object.keys(created.body).sort()).toEqual(
      [
        'alternate_greetings',
        'character_version',
        'createdAt',
        'creator',
        'creator_notes',
        'description',
        'extensions',
        'first_mes',
        'hasAvatar',
        'id',
        'lorebookId',
        'mes_example',
        'name',
        'personality',
        'post_history_instructions',
        'scenario',
        'system_prompt',
        'tags',
        'updatedAt',
      ].sort(),
    );
    // nested extensions kept whole through serialization; a resource sent back whole is accepted
    expect(created.body.extensions).toEqual({ depth_prompt: { prompt: 'deep', depth: 4 } });
    const again = await server.request('PATCH', `/api/characters/${created.body.id}`, {
      ...created.body,
      scenario: 'A tavern.',
    });
    expect(again.status).toBe(200);
    expect(again.body.scenario).toBe('A tavern.');
    const doc = (await server.request('GET', '/api/openapi.json')).body;
    const create = doc.paths['/api/characters'].post;
    expect(create.requestBody.content['application/json'].schema.required).toEqual(['name']);
    expect(create.responses['201'].content['application/json'].schema.properties.lorebookId).toBeDefined();
    const toolPatch = doc.paths['/api/characters/{id}/tools/{toolId}'].patch;
    expect(toolPatch.requestBody.content['application/json'].schema.additionalProperties).toBe(false);
    expect(toolPatch.responses['200'].content['application/json'].schema.properties.webhookUrl.type).toBe(
      'string',
    );
  });

  it('stores a PNG portrait, serves it, and removes it with null', async () => {
    const png = defaultCardPng();
    const created = await server.request('POST', '/api/characters', {
      name: 'Pic',
      avatar: Buffer.from(png).toString('base64'),
    });
    expect(created.body.hasAvatar).toBe(true);
    const got = await download(server, `/api/characters/${created.body.id}/avatar`);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(got.bytes).equals(Buffer.from(png))).toBe(true);
    const cleared = await server.request('PATCH', `/api/characters/${created.body.id}`, { avatar: null });
    expect(cleared.body.hasAvatar).toBe(false);
    expect((await download(server, `/api/characters/${created.body.id}/avatar`)).status).toBe(404);
  });

  it('keeps tool-carrying extensions out of plain edits: tools arrive only through the reviewed import', async () => {
    const created = await server.request('POST', '/api/characters', {
      name: 'Sneaky',
      extensions: {
        toolsmith: { version: 1, tools: [{ name: 'x', kind: 'script', body: 'return 1' }] },
        orchestrator: { customTools: [{ name: 'y', body: 'return 2' }] },
        fine: true,
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.extensions).toEqual({ fine: true });
    const tools = await server.request('GET', `/api/characters/${created.body.id}/tools`);
    expect(tools.body.tools).toEqual([]);
  });

  it('gives chats one character or a group, refusing unknown ids', async () => {
    const a = (await server.request('POST', '/api/characters', { name: 'A' })).body;
    const b = (await server.request('POST', '/api/characters', { name: 'B' })).body;
    const chat = await server.request('POST', '/api/chats', {
      title: 'group',
      characterIds: [a.id, b.id, a.id],
    });
    expect(chat.status).toBe(201);
    expect(chat.body.characterIds).toEqual([a.id, b.id]);
    const solo = await server.request('PATCH', `/api/chats/${chat.body.id}`, { characterIds: [b.id] });
    expect(solo.body.characterIds).toEqual([b.id]);
    const plain = await server.request('POST', '/api/chats', { title: 'none' });
    expect(plain.body.characterIds).toEqual([]);
    const bad = await server.request('POST', '/api/chats', { characterIds: ['chr_nope'] });
    expect(bad.status).toBe(400);
    expect(bad.body.details[0]).toEqual({
      field: 'characterIds',
      message: 'No character with id "chr_nope".',
    });
  });

  it("edits the character's own tools under its scope, and deletes them with the character", async () => {
    const upload = await uploadCard(
      server,
      JSON.stringify(v2Card({ tools: [scriptTool, webhookTool, staticTool] })),
      'application/json',
    );
    const applied = await server.request('POST', `/api/characters/import/${upload.body.importId}/apply`, {
      withTools: true,
    });
    const id = applied.body.character.id;
    const hook = applied.body.tools.find((t: any) => t.name === 'post_diary');
    const other = (await server.request('POST', '/api/characters', { name: 'Other' })).body;

    // a character's tool is not a global tool, and not another character's
    expect((await server.request('PATCH', `/api/tools/${hook.id}`, { enabled: true })).status).toBe(404);
    expect(
      (await server.request('PATCH', `/api/characters/${other.id}/tools/${hook.id}`, { enabled: true }))
        .status,
    ).toBe(404);
    const on = await server.request('PATCH', `/api/characters/${id}/tools/${hook.id}`, {
      enabled: true,
      includeHiddenContext: true,
      // the card's URL carries user:pass, which the tools rules make the user confirm
      confirmCredentials: true,
    });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ name: 'post_diary', enabled: true, includeHiddenContext: true });
    // the same rules as global tools: names unique in the scope, builtin names reserved
    const clash = await server.request('PATCH', `/api/characters/${id}/tools/${hook.id}`, {
      name: 'house_rules',
    });
    expect(clash.status).toBe(409);
    const reserved = await server.request('PATCH', `/api/characters/${id}/tools/${hook.id}`, {
      name: 'roll_dice',
    });
    expect(reserved.status).toBe(409);
    expect((await server.request('DELETE', `/api/characters/${id}/tools/${hook.id}`)).status).toBe(204);
    const left = (await server.request('GET', `/api/characters/${id}/tools`)).body.tools;
    expect(left.map((t: any) => t.name).sort()).toEqual(['house_rules', 'track_mood']);

    const chat = (await server.request('POST', '/api/chats', { characterIds: [id] })).body;
    const before = dumpDatabase(server);
    expect((await server.request('DELETE', `/api/characters/${id}`)).status).toBe(204);
    const after = dumpDatabase(server);
    expect(after.tools.length).toBe(before.tools.length - 2);
    expect(after.characters.length).toBe(before.characters.length - 1);
    // its lorebook stays a normal lorebook; the chat keeps going without the character
    expect(after.lorebooks.length).toBe(before.lorebooks.length);
    expect((await server.request('GET', `/api/chats/${chat.id}`)).status).toBe(200);
  });
});

describe('deleting a character is privileged (it deletes its tools)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      ADMIN_SECRET: 'correct-horse-battery',
      ADMIN_SECRET_ON_LOOPBACK: 'true',
    });
  });
  afterAll(async () => server.close());

  it('needs X-Admin-Secret where privileged routes need it; editing does not', async () => {
    const id = (await server.request('POST', '/api/characters', { name: 'Kept' })).body.id;
    expect((await server.request('DELETE', `/api/characters/${id}`)).status).toBe(401);
    expect((await server.request('PATCH', `/api/characters/${id}`, { personality: 'x' })).status).toBe(200);
    expect((await server.request('GET', `/api/characters/${id}`)).status).toBe(200);
    const secret = { 'x-admin-secret': 'correct-horse-battery' };
    expect((await server.request('DELETE', `/api/characters/${id}`, undefined, secret)).status).toBe(204);
  });
});
