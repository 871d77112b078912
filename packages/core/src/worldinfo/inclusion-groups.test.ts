import { describe, expect, it } from 'vitest';
import { activateLorebooks } from './activate-lorebooks.js';
import { createSeededRandom } from './random.js';
import type { WorldInfoEntry, WorldInfoTimedEffectsState } from './types.js';

const msgs = (...texts: string[]) => texts.map((content) => ({ content }));
/** a random source that returns the given values in turn */
const fixed =
  (...values: number[]) =>
  () =>
    values.shift() ?? 0;
const active = (result: ReturnType<typeof activateLorebooks>) => result.activated.map((a) => a.entry.uid);

const weather = (): WorldInfoEntry[] => [
  { uid: 'rain', keys: ['weather'], content: 'It rains.', group: 'weather', groupWeight: 100 },
  { uid: 'sun', keys: ['weather'], content: 'The sun shines.', group: 'weather', groupWeight: 300 },
];

describe('inclusion groups', () => {
  it('weighted roll: the first entry whose running weight reaches roll × total wins', () => {
    // total 400: 0.2 → 80 ≤ 100 → rain; 0.5 → 200 > 100, ≤ 400 → sun
    const rain = activateLorebooks({ entries: weather(), messages: msgs('weather?'), random: fixed(0.2) });
    expect(active(rain)).toEqual(['rain']);
    expect(rain.trace[1]).toMatchObject({
      activated: false,
      skipped: 'group_lost',
      group: {
        name: 'weather',
        won: false,
        rule: 'weight',
        roll: 80,
        totalWeight: 400,
        weight: 300,
        winner: { uid: 'rain' },
      },
    });
    expect(rain.trace[0].group).toMatchObject({ won: true, rule: 'weight', roll: 80 });
    const sun = activateLorebooks({ entries: weather(), messages: msgs('weather?'), random: fixed(0.5) });
    expect(active(sun)).toEqual(['sun']);
  });

  it('a seeded roll is the same every time (seed 42: first value 0.601104 → 240.4 of 400 → sun)', () => {
    for (let i = 0; i < 3; i++) {
      const result = activateLorebooks({
        entries: weather(),
        messages: msgs('weather'),
        random: createSeededRandom(42),
      });
      expect(active(result)).toEqual(['sun']);
      expect(result.trace[1].group?.roll).toBeCloseTo(240.44, 1);
    }
  });

  it('groupOverride: the overriding entry with the highest order wins, whatever the weights', () => {
    const entries: WorldInfoEntry[] = [
      { uid: 'a', keys: ['x'], content: 'a', group: 'g', groupOverride: true, order: 10, groupWeight: 1000 },
      { uid: 'b', keys: ['x'], content: 'b', group: 'g', groupOverride: true, order: 50 },
      { uid: 'c', keys: ['x'], content: 'c', group: 'g', order: 99 },
    ];
    const result = activateLorebooks({ entries, messages: msgs('x'), random: fixed(0) });
    expect(active(result)).toEqual(['b']);
    expect(result.trace[0].group).toMatchObject({ rule: 'override', won: false, winner: { uid: 'b' } });
    expect(result.trace[2].group).toMatchObject({ rule: 'override', won: false });
  });

  it('scoring: scored entries with fewer key matches lose; a tie goes to the weighted roll', () => {
    const entries: WorldInfoEntry[] = [
      { uid: 'a', keys: ['castle', 'king'], content: 'a', group: 'court' },
      { uid: 'b', keys: ['castle'], content: 'b', group: 'court' },
      { uid: 'c', keys: ['castle', 'queen', 'king'], content: 'c', group: 'court' },
    ];
    const message = msgs('The king rides to the castle.');
    // scores: a 2, b 1, c 2 → b loses; a and c roll (0 → the first, a)
    const result = activateLorebooks({ entries, messages: message, useGroupScoring: true, random: fixed(0) });
    expect(active(result)).toEqual(['a']);
    expect(result.trace[1].group).toMatchObject({ rule: 'score', won: false, score: 1, bestScore: 2 });
    expect(result.trace[2].group).toMatchObject({ rule: 'weight', won: false });
    // scoring per entry: only c is scored, so b (unscored) stays in the roll with a and c
    const perEntry = activateLorebooks({
      entries: entries.map((e) => (e.uid === 'c' ? { ...e, useGroupScoring: true } : e)),
      messages: message,
      random: fixed(0.5),
    });
    // three entries of weight 100: 0.5 × 300 = 150 → the second, b
    expect(active(perEntry)).toEqual(['b']);
    // secondary keys count for AND_ANY: a finds king + crown
    const secondary = activateLorebooks({
      entries: [
        { uid: 'a', keys: ['castle'], secondaryKeys: ['crown', 'throne'], content: 'a', group: 'court' },
        { uid: 'b', keys: ['castle', 'king'], content: 'b', group: 'court' },
      ],
      messages: msgs('the castle, the king, the crown'),
      useGroupScoring: true,
      random: fixed(0.99),
    });
    // a: 1 + 1 = 2, b: 2 → tie → 0.99 × 200 = 198 → b
    expect(active(secondary)).toEqual(['b']);
    expect(secondary.trace[0].group).toMatchObject({ rule: 'weight' });
  });

  it('a sticky member keeps its group; the others lose', () => {
    const state: WorldInfoTimedEffectsState = { sticky: { 'bk.sun': { start: 1, end: 9 } }, cooldown: {} };
    const [rain, sun] = weather();
    const result = activateLorebooks({
      books: [{ id: 'bk', entries: [rain, { ...sun, sticky: 5 }] }],
      messages: msgs('weather'),
      random: fixed(0),
      timedEffects: { state, messageCount: 3 },
    });
    expect(active(result)).toEqual(['sun']);
    expect(result.trace[0].group).toMatchObject({
      rule: 'sticky',
      won: false,
      winner: { book: 'bk', uid: 'sun' },
    });
  });

  it('a group with an entry active from an earlier round takes no more; a loser whose winner failed its roll competes again', () => {
    const entries: WorldInfoEntry[] = [
      { uid: 'door', keys: ['door'], content: 'Behind the door: a key.', group: 'room' },
      { uid: 'key', keys: ['key'], content: 'A key.', group: 'room' },
    ];
    const result = activateLorebooks({ entries, messages: msgs('the door'), random: fixed(0) });
    expect(active(result)).toEqual(['door']);
    expect(result.trace[1]).toMatchObject({ skipped: 'group_lost', group: { rule: 'already_active' } });

    const retry: WorldInfoEntry[] = [
      { uid: 'w', keys: ['storm'], content: 'w', group: 'sky', probability: 10 },
      { uid: 'l', keys: ['storm'], content: 'l', group: 'sky' },
      { uid: 't', keys: ['storm'], content: 'The trigger of a second round.' },
    ];
    // round 0: w wins the roll (0 → first), then rolls 50 ≥ 10 and fails; t activates. round 1: l alone → wins
    const second = activateLorebooks({ entries: retry, messages: msgs('storm'), random: fixed(0, 0.5) });
    expect(active(second)).toEqual(['l', 't']);
    expect(second.trace[0]).toMatchObject({ skipped: 'dropped_probability', roll: 50 });
    expect(second.trace[1]).toMatchObject({ activated: true, group: { rule: 'alone', won: true } });
  });

  it('an entry in two groups must win both; forced members win their groups', () => {
    const entries: WorldInfoEntry[] = [
      { uid: 1, keys: ['go'], content: '1', group: 'a, b', order: 500 },
      { uid: 2, keys: ['go'], content: '2', group: 'a' },
      { uid: 3, keys: ['go'], content: '3', group: 'b', groupOverride: true },
    ];
    // order 500 first: group a: [1, 2] roll 0 → 1; group b: [1, 3] → 3 overrides, 1 loses b. Left: 3
    const once = { entries, messages: msgs('go'), random: fixed(0), recursion: { enabled: false } };
    const result = activateLorebooks(once);
    expect(active(result)).toEqual([3]);
    expect(result.trace[0].group).toMatchObject({
      name: 'b',
      rule: 'override',
      won: false,
      winner: { uid: 3 },
    });
    expect(result.trace[1].group).toMatchObject({
      name: 'a',
      rule: 'weight',
      won: false,
      winner: { uid: 1 },
    });
    // with recursion, 2 competes again in round 1: group a has no active entry, 2 is alone and wins
    const again = activateLorebooks({ ...once, recursion: undefined, random: fixed(0) });
    expect(active(again)).toEqual([2, 3]);
    expect(again.trace[1].group).toMatchObject({ name: 'a', rule: 'alone', won: true });
    const forced = activateLorebooks({ ...once, forceActivate: [2] });
    expect(active(forced)).toEqual([2, 3]);
    expect(forced.trace[0].group).toMatchObject({
      name: 'a',
      rule: 'forced',
      won: false,
      winner: { uid: 2 },
    });
  });
});
