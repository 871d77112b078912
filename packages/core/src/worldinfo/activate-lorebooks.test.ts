import { describe, expect, it } from 'vitest';
import { activateLorebooks } from './activate-lorebooks.js';
import type { Lorebook, SelectiveLogic, WorldInfoEntry } from './types.js';

const msgs = (...texts: string[]) => texts.map((content) => ({ role: 'user', content }));
const book = (id: string, entries: WorldInfoEntry[], extra: Partial<Lorebook> = {}): Lorebook => ({
  id,
  entries,
  ...extra,
});
const uids = (list: Array<{ entry: WorldInfoEntry }>) => list.map((a) => a.entry.uid);

describe('secondary keys and selective logic', () => {
  const entry = (logic: SelectiveLogic | undefined): WorldInfoEntry => ({
    uid: logic ?? 'default',
    keys: ['sword'],
    secondaryKeys: ['fire', 'ice'],
    selectiveLogic: logic,
    content: 'x',
  });
  const run = (logic: SelectiveLogic | undefined, text: string) =>
    activateLorebooks({ entries: [entry(logic)], messages: msgs(text) }).trace[0];

  it('AND_ANY (the default): a primary key plus any secondary key', () => {
    expect(run('AND_ANY', 'a sword of fire').activated).toBe(true);
    expect(run(undefined, 'a sword of ice').reason).toEqual({
      kind: 'secondary',
      key: 'sword',
      match: 'sword',
      messageIndex: 0,
      logic: 'AND_ANY',
      secondaryMatches: ['ice'],
    });
    const miss = run('AND_ANY', 'a plain sword');
    expect(miss).toMatchObject({ activated: false, skipped: 'no_match', failedLogic: 'AND_ANY' });
  });

  it('AND_ALL: every secondary key', () => {
    expect(run('AND_ALL', 'sword of fire').activated).toBe(false);
    const hit = run('AND_ALL', 'sword of fire and ice');
    expect(hit.activated).toBe(true);
    expect(hit.reason).toMatchObject({
      kind: 'secondary',
      logic: 'AND_ALL',
      secondaryMatches: ['fire', 'ice'],
    });
  });

  it('NOT_ANY: none of the secondary keys', () => {
    expect(run('NOT_ANY', 'a plain sword').reason).toMatchObject({
      kind: 'secondary',
      logic: 'NOT_ANY',
      secondaryMatches: [],
    });
    expect(run('NOT_ANY', 'a sword of ice')).toMatchObject({ activated: false, failedLogic: 'NOT_ANY' });
  });

  it('NOT_ALL: not every secondary key', () => {
    expect(run('NOT_ALL', 'a plain sword').activated).toBe(true);
    expect(run('NOT_ALL', 'a sword of fire').reason).toMatchObject({
      logic: 'NOT_ALL',
      secondaryMatches: ['fire'],
    });
    expect(run('NOT_ALL', 'sword, fire, ice')).toMatchObject({ activated: false, failedLogic: 'NOT_ALL' });
  });

  it('never activates on secondary keys alone', () => {
    for (const logic of ['AND_ANY', 'AND_ALL', 'NOT_ANY', 'NOT_ALL'] as const) {
      expect(run(logic, 'fire and ice').activated).toBe(false);
      expect(run(logic, 'fire and ice').failedLogic).toBeUndefined();
    }
  });

  it('selective: false ignores the secondary keys', () => {
    const entries: WorldInfoEntry[] = [
      {
        uid: 'off',
        keys: ['sword'],
        secondaryKeys: ['fire'],
        selectiveLogic: 'AND_ALL',
        selective: false,
        content: 'x',
      },
    ];
    const trace = activateLorebooks({ entries, messages: msgs('a sword') }).trace[0];
    expect(trace.reason).toEqual({ kind: 'key', key: 'sword', match: 'sword', messageIndex: 0 });
  });

  it('finds secondary keys in any scanned message, and reports a plain key reason without them', () => {
    const entries: WorldInfoEntry[] = [
      { uid: 's', keys: ['sword'], secondaryKeys: ['fire'], content: 'x' },
      { uid: 'p', keys: ['sword'], secondaryKeys: ['  '], content: 'y' },
    ];
    const result = activateLorebooks({ entries, messages: msgs('fire!', 'the sword') });
    expect(result.trace[0].reason).toMatchObject({ kind: 'secondary', messageIndex: 1 });
    expect(result.trace[1].reason).toEqual({ kind: 'key', key: 'sword', match: 'sword', messageIndex: 1 });
  });
});

describe('keys, regex and trace reasons', () => {
  it('reports invalid_regex when only broken patterns could have matched', () => {
    const entries: WorldInfoEntry[] = [
      { uid: 'bad', keys: ['/(x/'], content: 'a' },
      { uid: 'half', keys: ['/(x/', 'tower'], content: 'b' },
      { uid: 'miss', keys: ['/(x/', 'moat'], content: 'c' },
      { uid: 'sec', keys: ['tower'], secondaryKeys: ['/[/'], selectiveLogic: 'AND_ALL', content: 'd' },
    ];
    const trace = activateLorebooks({ entries, messages: msgs('the tower') }).trace;
    expect(trace.map((t) => [t.entry.uid, t.activated, t.skipped, t.invalidKeys])).toEqual([
      ['bad', false, 'invalid_regex', ['/(x/']],
      ['half', true, undefined, ['/(x/']],
      ['miss', false, 'invalid_regex', ['/(x/']],
      ['sec', false, 'no_match', ['/[/']],
    ]);
  });

  it('matches regex keys across the scanned messages, newest first', () => {
    const entries: WorldInfoEntry[] = [{ uid: 'r', keys: ['/dragons?/i'], content: 'x' }];
    const result = activateLorebooks({ entries, messages: msgs('a Dragon', 'two DRAGONS', 'none') });
    expect(result.activated[0].reason).toEqual({
      kind: 'key',
      key: '/dragons?/i',
      match: 'DRAGONS',
      messageIndex: 1,
    });
  });

  it('takes case sensitivity and whole words from the entry, then the book, then the input', () => {
    const books = [
      book('strict', [{ uid: 'a', keys: ['Kot'], content: 'a' }], {
        caseSensitive: true,
        matchWholeWords: true,
      }),
      book('loose', [
        { uid: 'b', keys: ['Kot'], content: 'b' },
        { uid: 'c', keys: ['Kot'], content: 'c', caseSensitive: true },
      ]),
    ];
    const run = (text: string, more = {}) =>
      uids(activateLorebooks({ books, messages: msgs(text), ...more }).activated);
    expect(run('kot')).toEqual(['b']);
    expect(run('Kot')).toEqual(['a', 'b', 'c']);
    expect(run('Kotik')).toEqual(['b', 'c']);
    expect(run('kotik', { matchWholeWords: true })).toEqual([]);
    expect(run('kot', { caseSensitive: true })).toEqual([]);
  });

  it('skips disabled entries and every entry of a disabled book', () => {
    const books = [
      book('on', [
        { uid: 'a', keys: ['x'], content: 'a', disabled: true },
        { uid: 'b', keys: ['x'], content: 'b' },
      ]),
      book('off', [{ uid: 'c', keys: ['x'], content: 'c', constant: true }], { disabled: true }),
    ];
    const result = activateLorebooks({ books, messages: msgs('x') });
    expect(uids(result.activated)).toEqual(['b']);
    expect(result.trace.map((t) => [t.book, t.entry.uid, t.skipped])).toEqual([
      ['on', 'a', 'disabled'],
      ['on', 'b', undefined],
      ['off', 'c', 'disabled'],
    ]);
  });
});

describe('constant entries and scan depth', () => {
  it('activates constants without any match and entries without keys never', () => {
    const entries: WorldInfoEntry[] = [
      { uid: 'c', keys: [], constant: true, content: 'always' },
      { uid: 'ck', keys: ['absent'], constant: true, content: 'always too' },
      { uid: 'n', keys: ['', ' '], content: 'never' },
    ];
    const result = activateLorebooks({ entries, messages: [] });
    expect(result.activated.map((a) => [a.entry.uid, a.reason.kind])).toEqual([
      ['c', 'constant'],
      ['ck', 'constant'],
    ]);
    expect(result.trace[2].skipped).toBe('no_keys');
  });

  it('resolves scan depth from the entry, the book, the input, then 2', () => {
    const messages = msgs('m0 apple', 'm1', 'm2', 'm3');
    const books = [
      book(
        'b',
        [
          { uid: 'book', keys: ['apple'], content: 'x' },
          { uid: 'entry', keys: ['apple'], content: 'x', scanDepth: 1 },
        ],
        { scanDepth: 4 },
      ),
    ];
    const entries: WorldInfoEntry[] = [{ uid: 'flat', keys: ['apple'], content: 'x' }];
    expect(uids(activateLorebooks({ books, entries, messages }).activated)).toEqual(['book']);
    expect(uids(activateLorebooks({ books, entries, messages, scanDepth: 4 }).activated)).toEqual([
      'book',
      'flat',
    ]);
    expect(uids(activateLorebooks({ entries, messages: msgs('apple', 'x') }).activated)).toEqual(['flat']);
    expect(uids(activateLorebooks({ entries, messages: msgs('apple', 'x', 'y') }).activated)).toEqual([]);
    expect(uids(activateLorebooks({ entries, messages: msgs('apple'), scanDepth: 0 }).activated)).toEqual([]);
  });
});

describe('positions and order', () => {
  it('groups by position, resolves depth and role, and sorts by order then input order', () => {
    const entries: WorldInfoEntry[] = [
      { uid: 'a', keys: ['x'], content: 'A', order: 300, position: 'after' },
      { uid: 'd1', keys: ['x'], content: 'D1', position: 'depth', depth: 0, role: 'assistant' },
      { uid: 'b', keys: ['x'], content: 'B', order: 5 },
      { uid: 'd2', keys: ['x'], content: 'D2', position: 'depth', order: 1 },
      { uid: 'c', keys: ['x'], content: 'C', order: 5, position: 'after' },
      { uid: 'odd', keys: ['x'], content: 'O', position: 'an_top' as never },
    ];
    const result = activateLorebooks({ entries, messages: msgs('x') });
    expect(uids(result.activated)).toEqual(['d2', 'b', 'c', 'd1', 'odd', 'a']);
    expect(uids(result.before)).toEqual(['b', 'odd']);
    expect(uids(result.after)).toEqual(['c', 'a']);
    expect(result.atDepth.map((a) => [a.entry.uid, a.depth, a.role])).toEqual([
      ['d2', 4, 'system'],
      ['d1', 0, 'assistant'],
    ]);
  });

  it('keeps the book id on activated entries', () => {
    const result = activateLorebooks({
      books: [book('lore', [{ uid: 1, keys: ['x'], content: 'x' }])],
      entries: [{ uid: 2, keys: ['x'], content: 'y' }],
      messages: msgs('x'),
    });
    expect(result.activated.map((a) => [a.book, a.entry.uid])).toEqual([
      ['lore', 1],
      [undefined, 2],
    ]);
  });
});

describe('forced entries', () => {
  const books = [
    book('one', [
      { uid: 7, keys: ['never'], content: 'one-7' },
      { keys: ['never'], content: 'one-index-1', probability: 0 },
    ]),
    book('two', [
      { uid: 7, keys: ['never'], content: 'two-7' },
      { uid: 'off', keys: ['never'], content: 'off', disabled: true },
    ]),
  ];

  it('includes forced entries by uid (any book), by book and uid, or by index', () => {
    const byUid = activateLorebooks({ books, messages: [], forceActivate: [7] });
    expect(byUid.activated.map((a) => a.entry.content)).toEqual(['one-7', 'two-7']);
    expect(byUid.activated.every((a) => a.reason.kind === 'forced')).toBe(true);
    const byRef = activateLorebooks({ books, messages: [], forceActivate: [{ book: 'two', uid: '7' }] });
    expect(byRef.activated.map((a) => a.entry.content)).toEqual(['two-7']);
    // an entry without uid is named by its index in the book; forcing skips its 0% probability
    const byIndex = activateLorebooks({ books, messages: [], forceActivate: [{ book: 'one', uid: 1 }] });
    expect(byIndex.activated.map((a) => [a.entry.content, a.reason.kind])).toEqual([
      ['one-index-1', 'forced'],
    ]);
  });

  it('wins over a key match as the reason but never enables a disabled entry', () => {
    const result = activateLorebooks({
      books,
      messages: msgs('never'),
      forceActivate: [{ book: 'two', uid: 7 }, 'off'],
    });
    const two = result.trace.filter((t) => t.book === 'two');
    expect(two.map((t) => [t.entry.uid, t.activated, t.reason?.kind, t.skipped])).toEqual([
      [7, true, 'forced', undefined],
      ['off', false, undefined, 'disabled'],
    ]);
  });
});
