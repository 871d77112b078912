import { describe, expect, it } from 'vitest';
import { activateLorebookSources, mergeLorebookSources } from './sources.js';
import type { Lorebook } from './types.js';

const book = (id: string, content: string, key = 'x'): Lorebook => ({
  id,
  entries: [{ uid: 1, keys: [key], content }],
});

describe('mergeLorebookSources', () => {
  it('orders chat, character, global books and keeps each id once', () => {
    const shared = book('shared', 'S');
    const merged = mergeLorebookSources({
      global: [book('world', 'W'), shared],
      character: [book('hero', 'H'), shared],
      chat: shared,
    });
    expect(merged.books.map((b) => b.id)).toEqual(['shared', 'hero', 'world']);
    expect(merged.sources).toEqual({
      shared: ['chat', 'character', 'global'],
      hero: ['character'],
      world: ['global'],
    });
  });

  it('keeps the first copy of a duplicated id and accepts empty sources', () => {
    const merged = mergeLorebookSources({
      chat: [book('a', 'chat copy')],
      global: [book('a', 'global copy')],
    });
    expect(merged.books.map((b) => b.entries[0].content)).toEqual(['chat copy']);
    expect(mergeLorebookSources({})).toEqual({ books: [], sources: {} });
  });
});

describe('activateLorebookSources', () => {
  it('activates every source together, once per book, with runtime entries', () => {
    const shared = book('shared', 'S');
    const result = activateLorebookSources(
      { chat: shared, character: [book('hero', 'H', 'hero'), shared], global: book('world', 'W') },
      {
        messages: [{ content: 'x and the hero' }],
        entries: [{ uid: 'rt', keys: ['x'], content: 'runtime' }],
        forceActivate: [{ book: 'world', uid: 1 }],
      },
    );
    expect(result.activated.map((a) => [a.book, a.entry.content, a.reason.kind])).toEqual([
      ['shared', 'S', 'key'],
      ['hero', 'H', 'key'],
      ['world', 'W', 'forced'],
      [undefined, 'runtime', 'key'],
    ]);
    expect(result.trace).toHaveLength(4);
    expect(result.sources.shared).toEqual(['chat', 'character']);
  });
});
