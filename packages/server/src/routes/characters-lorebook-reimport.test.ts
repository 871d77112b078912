import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DATABASE_FILE_NAME } from '../storage/sqlite/database.js';
import { startTestServer, type TestServer } from '../test-support/test-server.js';
import { characterBook, uploadCard, v2Card } from './__fixtures__/character-cards.js';
import { msgLorebookLinked } from './characters-transfer.js';

// Issue 14.6: re-importing a card does not store a second copy of its lorebook. Same name and content: the
// character uses the stored book. Same name, other content: the review asks Replace / Keep both / Skip.

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await server.close();
});

const json = (value: unknown) => JSON.stringify(value);

/** The fixture card whose lorebook has the same name and one entry changed. */
function editedCard() {
  const card = v2Card();
  card.data.character_book = {
    ...characterBook,
    entries: [
      characterBook.entries[0],
      { ...characterBook.entries[1], content: 'Storms come from the east.' },
    ],
  };
  return card;
}

const lorebooks = async () => (await server.request('GET', '/api/lorebooks')).body.lorebooks as any[];

describe('card re-import and its lorebook', () => {
  it('the same card again: the new character uses the stored lorebook, no copy', async () => {
    const first = await uploadCard(server, json(v2Card()), 'application/json');
    expect(first.status).toBe(201);
    const again = await uploadCard(server, json(v2Card()), 'application/json');
    expect(again.status).toBe(201);
    expect(again.body.status).toBe('saved');
    expect(again.body.lorebookId).toBe(first.body.lorebookId);
    expect(again.body.warnings).toContain(msgLorebookLinked('Ayla lore'));
    expect((await lorebooks()).map((b) => b.name)).toEqual(['Ayla lore']);
    expect((await server.request('GET', '/api/characters')).body.characters).toHaveLength(2);
  });

  it('same name, other entries: a review with the conflict, nothing stored until Apply', async () => {
    const first = await uploadCard(server, json(v2Card()), 'application/json');
    const review = await uploadCard(server, json(editedCard()), 'application/json');
    expect(review.status).toBe(200);
    expect(review.body.status).toBe('review');
    expect(review.body.review.lorebook).toEqual({
      name: 'Ayla lore',
      entries: 2,
      existing: { id: first.body.lorebookId, name: 'Ayla lore', entries: 2 },
      identical: false,
      action: 'keep-both',
      choices: ['replace', 'keep-both', 'skip'],
      renameTo: 'Ayla lore (2)',
      // what Replace would change in the stored book, entry by entry
      changes: [
        {
          kind: 'changed',
          label: expect.any(String),
          uid: expect.anything(),
          before: expect.stringContaining('Storms come from the west.'),
          after: expect.stringContaining('Storms come from the east.'),
        },
      ],
      unchangedEntries: 1,
    });
    expect(await lorebooks()).toHaveLength(1);
    expect((await server.request('GET', '/api/characters')).body.characters).toHaveLength(1);
  });

  for (const [action, expectBooks, expectContent] of [
    ['replace', ['Ayla lore'], 'Storms come from the east.'],
    ['keep-both', ['Ayla lore', 'Ayla lore (2)'], 'Storms come from the west.'],
    ['skip', ['Ayla lore'], 'Storms come from the west.'],
  ] as const) {
    it(`Apply with lorebook: ${action}`, async () => {
      const first = await uploadCard(server, json(v2Card()), 'application/json');
      const stored = await lorebooks();
      await server.request('PATCH', `/api/lorebooks/${first.body.lorebookId}`, { global: true });
      const review = await uploadCard(server, json(editedCard()), 'application/json');
      const applied = await server.request('POST', `/api/characters/import/${review.body.importId}/apply`, {
        withTools: false,
        lorebook: action,
      });
      expect(applied.status).toBe(201);
      const books = await lorebooks();
      expect(books.map((b) => b.name)).toEqual(expectBooks);
      const original = books.find((b) => b.id === first.body.lorebookId);
      // the stored book keeps its id and your switches (global) whatever happens to its entries
      expect(original).toMatchObject({ id: stored[0].id, global: true });
      const book = async (id: string) => (await server.request('GET', `/api/lorebooks/${id}`)).body;
      expect((await book(original.id)).entries[1].content).toBe(expectContent);
      const linked = applied.body.lorebookId;
      if (action === 'keep-both') {
        const copy = books.find((b) => b.name === 'Ayla lore (2)');
        expect(linked).toBe(copy.id);
        expect((await book(copy.id)).entries[1].content).toBe('Storms come from the east.');
      } else {
        expect(linked).toBe(first.body.lorebookId);
      }
    });
  }

  it('refuses an unknown lorebook choice naming the field, and rolls a failed Replace back', async () => {
    const first = await uploadCard(server, json(v2Card()), 'application/json');
    const review = await uploadCard(server, json(editedCard()), 'application/json');
    const bad = await server.request('POST', `/api/characters/import/${review.body.importId}/apply`, {
      withTools: false,
      lorebook: 'merge',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual([{ field: 'lorebook', message: expect.stringContaining('replace') }]);

    // the character's row fails after the book was overwritten: the book is as it was
    const db = new BetterSqlite3(join(server.dataDir, DATABASE_FILE_NAME));
    db.exec(`CREATE TRIGGER fail_character BEFORE INSERT ON characters
      BEGIN SELECT RAISE(ABORT, 'disk full (test)'); END`);
    try {
      const failed = await server.request('POST', `/api/characters/import/${review.body.importId}/apply`, {
        withTools: false,
        lorebook: 'replace',
      });
      expect(failed.status).toBe(500);
    } finally {
      db.exec('DROP TRIGGER fail_character');
      db.close();
    }
    const book = (await server.request('GET', `/api/lorebooks/${first.body.lorebookId}`)).body;
    expect(book.entries[1].content).toBe('Storms come from the west.');
    expect((await server.request('GET', '/api/characters')).body.characters).toHaveLength(1);
  });
});

describe('a card exported here and imported again', () => {
  it('is recognised as the same lorebook (JSON and PNG)', async () => {
    const first = await uploadCard(server, json(v2Card()), 'application/json');
    const id = first.body.character.id;
    for (const [path, type] of [
      [`/api/characters/${id}/export?version=v2`, 'application/json'],
      [`/api/characters/${id}/export?format=png`, 'image/png'],
    ] as const) {
      const response = await fetch(server.url + path);
      const again = await uploadCard(server, new Uint8Array(await response.arrayBuffer()), type);
      expect(again.status, path).toBe(201);
      expect(again.body.lorebookId).toBe(first.body.lorebookId);
    }
    expect(await lorebooks()).toHaveLength(1);
  });
});
