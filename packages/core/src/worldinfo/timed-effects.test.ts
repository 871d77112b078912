import { describe, expect, it } from 'vitest';
import { activateLorebooks } from './activate-lorebooks.js';
import { mergeTimedEffects } from './timed-effects.js';
import type { Lorebook, WorldInfoEntry, WorldInfoTimedEffectsState, WorldInfoTraceItem } from './types.js';

/**
 * A chat as SillyTavern counts it: turn t answers a chat of 2t − 1 messages (t user messages and t − 1
 * replies). Each turn's state goes into the next, as the server keeps it per chat.
 */
function runTurns(entries: WorldInfoEntry[], userTexts: string[], first?: WorldInfoTimedEffectsState) {
  const book: Lorebook = { id: 'b', entries };
  let state = first;
  const turns: Array<{ count: number; trace: WorldInfoTraceItem[]; state: WorldInfoTimedEffectsState }> = [];
  const chat: string[] = [];
  userTexts.forEach((text, t) => {
    if (t > 0) chat.push('(reply)');
    chat.push(text);
    const result = activateLorebooks({
      books: [book],
      messages: chat.map((content) => ({ content })),
      scanDepth: 1,
      timedEffects: { state, messageCount: chat.length },
    });
    state = result.timedEffects!;
    turns.push({ count: chat.length, trace: result.trace, state });
  });
  return turns;
}

/** What happened to the first entry in a turn, in one word (with messages left for timed effects). */
function outcome(item: WorldInfoTraceItem): string {
  if (item.activated) return item.reason?.kind === 'sticky' ? `sticky(${item.reason.remaining})` : 'key';
  if (item.timed) return `${item.skipped}(${item.timed.remaining})`;
  return item.skipped ?? '?';
}

describe('timed effects: sticky, cooldown, delay counted in chat messages', () => {
  it('sticky 3 + cooldown 2, the key mentioned every turn, over 7 turns', () => {
    const dragon: WorldInfoEntry = { uid: 1, keys: ['dragon'], content: 'A dragon.', sticky: 3, cooldown: 2 };
    const turns = runTurns([dragon], Array(7).fill('the dragon'));
    // T1 (1 msg) fires: sticky [1,4), cooldown [1,3). T2 (3): sticky holds, 1 left. T3 (5): the sticky ended at
    // 4 → cooldown [5,7) (protected) → held back, 2 left. T4 (7): free again, fires: sticky [7,10). T5 (9):
    // sticky, 1 left. T6 (11): cooldown [11,13). T7 (13): fires.
    expect(turns.map((t) => outcome(t.trace[0]))).toEqual([
      'key',
      'sticky(1)',
      'cooldown(2)',
      'key',
      'sticky(1)',
      'cooldown(2)',
      'key',
    ]);
    expect(turns[0].state).toEqual({
      sticky: { 'b.1': { start: 1, end: 4 } },
      cooldown: { 'b.1': { start: 1, end: 3 } },
    });
    expect(turns[0].trace[0].started).toEqual({ sticky: 3, cooldown: 2 });
    expect(turns[2].state).toEqual({
      sticky: {},
      cooldown: { 'b.1': { start: 5, end: 7, protected: true } },
    });
    expect(turns[3].state.sticky).toEqual({ 'b.1': { start: 7, end: 10 } });
  });

  it('a sticky entry stays without its key; sticky 5 over 6 turns', () => {
    const oath: WorldInfoEntry = { uid: 'oath', keys: ['oath'], content: 'The oath binds.', sticky: 5 };
    const turns = runTurns([oath], ['I swear an oath', 'hello', 'how are you', 'fine', 'bye', 'again']);
    // fired at 1 → [1,6): counts 3 and 5 are inside (3 and 1 left), 7 is past the end
    expect(turns.map((t) => outcome(t.trace[0]))).toEqual([
      'key',
      'sticky(3)',
      'sticky(1)',
      'no_match',
      'no_match',
      'no_match',
    ]);
    expect(turns[3].state).toEqual({ sticky: {}, cooldown: {} });
  });

  it('cooldown without sticky: held back for N messages after it fired', () => {
    const bell: WorldInfoEntry = { uid: 2, keys: ['bell'], content: 'The bell rings.', cooldown: 4 };
    const turns = runTurns([bell], Array(6).fill('ring the bell'));
    // fired at 1 → cooldown [1,5): 3 (2 left) held; 5 free → fires → [5,9): 7 (2 left) held; 9 fires; 11 held
    expect(turns.map((t) => outcome(t.trace[0]))).toEqual([
      'key',
      'cooldown(2)',
      'key',
      'cooldown(2)',
      'key',
      'cooldown(2)',
    ]);
  });

  it('delay: not before the chat has N messages', () => {
    const late: WorldInfoEntry = { uid: 3, keys: ['moon'], content: 'The moon rises.', delay: 5 };
    const turns = runTurns([late], Array(4).fill('look at the moon'));
    expect(turns.map((t) => outcome(t.trace[0]))).toEqual(['delay(4)', 'delay(2)', 'key', 'key']);
  });

  it('a sticky entry needs no roll and is admitted before others under a budget', () => {
    const sticky: WorldInfoEntry = { uid: 's', keys: ['omen'], content: 'x'.repeat(40), sticky: 9, order: 1 };
    const rich: WorldInfoEntry = { uid: 'r', keys: ['gold'], content: 'y'.repeat(40), order: 500 };
    const state: WorldInfoTimedEffectsState = { sticky: { 'b.s': { start: 1, end: 10 } }, cooldown: {} };
    const result = activateLorebooks({
      books: [{ id: 'b', entries: [{ ...sticky, probability: 0 }, rich] }],
      messages: [{ content: 'gold' }, { content: '(reply)' }, { content: 'gold again' }],
      budget: { limit: 50, unit: 'chars' },
      timedEffects: { state, messageCount: 3 },
    });
    expect(result.trace[0]).toMatchObject({ activated: true, reason: { kind: 'sticky', remaining: 7 } });
    expect(result.trace[0].roll).toBeUndefined();
    expect(result.trace[1]).toMatchObject({ activated: false, skipped: 'dropped_budget' });
  });

  it('regenerating the same generation drops what it started; deleted messages drop effects past them', () => {
    const dragon: WorldInfoEntry = { uid: 1, keys: ['dragon'], content: 'A dragon.', sticky: 3, cooldown: 2 };
    const book: Lorebook = { id: 'b', entries: [dragon] };
    const first = activateLorebooks({
      books: [book],
      messages: [{ content: 'the dragon' }],
      timedEffects: { messageCount: 1 },
    });
    // the same chat length again (a regenerate or swipe): the effects this generation started are gone, and
    // the entry is decided afresh — here the user edited the message
    const again = activateLorebooks({
      books: [book],
      messages: [{ content: 'a cat' }],
      timedEffects: { state: first.timedEffects, messageCount: 1 },
    });
    expect(again.trace[0]).toMatchObject({ activated: false, skipped: 'no_match' });
    expect(again.timedEffects).toEqual({ sticky: {}, cooldown: {} });
    // a protected cooldown survives a redo at its start, but not a chat cut shorter than its start
    const protectedState: WorldInfoTimedEffectsState = {
      sticky: {},
      cooldown: { 'b.1': { start: 5, end: 7, protected: true } },
    };
    const redo = activateLorebooks({
      books: [book],
      messages: [{ content: 'dragon' }],
      timedEffects: { state: protectedState, messageCount: 5 },
    });
    expect(redo.trace[0]).toMatchObject({ skipped: 'cooldown', timed: { effect: 'cooldown', remaining: 2 } });
    const cut = activateLorebooks({
      books: [book],
      messages: [{ content: 'dragon' }],
      timedEffects: { state: protectedState, messageCount: 3 },
    });
    expect(cut.trace[0]).toMatchObject({ activated: true, reason: { kind: 'key' } });
  });

  it("keeps an effect of an entry no longer in the books until it would have ended; drops an entry's effect once it has no such setting", () => {
    const state: WorldInfoTimedEffectsState = {
      sticky: { 'gone.1': { start: 1, end: 6 }, 'b.1': { start: 1, end: 6 } },
      cooldown: {},
    };
    const plain: WorldInfoEntry = { uid: 1, keys: ['x'], content: 'x' };
    const result = activateLorebooks({
      books: [{ id: 'b', entries: [plain] }],
      messages: [{ content: 'nothing' }],
      timedEffects: { state, messageCount: 3 },
    });
    expect(result.timedEffects).toEqual({ sticky: { 'gone.1': { start: 1, end: 6 } }, cooldown: {} });
    expect(result.trace[0].skipped).toBe('no_match');
  });

  it('forced entries ignore cooldown and delay, and start their effects', () => {
    const entry: WorldInfoEntry = { uid: 4, keys: ['k'], content: 'c', cooldown: 3, delay: 10 };
    const result = activateLorebooks({
      books: [{ id: 'b', entries: [entry] }],
      messages: [{ content: 'none' }],
      forceActivate: [{ book: 'b', uid: 4 }],
      timedEffects: { state: { sticky: {}, cooldown: { 'b.4': { start: 1, end: 9 } } }, messageCount: 3 },
    });
    expect(result.trace[0]).toMatchObject({ activated: true, reason: { kind: 'forced' } });
  });

  it('merges the states of two rounds of one generation', () => {
    const a: WorldInfoTimedEffectsState = { sticky: { x: { start: 3, end: 5 } }, cooldown: {} };
    const b: WorldInfoTimedEffectsState = { sticky: {}, cooldown: { y: { start: 3, end: 4 } } };
    expect(mergeTimedEffects(a, b)).toEqual({
      sticky: { x: { start: 3, end: 5 } },
      cooldown: { y: { start: 3, end: 4 } },
    });
  });
});
