import type {
  WorldInfoEntry,
  WorldInfoEntryRef,
  WorldInfoTimedEffect,
  WorldInfoTimedEffectsState,
} from './types.js';

/**
 * Sticky, cooldown and delay, counted in chat messages as SillyTavern counts them (docs/world-info.md).
 *
 * A generation answering a chat of `count` messages first looks at the running effects: one whose messages
 * are gone (`count` < start) or whose generation is being made again (`count` = start, unless protected) is
 * dropped; one that reached its end is dropped — a sticky that ends starts the entry's cooldown there
 * (protected, so making this generation again keeps it); the others hold: sticky entries activate, cooldown
 * entries cannot. `delay` needs no state: an entry waits while the chat has fewer messages. After the
 * activation, each activated entry with `sticky` / `cooldown` starts them unless they already run.
 */

/** The key timed effects are stored under: `BOOK_ID.UID`, or `UID` for an entry outside books. */
export function timedEffectKey(ref: WorldInfoEntryRef): string {
  return ref.book !== undefined ? `${ref.book}.${ref.uid}` : String(ref.uid);
}

export function emptyTimedEffects(): WorldInfoTimedEffectsState {
  return { sticky: {}, cooldown: {} };
}

const positive = (n: unknown): number =>
  typeof n === 'number' && Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;

/** An entry's sticky / cooldown / delay length in messages (0 = off). */
export function timedLength(entry: WorldInfoEntry, effect: 'sticky' | 'cooldown' | 'delay'): number {
  return positive(entry[effect]);
}

const isEffect = (v: unknown): v is WorldInfoTimedEffect =>
  typeof v === 'object' &&
  v !== null &&
  Number.isFinite((v as WorldInfoTimedEffect).start) &&
  Number.isFinite((v as WorldInfoTimedEffect).end);

/** A copy of a state, keeping only well-formed effects (a stored state may come from anywhere). */
export function copyTimedEffects(state: unknown): WorldInfoTimedEffectsState {
  const out = emptyTimedEffects();
  if (typeof state !== 'object' || state === null) return out;
  for (const type of ['sticky', 'cooldown'] as const) {
    const effects = (state as Record<string, unknown>)[type];
    if (typeof effects !== 'object' || effects === null) continue;
    for (const [key, value] of Object.entries(effects)) {
      if (!isEffect(value)) continue;
      out[type][key] = {
        start: value.start,
        end: value.end,
        ...(value.protected ? { protected: true } : {}),
      };
    }
  }
  return out;
}

/** What holds for this generation: messages left per key. */
export interface TimedEffectsCheck {
  /** the state after dropping ended effects (and starting cooldowns of ended stickies) */
  state: WorldInfoTimedEffectsState;
  sticky: Map<string, number>;
  cooldown: Map<string, number>;
}

/**
 * Looks at the running effects for a chat of `count` messages. `entryOf` finds an entry by key (undefined for
 * entries no longer in the chat's books: their effects are kept until they would have ended, unused).
 */
export function checkTimedEffects(
  previous: WorldInfoTimedEffectsState | undefined,
  count: number,
  entryOf: (key: string) => WorldInfoEntry | undefined,
): TimedEffectsCheck {
  const state = copyTimedEffects(previous);
  const sticky = new Map<string, number>();
  const cooldown = new Map<string, number>();
  for (const type of ['sticky', 'cooldown'] as const) {
    // cooldowns started by ended stickies are added to state.cooldown before it is read
    for (const [key, effect] of Object.entries(state[type])) {
      const entry = entryOf(key);
      const gone = count < effect.start || (count === effect.start && !effect.protected);
      if (gone) {
        delete state[type][key];
        continue;
      }
      if (!entry) {
        if (count >= effect.end) delete state[type][key];
        continue;
      }
      if (timedLength(entry, type) === 0) {
        delete state[type][key];
        continue;
      }
      if (count >= effect.end) {
        delete state[type][key];
        const length = timedLength(entry, 'cooldown');
        if (type === 'sticky' && length > 0) {
          state.cooldown[key] = { start: count, end: count + length, protected: true };
        }
        continue;
      }
      (type === 'sticky' ? sticky : cooldown).set(key, effect.end - count);
    }
  }
  return { state, sticky, cooldown };
}

/**
 * Starts the sticky and cooldown of activated entries (those already running keep their end). Returns the
 * lengths started per key, for the trace.
 */
export function startTimedEffects(
  state: WorldInfoTimedEffectsState,
  count: number,
  activated: Array<{ key: string; entry: WorldInfoEntry }>,
): Map<string, { sticky?: number; cooldown?: number }> {
  const started = new Map<string, { sticky?: number; cooldown?: number }>();
  for (const { key, entry } of activated) {
    for (const type of ['sticky', 'cooldown'] as const) {
      const length = timedLength(entry, type);
      if (length === 0 || state[type][key]) continue;
      state[type][key] = { start: count, end: count + length };
      started.set(key, { ...started.get(key), [type]: length });
    }
  }
  return started;
}

/**
 * Joins the states two activations of one generation left (a turn activates before every model round, from
 * the same starting state): an effect either started is kept; where both have one, the later `start` wins.
 */
export function mergeTimedEffects(
  a: WorldInfoTimedEffectsState,
  b: WorldInfoTimedEffectsState,
): WorldInfoTimedEffectsState {
  const out = copyTimedEffects(a);
  for (const type of ['sticky', 'cooldown'] as const) {
    for (const [key, effect] of Object.entries(copyTimedEffects(b)[type])) {
      const mine = out[type][key];
      if (!mine || effect.start > mine.start) out[type][key] = effect;
    }
  }
  return out;
}
