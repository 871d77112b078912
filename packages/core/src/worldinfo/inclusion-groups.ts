import type { WorldInfoEntry, WorldInfoEntryRef, WorldInfoGroupOutcome } from './types.js';

/** SillyTavern's default group weight. */
export const DEFAULT_GROUP_WEIGHT = 100;

/** An entry's inclusion groups: its `group` split at commas, trimmed, empties dropped. */
export function entryGroups(entry: WorldInfoEntry): string[] {
  if (typeof entry.group !== 'string') return [];
  return entry.group
    .split(',')
    .map((g) => g.trim())
    .filter((g) => g !== '');
}

/** One entry of a round that matched, as the group contest sees it. */
export interface GroupContender {
  entry: WorldInfoEntry;
  ref: WorldInfoEntryRef;
  sticky: boolean;
  forced: boolean;
  /** the key-match score, asked only for groups that use scoring */
  score: () => number;
}

export interface GroupContestOptions {
  /** groups with an entry activated in an earlier round of this activation */
  activeGroups: ReadonlySet<string>;
  /** scoring for every group (entries' own `useGroupScoring` win) */
  useGroupScoring: boolean;
  random: () => number;
}

/**
 * Picks one entry per inclusion group among a round's matches, as SillyTavern does (docs/world-info.md):
 * contenders are given in the round's order (forced, sticky, then priority). For each group, in the order
 * groups first appear: a group with forced or sticky members keeps them all and takes no other; a group
 * that already has an active entry takes no more; with scoring, scored members below the best score lose;
 * then one of those left wins — the `groupOverride` member with the highest order, else a roll weighted by
 * `groupWeight`. Returns the outcome for every contender in a group (losers' first lost contest, or their win).
 */
export function decideInclusionGroups(
  contenders: GroupContender[],
  options: GroupContestOptions,
): Map<GroupContender, WorldInfoGroupOutcome> {
  const outcomes = new Map<GroupContender, WorldInfoGroupOutcome>();
  const groups = new Map<string, GroupContender[]>();
  for (const c of contenders) {
    for (const name of entryGroups(c.entry)) {
      const members = groups.get(name);
      if (members) members.push(c);
      else groups.set(name, [c]);
    }
  }
  const lost = (c: GroupContender) => outcomes.get(c)?.won === false;
  const lose = (c: GroupContender, outcome: Omit<WorldInfoGroupOutcome, 'won'>) => {
    if (!lost(c)) outcomes.set(c, { ...outcome, won: false });
  };
  const win = (c: GroupContender, outcome: Omit<WorldInfoGroupOutcome, 'won'>) => {
    if (!outcomes.has(c)) outcomes.set(c, { ...outcome, won: true });
  };

  for (const [name, all] of groups) {
    // an entry that lost in an earlier group is out of this one too
    const members = all.filter((c) => !lost(c));
    if (members.length === 0) continue;
    // forced and sticky members are kept, all of them; the others lose to them
    const keepers = members.filter((c) => c.forced || c.sticky);
    if (keepers.length > 0) {
      const rule = keepers[0].forced ? 'forced' : 'sticky';
      for (const c of members) {
        if (keepers.includes(c)) win(c, { name, rule: c.forced ? 'forced' : 'sticky' });
        else lose(c, { name, rule, winner: keepers[0].ref });
      }
      continue;
    }
    if (options.activeGroups.has(name)) {
      for (const c of members) lose(c, { name, rule: 'already_active' });
      continue;
    }
    let left = members;
    const scored = (c: GroupContender) => c.entry.useGroupScoring ?? options.useGroupScoring;
    if (options.useGroupScoring || members.some((c) => c.entry.useGroupScoring === true)) {
      const scores = new Map(members.map((c) => [c, c.score()]));
      const best = Math.max(...scores.values());
      left = members.filter((c) => !scored(c) || scores.get(c)! >= best);
      for (const c of members) {
        if (!left.includes(c)) lose(c, { name, rule: 'score', score: scores.get(c), bestScore: best });
      }
      if (left.length === 1) {
        win(left[0], { name, rule: 'score', score: scores.get(left[0]), bestScore: best });
        continue;
      }
    }
    if (left.length === 1) {
      win(left[0], { name, rule: 'alone' });
      continue;
    }
    const overriding = left.filter((c) => c.entry.groupOverride === true);
    if (overriding.length > 0) {
      // the highest order wins; ties go to the first in the round's order
      const winner = overriding.reduce((best, c) =>
        (c.entry.order ?? 100) > (best.entry.order ?? 100) ? c : best,
      );
      for (const c of left) {
        if (c === winner) win(c, { name, rule: 'override' });
        else lose(c, { name, rule: 'override', winner: winner.ref });
      }
      continue;
    }
    const weightOf = (c: GroupContender) => {
      const w = c.entry.groupWeight;
      return typeof w === 'number' && Number.isFinite(w) && w >= 0 ? w : DEFAULT_GROUP_WEIGHT;
    };
    const totalWeight = left.reduce((sum, c) => sum + weightOf(c), 0);
    const roll = options.random() * totalWeight;
    let cumulative = 0;
    // the first whose running total reaches the roll; with every weight 0 the first one
    const winner =
      left.find((c) => {
        cumulative += weightOf(c);
        return roll <= cumulative;
      }) ?? left[0];
    for (const c of left) {
      const facts = { name, rule: 'weight' as const, roll, totalWeight, weight: weightOf(c) };
      if (c === winner) win(c, facts);
      else lose(c, { ...facts, winner: winner.ref });
    }
  }
  return outcomes;
}
