import { type LukerFeatureReport, lukerFeatures } from '../tools/luker-features.js';
import { msgDuplicateName, msgReservedName } from '../tools/messages.js';
import { msgImportedRenamed, suggestToolRename } from '../tools/reserved-names.js';
import type { ToolDefinition, ToolKind } from '../tools/types.js';
import { validateToolDefinition } from '../tools/validate-definition.js';
import type { ImportCandidate } from './formats.js';

/** What the user must look at before switching an imported webhook or script tool on. */
export interface ImportReviewEntry {
  name: string;
  kind: ToolKind;
  /** scheme + host + port of a webhook URL (never credentials, path or query); null for scripts */
  origin: string | null;
  requestedEnabled: boolean;
  requestedHiddenContext: boolean;
  /** a script that calls fetch (or a file asking for it): "Allow fetch" arrives off, the user decides */
  requestedFetch: boolean;
  /** scripts: the Luker features the body uses, and those that cannot work here */
  luker?: LukerFeatureReport;
}

export interface ImportPlan {
  /** definitions to store, already made safe */
  tools: ToolDefinition[];
  skipped: Array<{ name: string; reason: string }>;
  /** tools whose name is reserved (a builtin here or in Marinara), stored under a free name instead */
  renamed: Array<{ from: string; to: string; reason: string }>;
  review: ImportReviewEntry[];
}

export interface ImportPlanOptions {
  existingNames?: Iterable<string>;
  reservedNames?: Iterable<string>;
  localWebhooksEnabled?: boolean;
  /** false: a reserved name is skipped instead of renamed (a card's tools, which its prompts name) */
  renameReserved?: boolean;
}

/** Scheme, host and port only — what a reviewer needs to judge a webhook without seeing secrets. */
export function webhookOrigin(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}`;
  } catch {
    return null;
  }
}

/**
 * Applies the import rules to a file's tools: webhook and script tools are stored disabled with hidden
 * context off, whatever the file asks; a tool named like a builtin (ours or Marinara's) is stored under a
 * free name (`roll_dice` -> `roll_dice_custom`, listed in `renamed`); collisions with existing names and
 * invalid definitions are skipped with the reason. Pure: the caller stores `tools` in one transaction.
 */
export function planToolImport(candidates: ImportCandidate[], options: ImportPlanOptions = {}): ImportPlan {
  const existing = new Set(options.existingNames ?? []);
  const reserved = new Set(options.reservedNames ?? []);
  const seen = new Set<string>();
  const plan: ImportPlan = { tools: [], skipped: [], renamed: [], review: [] };
  const fileNames = new Set(candidates.map((c) => c.tool.name));
  const taken = (n: string) => reserved.has(n) || existing.has(n) || seen.has(n) || fileNames.has(n);

  for (const candidate of candidates) {
    const { unrecognised } = candidate;
    let { tool } = candidate;
    const name = tool.name || '(unnamed)';
    if (unrecognised) {
      plan.skipped.push({ name, reason: unrecognised });
      continue;
    }
    if (reserved.has(tool.name) && options.renameReserved === false) {
      plan.skipped.push({ name, reason: msgReservedName(tool.name) });
      continue;
    }
    if (reserved.has(tool.name)) {
      const to = suggestToolRename(tool.name, taken);
      plan.renamed.push({ from: tool.name, to, reason: msgImportedRenamed(tool.name, to) });
      tool = { ...tool, name: to };
    }
    if (existing.has(tool.name)) {
      plan.skipped.push({ name, reason: msgDuplicateName(tool.name) });
      continue;
    }
    if (seen.has(tool.name)) {
      plan.skipped.push({
        name,
        reason: `The file holds more than one tool named "${tool.name}"; the first was kept.`,
      });
      continue;
    }
    if (tool.kind === 'native') {
      plan.skipped.push({
        name,
        reason: 'Native tools are registered by trusted code and cannot be imported from a file.',
      });
      continue;
    }
    // Scripts are checked for syntax even when script execution is off: they are stored disabled.
    const result = validateToolDefinition(tool, {
      scriptsEnabled: true,
      localWebhooksEnabled: options.localWebhooksEnabled,
      confirmCredentials: true,
    });
    if (!result.ok) {
      plan.skipped.push({ name, reason: result.errors.map((e) => `${e.field}: ${e.message}`).join(' ') });
      continue;
    }
    seen.add(tool.name);
    if (tool.kind === 'webhook' || tool.kind === 'script') {
      const features = tool.kind === 'script' ? lukerFeatures(tool.body ?? '') : undefined;
      plan.review.push({
        name: tool.name,
        kind: tool.kind,
        origin: tool.kind === 'webhook' ? webhookOrigin(tool.webhookUrl) : null,
        requestedEnabled: tool.enabled,
        requestedHiddenContext: tool.includeHiddenContext === true,
        requestedFetch: tool.allowFetch === true || (tool.kind === 'script' && features?.needsFetch === true),
        ...(features && (features.supported.length > 0 || features.unsupported.length > 0)
          ? { luker: features }
          : {}),
      });
      // fetch, like hidden context, is the user's decision after review
      const { allowFetch: _asked, ...rest } = tool;
      plan.tools.push({ ...rest, enabled: false, includeHiddenContext: false });
    } else {
      plan.tools.push({ ...tool });
    }
  }
  // a renamed tool that was then skipped (invalid) is reported as skipped only
  const stored = new Set(plan.tools.map((t) => t.name));
  plan.renamed = plan.renamed.filter((r) => stored.has(r.to));
  return plan;
}
