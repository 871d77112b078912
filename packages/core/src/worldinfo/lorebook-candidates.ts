// The entries a generation considers, each with its settings resolved (entry over book over request), and
// the screening that rules out what cannot activate this time (disabled, generation type, filters, timers).
import { passesCharacterFilter } from './character-filter.js';
import type { KeyOptions } from './keys.js';
import { type TimedEffectsCheck, timedEffectKey, timedLength } from './timed-effects.js';
import type {
  Lorebook,
  LorebookActivationInput,
  WorldInfoActivationReason,
  WorldInfoEntry,
  WorldInfoEntryRef,
  WorldInfoSkipReason,
  WorldInfoTraceItem,
} from './types.js';

export const DEFAULT_SCAN_DEPTH = 2;
export const DEFAULT_ORDER = 100;
export const DEFAULT_DEPTH = 4;
export const DEFAULT_MAX_RECURSION_DEPTH = 3;

export interface Candidate {
  index: number;
  entry: WorldInfoEntry;
  book?: string;
  ref: WorldInfoEntryRef;
  key: string;
  keyOptions: KeyOptions;
  scanDepth: number;
  trace: WorldInfoTraceItem;
  /** pending: may still activate by recursion; active; done: decided against */
  state: 'pending' | 'active' | 'done';
  forced: boolean;
  /** messages left of a running sticky */
  sticky?: number;
  /** delayUntilRecursion as a level (0 = not delayed) */
  delayLevel: number;
  /** whether its messages were scanned, and how many recursion contents it has seen */
  scannedMessages: boolean;
  recursionSeen: number;
}

export type Match = { c: Candidate; reason: WorldInfoActivationReason };

/** `delayUntilRecursion` as a level: true = 1, a number ≥ 1 = that level, else 0 (not delayed). */
export function recursionDelayLevel(entry: WorldInfoEntry): number {
  const v = entry.delayUntilRecursion;
  if (v === true) return 1;
  return typeof v === 'number' && Number.isFinite(v) && v >= 1 ? Math.floor(v) : 0;
}

export function collectCandidates(input: LorebookActivationInput): Candidate[] {
  const candidates: Candidate[] = [];
  const defaults = {
    caseSensitive: input.caseSensitive ?? false,
    matchWholeWords: input.matchWholeWords ?? false,
    scanDepth: input.scanDepth ?? DEFAULT_SCAN_DEPTH,
  };
  const add = (entry: WorldInfoEntry, localIndex: number, book?: Lorebook) => {
    const trace: WorldInfoTraceItem = { entry, activated: false };
    if (book) trace.book = book.id;
    const ref = book ? { book: book.id, uid: entry.uid ?? localIndex } : { uid: entry.uid ?? localIndex };
    candidates.push({
      index: candidates.length,
      entry,
      book: book?.id,
      ref,
      key: timedEffectKey(ref),
      keyOptions: {
        caseSensitive: entry.caseSensitive ?? book?.caseSensitive ?? defaults.caseSensitive,
        matchWholeWords: entry.matchWholeWords ?? book?.matchWholeWords ?? defaults.matchWholeWords,
      },
      scanDepth: Math.max(0, entry.scanDepth ?? book?.scanDepth ?? defaults.scanDepth),
      trace,
      state: 'pending',
      forced: false,
      delayLevel: recursionDelayLevel(entry),
      scannedMessages: false,
      recursionSeen: 0,
    });
  };
  for (const book of input.books ?? []) {
    for (const [i, entry] of (Array.isArray(book.entries) ? book.entries : []).entries()) add(entry, i, book);
  }
  for (const [i, entry] of (input.entries ?? []).entries()) add(entry, i);
  return candidates;
}

/** Marks what cannot activate in this generation: disabled, other generation types, filters, timed effects. */
export function screenCandidates(
  candidates: Candidate[],
  input: LorebookActivationInput,
  books: ReadonlyMap<string, Lorebook>,
  timed: TimedEffectsCheck | undefined,
): void {
  const count = input.timedEffects?.messageCount;
  for (const c of candidates) {
    const skip = (reason: WorldInfoSkipReason) => {
      c.state = 'done';
      c.trace.skipped = reason;
    };
    c.forced = isForced(c, input.forceActivate);
    if (c.entry.disabled || (c.book !== undefined && books.get(c.book)?.disabled)) skip('disabled');
    else if (!entryAllowsGenerationType(c.entry, input.generationType)) skip('trigger');
    else if (!passesCharacterFilter(c.entry, input.character)) skip('character_filter');
    if (c.state === 'done' || c.forced) continue;
    const delay = timedLength(c.entry, 'delay');
    const sticky = timed?.sticky.get(c.key);
    const cooldown = timed?.cooldown.get(c.key);
    if (count !== undefined && delay > 0 && count < delay) {
      skip('delay');
      c.trace.timed = { effect: 'delay', remaining: delay - count };
    } else if (sticky !== undefined) {
      c.sticky = sticky;
      c.trace.timed = { effect: 'sticky', remaining: sticky };
    } else if (cooldown !== undefined) {
      skip('cooldown');
      c.trace.timed = { effect: 'cooldown', remaining: cooldown };
    }
  }
}

function isForced(c: Candidate, forced: LorebookActivationInput['forceActivate']): boolean {
  return (forced ?? []).some((f) =>
    typeof f === 'object' && f !== null
      ? String(f.uid) === String(c.ref.uid) && (f.book === undefined || f.book === c.book)
      : String(f) === String(c.ref.uid),
  );
}

/** An entry's generation-type filter, wherever an import left it; empty = every type. */
export function entryTriggers(entry: WorldInfoEntry): string[] {
  const raw = entry.triggers ?? entry.passthrough?.triggers ?? entry.extensions?.triggers;
  return Array.isArray(raw) ? raw.filter((t): t is string => typeof t === 'string') : [];
}

/** Whether an entry may activate for a generation type (no type given: every entry may). */
export function entryAllowsGenerationType(entry: WorldInfoEntry, type: string | undefined): boolean {
  if (!type) return true;
  const triggers = entryTriggers(entry);
  return triggers.length === 0 || triggers.includes(type);
}
