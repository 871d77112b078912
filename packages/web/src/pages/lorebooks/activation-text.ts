// Plain-language lines for a world-info activation trace: which entry, and why it was (or was not) used.
import type { ActivationEntryName, ActivationReason, WorldInfoActivationTrace } from '../../api/types';

/** "Book › Title" (or the uid when the entry has no title). */
export function entryLabel(entry: ActivationEntryName): string {
  const title = entry.title.trim() || (entry.uid === null ? 'entry' : `entry ${entry.uid}`);
  return entry.bookName ? `${entry.bookName} › ${title}` : title;
}

/** Why an entry activated, in a sentence. */
export function reasonText(reason: ActivationReason): string {
  switch (reason.kind) {
    case 'constant':
      return 'constant (always active)';
    case 'forced':
      return 'forced by a tool this turn';
    case 'key':
      return `key “${reason.key}” matched “${reason.match}”`;
    case 'secondary':
      return `key “${reason.key}” matched “${reason.match}”, secondary logic ${reason.logic}${
        reason.secondaryMatches.length > 0
          ? ` (${reason.secondaryMatches.map((m) => `“${m}”`).join(', ')})`
          : ''
      }`;
    case 'sticky':
      return `sticky, ${reason.remaining} ${reason.remaining === 1 ? 'message' : 'messages'} left`;
    case 'recursion':
      return `recursion round ${reason.depth}: key “${reason.key}” found in another entry (${
        reason.triggeredBy.uid
      })`;
  }
}

const SKIPPED: Record<string, string> = {
  disabled: 'disabled',
  trigger: 'not for this generation type (triggers)',
  no_match: 'no key matched',
  no_keys: 'no keys',
  invalid_regex: 'invalid regular expression',
  dropped_budget: 'dropped: over the budget',
  dropped_probability: 'dropped: probability roll missed',
  character_filter: 'not for this character (character filter)',
  delay: 'delayed',
  cooldown: 'cooling down',
  delayed_until_recursion: 'waits for recursion',
  group_lost: 'lost its inclusion group',
};

const messages = (n: number) => `${n} ${n === 1 ? 'message' : 'messages'}`;

type TraceItem = WorldInfoActivationTrace['trace'][number];

/** The inclusion-group contest, in words: who won and by which rule. */
function groupText(item: TraceItem): string {
  const g = item.group;
  if (!g) return '';
  const winner = g.winner !== undefined ? ` to entry ${g.winner.uid}` : '';
  switch (g.rule) {
    case 'score':
      return ` “${g.name}”${winner}: ${g.score} keys matched, the best had ${g.bestScore}`;
    case 'weight':
      return ` “${g.name}”${winner}: weighted roll (weight ${g.weight} of ${g.totalWeight})`;
    case 'override':
      return ` “${g.name}”${winner}: it prioritises (group override)`;
    case 'already_active':
      return ` “${g.name}”: another entry of the group is already active`;
    default:
      return ` “${g.name}”${winner}: ${g.rule} entry stays`;
  }
}

/** Timed-effect details: "cooling down, 2 messages left". */
function timedText(item: TraceItem): string {
  if (item.timed?.effect === 'delay') return `, the chat needs ${messages(item.timed.remaining)} more`;
  if (item.timed) return `, ${messages(item.timed.remaining)} left`;
  return '';
}

export type TraceLine = { label: string; text: string; state: 'on' | 'dropped' | 'off' };

/** One line per traced entry: activated ones first, then dropped, then the rest. */
export function traceLines(activation: WorldInfoActivationTrace): TraceLine[] {
  const lines = activation.trace.map((item): TraceLine => {
    const label = entryLabel(item);
    if (item.activated) {
      let text = item.reason ? reasonText(item.reason) : 'activated';
      if (item.started?.sticky) text += `; sticky for ${messages(item.started.sticky)}`;
      if (item.started?.cooldown) text += `; then cooldown ${messages(item.started.cooldown)}`;
      return { label, text, state: 'on' };
    }
    let text = SKIPPED[item.skipped ?? ''] ?? item.skipped ?? 'not activated';
    if (item.skipped === 'group_lost') text += groupText(item);
    if (item.skipped === 'delay' || item.skipped === 'cooldown') text += timedText(item);
    if (item.skipped === 'delayed_until_recursion' && item.recursionLevel)
      text += ` (level ${item.recursionLevel} not reached)`;
    if (item.failedLogic) text = `a key matched but secondary logic ${item.failedLogic} rejected it`;
    if (item.roll !== undefined && item.skipped === 'dropped_probability')
      text += ` (rolled ${item.roll.toFixed(0)})`;
    if (item.invalidKeys?.length) text += `: ${item.invalidKeys.join(', ')}`;
    if (item.reason && item.skipped?.startsWith('dropped'))
      text += ` — had matched: ${reasonText(item.reason)}`;
    return { label, text, state: item.skipped?.startsWith('dropped') ? 'dropped' : 'off' };
  });
  const rank = { on: 0, dropped: 1, off: 2 } as const;
  return lines
    .map((l, i) => ({ l, i }))
    .sort((a, b) => rank[a.l.state] - rank[b.l.state] || a.i - b.i)
    .map((x) => x.l);
}
