import { msgImportedRenamed, suggestToolRename } from '@toolsmith/core';
import type {
  ToolFieldChange as FieldChange,
  ToolImportAction as ImportAction,
  ToolPlanItem,
} from '@toolsmith/core/api-schema';
import {
  type ImportCandidate,
  planToolImport,
  TOOL_NAME_MAX_LENGTH,
  type ToolDefinition,
} from '@toolsmith/core/internal';
import { maskUrlCredentials } from '../secrets/url-credentials.js';
import type { StoredTool, ToolInput } from '../storage/types.js';
import { toolInputFromDefinition } from './tool-input-from-definition.js';

// The import review of a tools file (docs/api.md, "Tools"): what each tool in the file would do, with a
// choice per item on a name conflict. Pure: the route holds the file, plans, and applies the chosen actions.

// What applying an item does (store it new, overwrite the tool of the same name, store it renamed, or not),
// the fields that differ, the conflict and the item: the shapes the review answers (@toolsmith/core/api-schema).
export type {
  ToolFieldChange as FieldChange,
  ToolImportAction as ImportAction,
  ToolImportConflict as ToolConflict,
  ToolPlanItem,
} from '@toolsmith/core/api-schema';

export interface ToolImportReview {
  items: ToolPlanItem[];
  /** tools of the file that cannot be imported at all, with the reason */
  skipped: Array<{ name: string; reason: string }>;
}

/** A reviewed plan with the definitions it stores (kept on the server, never sent). */
export interface HeldToolPlan extends ToolImportReview {
  definitions: ToolDefinition[];
  /** what the plan was made against: an Apply refuses a plan the stored tools have moved away from */
  fingerprint: string;
}

/** The fields that make a definition; the switches (enabled, hidden context, fetch) are the user's. */
const COMPARED: Array<keyof ToolInput> = [
  'displayName',
  'description',
  'mode',
  'kind',
  'parameters',
  'body',
  'simulateBody',
  'staticResult',
  'webhookUrl',
];

function fieldText(field: keyof ToolInput, value: unknown): string {
  if (field === 'parameters') return JSON.stringify(value ?? {}, null, 2);
  if (field === 'webhookUrl') return maskUrlCredentials(String(value ?? ''));
  return String(value ?? '');
}

/** The fields that differ; credentials that differ only behind the mask are named, never shown. */
export function definitionChanges(existing: ToolInput, incoming: ToolInput): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const field of COMPARED) {
    const before = fieldText(field, existing[field]);
    const after = fieldText(field, incoming[field]);
    if (before !== after) changes.push({ field, before, after });
    else if (field === 'webhookUrl' && existing.webhookUrl !== incoming.webhookUrl) {
      changes.push({ field, before: `${before} (credentials differ, not shown)`, after });
    }
  }
  return changes;
}

/** `name_2`, `name_3`, … (kept within the name length limit), the first free one. */
export function freeName(name: string, taken: Set<string>): string {
  for (let n = 2; ; n++) {
    const suffix = `_${n}`;
    const candidate = `${name.slice(0, TOOL_NAME_MAX_LENGTH - suffix.length)}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

export interface ToolImportContext {
  existing: StoredTool[];
  reservedNames: Iterable<string>;
  localWebhooksEnabled: boolean;
}

/**
 * Plans a file against the stored tools: each importable tool is an item with its default action
 * (create; on a conflict Skip when the definitions match, Keep both when they differ — nothing of yours is
 * overwritten unless you choose Replace), the choices it allows and, on a conflict, the fields that differ.
 */
export function reviewToolImport(candidates: ImportCandidate[], context: ToolImportContext): HeldToolPlan {
  // the core applies the import rules (validity, duplicates in the file, webhook/script switched off);
  // conflicts with stored and built-in names are decided here, item by item
  const planned = planToolImport(candidates, { localWebhooksEnabled: context.localWebhooksEnabled });
  const existingByName = new Map(context.existing.map((t) => [t.name, t]));
  const reserved = new Set(context.reservedNames);
  const taken = new Set([...existingByName.keys(), ...reserved, ...planned.tools.map((t) => t.name)]);
  const items: ToolPlanItem[] = planned.tools.map((tool, index) => {
    const incoming = toolInputFromDefinition(tool);
    const review = planned.review.find((r) => r.name === tool.name);
    const stored = existingByName.get(tool.name);
    const item: ToolPlanItem = {
      index,
      name: tool.name,
      displayName: tool.displayName ?? '',
      description: tool.description,
      kind: tool.kind,
      mode: tool.mode,
      action: 'create',
      choices: ['create', 'skip'],
      arrivesDisabled: tool.kind === 'webhook' || tool.kind === 'script',
      ...(review ? { review } : {}),
    };
    if (!stored && !reserved.has(tool.name)) return item;
    // a reserved name becomes `<name>_custom`, as the one-step import names it; a taken one `<name>_2`
    const renameTo = stored ? freeName(tool.name, taken) : suggestToolRename(tool.name, (n) => taken.has(n));
    taken.add(renameTo);
    if (stored) {
      const changes = definitionChanges(stored, incoming);
      return {
        ...item,
        action: changes.length === 0 ? 'skip' : 'keep-both',
        choices: ['replace', 'keep-both', 'skip'],
        renameTo,
        conflict: { with: 'tool', existingId: stored.id, identical: changes.length === 0, changes },
      };
    }
    return {
      ...item,
      action: 'skip',
      choices: ['keep-both', 'skip'],
      renameTo,
      conflict: { with: 'builtin', identical: false, changes: [] },
    };
  });
  const fingerprint = JSON.stringify(
    items.map((i) => [i.name, i.renameTo, i.conflict?.existingId, i.conflict?.changes]),
  );
  return { items, skipped: planned.skipped, definitions: planned.tools, fingerprint };
}

/** What an Apply stores: new rows and replacements, in the file's order. */
export interface ChosenImport {
  create: ToolInput[];
  replace: Array<{ id: string; input: ToolInput }>;
  outcome: Array<{ index: number; name: string; action: ImportAction; storedAs?: string }>;
  /** the items stored under another name (Keep both), with why: the result lists them */
  renamed: Array<{ from: string; to: string; reason: string }>;
}

/** Turns the plan and the user's action per item (items not named are skipped) into rows to store. */
export function chooseImport(plan: HeldToolPlan, actions: Map<number, ImportAction>): ChosenImport {
  const chosen: ChosenImport = { create: [], replace: [], outcome: [], renamed: [] };
  for (const item of plan.items) {
    const action = actions.get(item.index) ?? 'skip';
    const input = toolInputFromDefinition(plan.definitions[item.index]);
    if (action === 'create') chosen.create.push(input);
    else if (action === 'keep-both') chosen.create.push({ ...input, name: item.renameTo ?? input.name });
    else if (action === 'replace' && item.conflict?.existingId)
      chosen.replace.push({ id: item.conflict.existingId, input });
    const storedAs = action === 'keep-both' ? item.renameTo : action === 'skip' ? undefined : item.name;
    chosen.outcome.push({ index: item.index, name: item.name, action, ...(storedAs ? { storedAs } : {}) });
    if (action === 'keep-both' && item.renameTo) {
      const reason =
        item.conflict?.with === 'builtin'
          ? msgImportedRenamed(item.name, item.renameTo)
          : `You already have a tool named "${item.name}"; imported as "${item.renameTo}".`;
      chosen.renamed.push({ from: item.name, to: item.renameTo, reason });
    }
  }
  return chosen;
}
