import { BudgetMeter } from './budget.js';
import { decideInclusionGroups, entryGroups } from './inclusion-groups.js';
import { KeyCache } from './keys.js';
import {
  type Candidate,
  collectCandidates,
  DEFAULT_DEPTH,
  DEFAULT_MAX_RECURSION_DEPTH,
  DEFAULT_ORDER,
  type Match,
  screenCandidates,
} from './lorebook-candidates.js';
import {
  type EntryMatch,
  type EntryMatchResult,
  EntryScanner,
  hasKeys,
  type ScanSource,
  scanSource,
} from './match-entry.js';
import { checkTimedEffects, startTimedEffects } from './timed-effects.js';
import type {
  ActivatedWorldInfoEntry,
  LorebookActivation,
  LorebookActivationInput,
  WorldInfoActivationReason,
  WorldInfoEntryRef,
} from './types.js';

export {
  DEFAULT_DEPTH,
  DEFAULT_MAX_RECURSION_DEPTH,
  DEFAULT_ORDER,
  DEFAULT_SCAN_DEPTH,
  entryAllowsGenerationType,
  entryTriggers,
  recursionDelayLevel,
} from './lorebook-candidates.js';

const POSITIONS = new Set<string>(['before', 'after', 'depth']);

const priority = (c: Candidate) => c.entry.order ?? DEFAULT_ORDER;

/**
 * The lorebook activation engine, SillyTavern's rules (docs/world-info.md).
 *
 * Round 0 activates forced entries, running stickies, constants and entries whose keys (with their
 * secondary-key logic) occur in the latest `scanDepth` messages. Each later round (up to
 * `recursion.maxDepth`) scans the content the previous round activated (except `preventRecursion` ones) for
 * entries still pending (except `excludeRecursion` ones); `delayUntilRecursion` entries wait for the round of
 * their level (when nothing is left to recurse on, the next level still gets a round). Within a round, the
 * matches are ordered — forced, sticky, then higher `order`, then input order —, one per inclusion group is
 * kept, then each rolls its probability (forced and sticky entries do not) and takes its cost from the budget;
 * once an entry does not fit, it and everything after it are dropped and recursion stops. Group losers stay
 * pending and may compete again in a later round. With `timedEffects`, sticky / cooldown / delay apply and
 * the activation returns the state to keep.
 */
export function activateLorebooks(input: LorebookActivationInput): LorebookActivation {
  const texts = input.messages.map((m) =>
    (typeof m === 'string' ? m : String(m?.content ?? '')).normalize('NFC'),
  );
  const candidates = collectCandidates(input);
  const byKey = new Map(candidates.map((c) => [c.key, c]));
  const timed = input.timedEffects
    ? checkTimedEffects(input.timedEffects.state, input.timedEffects.messageCount, (k) => byKey.get(k)?.entry)
    : undefined;
  screenCandidates(candidates, input, new Map((input.books ?? []).map((b) => [b.id, b])), timed);
  const cache = new KeyCache();
  const random = input.random ?? Math.random;
  const meter = input.budget ? new BudgetMeter(input.budget, input.countTokens) : undefined;
  const recursionOn = input.recursion?.enabled ?? true;
  const maxRecursion = recursionOn
    ? Math.max(0, input.recursion?.maxDepth ?? DEFAULT_MAX_RECURSION_DEPTH)
    : 0;
  const active: Candidate[] = [];
  // SillyTavern takes the levels of every entry, whatever its state
  const levels = [...new Set(candidates.map((c) => c.delayLevel).filter((l) => l > 0))].sort((a, b) => a - b);
  let level = levels.shift() ?? 0;

  // newest first, so a reason names the latest mention; shared by every entry (each scans its depth)
  const messageSources: ScanSource[] = texts
    .map((text, i) => scanSource(text, { messageIndex: i }))
    .reverse();
  const recursionSources: ScanSource[] = [];
  const scanners = new Map<Candidate, EntryScanner>();
  const scannerOf = (c: Candidate) => {
    let scanner = scanners.get(c);
    if (!scanner) {
      scanner = new EntryScanner(c.entry, c.keyOptions, cache);
      scanners.set(c, scanner);
    }
    return scanner;
  };
  /** Scans what this entry has not seen yet: its messages, then the recursion contents so far. */
  const scanNew = (c: Candidate, withRecursion: boolean) => {
    const fresh = c.scannedMessages ? [] : messageSources.slice(0, c.scanDepth);
    c.scannedMessages = true;
    if (withRecursion) {
      fresh.push(...recursionSources.slice(c.recursionSeen));
      c.recursionSeen = recursionSources.length;
    }
    return scannerOf(c).scan(fresh);
  };

  /** Keeps one entry per group, rolls and budgets this round's matches in order; returns those admitted. */
  const admit = (round: Match[]): Candidate[] => {
    round.sort(
      (a, b) =>
        Number(b.c.forced) - Number(a.c.forced) ||
        Number(b.c.sticky !== undefined) - Number(a.c.sticky !== undefined) ||
        priority(b.c) - priority(a.c) ||
        a.c.index - b.c.index,
    );
    const contenders = round.map(({ c }) => ({
      entry: c.entry,
      ref: c.ref,
      forced: c.forced,
      sticky: c.sticky !== undefined,
      score: () => scannerOf(c).score(),
    }));
    const outcomes = decideInclusionGroups(contenders, {
      activeGroups: new Set(active.flatMap((c) => entryGroups(c.entry))),
      useGroupScoring: input.useGroupScoring === true,
      random,
    });
    const groupOf = new Map(round.map(({ c }, i) => [c, outcomes.get(contenders[i])]));
    const admitted: Candidate[] = [];
    for (const { c, reason } of round) {
      const item = c.trace;
      item.reason = reason;
      const group = groupOf.get(c);
      if (group) item.group = group;
      if (group && !group.won) {
        // stays pending: it may compete again in a later round
        item.skipped = 'group_lost';
        continue;
      }
      const probability = c.entry.useProbability === false ? 100 : (c.entry.probability ?? 100);
      if (!c.forced && c.sticky === undefined && probability < 100) {
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
        if (!meter.admit(item.cost, c.forced)) {
          c.state = 'done';
          item.skipped = 'dropped_budget';
          continue;
        }
      }
      c.state = 'active';
      item.activated = true;
      delete item.skipped;
      delete item.failedLogic;
      delete item.recursionLevel;
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

  // round 0: forced, sticky, constants, keys in the messages
  const round0: Match[] = [];
  for (const c of candidates) {
    if (c.state !== 'pending') continue;
    if (c.forced) {
      round0.push({ c, reason: { kind: 'forced' } });
    } else if (c.sticky !== undefined) {
      round0.push({ c, reason: { kind: 'sticky', remaining: c.sticky } });
    } else if (c.delayLevel > 0) {
      c.trace.skipped = 'delayed_until_recursion';
      c.trace.recursionLevel = c.delayLevel;
    } else if (c.entry.constant) {
      round0.push({ c, reason: { kind: 'constant' } });
    } else if (!hasKeys(c.entry)) {
      c.state = 'done';
      c.trace.skipped = 'no_keys';
    } else {
      const result = scanNew(c, false);
      if (result.invalidKeys.length) c.trace.invalidKeys = result.invalidKeys;
      if (result.match) round0.push({ c, reason: directReason(result.match) });
      else noteMiss(c, result);
    }
  }
  /** Group losers whose group now has an active entry can never win: their first loss stays in the trace. */
  const settleLosers = () => {
    const groups = new Set(active.flatMap((c) => entryGroups(c.entry)));
    for (const c of candidates) {
      if (
        c.state === 'pending' &&
        c.trace.skipped === 'group_lost' &&
        groups.has(c.trace.group?.name ?? '')
      ) {
        c.state = 'done';
      }
    }
  };
  let admitted = admit(round0);
  active.push(...admitted);
  settleLosers();

  let recursionDepth = 0;
  for (let depth = 1; depth <= maxRecursion && !meter?.overflowed; depth++) {
    // only the contents the last round added: earlier ones were already scanned by every pending entry
    const fresh = admitted
      .filter((c) => !c.entry.preventRecursion && String(c.entry.content ?? '').trim() !== '')
      .map((c) => scanSource(String(c.entry.content).normalize('NFC'), { from: c.ref }));
    if (fresh.length === 0) {
      // nothing new to recurse on: the next delayed level still gets its round (SillyTavern's rule)
      if (levels.length === 0) break;
      level = levels.shift()!;
    }
    recursionSources.push(...fresh);
    const round: Match[] = [];
    for (const c of candidates) {
      if (c.state !== 'pending' || c.entry.excludeRecursion) continue;
      if (c.delayLevel > level) continue;
      // a delayed constant, or a constant that lost its group before
      if (c.entry.constant) {
        round.push({ c, reason: { kind: 'constant' } });
        continue;
      }
      if (!hasKeys(c.entry)) {
        c.state = 'done';
        c.trace.skipped = 'no_keys';
        continue;
      }
      const result = scanNew(c, true);
      if (result.invalidKeys.length) c.trace.invalidKeys = result.invalidKeys;
      if (!result.match) {
        noteMiss(c, result);
        continue;
      }
      round.push({ c, reason: recursionReason(result.match, depth, fresh[0]?.from ?? c.ref) });
    }
    admitted = admit(round);
    active.push(...admitted);
    settleLosers();
    if (admitted.length) recursionDepth = depth;
  }

  const activation = buildActivation(candidates, active, meter, recursionDepth);
  if (input.timedEffects && timed) {
    const started = startTimedEffects(
      timed.state,
      input.timedEffects.messageCount,
      active.map((c) => ({ key: c.key, entry: c.entry })),
    );
    for (const c of active) {
      const s = started.get(c.key);
      if (s) c.trace.started = s;
    }
    activation.timedEffects = timed.state;
  }
  return activation;
}

/** A match found in a recursion round: by an entry's content, or (a delayed entry, a group loser) the messages. */
function recursionReason(
  m: EntryMatch,
  depth: number,
  fallback: WorldInfoEntryRef,
): WorldInfoActivationReason {
  if (m.source.messageIndex !== undefined && !m.secondarySource?.from) return directReason(m);
  const triggeredBy = m.source.from ?? m.secondarySource?.from ?? fallback;
  return {
    kind: 'recursion',
    depth,
    key: m.key,
    match: m.match,
    triggeredBy,
    ...(m.logic ? { logic: m.logic, secondaryMatches: m.secondaryMatches } : {}),
  };
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
