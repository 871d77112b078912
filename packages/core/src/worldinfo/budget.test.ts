import { describe, expect, it } from 'vitest';
import { activateLorebooks } from './activate-lorebooks.js';
import { estimateWorldInfoTokens } from './budget.js';
import type { WorldInfoEntry } from './types.js';

const msgs = (...texts: string[]) => texts.map((content) => ({ role: 'user', content }));
const uids = (list: Array<{ entry: WorldInfoEntry }>) => list.map((a) => a.entry.uid);
const chars = (n: number, c = 'a') => c.repeat(n);

describe('estimateWorldInfoTokens', () => {
  it('counts about four characters per token, one per Han / kana / Hangul character', () => {
    expect(estimateWorldInfoTokens('')).toBe(0);
    expect(estimateWorldInfoTokens('abcd')).toBe(1);
    expect(estimateWorldInfoTokens('abcde')).toBe(2);
    expect(estimateWorldInfoTokens('東京タワー')).toBe(5);
    expect(estimateWorldInfoTokens('東京 tower')).toBe(2 + 2);
  });
});

describe('budget', () => {
  it('drops the lowest-priority entries first and reports what was used', () => {
    const entries: WorldInfoEntry[] = [
      { uid: 'low', keys: ['x'], content: chars(10), order: 10 },
      { uid: 'high', keys: ['x'], content: chars(10), order: 30 },
      { uid: 'mid', keys: ['x'], content: chars(10), order: 20 },
    ];
    const result = activateLorebooks({ entries, messages: msgs('x'), budget: { limit: 25, unit: 'chars' } });
    expect(uids(result.activated)).toEqual(['mid', 'high']);
    expect(result.trace.map((t) => [t.entry.uid, t.skipped, t.cost])).toEqual([
      ['low', 'dropped_budget', 10],
      ['high', undefined, 10],
      ['mid', undefined, 10],
    ]);
    expect(result.trace[0].reason?.kind).toBe('key');
    expect(result.budget).toEqual({ limit: 25, unit: 'chars', used: 20, overflowed: true });
  });

  it('once something does not fit, drops everything of lower priority too', () => {
    const entries: WorldInfoEntry[] = [
      { uid: 'first', keys: ['x'], content: chars(10), order: 30 },
      { uid: 'big', keys: ['x'], content: chars(20), order: 20 },
      { uid: 'tiny', keys: ['x'], content: chars(1), order: 10 },
    ];
    const result = activateLorebooks({ entries, messages: msgs('x'), budget: { limit: 15, unit: 'chars' } });
    expect(uids(result.activated)).toEqual(['first']);
    expect(result.trace.map((t) => t.skipped)).toEqual([undefined, 'dropped_budget', 'dropped_budget']);
  });

  it('counts tokens with the injected counter (default unit tokens)', () => {
    const words = (text: string) => text.split(/\s+/).filter(Boolean).length;
    const entries: WorldInfoEntry[] = [
      { uid: 'a', keys: ['x'], content: 'one two three', order: 2 },
      { uid: 'b', keys: ['x'], content: 'four five', order: 1 },
    ];
    const fits = activateLorebooks({
      entries,
      messages: msgs('x'),
      budget: { limit: 5 },
      countTokens: words,
    });
    expect(uids(fits.activated)).toEqual(['b', 'a']);
    expect(fits.budget).toEqual({ limit: 5, unit: 'tokens', used: 5, overflowed: false });
    const tight = activateLorebooks({
      entries,
      messages: msgs('x'),
      budget: { limit: 4 },
      countTokens: words,
    });
    expect(uids(tight.activated)).toEqual(['a']);
    // the default estimator: 13 chars → 4 tokens, 9 chars → 3 tokens
    const estimated = activateLorebooks({ entries, messages: msgs('x'), budget: { limit: 6 } });
    expect(estimated.trace.map((t) => t.cost)).toEqual([4, 3]);
    expect(uids(estimated.activated)).toEqual(['a']);
  });

  it('never drops forced entries but counts them', () => {
    const entries: WorldInfoEntry[] = [
      { uid: 'f', keys: ['zzz'], content: chars(30), order: 1 },
      { uid: 'k', keys: ['x'], content: chars(5), order: 99 },
    ];
    const result = activateLorebooks({
      entries,
      messages: msgs('x'),
      forceActivate: ['f'],
      budget: { limit: 20, unit: 'chars' },
    });
    expect(result.trace.map((t) => [t.entry.uid, t.activated, t.skipped])).toEqual([
      ['f', true, undefined],
      ['k', false, 'dropped_budget'],
    ]);
    expect(result.budget?.used).toBe(30);
  });

  it('gives direct matches priority over recursion and stops recursion once full', () => {
    const entries: WorldInfoEntry[] = [
      { uid: 'a', keys: ['alpha'], content: 'about bravo', order: 1 },
      { uid: 'b', keys: ['bravo'], content: 'about charlie, quite long', order: 1000 },
      { uid: 'c', keys: ['charlie'], content: 'c' },
      { uid: 'z', keys: ['zulu'], content: 'zz', order: 0 },
    ];
    const result = activateLorebooks({
      entries,
      messages: msgs('alpha zulu'),
      budget: { limit: 20, unit: 'chars' },
    });
    expect(uids(result.activated)).toEqual(['z', 'a']);
    expect(result.trace.map((t) => [t.entry.uid, t.skipped])).toEqual([
      ['a', undefined],
      ['b', 'dropped_budget'],
      ['c', 'no_match'],
      ['z', undefined],
    ]);
    expect(result.trace[1].reason).toMatchObject({ kind: 'recursion', depth: 1 });
    expect(result.recursionDepth).toBe(0);
  });

  it('rolls probability before taking budget, so a missed roll costs nothing', () => {
    const entries: WorldInfoEntry[] = [
      { uid: 'lucky', keys: ['x'], content: chars(10), order: 50, probability: 10 },
      { uid: 'next', keys: ['x'], content: chars(10), order: 40 },
    ];
    const result = activateLorebooks({
      entries,
      messages: msgs('x'),
      random: () => 0.5,
      budget: { limit: 10, unit: 'chars' },
    });
    expect(result.trace.map((t) => t.skipped)).toEqual(['dropped_probability', undefined]);
  });
});
