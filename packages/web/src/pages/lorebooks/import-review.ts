import type {
  LorebookImportAction,
  LorebookImportApplied,
  LorebookImportDryRun,
  LorebookImportPlanAnswer,
} from '@toolsmith/core/api-schema';
import { api } from '../../api/client';
import { i18n } from '../../i18n/i18n';

// The lorebook-file import as a review (docs/api.md, "Lorebooks"): the server plans the file without writing,
// the page lists its entries (each can be left out) and the choice on a name conflict, and Import stores
// exactly that.

/** What the page says after an Apply or its dry run: the dry run's answer, or the stored book counted the same way. */
export type LorebookImportOutcome = Pick<
  LorebookImportDryRun,
  'action' | 'name' | 'entries' | 'warnings' | 'changes' | 'unchangedEntries'
>;

/** The file as read, and the options the page sends with it. */
export interface PendingFile {
  fileName: string;
  file: unknown;
  /** the book is named after the file, as SillyTavern names a world by its file */
  name: string;
}

export const planLorebookImport = (pending: PendingFile) =>
  api.post<LorebookImportPlanAnswer>('/api/lorebooks/import/plan', {
    file: pending.file,
    name: pending.name,
  });

function body(
  pending: PendingFile,
  plan: LorebookImportPlanAnswer,
  action: LorebookImportAction,
  selected: Set<number>,
) {
  return {
    file: pending.file,
    name: pending.name,
    action,
    selected: plan.entries.filter((e) => selected.has(e.index)).map((e) => e.index),
    fingerprint: plan.fingerprint,
  };
}

export async function dryRunLorebookImport(
  pending: PendingFile,
  plan: LorebookImportPlanAnswer,
  action: LorebookImportAction,
  selected: Set<number>,
): Promise<LorebookImportOutcome> {
  return api.post<LorebookImportDryRun>('/api/lorebooks/import', {
    ...body(pending, plan, action, selected),
    dryRun: true,
  });
}

export async function applyLorebookImport(
  pending: PendingFile,
  plan: LorebookImportPlanAnswer,
  action: LorebookImportAction,
  selected: Set<number>,
): Promise<LorebookImportOutcome> {
  const book = await api.post<LorebookImportApplied>(
    '/api/lorebooks/import',
    body(pending, plan, action, selected),
  );
  return { action: book.action, name: book.name, entries: book.entries.length, warnings: book.warnings };
}

/** What Import does with this choice, in words (`count` entries ticked). */
export function describeOutcome(
  plan: LorebookImportPlanAnswer,
  action: LorebookImportAction,
  count: number,
): string {
  switch (action) {
    case 'create':
      return i18n.t('lorebooks.importReview.outcome.create', { name: plan.name, count });
    case 'replace':
      return i18n.t('lorebooks.importReview.outcome.replace', { name: plan.conflict?.existing.name, count });
    case 'keep-both':
      return i18n.t('lorebooks.importReview.outcome.keepBoth', { name: plan.conflict?.renameTo, count });
    case 'skip':
      return i18n.t('lorebooks.importReview.outcome.skip', {
        name: plan.conflict?.existing.name ?? plan.name,
      });
  }
}

/** A dry run's answer as the review's note: what would be stored, and for Replace what changes. */
export function dryRunNote(outcome: LorebookImportOutcome): string {
  const what =
    outcome.action === 'skip'
      ? i18n.t('lorebooks.importReview.outcome.skip', { name: outcome.name })
      : outcome.action === 'replace'
        ? i18n.t('lorebooks.importReview.outcome.replace', { name: outcome.name, count: outcome.entries })
        : outcome.action === 'keep-both'
          ? i18n.t('lorebooks.importReview.outcome.keepBoth', { name: outcome.name, count: outcome.entries })
          : i18n.t('lorebooks.importReview.outcome.create', { name: outcome.name, count: outcome.entries });
  const changes = outcome.changes;
  const counts = changes
    ? ` ${i18n.t('lorebooks.importReview.changeCounts', {
        added: changes.filter((c) => c.kind === 'added').length,
        changed: changes.filter((c) => c.kind === 'changed').length,
        removed: changes.filter((c) => c.kind === 'removed').length,
        same: outcome.unchangedEntries ?? 0,
      })}`
    : '';
  return i18n.t('lorebooks.importReview.dryRunNote', { outcome: what + counts });
}

/** The page's status line after an Apply. */
export function appliedNote(outcome: LorebookImportOutcome): string {
  const note =
    outcome.action === 'skip'
      ? i18n.t('lorebooks.importReview.skippedImport', { name: outcome.name })
      : outcome.action === 'replace'
        ? i18n.t('lorebooks.importReview.replaced', { name: outcome.name, count: outcome.entries })
        : i18n.t('lorebooks.imported', { name: outcome.name, count: outcome.entries });
  // keys the server left out (regexes its linear-time engine cannot run) are listed, never dropped silently
  return outcome.warnings.length > 0 ? `${note} ${outcome.warnings.join(' ')}` : note;
}
