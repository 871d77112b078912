import { BudgetMeter } from './budget.js';
import { KeyCache, type KeyOptions } from './keys.js';
import {
  type EntryMatch,
  type EntryMatchResult,
  EntryScanner,
  hasKeys,
  type ScanSource,
  scanSource,
} from './match-entry.js';
import type {
  ActivatedWorldInfoEntry,
  Lorebook,
  LorebookActivation,
  LorebookActivationInput,
  WorldInfoActivationReason,
  WorldInfoEntry,
  WorldInfoEntryRef,
  WorldInfoTraceItem,
} from './types.js';

export const DEFAULT_SCAN_DEPTH = 2;
export const DEFAULT_ORDER = 100;
export const DEFAULT_DEPTH = 4;
export const DEFAULT_MAX_RECURSION_DEPTH = 3;

interface Candidate {
  index: number;
  entry: WorldInfoEntry;
  book?: string;
  ref: WorldInfoEntryRef;
  keyOptions: KeyOptions;
  scanDepth: number;
  trace: WorldInfoTraceItem;
  /** pending: may still activate by recursion; active; done: decided against */
  state: 'pending' | 'active' | 'done';
}

function collectCandidates(input: LorebookActivationInput): Candidate[] {
  const candidates: Candidate[] = [];
  const defaults = {
    caseSensitive: input.caseSensitive ?? false,
    matchWholeWords: input.matchWholeWords ?? false,
    scanDepth: input.scanDepth ?? DEFAULT_SCAN_DEPTH,
  };
  const add = (entry: WorldInfoEntry, localIndex: number, book?: Lorebook) => {
    const trace: WorldInfoTraceItem = { entry, activated: false };
    if (book) trace.book = book.id;
    candidates.push({
      index: candidates.length,
      entry,
      book: book?.id,
      ref: book ? { book: book.id, uid: entry.uid ?? localIndex } : { uid: entry.uid ?? localIndex },
      keyOptions: {
        caseSensitive: entry.caseSensitive ?? book?.caseSensitive ?? defaults.caseSensitive,
        matchWholeWords: entry.matchWholeWords ?? book?.matchWholeWords ?? defaults.matchWholeWords,
      },
      scanDepth: Math.max(0, entry.scanDepth ?? book?.scanDepth ?? defaults.scanDepth),
      trace,
      state: 'pending',
    });
    if (entry.disabled || book?.disabled) {
      trace.skipped = 'disabled';
      candidates[candidates.length - 1].state = 'done';
    } else if (!entryAllowsGenerationType(entry, input.generationType)) {
      trace.skipped = 'trigger';
      candidates[candidates.length - 1].state = 'done';
    }
  };
  for (const book of input.books ?? []) {
    for (const [i, entry] of (Array.isArray(book.entries) ? book.entries : []).entries()) add(entry, i, book);
  }
  for (const [i, entry] of (input.entries ?? []).entries()) add(entry, i);
  return candidates;
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

function isForced(c: Candidate, forced: LorebookActivationInput['forceActivate']): boolean {
  return (forced ?? []).some((f) =>
    typeof f === 'object' && f !== null
      ? String(f.uid) === String(c.ref.uid) && (f.book === undefined || f.book === c.book)
      : String(f) === String(c.ref.uid),
  );
}

const POSITIONS = new Set<string>(['before', 'after', 'depth']);

const priority = (c: Candidate) => c.entry.order ?? DEFAULT_ORDER;

/**
 * The lorebook activation engine (SillyTavern-compatible in spirit).
 *
 * Round 0 activates forced entries, constants and entries whose keys (with their secondary-key logic) occur
 * in the latest `scanDepth` messages. Each later round (up to `recursion.maxDepth`) scans the content of
 * the entries activated so far (except `preventRecursion` ones) for entries not yet active (except
 * `excludeRecursion` ones). Within a round, entries are admitted by priority — forced first, then higher
 * `order`, then input order — each rolling its probability and then taking its cost from the budget; once
 * an entry does not fit, it and everything after it are dropped and recursion stops. Forced entries skip
 * the roll and are never dropped (their cost still counts). Entries that fail a roll are not retried.
 */
export function activateLorebooks(input: LorebookActivationInput): LorebookActivation {
  const texts = input.messages.map((m) =>
    (typeof m === 'string' ? m : String(m?.content ?? '')).normalize('NFC'),
  );
  const candidates = collectCandidates(input);
  const cache = new KeyCache();
  const random = input.random ?? Math.random;
  const meter = input.budget ? new BudgetMeter(input.budget, input.countTokens) : undefined;
  const recursionOn = input.recursion?.enabled ?? true;
  const maxRecursion = recursionOn
    ? Math.max(0, input.recursion?.maxDepth ?? DEFAULT_MAX_RECURSION_DEPTH)
    : 0;
  const active: Candidate[] = [];
  const forced = new Set(candidates.filter((c) => isForced(c, input.forceActivate)));

  // newest first, so a reason names the latest mention; shared by every entry (each scans its depth)
  const messageSources: ScanSource[] = texts
    .map((text, i) => scanSource(text, { messageIndex: i }))
    .reverse();
  const scanners = new Map<Candidate, EntryScanner>();
  const scannerOf = (c: Candidate) => {
    let scanner = scanners.get(c);
    if (!scanner) {
      scanner = new EntryScanner(c.entry, c.keyOptions, cache);
      scanners.set(c, scanner);
    }
    return scanner;
  };

  /** Rolls and budgets this round's matches in priority order; returns those admitted. */
  const admit = (round: Array<{ c: Candidate; reason: WorldInfoActivationReason }>): Candidate[] => {
    round.sort(
      (a, b) =>
        Number(forced.has(b.c)) - Number(forced.has(a.c)) ||
        priority(b.c) - priority(a.c) ||
        a.c.index - b.c.index,
    );
    const admitted: Candidate[] = [];
    for (const { c, reason } of round) {
      const item = c.trace;
      item.reason = reason;
      const isForcedEntry = forced.has(c);
      const probability = c.entry.useProbability === false ? 100 : (c.entry.probability ?? 100);
      if (!isForcedEntry && probability < 100) {
        const roll = probability <= 0 ? undefined : random() * 100;
        if (roll !== undefined) item.roll = roll;
        if (roll === undefined || roll >= probability) {
          c.state = 'done';
          item.skipped = 'dropped_probability';
          continue;
        }
      }
      if (meter) {
        item.cost = meter.cost(c.entry.content ?? '');
        if (!meter.admit(item.cost, isForcedEntry)) {
          c.state = 'done';
          item.skipped = 'dropped_budget';
          continue;
        }
      }
      c.state = 'active';
      item.activated = true;
      delete item.skipped;
      delete item.failedLogic;
      admitted.push(c);
    }
    return admitted;
  };

  const noteMiss = (c: Candidate, result: EntryMatchResult) => {
    if (result.invalidKeys.length) c.trace.invalidKeys = result.invalidKeys;
    if (result.failedLogic) c.trace.failedLogic = result.failedLogic;
    else delete c.trace.failedLogic;
    c.trace.skipped = result.failedLogic || !result.invalidKeys.length ? 'no_match' : 'invalid_regex';
  };

  // round 0: forced, constants, keys in the messages
  const round0: Array<{ c: Candidate; reason: WorldInfoActivationReason }> = [];
  for (const c of candidates) {
    if (c.state !== 'pending') continue;
    if (forced.has(c)) {
      round0.push({ c, reason: { kind: 'forced' } });
    } else if (c.entry.constant) {
      round0.push({ c, reason: { kind: 'constant' } });
    } else if (!hasKeys(c.entry)) {
      c.state = 'done';
      c.trace.skipped = 'no_keys';
    } else {
      const result = scannerOf(c).scan(messageSources.slice(0, c.scanDepth));
      if (result.invalidKeys.length) c.trace.invalidKeys = result.invalidKeys;
      if (result.match) round0.push({ c, reason: directReason(result.match) });
      else noteMiss(c, result);
    }
  }
  let admitted = admit(round0);
  active.push(...admitted);

  let recursionDepth = 0;
  for (let depth = 1; depth <= maxRecursion && admitted.length && !meter?.overflowed; depth++) {
    // only the contents the last round added: earlier ones were already scanned by every pending entry
    const recursive: ScanSource[] = admitted
      .filter((c) => !c.entry.preventRecursion && String(c.entry.content ?? '').trim() !== '')
      .map((c) => scanSource(String(c.entry.content).normalize('NFC'), { from: c.ref }));
    if (!recursive.length) break;
    const round: Array<{ c: Candidate; reason: WorldInfoActivationReason }> = [];
    for (const c of candidates) {
      if (c.state !== 'pending' || c.entry.excludeRecursion) continue;
      // every entry still pending scanned its messages in round 0
      const result = scannerOf(c).scan(recursive);
      if (!result.match) {
        noteMiss(c, result);
        continue;
      }
      const m = result.match;
      const triggeredBy = m.source.from ?? m.secondarySource?.from ?? recursive[0].from!;
      round.push({
        c,
        reason: {
          kind: 'recursion',
          depth,
          key: m.key,
          match: m.match,
          triggeredBy,
          ...(m.logic ? { logic: m.logic, secondaryMatches: m.secondaryMatches } : {}),
        },
      });
    }
    admitted = admit(round);
    active.push(...admitted);
    if (admitted.length) recursionDepth = depth;
  }

  return buildActivation(candidates, active, meter, recursionDepth);
}

function directReason(m: EntryMatch): WorldInfoActivationReason {
  const messageIndex = m.source.messageIndex ?? -1;
  if (!m.logic) return { kind: 'key', key: m.key, match: m.match, messageIndex };
  return {
    kind: 'secondary',
    key: m.key,
    match: m.match,
    messageIndex,
    logic: m.logic,
    secondaryMatches: m.secondaryMatches ?? [],
  };
}

function buildActivation(
  candidates: Candidate[],
  active: Candidate[],
  meter: BudgetMeter | undefined,
  recursionDepth: number,
): LorebookActivation {
  // insertion order: lower order first; ties keep input order
  const sorted = [...active].sort((a, b) => priority(a) - priority(b) || a.index - b.index);
  const activated: ActivatedWorldInfoEntry[] = sorted.map((c) => {
    // unknown positions (foreign imports) fall back to before the card rather than vanishing
    const position = POSITIONS.has(c.entry.position as string) ? c.entry.position! : 'before';
    const item: ActivatedWorldInfoEntry = { entry: c.entry, position, reason: c.trace.reason! };
    if (c.book !== undefined) item.book = c.book;
    if (position === 'depth') {
      item.depth = Math.max(0, c.entry.depth ?? DEFAULT_DEPTH);
      item.role = c.entry.role ?? 'system';
    }
    return item;
  });
  const result: LorebookActivation = {
    activated,
    before: activated.filter((a) => a.position === 'before'),
    after: activated.filter((a) => a.position === 'after'),
    atDepth: activated.filter((a) => a.position === 'depth'),
    trace: candidates.map((c) => c.trace),
    recursionDepth,
  };
  if (meter) {
    result.budget = { limit: meter.limit, unit: meter.unit, used: meter.used, overflowed: meter.overflowed };
  }
  return result;
}
