import { describe, expect, it } from 'vitest';
import { activateLorebooks } from './activate-lorebooks.js';
import { createSeededRandom } from './random.js';
import type { WorldInfoEntry } from './types.js';

const msgs = (...texts: string[]) => texts.map((content) => ({ role: 'user', content }));

describe('createSeededRandom', () => {
  it('repeats for a seed, differs between seeds, and stays in [0, 1)', () => {
    const take = (seed: number) => {
      const r = createSeededRandom(seed);
      return Array.from({ length: 200 }, () => r());
    };
    expect(take(7)).toEqual(take(7));
    expect(take(7)).not.toEqual(take(8));
    const values = take(123);
    expect(values.every((v) => v >= 0 && v < 1)).toBe(true);
    // spread over the range rather than stuck in one corner
    expect(values.filter((v) => v < 0.5).length).toBeGreaterThan(60);
    expect(values.filter((v) => v >= 0.5).length).toBeGreaterThan(60);
  });
});

describe('probability', () => {
  it('activates when the roll (0–100) is below the probability', () => {
    const entries: WorldInfoEntry[] = [
      { uid: 'at', keys: ['x'], content: 'a', probability: 30 },
      { uid: 'above', keys: ['x'], content: 'b', probability: 31 },
    ];
    const result = activateLorebooks({ entries, messages: msgs('x'), random: () => 0.3 });
    expect(result.trace.map((t) => [t.entry.uid, t.activated, t.skipped])).toEqual([
      ['at', false, 'dropped_probability'],
      ['above', true, undefined],
    ]);
    expect(result.trace[0].roll).toBeCloseTo(30);
    expect(result.trace[1].roll).toBeCloseTo(30);
    expect(result.trace[0].reason).toEqual({ kind: 'key', key: 'x', match: 'x', messageIndex: 0 });
  });

  it('never rolls for 0, 100, a missing probability or useProbability: false', () => {
    let calls = 0;
    const random = () => {
      calls++;
      return 0.99;
    };
    const entries: WorldInfoEntry[] = [
      { uid: 'zero', keys: ['x'], content: 'a', probability: 0 },
      { uid: 'full', keys: ['x'], content: 'b', probability: 100 },
      { uid: 'none', keys: ['x'], content: 'c' },
      { uid: 'off', keys: ['x'], content: 'd', probability: 1, useProbability: false },
      { uid: 'const', keys: [], constant: true, content: 'e', probability: 0 },
    ];
    const result = activateLorebooks({ entries, messages: msgs('x'), random });
    expect(calls).toBe(0);
    expect(result.trace.map((t) => t.skipped)).toEqual([
      'dropped_probability',
      undefined,
      undefined,
      undefined,
      'dropped_probability',
    ]);
    expect(result.trace[0].roll).toBeUndefined();
  });

  it('is reproducible with a seeded RNG, rolling in priority order', () => {
    const entries: WorldInfoEntry[] = Array.from({ length: 40 }, (_, i) => ({
      uid: i,
      keys: ['x'],
      content: `e${i}`,
      probability: 50,
      order: (i * 7) % 13,
    }));
    const run = () => activateLorebooks({ entries, messages: msgs('x'), random: createSeededRandom(42) });
    const first = run();
    expect(run().trace).toEqual(first.trace);

    // replay the generator by hand in the documented order: higher order first, then input order
    const rolls = createSeededRandom(42);
    const expected = new Map<number, boolean>();
    const byPriority = [...entries].sort((a, b) => b.order! - a.order! || Number(a.uid) - Number(b.uid));
    for (const e of byPriority) expected.set(e.uid as number, rolls() * 100 < 50);
    expect(first.trace.map((t) => t.activated)).toEqual(entries.map((e) => expected.get(e.uid as number)));
    const kept = first.activated.length;
    expect(kept).toBeGreaterThan(5);
    expect(kept).toBeLessThan(35);
    expect(
      activateLorebooks({ entries, messages: msgs('x'), random: createSeededRandom(43) }).trace,
    ).not.toEqual(first.trace);
  });

  it('does not retry an entry that failed its roll when recursion finds it again', () => {
    let call = 0;
    // first roll misses; any later roll would hit
    const random = () => (call++ === 0 ? 0.9 : 0);
    const entries: WorldInfoEntry[] = [
      { uid: 'p', keys: ['gate'], content: 'the gate opens', probability: 50 },
      { uid: 'c', keys: [], constant: true, content: 'a gate stands here' },
    ];
    const result = activateLorebooks({ entries, messages: msgs('gate'), random });
    expect(result.trace[0].skipped).toBe('dropped_probability');
    expect(call).toBe(1);
  });
});
