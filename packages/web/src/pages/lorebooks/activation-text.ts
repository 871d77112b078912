// Plain-language lines for a world-info activation trace: which entry, and why it was (or was not) used. The
// words are the active language's (activation.* in the locales); book, entry, key and group names stay as written.
import type { ActivationEntryName, ActivationReason, WorldInfoActivationTrace } from '../../api/types';
import { i18n } from '../../i18n/i18n';

const t = (key: string, values?: Record<string, unknown>) => i18n.t(`activation.${key}`, values);

/** "Book › Title" (or the uid when the entry has no title). */
export function entryLabel(entry: ActivationEntryName): string {
  const title = entry.title.trim() || (entry.uid === null ? t('entry') : t('entryUid', { uid: entry.uid }));
  return entry.bookName ? `${entry.bookName} › ${title}` : title;
}

/** Why an entry activated, in a sentence. */
export function reasonText(reason: ActivationReason): string {
  switch (reason.kind) {
    case 'constant':
      return t('reason.constant');
    case 'forced':
      return t('reason.forced');
    case 'key':
      return t('reason.key', { key: reason.key, match: reason.match });
    case 'secondary':
      return reason.secondaryMatches.length > 0
        ? t('reason.secondaryFound', {
            key: reason.key,
            match: reason.match,
            logic: reason.logic,
            found: reason.secondaryMatches.map((m) => t('quoted', { text: m })).join(t('listSeparator')),
          })
        : t('reason.secondary', { key: reason.key, match: reason.match, logic: reason.logic });
    case 'sticky':
      return t('reason.sticky', { count: reason.remaining });
    case 'recursion':
      return t('reason.recursion', { depth: reason.depth, key: reason.key, uid: reason.triggeredBy.uid });
  }
}

type TraceItem = WorldInfoActivationTrace['trace'][number];

/** The inclusion-group contest, in words: who won and by which rule. */
function groupText(item: TraceItem): string {
  const g = item.group;
  if (!g) return t('skipped.group_lost');
  const to = g.winner !== undefined ? 'To' : '';
  const values = { name: g.name, uid: g.winner?.uid };
  switch (g.rule) {
    case 'score':
      return t(`group.score${to}`, { ...values, score: g.score, best: g.bestScore });
    case 'weight':
      return t(`group.weight${to}`, { ...values, weight: g.weight, total: g.totalWeight });
    case 'override':
      return t(`group.override${to}`, values);
    case 'already_active':
      return t('group.alreadyActive', values);
    default:
      return t(`group.other${to}`, { ...values, rule: g.rule });
  }
}

/** Timed-effect details: "cooling down, 2 messages left". */
function timedText(item: TraceItem, state: string): string {
  if (item.timed?.effect === 'delay') return t('timedMore', { state, count: item.timed.remaining });
  if (item.timed) return t('timedLeft', { state, count: item.timed.remaining });
  return state;
}

const skippedText = (skipped: string | undefined) =>
  skipped === undefined
    ? t('notActivated')
    : i18n.exists(`activation.skipped.${skipped}`)
      ? t(`skipped.${skipped}`)
      : skipped;

export type TraceLine = { label: string; text: string; state: 'on' | 'dropped' | 'off' };

/** One line per traced entry: activated ones first, then dropped, then the rest. */
export function traceLines(activation: WorldInfoActivationTrace): TraceLine[] {
  const lines = activation.trace.map((item): TraceLine => {
    const label = entryLabel(item);
    if (item.activated) {
      let text = item.reason ? reasonText(item.reason) : t('activated');
      if (item.started?.sticky) text = t('stickyFor', { text, count: item.started.sticky });
      if (item.started?.cooldown) text = t('thenCooldown', { text, count: item.started.cooldown });
      return { label, text, state: 'on' };
    }
    let text = skippedText(item.skipped);
    if (item.skipped === 'group_lost') text = groupText(item);
    if (item.skipped === 'delay' || item.skipped === 'cooldown') text = timedText(item, text);
    if (item.skipped === 'delayed_until_recursion' && item.recursionLevel)
      text = t('levelNotReached', { text, level: item.recursionLevel });
    if (item.failedLogic) text = t('failedLogic', { logic: item.failedLogic });
    if (item.roll !== undefined && item.skipped === 'dropped_probability')
      text = t('rolled', { text, roll: item.roll.toFixed(0) });
    if (item.invalidKeys?.length) text = t('invalidKeys', { text, keys: item.invalidKeys.join(', ') });
    if (item.reason && item.skipped?.startsWith('dropped'))
      text = t('hadMatched', { text, reason: reasonText(item.reason) });
    return { label, text, state: item.skipped?.startsWith('dropped') ? 'dropped' : 'off' };
  });
  const rank = { on: 0, dropped: 1, off: 2 } as const;
  return lines
    .map((l, i) => ({ l, i }))
    .sort((a, b) => rank[a.l.state] - rank[b.l.state] || a.i - b.i)
    .map((x) => x.l);
}
