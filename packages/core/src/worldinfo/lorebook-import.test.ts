import { describe, expect, it } from 'vitest';
import { activateLorebooks } from './activate-lorebooks.js';
import {
  type CharacterBook,
  characterFilterToSillyTavern,
  lorebookFromCharacterBook,
  lorebookFromSillyTavern,
  lorebookToCharacterBook,
  unusedEntryFields,
} from './lorebook-import.js';

/** A character_book as SillyTavern exports it (every field it writes, plus unknown ones). */
const stCardBook = (): CharacterBook => ({
  name: 'Greyrock lore',
  token_budget: 500,
  recursive_scanning: true,
  extensions: { vendor: { keep: true } },
  entries: [
    {
      id: 0,
      keys: ['castle'],
      secondary_keys: ['night', 'storm'],
      comment: 'Castle',
      content: 'The castle looms.',
      constant: false,
      selective: true,
      insertion_order: 90,
      enabled: true,
      position: 'after_char',
      use_regex: false,
      priority: 7,
      extensions: {
        position: 4,
        depth: 2,
        role: 1,
        selectiveLogic: 3,
        probability: 40,
        useProbability: true,
        exclude_recursion: true,
        prevent_recursion: false,
        scan_depth: null,
        case_sensitive: null,
        match_whole_words: true,
        display_index: 0,
        group: 'places',
      },
    },
    {
      id: 1,
      keys: ['/kings?/i'],
      secondary_keys: [],
      comment: 'Kings',
      content: 'Kings rule.',
      constant: true,
      selective: true,
      insertion_order: 100,
      enabled: false,
      position: 'after_char',
      use_regex: false,
      extensions: { position: 2, selectiveLogic: 0, depth: 4, role: null, sticky: 3 },
    },
  ],
});

describe('lorebookFromCharacterBook', () => {
  it("maps a card book with SillyTavern's extensions onto entries", () => {
    const book = lorebookFromCharacterBook(stCardBook(), { id: 'card:greyrock' });
    expect(book).toMatchObject({ id: 'card:greyrock', name: 'Greyrock lore' });
    expect(book.passthrough).toEqual({ token_budget: 500, recursive_scanning: true });
    const [castle, kings] = book.entries;
    expect(castle).toMatchObject({
      uid: 0,
      keys: ['castle'],
      secondaryKeys: ['night', 'storm'],
      selectiveLogic: 'AND_ALL',
      comment: 'Castle',
      position: 'depth',
      depth: 2,
      role: 'user',
      order: 90,
      probability: 40,
      useProbability: true,
      excludeRecursion: true,
      preventRecursion: false,
      matchWholeWords: true,
      passthrough: { priority: 7 },
    });
    expect(castle.scanDepth).toBeUndefined();
    expect(castle.caseSensitive).toBeUndefined();
    // author's-note position has no slot here: read as before, the number kept
    expect(kings).toMatchObject({
      uid: 1,
      constant: true,
      disabled: true,
      position: 'before',
      selectiveLogic: 'AND_ANY',
    });
    expect(kings.role).toBeUndefined();
  });

  it('round-trips a SillyTavern card book unchanged, unknown fields included', () => {
    const original = stCardBook();
    const back = lorebookToCharacterBook(lorebookFromCharacterBook(structuredClone(original), { id: 'x' }));
    expect(back).toEqual(original);
  });

  it('writes edits back, and a removed setting does not return from the kept extensions', () => {
    const book = lorebookFromCharacterBook(stCardBook(), { id: 'x' });
    book.entries[0].position = 'after';
    book.entries[0].probability = undefined;
    book.entries[1].position = 'depth';
    book.caseSensitive = true;
    const card = lorebookToCharacterBook(book);
    expect(card.entries[0]).toMatchObject({ position: 'after_char', extensions: { position: 1 } });
    book.entries[0].position = 'before';
    expect(lorebookToCharacterBook(book).entries[0]).toMatchObject({
      position: 'before_char',
      extensions: { position: 0 },
    });
    expect(card.entries[0].extensions).not.toHaveProperty('probability');
    expect(card.entries[1].extensions.position).toBe(4);
    expect(lorebookFromCharacterBook(card, { id: 'x' }).caseSensitive).toBe(true);
  });

  it('reads V3 use_regex keys as /pattern/flags and activates on them', () => {
    const book = lorebookFromCharacterBook(
      {
        entries: [
          {
            keys: ['drag(on|ons)'],
            use_regex: true,
            content: 'Dragons.',
            enabled: true,
            insertion_order: 1,
            extensions: {},
          },
          {
            keys: ['Elf'],
            use_regex: true,
            case_sensitive: true,
            content: 'Elves.',
            enabled: true,
            insertion_order: 1,
            extensions: {},
          },
        ],
      },
      { id: 'v3' },
    );
    expect(book.entries.map((e) => e.keys)).toEqual([['/drag(on|ons)/i'], ['/Elf/']]);
    const result = activateLorebooks({ books: [book], messages: [{ content: 'DRAGONS and elves' }] });
    expect(result.activated.map((a) => a.entry.content)).toEqual(['Dragons.']);
  });

  it('is lenient with malformed input', () => {
    expect(lorebookFromCharacterBook(null, { id: 'n' })).toEqual({ id: 'n', entries: [] });
    const book = lorebookFromCharacterBook(
      { entries: [null, { keys: 'solo', content: 5, enabled: 'yes' }] },
      { id: 'm' },
    );
    expect(book.entries).toEqual([
      { uid: 0, keys: [], content: '' },
      { uid: 1, keys: ['solo'], content: '' },
    ]);
  });
});

describe('lorebookFromSillyTavern', () => {
  it("reads SillyTavern's world-info file", () => {
    const file = {
      entries: {
        '3': {
          uid: 3,
          key: ['Москва', '/moscow/i'],
          keysecondary: ['зима'],
          comment: 'Moscow',
          content: 'Столица.',
          constant: false,
          selective: true,
          selectiveLogic: 2,
          order: 10,
          position: 4,
          depth: 1,
          role: 2,
          disable: false,
          excludeRecursion: false,
          preventRecursion: true,
          probability: 100,
          useProbability: true,
          scanDepth: 5,
          caseSensitive: null,
          matchWholeWords: true,
          group: 'cities',
        },
        '4': { uid: 4, key: ['off'], content: 'off', disable: true, position: 6 },
      },
    };
    const book = lorebookFromSillyTavern(file, { id: 'world:ru', name: 'Russia' });
    expect(book.name).toBe('Russia');
    expect(book.entries[0]).toEqual({
      uid: 3,
      keys: ['Москва', '/moscow/i'],
      secondaryKeys: ['зима'],
      selective: true,
      selectiveLogic: 'NOT_ANY',
      comment: 'Moscow',
      content: 'Столица.',
      constant: false,
      position: 'depth',
      depth: 1,
      role: 'assistant',
      order: 10,
      scanDepth: 5,
      matchWholeWords: true,
      probability: 100,
      useProbability: true,
      excludeRecursion: false,
      preventRecursion: true,
      extensions: { position: 4 },
      group: 'cities',
    });
    expect(book.entries[1]).toMatchObject({
      uid: 4,
      disabled: true,
      position: 'before',
      extensions: { position: 6 },
    });
    expect(lorebookToCharacterBook(book).entries[1].extensions.position).toBe(6);
    const result = activateLorebooks({ books: [book], messages: [{ content: 'в москве' }] });
    expect(result.activated).toEqual([]);
    const hit = activateLorebooks({ books: [book], messages: [{ content: 'в Москва' }] });
    expect(hit.atDepth.map((a) => [a.depth, a.role])).toEqual([[1, 'assistant']]);
  });

  it('hands card-shaped books to the card reader', () => {
    const book = lorebookFromSillyTavern(stCardBook(), { id: 'c', name: 'Renamed' });
    expect(book.name).toBe('Renamed');
    expect(book.entries[0].selectiveLogic).toBe('AND_ALL');
  });
});

describe('timed effects, groups and filters in files', () => {
  it("reads a card book's SillyTavern extensions into entry fields and writes them back", () => {
    const original = {
      entries: [
        {
          id: 1,
          keys: ['rain'],
          content: 'Rain.',
          enabled: true,
          insertion_order: 100,
          extensions: {
            sticky: 2,
            cooldown: 1,
            delay: 3,
            group: 'weather, mood',
            group_override: true,
            group_weight: 40,
            use_group_scoring: true,
            delay_until_recursion: 2,
            display_index: 7,
            vectorized: false,
          },
        },
      ],
      extensions: {},
    };
    const book = lorebookFromCharacterBook(structuredClone(original), { id: 'b' });
    expect(book.entries[0]).toMatchObject({
      sticky: 2,
      cooldown: 1,
      delay: 3,
      group: 'weather, mood',
      groupOverride: true,
      groupWeight: 40,
      useGroupScoring: true,
      delayUntilRecursion: 2,
    });
    expect(unusedEntryFields(book.entries)).toEqual(['display_index', 'vectorized']);
    expect(lorebookToCharacterBook(book).entries[0].extensions).toMatchObject(original.entries[0].extensions);
  });

  it("reads SillyTavern's characterFilter and delayUntilRecursion", () => {
    const book = lorebookFromSillyTavern(
      {
        entries: {
          '0': {
            uid: 0,
            key: ['a'],
            content: 'A',
            delayUntilRecursion: true,
            characterFilter: { isExclude: true, names: ['Alice'], tags: ['villain'] },
          },
        },
      },
      { id: 'w' },
    );
    expect(book.entries[0]).toMatchObject({
      delayUntilRecursion: true,
      characterFilter: { names: ['Alice'], tags: ['villain'], exclude: true },
    });
    expect(characterFilterToSillyTavern(book.entries[0])).toEqual({
      isExclude: true,
      names: ['Alice'],
      tags: ['villain'],
    });
  });
});
