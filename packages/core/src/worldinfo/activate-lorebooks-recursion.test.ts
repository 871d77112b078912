import { describe, expect, it } from 'vitest';
import { activateLorebooks } from './activate-lorebooks.js';
import type { WorldInfoEntry } from './types.js';

const msgs = (...texts: string[]) => texts.map((content) => ({ role: 'user', content }));
const uids = (list: Array<{ entry: WorldInfoEntry }>) => list.map((a) => a.entry.uid);

const chain = (): WorldInfoEntry[] => [
  { uid: 'a', keys: ['alpha'], content: 'Alpha knows bravo.' },
  { uid: 'b', keys: ['bravo'], content: 'Bravo fears charlie.' },
  { uid: 'c', keys: ['charlie'], content: 'Charlie hides delta.' },
  { uid: 'd', keys: ['delta'], content: 'Delta is the end.' },
];

describe('recursion', () => {
  it("activates entries from activated entries' content, recording depth and trigger", () => {
    const result = activateLorebooks({ entries: chain(), messages: msgs('tell me about alpha') });
    expect(uids(result.activated)).toEqual(['a', 'b', 'c', 'd']);
    expect(result.trace.map((t) => t.reason)).toEqual([
      { kind: 'key', key: 'alpha', match: 'alpha', messageIndex: 0 },
      { kind: 'recursion', depth: 1, key: 'bravo', match: 'bravo', triggeredBy: { uid: 'a' } },
      { kind: 'recursion', depth: 2, key: 'charlie', match: 'charlie', triggeredBy: { uid: 'b' } },
      { kind: 'recursion', depth: 3, key: 'delta', match: 'delta', triggeredBy: { uid: 'c' } },
    ]);
    expect(result.recursionDepth).toBe(3);
  });

  it('stops at the maximum depth, and can be turned off', () => {
    const two = activateLorebooks({ entries: chain(), messages: msgs('alpha'), recursion: { maxDepth: 2 } });
    expect(uids(two.activated)).toEqual(['a', 'b', 'c']);
    expect(two.trace[3]).toMatchObject({ activated: false, skipped: 'no_match' });
    expect(two.recursionDepth).toBe(2);
    const zero = activateLorebooks({ entries: chain(), messages: msgs('alpha'), recursion: { maxDepth: 0 } });
    expect(uids(zero.activated)).toEqual(['a']);
    const off = activateLorebooks({
      entries: chain(),
      messages: msgs('alpha'),
      recursion: { enabled: false },
    });
    expect(uids(off.activated)).toEqual(['a']);
    expect(off.recursionDepth).toBe(0);
  });

  it('the default bound is 3 rounds', () => {
    const entries = [...chain(), { uid: 'e', keys: ['end'], content: 'beyond' }];
    const result = activateLorebooks({ entries, messages: msgs('alpha') });
    expect(uids(result.activated)).toEqual(['a', 'b', 'c', 'd']);
    expect(result.trace[4].skipped).toBe('no_match');
  });

  it('terminates on cycles, activating each entry once', () => {
    const entries: WorldInfoEntry[] = [
      { uid: 'x', keys: ['ping'], content: 'pong' },
      { uid: 'y', keys: ['pong'], content: 'ping' },
    ];
    const result = activateLorebooks({ entries, messages: msgs('ping'), recursion: { maxDepth: 50 } });
    expect(uids(result.activated)).toEqual(['x', 'y']);
    expect(result.recursionDepth).toBe(1);
  });

  it('excludeRecursion: only the messages can activate the entry', () => {
    const entries: WorldInfoEntry[] = [
      ...chain().slice(0, 1),
      { uid: 'b', keys: ['bravo'], content: 'b', excludeRecursion: true },
    ];
    expect(uids(activateLorebooks({ entries, messages: msgs('alpha') }).activated)).toEqual(['a']);
    expect(uids(activateLorebooks({ entries, messages: msgs('alpha and bravo') }).activated)).toEqual([
      'a',
      'b',
    ]);
  });

  it("preventRecursion: the entry's content activates nothing", () => {
    const entries = chain();
    entries[0].preventRecursion = true;
    expect(uids(activateLorebooks({ entries, messages: msgs('alpha') }).activated)).toEqual(['a']);
    entries[0].preventRecursion = false;
    entries[1].preventRecursion = true;
    expect(uids(activateLorebooks({ entries, messages: msgs('alpha') }).activated)).toEqual(['a', 'b']);
  });

  it('lets constants and forced entries start recursion', () => {
    const entries: WorldInfoEntry[] = [
      { uid: 'k', keys: [], constant: true, content: 'The realm of bravo.' },
      { uid: 'f', keys: ['zzz'], content: 'Forced talk of charlie.' },
      ...chain().slice(1, 3),
    ];
    const result = activateLorebooks({ entries, messages: [], forceActivate: ['f'] });
    expect(result.trace.map((t) => [t.entry.uid, t.reason?.kind])).toEqual([
      ['k', 'constant'],
      ['f', 'forced'],
      ['b', 'recursion'],
      ['c', 'recursion'],
    ]);
    // charlie is in f's content (round 0), so c comes at depth 1, triggered by f
    expect(result.trace[3].reason).toMatchObject({ depth: 1, triggeredBy: { uid: 'f' } });
  });

  it('applies secondary logic over messages and content together, naming the entry that made it pass', () => {
    const entries: WorldInfoEntry[] = [
      { uid: 'a', keys: ['alpha'], content: 'Alpha knows bravo.' },
      { uid: 'p', keys: ['bravo'], secondaryKeys: ['night'], content: 'primary in content' },
      {
        uid: 's',
        keys: ['night'],
        secondaryKeys: ['bravo'],
        selectiveLogic: 'AND_ALL',
        content: 'secondary in content',
      },
      { uid: 'n', keys: ['bravo'], secondaryKeys: ['night'], selectiveLogic: 'NOT_ANY', content: 'rejected' },
      {
        uid: 'm',
        keys: ['night'],
        secondaryKeys: ['alpha', 'bravo'],
        selectiveLogic: 'AND_ALL',
        content: 'mixed',
      },
      // admitted before a (higher order), so its content is scanned first
      { uid: 'k', keys: [], constant: true, order: 500, content: 'nothing relevant' },
    ];
    const result = activateLorebooks({ entries, messages: msgs('alpha at night') });
    expect(result.trace[1].reason).toEqual({
      kind: 'recursion',
      depth: 1,
      key: 'bravo',
      match: 'bravo',
      triggeredBy: { uid: 'a' },
      logic: 'AND_ANY',
      secondaryMatches: ['night'],
    });
    expect(result.trace[2].reason).toMatchObject({
      kind: 'recursion',
      key: 'night',
      triggeredBy: { uid: 'a' },
      logic: 'AND_ALL',
      secondaryMatches: ['bravo'],
    });
    expect(result.trace[3]).toMatchObject({ activated: false, skipped: 'no_match', failedLogic: 'NOT_ANY' });
    // one secondary key in the messages, one in a's content: a made it pass
    expect(result.trace[4].reason).toMatchObject({
      kind: 'recursion',
      depth: 1,
      triggeredBy: { uid: 'a' },
      secondaryMatches: ['alpha', 'bravo'],
    });
  });

  it('names the book in the trigger reference and honours whole-word matching in content', () => {
    const result = activateLorebooks({
      books: [
        {
          id: 'lore',
          matchWholeWords: true,
          entries: [
            { uid: 1, keys: ['кот'], content: 'Кот любит рыбу и скотину.' },
            { uid: 2, keys: ['рыбу'], content: 'fish' },
            { uid: 3, keys: ['кот'], content: 'never by "скотину"', excludeRecursion: true },
            { uid: 4, keys: ['тину'], content: 'not a whole word' },
          ],
        },
      ],
      messages: msgs('мой кот'),
    });
    expect(uids(result.activated)).toEqual([1, 2, 3]);
    expect(result.trace[1].reason).toMatchObject({
      kind: 'recursion',
      triggeredBy: { book: 'lore', uid: 1 },
    });
    expect(result.trace[3].skipped).toBe('no_match');
  });
});
