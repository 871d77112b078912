// Regex keys run on a linear-time engine (RE2): saving a key it cannot run is a 400 naming the key and the
// feature; imports keep the book and leave such keys out, saying so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-support/test-server.js';
import { uploadCard, v2Card } from './__fixtures__/character-cards.js';

describe('lorebook regex keys', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('refuses to save a key with a backreference or lookahead: 400 naming the entry, the list and the feature', async () => {
    const res = await server.request('POST', '/api/lorebooks', {
      name: 'Bad keys',
      entries: [
        { keys: ['dragon', '/(\\w+) \\1/'], content: 'a' },
        { keys: ['ok'], secondaryKeys: ['/cat(?!s)/i'], content: 'b' },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([
      {
        field: 'entries[0].keys[1]',
        message: expect.stringMatching(
          /^entries\[0\]\.keys\[1\] \/\(\\w\+\) \\1\/ uses a backreference \\1, which the linear-time regex engine \(RE2\) does not support/,
        ),
      },
      {
        field: 'entries[1].secondaryKeys[0]',
        message:
          'entries[1].secondaryKeys[0] /cat(?!s)/i uses a lookahead (?!…), which the linear-time regex engine (RE2) does not support. It has no backreferences (\\1, \\k<name>) and no lookahead ((?=…), (?!…)); lookbehind ((?<=…), (?<!…)) works. Rewrite the pattern without them.',
      },
    ]);
    expect((await server.request('GET', '/api/lorebooks')).body.lorebooks).toEqual([]);
  });

  it('refuses broken patterns too, and accepts what RE2 runs (lookbehind, flags, Unicode properties)', async () => {
    const broken = await server.request('POST', '/api/lorebooks', {
      name: 'Broken',
      entries: [{ keys: ['/(open/'], content: 'a' }],
    });
    expect(broken.status).toBe(400);
    expect(broken.body.details[0]).toEqual({
      field: 'entries[0].keys[0]',
      message: expect.stringContaining('is not a valid regular expression (missing closing )'),
    });

    const good = await server.request('POST', '/api/lorebooks', {
      name: 'Good',
      entries: [{ keys: ['/(?<!\\w)dragons?\\b/i', '/^\\p{Lu}{2,}$/mu', '/[^]{3}/s'], content: 'ok' }],
    });
    expect(good.status).toBe(201);
    const patched = await server.request('PATCH', `/api/lorebooks/${good.body.id}`, {
      entries: [{ keys: ['/(a)\\k<x>/'], content: 'x' }],
    });
    expect(patched.status).toBe(400);
    expect(patched.body.details[0].field).toBe('entries[0].keys[0]');
  });

  it('a SillyTavern import keeps every entry, leaves unsupported keys out and reports each one', async () => {
    const res = await server.request('POST', '/api/lorebooks/import', {
      entries: {
        '0': {
          uid: 0,
          key: ['Eldoria', '/\\bking(?=s)/i'],
          keysecondary: [],
          content: 'Eldoria.',
          comment: 'Eldoria',
        },
        '1': {
          uid: 7,
          key: ['/dragons?/i'],
          keysecondary: ['/(\\w)\\1/'],
          content: 'Dragons.',
          comment: 'Dragons',
        },
      },
    });
    expect(res.status).toBe(201);
    expect(
      res.body.entries.map((e: { keys: string[]; secondaryKeys?: string[] }) => [e.keys, e.secondaryKeys]),
    ).toEqual([
      [['Eldoria'], []],
      [['/dragons?/i'], []],
    ]);
    expect(res.body.warnings).toEqual([
      expect.stringMatching(
        /^Lorebook "Imported lorebook", entry 0: the key \/\\bking\(\?=s\)\/i was left out \(entries\[0\]\.keys\[1\]\): uses a lookahead/,
      ),
      expect.stringMatching(
        /entry 7: the key \/\(\\w\)\\1\/ was left out \(entries\[1\]\.secondaryKeys\[0\]\): uses a backreference/,
      ),
    ]);
    // what was stored is what the answer showed
    const stored = await server.request('GET', `/api/lorebooks/${res.body.id}`);
    expect(stored.body.entries[0].keys).toEqual(['Eldoria']);
    expect(stored.body.warnings).toBeUndefined();
  });

  it("a card's character_book: the review and the saved answer report the keys left out", async () => {
    const card = v2Card();
    card.data.character_book = {
      name: 'Ayla lore',
      entries: [
        { keys: ['lighthouse', '/storm(?!s)/'], content: 'Storms.', enabled: true, insertion_order: 1 },
      ],
    };
    const res = await uploadCard(server, JSON.stringify(card), 'application/json');
    expect(res.status).toBe(201);
    expect(res.body.warnings).toEqual([expect.stringContaining('the key /storm(?!s)/ was left out')]);
    const book = await server.request('GET', `/api/lorebooks/${res.body.lorebookId}`);
    expect(book.body.entries[0].keys).toEqual(['lighthouse']);
  });
});
