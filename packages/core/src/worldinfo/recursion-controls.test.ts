import { describe, expect, it } from 'vitest';
import { activateLorebooks } from './activate-lorebooks.js';
import { passesCharacterFilter } from './character-filter.js';
import { createSeededRandom } from './random.js';
import type { WorldInfoEntry } from './types.js';

const msgs = (...texts: string[]) => texts.map((content) => ({ content }));
const active = (result: ReturnType<typeof activateLorebooks>) => result.activated.map((a) => a.entry.uid);

describe('delayUntilRecursion levels', () => {
  const book = (): WorldInfoEntry[] => [
    { uid: 'A', keys: ['alpha'], content: 'bravo and charlie' },
    // level 1: joins the first recursion round; its content is not scanned
    { uid: 'B', keys: ['bravo'], content: 'B text', delayUntilRecursion: true, preventRecursion: true },
    // level 2: joins once recursion reaches level 2 (here: when nothing is left to recurse on)
    { uid: 'C', keys: ['charlie'], content: 'C text', delayUntilRecursion: 2 },
    // level 2 with its key in the messages: a delayed entry scans the messages too, once its level comes
    { uid: 'D', keys: ['alpha'], content: 'D text', delayUntilRecursion: 2 },
    // never from recursion: "bravo" is only in A's content
    { uid: 'E', keys: ['bravo'], content: 'E text', excludeRecursion: true },
  ];

  it('round 0: A; round 1 (level 1): B from A; round 2 (level 2, nothing to recurse on): C from A, D from the messages', () => {
    const result = activateLorebooks({ entries: book(), messages: msgs('tell me of alpha') });
    expect(active(result)).toEqual(['A', 'B', 'C', 'D']);
    expect(result.trace.map((t) => t.reason)).toEqual([
      { kind: 'key', key: 'alpha', match: 'alpha', messageIndex: 0 },
      { kind: 'recursion', depth: 1, key: 'bravo', match: 'bravo', triggeredBy: { uid: 'A' } },
      { kind: 'recursion', depth: 2, key: 'charlie', match: 'charlie', triggeredBy: { uid: 'A' } },
      { kind: 'key', key: 'alpha', match: 'alpha', messageIndex: 0 },
      undefined,
    ]);
    expect(result.trace[4]).toMatchObject({ activated: false, skipped: 'no_match' });
    expect(result.recursionDepth).toBe(2);
  });

  it('a level recursion never reaches stays off, with its level in the trace', () => {
    const result = activateLorebooks({
      entries: book(),
      messages: msgs('alpha'),
      recursion: { maxDepth: 1 },
    });
    expect(active(result)).toEqual(['A', 'B']);
    expect(result.trace[2]).toMatchObject({ skipped: 'delayed_until_recursion', recursionLevel: 2 });
    const off = activateLorebooks({
      entries: book(),
      messages: msgs('alpha'),
      recursion: { enabled: false },
    });
    expect(active(off)).toEqual(['A']);
    expect(off.trace[1]).toMatchObject({ skipped: 'delayed_until_recursion', recursionLevel: 1 });
  });

  it('per-entry scanDepth, caseSensitive and matchWholeWords override the book and the activation', () => {
    const entries: WorldInfoEntry[] = [
      { uid: 'deep', keys: ['ship'], content: 'x', scanDepth: 3 },
      { uid: 'shallow', keys: ['ship'], content: 'x', scanDepth: 1 },
      { uid: 'case', keys: ['Ship'], content: 'x', caseSensitive: true, scanDepth: 3 },
      { uid: 'word', keys: ['hip'], content: 'x', matchWholeWords: true, scanDepth: 3 },
      { uid: 'part', keys: ['hip'], content: 'x', matchWholeWords: false, scanDepth: 3 },
    ];
    const result = activateLorebooks({
      books: [{ id: 'b', entries, matchWholeWords: true }],
      messages: msgs('the ship sails', 'two', 'three'),
      recursion: { enabled: false },
    });
    expect(active(result)).toEqual(['deep', 'part']);
  });
});

describe('probability, seeded per turn', () => {
  const entries = (): WorldInfoEntry[] => [
    { uid: 1, keys: ['x'], content: '1', probability: 50 },
    { uid: 2, keys: ['x'], content: '2', probability: 50 },
    { uid: 3, keys: ['x'], content: '3', probability: 50 },
    { uid: 4, keys: ['x'], content: '4', probability: 50, useProbability: false },
  ];

  it('seed 42 rolls 60.11, 44.83, 85.25: only entry 2 (44.83 < 50) passes; useProbability false needs no roll', () => {
    const run = () =>
      activateLorebooks({ entries: entries(), messages: msgs('x'), random: createSeededRandom(42) });
    const result = run();
    expect(active(result)).toEqual([2, 4]);
    expect(result.trace.map((t) => (t.roll === undefined ? undefined : Number(t.roll.toFixed(2))))).toEqual([
      60.11,
      44.83,
      85.25,
      undefined,
    ]);
    expect(active(run())).toEqual([2, 4]);
    // seed 7 rolls 1.17, 6.20, 97.69: 1 and 2 pass
    const seven = activateLorebooks({
      entries: entries(),
      messages: msgs('x'),
      random: createSeededRandom(7),
    });
    expect(active(seven)).toEqual([1, 2, 4]);
  });
});

describe('character filters', () => {
  const entry = (characterFilter: WorldInfoEntry['characterFilter']): WorldInfoEntry => ({
    keys: ['k'],
    content: 'c',
    characterFilter,
  });
  const seraphina = { id: 'ch_1', name: 'Seraphina', tags: ['Fantasy', 'healer'] };

  it('names (or ids) and tags, included or excluded', () => {
    expect(passesCharacterFilter(entry({ names: ['seraphina'] }), seraphina)).toBe(true);
    expect(passesCharacterFilter(entry({ names: ['ch_1'] }), seraphina)).toBe(true);
    expect(passesCharacterFilter(entry({ names: ['Aqua'] }), seraphina)).toBe(false);
    expect(passesCharacterFilter(entry({ names: ['Seraphina'], exclude: true }), seraphina)).toBe(false);
    expect(passesCharacterFilter(entry({ names: ['Aqua'], exclude: true }), seraphina)).toBe(true);
    expect(passesCharacterFilter(entry({ tags: ['fantasy'] }), seraphina)).toBe(true);
    expect(passesCharacterFilter(entry({ tags: ['sci-fi'] }), seraphina)).toBe(false);
    expect(passesCharacterFilter(entry({ tags: ['healer'], exclude: true }), seraphina)).toBe(false);
    // both lists must pass
    expect(passesCharacterFilter(entry({ names: ['Seraphina'], tags: ['sci-fi'] }), seraphina)).toBe(false);
    // no character: a name list keeps only exclude entries; tags are not applied
    expect(passesCharacterFilter(entry({ names: ['Seraphina'] }), undefined)).toBe(false);
    expect(passesCharacterFilter(entry({ names: ['Seraphina'], exclude: true }), undefined)).toBe(true);
    expect(passesCharacterFilter(entry({ tags: ['fantasy'] }), undefined)).toBe(true);
    expect(passesCharacterFilter(entry({}), undefined)).toBe(true);
  });

  it('in an activation: filtered entries are skipped with character_filter, even when forced', () => {
    const result = activateLorebooks({
      entries: [
        { uid: 'mine', ...entry({ names: ['Seraphina'] }) },
        { uid: 'theirs', ...entry({ names: ['Aqua'] }) },
      ],
      messages: msgs('k'),
      character: seraphina,
      forceActivate: ['theirs'],
    });
    expect(active(result)).toEqual(['mine']);
    expect(result.trace[1]).toMatchObject({ activated: false, skipped: 'character_filter' });
  });
});
