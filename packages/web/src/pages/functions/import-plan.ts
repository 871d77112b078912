import { api, request } from '../../api/client';
import type { ImportResult, ImportReviewEntry, ToolKind } from '../../api/types';
import { importContentType } from './import-tools';

// The tools import as a review (docs/api.md, "Tools"): the server plans the file without writing, the page
// shows every item with its choice, and Apply stores exactly those choices.

export type ImportAction = 'create' | 'replace' | 'keep-both' | 'skip';

export interface FieldChange {
  field: string;
  before: string;
  after: string;
}

export interface ToolPlanItem {
  index: number;
  name: string;
  displayName: string;
  description: string;
  kind: ToolKind;
  mode: 'read' | 'write';
  action: ImportAction;
  choices: ImportAction[];
  renameTo?: string;
  conflict?: { with: 'tool' | 'builtin'; existingId?: string; identical: boolean; changes: FieldChange[] };
  arrivesDisabled: boolean;
  review?: ImportReviewEntry;
}

export interface ToolImportPlan {
  importId: string;
  items: ToolPlanItem[];
  skipped: Array<{ name: string; reason: string }>;
  lukerProfile?: { format: string; mode: string; note: string };
}

export interface AppliedImport {
  created: number;
  replaced: number;
  skipped: number;
  outcome: Array<{ index: number; name: string; action: ImportAction; storedAs?: string }>;
  notImported: Array<{ name: string; reason: string }>;
  review: ImportReviewEntry[];
}

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

/** What Apply would do with these choices, in words. */
export function describeAction(item: ToolPlanItem, action: ImportAction): string {
  switch (action) {
    case 'create':
      return item.arrivesDisabled ? `Creates ${item.name}, switched off` : `Creates ${item.name}`;
    case 'replace':
      return `Replaces your ${item.name}${item.arrivesDisabled ? ', switched off' : ''}`;
    case 'keep-both':
      return `Stored as ${item.renameTo}${item.arrivesDisabled ? ', switched off' : ''}`;
    case 'skip':
      return item.conflict?.identical
        ? `Skipped: identical to your ${item.name}`
        : item.conflict?.with === 'builtin'
          ? `Skipped: ${item.name} is a built-in tool name`
          : 'Skipped';
  }
}

/** `N created, N replaced, N renamed, N skipped` for the choices made. */
export function planSummary(plan: ToolImportPlan, choices: Map<number, ImportAction>): string {
  const count = { create: 0, replace: 0, 'keep-both': 0, skip: 0 };
  for (const item of plan.items) count[choices.get(item.index) ?? 'skip'] += 1;
  const skipped = count.skip + plan.skipped.length;
  return `${count.create} to create, ${count.replace} to replace, ${count['keep-both']} to keep both (renamed), ${skipped} skipped`;
}

/** The Apply answer as the import result panel shows it. */
export function appliedToResult(plan: ToolImportPlan, applied: AppliedImport): ImportResult {
  const skippedItems = applied.outcome
    .filter((o) => o.action === 'skip')
    .map((o) => {
      const item = plan.items[o.index];
      return { name: o.name, reason: item ? describeAction(item, 'skip').replace(/^Skipped: ?/, '') : '' };
    })
    .map((s) => ({
      ...s,
      reason: s.reason === 'Skipped' || s.reason === '' ? 'not selected.' : `${s.reason}.`,
    }));
  return {
    imported: applied.created + applied.replaced,
    skipped: [...applied.notImported, ...skippedItems],
    review: applied.review,
  };
}
