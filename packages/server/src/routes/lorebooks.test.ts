import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-support/test-server.js';

const ST_WORLD = JSON.parse(
  readFileSync(new URL('./__fixtures__/sillytavern-world.json', import.meta.url), 'utf8'),
);

/** An entry using every option of the engine. */
const FULL_ENTRY = {
  uid: 7,
  keys: ['lighthouse', '/beacon\\d+/i'],
  secondaryKeys: ['night'],
  selectiveLogic: 'NOT_ANY',
  selective: true,
  content: 'The lighthouse is dark.',
  comment: 'Lighthouse',
  constant: false,
  disabled: false,
  position: 'depth',
  depth: 2,
  role: 'assistant',
  order: 150,
  scanDepth: 6,
  caseSensitive: true,
  matchWholeWords: true,
  probability: 40,
  useProbability: true,
  excludeRecursion: true,
  preventRecursion: true,
};

describe('lorebooks API', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('creates a book with every entry option, numbers entries without a uid, lists, patches and deletes it', async () => {
    const created = await server.request('POST', '/api/lorebooks', {
      name: 'Coast',
      description: 'Places by the sea.',
      scanDepth: 3,
      caseSensitive: false,
      entries: [FULL_ENTRY, { keys: ['harbor'], content: 'Busy.' }, { keys: ['cliff'], content: 'Steep.' }],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Coast',
      description: 'Places by the sea.',
      global: false,
      disabled: false,
      scanDepth: 3,
      caseSensitive: false,
      matchWholeWords: null,
    });
    expect(created.body.id).toMatch(/^lb_/);
    expect(created.body.entries[0]).toEqual(FULL_ENTRY);
    // the next free numbers after the highest numeric uid
    expect(created.body.entries.slice(1).map((e: any) => e.uid)).toEqual([8, 9]);
    const id = created.body.id;

    const list = (await server.request('GET', '/api/lorebooks')).body.lorebooks;
    const summary = list.find((b: any) => b.id === id);
    expect(summary).toMatchObject({ name: 'Coast', entryCount: 3 });
    expect(summary).not.toHaveProperty('entries');
    expect((await server.request('GET', `/api/lorebooks/${id}`)).body).toEqual(created.body);

    const patched = await server.request('PATCH', `/api/lorebooks/${id}`, {
      global: true,
      caseSensitive: null,
      entries: [{ uid: 'x', keys: ['reef'], content: 'Sharp.' }],
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ name: 'Coast', global: true, caseSensitive: null, scanDepth: 3 });
    expect(patched.body.entries).toEqual([{ uid: 'x', keys: ['reef'], content: 'Sharp.' }]);

    expect((await server.request('DELETE', `/api/lorebooks/${id}`)).status).toBe(204);
    expect((await server.request('GET', `/api/lorebooks/${id}`)).status).toBe(404);
    expect((await server.request('GET', `/api/lorebooks/${id}/export`)).status).toBe(404);
  });

  it('answers 400 naming each bad book field and entry field, then the rules between entries', async () => {
    const res = await server.request('POST', '/api/lorebooks', {
      name: 'Bad',
      scanDepth: -1,
      color: 'red',
      entries: [
        { uid: 1, keys: 'not a list', content: 'x', position: 'top', probability: 101, flavour: 1 },
        { uid: 1, keys: [], content: 5, selectiveLogic: 'OR' },
        'no object',
      ],
    });
    expect(res.status).toBe(400);
    const known =
      'uid, keys, secondaryKeys, selectiveLogic, selective, content, comment, constant, disabled, position, depth, role, order, scanDepth, caseSensitive, matchWholeWords, probability, useProbability, excludeRecursion, preventRecursion, delayUntilRecursion, sticky, cooldown, delay, group, groupOverride, groupWeight, useGroupScoring, characterFilter, triggers, extensions, passthrough';
    expect([...res.body.details].sort((a: any, b: any) => a.field.localeCompare(b.field))).toEqual([
      { field: 'color', message: expect.stringMatching(/^Unknown field "color". Known fields: name, /) },
      { field: 'entries[0].flavour', message: `Unknown entry field "flavour". Known fields: ${known}.` },
      {
        field: 'entries[0].keys',
        message: 'entries[0].keys must be a list of at most 200 texts of at most 1000 characters.',
      },
      {
        field: 'entries[0].position',
        message: 'entries[0].position must be one of "before", "after", "depth".',
      },
      { field: 'entries[0].probability', message: 'entries[0].probability must be a number from 0 to 100.' },
      {
        field: 'entries[1].content',
        message: 'entries[1].content must be text of at most 100000 characters.',
      },
      {
        field: 'entries[1].selectiveLogic',
        message: 'entries[1].selectiveLogic must be one of "AND_ANY", "NOT_ALL", "NOT_ANY", "AND_ALL".',
      },
      { field: 'entries[2]', message: 'entries[2] must be an object with keys and content.' },
      { field: 'scanDepth', message: 'scanDepth must be a whole number from 0 to 1000, or null.' },
    ]);
    // the shapes right, the rule between entries: a uid used twice
    const twice = await server.request('POST', '/api/lorebooks', {
      name: 'Bad',
      entries: [
        { uid: 1, keys: ['a'], content: 'x' },
        { uid: '1', keys: [], content: 'y' },
      ],
    });
    expect(twice.status).toBe(400);
    expect(twice.body.details).toEqual([
      { field: 'entries[1].uid', message: 'entries[1].uid "1" is used by another entry of this book.' },
    ]);
    const noName = await server.request('POST', '/api/lorebooks', { entries: [] });
    expect(noName.body.details).toEqual([
      { field: 'name', message: 'name is required: what the lorebook is called.' },
    ]);
    expect(
      (await server.request('GET', '/api/lorebooks')).body.lorebooks.map((b: any) => b.name),
    ).not.toContain('Bad');
  });

  it('imports a SillyTavern world-info file with its entry options, keeping unknown fields', async () => {
    const res = await server.request('POST', '/api/lorebooks/import?name=Eldoria%20lore', ST_WORLD);
    expect(res.status).toBe(201);
    const book = res.body;
    expect(book.name).toBe('Eldoria lore');
    expect(book.entries).toHaveLength(3);
    const [capital, dragons, tone] = book.entries;
    expect(capital).toMatchObject({
      uid: 0,
      keys: ['Eldoria', 'the capital'],
      secondaryKeys: ['king', 'queen'],
      selectiveLogic: 'AND_ANY',
      comment: 'Eldoria',
      order: 120,
      position: 'before',
      matchWholeWords: true,
      preventRecursion: true,
    });
    expect(capital).not.toHaveProperty('caseSensitive');
    expect(capital).toMatchObject({ group: '', sticky: 0 });
    expect(capital.passthrough).toMatchObject({ displayIndex: 0 });
    expect(dragons).toMatchObject({
      keys: ['/dragons?/i'],
      selective: false,
      selectiveLogic: 'AND_ALL',
      position: 'depth',
      depth: 2,
      role: 'user',
      probability: 50,
      excludeRecursion: true,
      scanDepth: 5,
      caseSensitive: true,
    });
    expect(tone).toMatchObject({ constant: true, disabled: true, position: 'after' });
  });

  it('imports a card character_book and a whole card; refuses what is not a lorebook', async () => {
    const characterBook = {
      name: 'Card book',
      entries: [
        { keys: ['sword'], content: 'A rusty sword.', enabled: true, insertion_order: 5, extensions: {} },
      ],
      extensions: {},
    };
    const fromBook = await server.request('POST', '/api/lorebooks/import', characterBook);
    expect(fromBook.status).toBe(201);
    expect(fromBook.body).toMatchObject({ name: 'Card book', entries: [{ keys: ['sword'], order: 5 }] });
    const card = {
      spec: 'chara_card_v2',
      spec_version: '2.0',
      data: { name: 'Aria', character_book: characterBook },
    };
    const fromCard = await server.request('POST', '/api/lorebooks/import', {
      file: { ...card, data: { ...card.data, character_book: { ...characterBook, name: undefined } } },
      global: true,
    });
    expect(fromCard.status).toBe(201);
    expect(fromCard.body).toMatchObject({ name: "Aria's lorebook", global: true });
    const refused = await server.request('POST', '/api/lorebooks/import', { hello: 'world' });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toContain('SillyTavern world-info file');
  });

  it('exports SillyTavern world-info JSON that imports back to the same book', async () => {
    const original = (
      await server.request('POST', '/api/lorebooks', {
        name: 'Round trip',
        description: 'Everything set.',
        scanDepth: 4,
        matchWholeWords: true,
        entries: [
          FULL_ENTRY,
          {
            uid: 8,
            keys: ['tide'],
            content: 'The tide turns.',
            constant: true,
            position: 'after',
            order: 10,
            selective: false,
            selectiveLogic: 'AND_ALL',
            probability: 100,
            useProbability: false,
            disabled: true,
          },
        ],
      })
    ).body;
    const exported = await server.request('GET', `/api/lorebooks/${original.id}/export`);
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-disposition')).toBe('attachment; filename="Round_trip.json"');
    // SillyTavern's own shape: entries keyed by uid, numeric position/logic/role
    expect(exported.body.entries['7']).toMatchObject({
      uid: 7,
      key: FULL_ENTRY.keys,
      keysecondary: ['night'],
      position: 4,
      selectiveLogic: 2,
      role: 2,
      disable: false,
    });
    const reimported = (await server.request('POST', '/api/lorebooks/import', exported.body)).body;
    expect(reimported).toMatchObject({
      name: 'Round trip',
      description: 'Everything set.',
      scanDepth: 4,
      matchWholeWords: true,
      caseSensitive: null,
    });
    const strip = ({ extensions: _e, passthrough: _p, ...entry }: any) => entry;
    // `disabled: false` is the default and comes back unset
    const { disabled: _off, ...enabledEntry } = FULL_ENTRY;
    expect(strip(reimported.entries[0])).toEqual(enabledEntry);
    expect(strip(reimported.entries[1])).toMatchObject({
      uid: 8,
      keys: ['tide'],
      constant: true,
      position: 'after',
      order: 10,
      selective: false,
      selectiveLogic: 'AND_ALL',
      useProbability: false,
      disabled: true,
    });
  });

  it("checks a chat's world-info settings (scan depth, budget, recursion); null clears them", async () => {
    const chat = (await server.request('POST', '/api/chats', {})).body;
    const set = await server.request('PATCH', `/api/chats/${chat.id}`, {
      settings: { worldInfo: { scanDepth: 6, budget: { limit: 500 }, recursion: { enabled: false } } },
    });
    expect(set.status).toBe(200);
    expect(set.body.settings.worldInfo).toEqual({
      scanDepth: 6,
      budget: { limit: 500, unit: 'tokens' },
      recursion: { enabled: false },
    });
    const bad = await server.request('PATCH', `/api/chats/${chat.id}`, {
      settings: {
        worldInfo: { scanDepth: -1, budget: { limit: 0, unit: 'words' }, recursion: { maxDepth: 99 }, x: 1 },
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details.map((d: any) => d.field).sort()).toEqual([
      'settings.worldInfo.budget',
      'settings.worldInfo.recursion',
      'settings.worldInfo.scanDepth',
      'settings.worldInfo.x',
    ]);
    const cleared = await server.request('PATCH', `/api/chats/${chat.id}`, { settings: { worldInfo: null } });
    expect(cleared.body.settings.worldInfo).toEqual({});
  });

  it('attaches books to a chat by id, refusing unknown ids', async () => {
    const book = (await server.request('POST', '/api/lorebooks', { name: 'Attach me' })).body;
    const chat = (
      await server.request('POST', '/api/chats', { settings: { lorebookIds: [book.id, book.id] } })
    ).body;
    expect(chat.settings.lorebookIds).toEqual([book.id]);
    const bad = await server.request('PATCH', `/api/chats/${chat.id}`, {
      settings: { lorebookIds: ['lb_nope'] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual([
      { field: 'settings.lorebookIds', message: 'No lorebook with id "lb_nope".' },
    ]);
    // deleting the book detaches it from every chat
    const keep = (await server.request('POST', '/api/lorebooks', { name: 'Keep me' })).body;
    await server.request('PATCH', `/api/chats/${chat.id}`, { settings: { lorebookIds: [book.id, keep.id] } });
    expect((await server.request('DELETE', `/api/lorebooks/${book.id}`)).status).toBe(204);
    expect((await server.request('GET', `/api/chats/${chat.id}`)).body.settings.lorebookIds).toEqual([
      keep.id,
    ]);
    const trace = await server.request('GET', `/api/chats/${chat.id}/world-info`);
    expect(trace.body).toEqual({ activation: null });
    expect((await server.request('GET', '/api/chats/ch_missing/world-info')).status).toBe(404);
  });
});
