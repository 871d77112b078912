import type { Lorebook, LorebookActivation } from '@toolsmith/core';
import type { ActivationEntryName, WorldInfoActivationTrace } from '@toolsmith/core/api-schema';

type EntryName = ActivationEntryName;

/** What GET /api/chats/:id/world-info returns as `activation` (docs/api.md, "Lorebooks"). */
export type StoredWorldInfoActivation = WorldInfoActivationTrace;

/** A compact, JSON-safe copy of an activation for storage: who activated and why, without entry contents. */
export function storedActivation(
  activation: LorebookActivation,
  books: readonly Lorebook[],
): StoredWorldInfoActivation {
  const names = new Map(books.map((b) => [b.id, b.name ?? null]));
  const name = (book: string | undefined, entry: { uid?: string | number; comment?: string }): EntryName => ({
    book: book ?? null,
    bookName: book === undefined ? null : (names.get(book) ?? null),
    uid: entry.uid ?? null,
    title: entry.comment ?? '',
  });
  const defined = <T extends object>(value: T): T =>
    Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
  const out: StoredWorldInfoActivation = {
    at: new Date().toISOString(),
    activated: activation.activated.map((a) =>
      defined({
        ...name(a.book, a.entry),
        position: a.position,
        depth: a.depth,
        role: a.role,
        reason: a.reason,
      }),
    ),
    trace: activation.trace.map((t) =>
      defined({
        ...name(t.book, t.entry),
        activated: t.activated,
        reason: t.reason,
        skipped: t.skipped,
        failedLogic: t.failedLogic,
        roll: t.roll,
        cost: t.cost,
        invalidKeys: t.invalidKeys,
        timed: t.timed,
        started: t.started,
        group: t.group,
        recursionLevel: t.recursionLevel,
      }),
    ),
    recursionDepth: activation.recursionDepth,
  };
  if (activation.budget) out.budget = activation.budget;
  if (activation.timedEffects) out.timedEffects = activation.timedEffects;
  return out;
}
