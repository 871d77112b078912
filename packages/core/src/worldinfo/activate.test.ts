import { describe, expect, it } from 'vitest';
import { assemblePrompt } from '../generate/assemble-prompt.js';
import type { GenerateContext, GenerateTaskOptions } from '../generate/types.js';
import { validateGenerateOptions } from '../generate/validate-options.js';
import {
  activateWorldInfo,
  createWorldInfoActivator,
  formatWorldInfo,
  minimalWorldInfoActivator,
  parseRegexKey,
} from './activate.js';
import type { Lorebook, LorebookActivation, WorldInfoEntry } from './types.js';

const msgs = (...texts: string[]) => texts.map((content) => ({ role: 'user', content }));

describe('activateWorldInfo', () => {
  it('matches plain keys case-insensitively as substrings and reports why', () => {
    const entries: WorldInfoEntry[] = [
      { uid: 1, keys: ['dragon'], content: 'Dragons hoard gold.' },
      { uid: 2, keys: ['castle'], content: 'The castle is old.' },
    ];
    const result = activateWorldInfo({ entries, messages: msgs('We saw the DRAGONS fly') });
    expect(result.activated.map((a) => a.entry.uid)).toEqual([1]);
    expect(result.activated[0].reason).toEqual({
      kind: 'key',
      key: 'dragon',
      match: 'DRAGON',
      messageIndex: 0,
    });
    expect(result.trace.map((t) => [t.entry.uid, t.activated, t.skipped])).toEqual([
      [1, true, undefined],
      [2, false, 'no_match'],
    ]);
  });

  it('honours case-sensitive entries', () => {
    const entries: WorldInfoEntry[] = [{ keys: ['Rose'], content: 'x', caseSensitive: true }];
    expect(activateWorldInfo({ entries, messages: msgs('a rose') }).activated).toHaveLength(0);
    expect(activateWorldInfo({ entries, messages: msgs('a Rose') }).activated).toHaveLength(1);
  });

  it('supports /regex/flags keys and reports invalid patterns', () => {
    const entries: WorldInfoEntry[] = [
      { uid: 'r', keys: ['/\\bki(ng|ngdom)s?\\b/i'], content: 'royal' },
      { uid: 's', keys: ['/^exact$/'], content: 'exact' },
      { uid: 'bad', keys: ['/(unclosed/'], content: 'never' },
      { uid: 'g', keys: ['/gold/g'], content: 'gold' },
    ];
    const result = activateWorldInfo({ entries, messages: msgs('Exact', 'the KINGDOM has gold, more gold') });
    expect(result.activated.map((a) => a.entry.uid)).toEqual(['r', 'g']);
    expect(result.activated[0].reason).toMatchObject({ match: 'KINGDOM', messageIndex: 1 });
    expect(result.trace.find((t) => t.entry.uid === 'bad')?.invalidKeys).toEqual(['/(unclosed/']);
    expect(parseRegexKey('plain')).toBeNull();
    expect(parseRegexKey('/a/q')).toBe('invalid');
  });

  it('activates constant entries without keys and skips disabled ones', () => {
    const entries: WorldInfoEntry[] = [
      { uid: 'c', keys: [], constant: true, content: 'always' },
      { uid: 'd', keys: ['hello'], disabled: true, content: 'off' },
      { uid: 'e', keys: [], content: 'no keys' },
    ];
    const result = activateWorldInfo({ entries, messages: msgs('hello') });
    expect(result.activated.map((a) => [a.entry.uid, a.reason.kind])).toEqual([['c', 'constant']]);
    expect(result.trace.map((t) => t.skipped)).toEqual([undefined, 'disabled', 'no_keys']);
  });

  it('scans only the latest messages (global and per-entry depth)', () => {
    const entries: WorldInfoEntry[] = [
      { uid: 'old', keys: ['apple'], content: 'a' },
      { uid: 'deep', keys: ['apple'], content: 'b', scanDepth: 3 },
      { uid: 'now', keys: ['pear'], content: 'c' },
    ];
    const messages = msgs('apple', 'nothing', 'pear');
    const result = activateWorldInfo({ entries, messages, scanDepth: 2 });
    expect(result.activated.map((a) => a.entry.uid)).toEqual(['deep', 'now']);
    expect(activateWorldInfo({ entries, messages, scanDepth: 0 }).activated.map((a) => a.entry.uid)).toEqual([
      'deep',
    ]);
  });

  it('sorts by order and splits before / after positions', () => {
    const entries: WorldInfoEntry[] = [
      { uid: 'a', keys: ['x'], content: 'A', order: 50, position: 'after' },
      { uid: 'b', keys: ['x'], content: 'B', order: 10 },
      { uid: 'c', keys: ['x'], content: 'C', order: 10, position: 'after' },
      { uid: 'd', keys: ['x'], content: 'D' },
    ];
    const result = activateWorldInfo({ entries, messages: msgs('x') });
    expect(result.activated.map((a) => a.entry.uid)).toEqual(['b', 'c', 'a', 'd']);
    expect(result.before.map((a) => a.entry.uid)).toEqual(['b', 'd']);
    expect(result.after.map((a) => a.entry.uid)).toEqual(['c', 'a']);
    expect(formatWorldInfo(result.before)).toBe('B\nD');
  });
});

describe('minimalWorldInfoActivator', () => {
  it('is the engine without recursion; activateWorldInfo recurses', async () => {
    const entries: WorldInfoEntry[] = [
      { uid: 'a', keys: ['alpha'], content: 'see bravo' },
      { uid: 'b', keys: ['bravo'], content: 'b' },
    ];
    const minimal = await minimalWorldInfoActivator.activate({ entries, messages: msgs('alpha') });
    expect(minimal.activated.map((a) => a.entry.uid)).toEqual(['a']);
    expect(activateWorldInfo({ entries, messages: msgs('alpha') }).activated.map((a) => a.entry.uid)).toEqual(
      ['a', 'b'],
    );
  });
});

describe('createWorldInfoActivator', () => {
  const books: Lorebook[] = [
    {
      id: 'lore',
      matchWholeWords: true,
      entries: [
        { uid: 1, keys: ['cat'], content: 'Cats purr.' },
        { uid: 2, keys: ['never'], content: 'Forced by the turn.' },
      ],
    },
  ];

  it("activates its books with the call's entries, forced entries and settings", async () => {
    let forced: Array<string | number> = [];
    const activator = createWorldInfoActivator({
      books: async () => books,
      forceActivate: () => forced,
      scanDepth: 1,
      budget: { limit: 100, unit: 'chars' },
    });
    const input = {
      entries: [{ uid: 'rt', keys: ['dog'], content: 'Dogs bark.' }],
      messages: msgs('cat dog', 'concatenate'),
    };
    const first = await activator.activate({ ...input, scanDepth: undefined });
    expect(first.activated).toEqual([]);
    forced = [2];
    const second = await activator.activate({ ...input, scanDepth: 2 });
    expect(second.activated.map((a) => [a.book, a.entry.uid, a.reason.kind])).toEqual([
      ['lore', 1, 'key'],
      ['lore', 2, 'forced'],
      [undefined, 'rt', 'key'],
    ]);
    expect((second as LorebookActivation).budget?.used).toBe(
      'Cats purr.Forced by the turn.Dogs bark.'.length,
    );
  });

  it('plugs into generateTask prompt assembly as worldInfoActivator', async () => {
    const ctx: GenerateContext = {
      connections: [],
      worldInfo: [{ uid: 'w', keys: ['tower'], content: 'Towers are tall.', position: 'after' }],
      worldInfoActivator: createWorldInfoActivator({ books, recursion: { maxDepth: 1 } }),
    };
    const options: GenerateTaskOptions = {
      taskMessages: [{ role: 'user', content: 'A cat in the tower.' }],
      worldInfoSource: 'task',
    };
    const { messages, worldInfo } = await assemblePrompt(ctx, options, validateGenerateOptions(options));
    expect(messages[0]).toEqual({ role: 'system', content: 'Cats purr.\n\nTowers are tall.' });
    expect(worldInfo?.trace.map((t) => [t.entry.uid, t.activated])).toEqual([
      [1, true],
      [2, false],
      ['w', true],
    ]);
  });
});
