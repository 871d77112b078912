import { describe, expect, it } from 'vitest';
import { searchLorebooks } from './search.js';
import type { Lorebook } from './types.js';

const books: Lorebook[] = [
  {
    id: 'places',
    entries: [
      {
        uid: 'castle',
        keys: ['castle', 'keep'],
        comment: 'Castle Greyrock',
        content: 'A fortress on the cliff.',
      },
      {
        uid: 'village',
        keys: ['village'],
        comment: 'Millbrook',
        content: 'Near the castle walls, a village.',
      },
      { keys: ['/dragons?/i'], comment: 'Wyrms', content: 'They sleep under mountains.' },
      { uid: 'hidden', keys: ['castle'], content: 'disabled castle', disabled: true },
    ],
  },
  {
    id: 'people',
    entries: [
      { uid: 'king', keys: ['king'], comment: 'The King of the Castle', content: 'Rules from the throne.' },
      { uid: 'москва', keys: ['Москва'], comment: 'Город', content: 'Столица.' },
    ],
  },
  { id: 'off', disabled: true, entries: [{ uid: 'ghost', keys: ['castle'], content: 'castle ghost' }] },
];

describe('searchLorebooks', () => {
  it('ranks a key match above a title match above a content match, case-insensitively', () => {
    const hits = searchLorebooks(books, 'CASTLE');
    expect(hits.map((h) => [h.book.id, h.uid, h.matchedIn])).toEqual([
      ['places', 'castle', ['key', 'comment']],
      ['people', 'king', ['comment']],
      ['places', 'village', ['content']],
    ]);
    expect(hits[0].score).toBeGreaterThan(hits[1].score);
    expect(hits[1].score).toBeGreaterThan(hits[2].score);
    expect(hits[0].entry.comment).toBe('Castle Greyrock');
  });

  it('adds per-word matches for multi-word queries', () => {
    const hits = searchLorebooks(books, 'throne king');
    expect(hits.map((h) => h.uid)).toEqual(['king']);
    expect(hits[0].matchedIn).toEqual(['key', 'comment', 'content']);
    // a word in a key outweighs a word in the content
    const mixed = searchLorebooks(books, 'village cliff');
    expect(mixed.map((h) => [h.uid, h.matchedIn])).toEqual([
      ['village', ['key', 'content']],
      ['castle', ['content']],
    ]);
  });

  it('tests regex keys against the query and finds non-Latin text', () => {
    expect(searchLorebooks(books, 'Dragon').map((h) => [h.uid, h.matchedIn])).toEqual([[2, ['key']]]);
    expect(searchLorebooks(books, 'москва').map((h) => h.uid)).toEqual(['москва']);
    expect(searchLorebooks(books, 'СТОЛИЦА').map((h) => h.uid)).toEqual(['москва']);
  });

  it('limits results, skips disabled entries and books unless asked, and ignores empty queries', () => {
    expect(searchLorebooks(books, 'castle', { limit: 1 }).map((h) => h.uid)).toEqual(['castle']);
    expect(searchLorebooks(books, 'castle', { includeDisabled: true }).map((h) => h.uid)).toEqual([
      'castle',
      'hidden',
      'ghost',
      'king',
      'village',
    ]);
    expect(searchLorebooks(books, '   ')).toEqual([]);
    expect(searchLorebooks(books, 'nothing-like-this')).toEqual([]);
  });
});
