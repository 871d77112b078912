import type {
  AppliedToolImport as AppliedImport,
  ToolImportAction as ImportAction,
  ToolImportPlan,
  ToolPlanItem,
} from '@toolsmith/core/api-schema';
import { api, request } from '../../api/client';
import type { ImportResult } from '../../api/types';
import { i18n } from '../../i18n/i18n';
import { importContentType } from './import-tools';

// The tools import as a review (docs/api.md, "Tools"): the server plans the file without writing, the page
// shows every item with its choice, and Apply stores exactly those choices.

export type {
  AppliedToolImport as AppliedImport,
  ToolFieldChange as FieldChange,
  ToolImportAction as ImportAction,
  ToolImportPlan,
  ToolPlanItem,
} from '@toolsmith/core/api-schema';

export async function planToolsImport(file: File): Promise<ToolImportPlan> {
  const response = await request('POST', '/api/tools/import/plan', {
    body: file,
    contentType: importContentType(file),
  });
  return (await response.json()) as ToolImportPlan;
}

/** The plan made again against the tools stored now (the review's dry run, and after a stale Apply). */
export const replanToolsImport = (importId: string) =>
  api.get<ToolImportPlan>(`/api/tools/import/${encodeURIComponent(importId)}`);

export const applyToolsImport = (importId: string, choices: Map<number, ImportAction>) =>
  api.post<AppliedImport>(`/api/tools/import/${encodeURIComponent(importId)}/apply`, {
    items: [...choices]
      .filter(([, action]) => action !== 'skip')
      .map(([index, action]) => ({ index, action })),
  });

export const cancelToolsImport = (importId: string) =>
  api.del(`/api/tools/import/${encodeURIComponent(importId)}`);

/** Each item's default action, keyed by index. */
export function defaultChoices(plan: ToolImportPlan): Map<number, ImportAction> {
  return new Map(plan.items.map((item) => [item.index, item.action]));
}

/** The action an item takes when it is ticked: its default unless that is Skip. */
export function tickedAction(item: ToolPlanItem): ImportAction {
  if (item.action !== 'skip') return item.action;
  // a ticked conflict never overwrites yours unasked: Keep both when it is allowed
  return item.choices.includes('keep-both')
    ? 'keep-both'
    : (item.choices.find((c) => c !== 'skip') ?? 'skip');
}

/** Why an item is skipped, in words ('' when it simply was not chosen). */
function skipReason(item: ToolPlanItem): string {
  if (item.conflict?.identical) return i18n.t('functions.importPlan.reasonIdentical', { name: item.name });
  if (item.conflict?.with === 'builtin')
    return i18n.t('functions.importPlan.reasonBuiltin', { name: item.name });
  return '';
}

/** What Apply would do with these choices, in words. */
export function describeAction(item: ToolPlanItem, action: ImportAction): string {
  const off = item.arrivesDisabled;
  switch (action) {
    case 'create':
      return i18n.t(off ? 'functions.importPlan.createsOff' : 'functions.importPlan.creates', {
        name: item.name,
      });
    case 'replace':
      return i18n.t(off ? 'functions.importPlan.replacesOff' : 'functions.importPlan.replaces', {
        name: item.name,
      });
    case 'keep-both':
      return i18n.t(off ? 'functions.importPlan.storedAsOff' : 'functions.importPlan.storedAs', {
        name: item.renameTo,
      });
    case 'skip': {
      const reason = skipReason(item);
      return reason
        ? i18n.t('functions.importPlan.skippedBecause', { reason })
        : i18n.t('functions.importPlan.skipped');
    }
  }
}

/** `N to create, N to replace, N to keep both (renamed), N skipped` for the choices made. */
export function planSummary(plan: ToolImportPlan, choices: Map<number, ImportAction>): string {
  const count = { create: 0, replace: 0, 'keep-both': 0, skip: 0 };
  for (const item of plan.items) count[choices.get(item.index) ?? 'skip'] += 1;
  return i18n.t('functions.importPlan.summary', {
    // not `replace`: i18next reads that option as the interpolation values
    toCreate: count.create,
    toReplace: count.replace,
    toKeepBoth: count['keep-both'],
    toSkip: count.skip + plan.skipped.length,
  });
}

/** The Apply answer as the import result panel shows it. */
export function appliedToResult(plan: ToolImportPlan, applied: AppliedImport): ImportResult {
  const skippedItems = applied.outcome
    .filter((o) => o.action === 'skip')
    .map((o) => {
      const item = plan.items[o.index];
      const reason = (item && skipReason(item)) || i18n.t('functions.importPlan.reasonNotSelected');
      return { name: o.name, reason: `${reason}.` };
    });
  return {
    imported: applied.created + applied.replaced,
    skipped: [...applied.notImported, ...skippedItems],
    renamed: applied.renamed ?? [],
    review: applied.review,
  };
}
