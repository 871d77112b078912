import { ORCHESTRATION_TOOL_NAMES } from '../orchestration/tool-switches.js';
import { type LukerFeatureReport, lukerFeatures } from '../tools/luker-features.js';
import type { JsonSchema, ToolDefinition, ToolKind, ToolMode } from '../tools/types.js';
import type { ImportFormat } from '../transfer/formats.js';
import { type ImportPlanOptions, planToolImport, webhookOrigin } from '../transfer/import-plan.js';
import { convertLukerProfile } from '../transfer/luker-convert.js';
import { type KnownNames, lukerOverride } from '../transfer/luker-override.js';
import {
  type CardToolCandidate,
  type CardToolSource,
  LUKER_ORCHESTRATOR_EXTENSION,
  readCardTools,
  setOrchestrationTools,
  stripCardTools,
} from './card-tools.js';
import type { CardLimits } from './limits.js';
import { type CardInput, readCard } from './read-card.js';
import {
  CARD_TOOLS_EXTENSION,
  CARD_TOOLS_VERSION,
  type CardData,
  type CardFormat,
  type CardVersion,
} from './types.js';

/** One tool of a card as the import review shows it: everything the user needs to judge it. */
export interface CardToolReview {
  name: string;
  displayName?: string;
  kind: ToolKind;
  mode: ToolMode;
  description: string;
  parameters: JsonSchema;
  /** script tools: the full body; null for other kinds */
  body: string | null;
  /** script tools: the simulate body, when there is one */
  simulateBody: string | null;
  /** static tools: the fixed result */
  staticResult: string | null;
  /** webhook tools: scheme, host and port only (never credentials, path or query) */
  origin: string | null;
  /** what the card asked for; webhook and script tools are stored disabled with hidden context off anyway */
  requestedEnabled: boolean;
  requestedHiddenContext: boolean;
  /** a script that calls fetch: "Allow fetch" arrives off, the user decides */
  requestedFetch: boolean;
  /** scripts: the Luker features the body uses, and those that cannot work here */
  luker?: LukerFeatureReport;
  /** where in the card it was found */
  source: CardToolSource;
  format: ImportFormat;
  /** whether "Apply with tools" stores it; when not, `skipReason` says why */
  willImport: boolean;
  /** the enabled state it will be stored with */
  enabledAfterImport: boolean;
  skipReason?: string;
}

export interface CardImportPlanOptions {
  /** names of tools that already exist in the target scope */
  existingToolNames?: Iterable<string>;
  /** built-in tool names */
  reservedNames?: Iterable<string>;
  localWebhooksEnabled?: boolean;
  limits?: CardLimits;
  /** connections and presets that exist: Luker agents naming others use the chat's instead */
  known?: KnownNames;
}

export interface CardImportWithTools {
  /** the card without its tool lists; its orchestration override keeps its own tools, made safe */
  card: CardData;
  /** the character's tools, ready to store: webhook/script disabled, hidden context off */
  tools: ToolDefinition[];
  /** the orchestration override's own tools, made safe the same way (already in `card`) */
  orchestrationTools: ToolDefinition[];
  skipped: Array<{ name: string; reason: string }>;
}

export interface CardImportPlan {
  /** the card as read, normalized to V3-shaped data (still carrying its tools, for display) */
  card: CardData;
  format: CardFormat;
  version: CardVersion;
  specVersion?: string;
  /** PNG cards: the portrait without the card chunks */
  image?: Uint8Array;
  /**
   * the character's orchestration override from `extensions.toolsmith.orchestration`; a card with only
   * Luker's orchestrator settings gets one made from them (its modes, nodes and tool switches)
   */
  orchestration?: Record<string, unknown>;
  /** where `orchestration` came from, when Luker's settings made it */
  lukerProfile?: { format: string; mode: string };
  tools: CardToolReview[];
  /** whether the user must choose: true when the card carries any tool */
  hasTools: boolean;
  warnings: string[];
  /**
   * "Apply with tools": the card without its tool list (the character's tools are stored on their own),
   * the tools, and the orchestration override's tools (which stay inside the override)
   */
  withTools(): CardImportWithTools;
  /** "Apply without tools": the card with every tool list stripped, the override's included */
  withoutTools(): { card: CardData };
}

interface Judged {
  reviews: CardToolReview[];
  stored: ToolDefinition[];
  skipped: Array<{ name: string; reason: string }>;
}

/** The review's Luker line for a script: only when it uses something of Luker's API. */
function lukerReport(body: string): { luker?: LukerFeatureReport } {
  const report = lukerFeatures(body);
  return report.supported.length > 0 || report.unsupported.length > 0 ? { luker: report } : {};
}

/**
 * Runs candidates one at a time through the tools import rules, so each review entry knows its own outcome;
 * a second tool of the same name is skipped here, with a message that says where it was found.
 */
function judge(candidates: CardToolCandidate[], rules: ImportPlanOptions, holder: string): Judged {
  const out: Judged = { reviews: [], stored: [], skipped: [] };
  for (const candidate of candidates) {
    const { tool, format, source } = candidate;
    let outcome: { tool: ToolDefinition } | { reason: string };
    if (out.stored.some((t) => t.name === tool.name)) {
      outcome = { reason: `${holder} more than one tool named "${tool.name}"; the first was kept.` };
    } else {
      const single = planToolImport([candidate], rules);
      outcome = single.tools[0] ? { tool: single.tools[0] } : { reason: single.skipped[0]!.reason };
    }
    if ('tool' in outcome) out.stored.push(outcome.tool);
    else out.skipped.push({ name: tool.name || '(unnamed)', reason: outcome.reason });
    out.reviews.push({
      name: tool.name,
      ...(tool.displayName ? { displayName: tool.displayName } : {}),
      kind: tool.kind,
      mode: tool.mode,
      description: tool.description,
      parameters: tool.parameters,
      body: tool.kind === 'script' ? (tool.body ?? '') : null,
      simulateBody: tool.kind === 'script' && tool.simulateBody ? tool.simulateBody : null,
      staticResult: tool.kind === 'static' ? (tool.staticResult ?? '') : null,
      origin: tool.kind === 'webhook' ? webhookOrigin(tool.webhookUrl) : null,
      requestedEnabled: tool.enabled,
      requestedHiddenContext: tool.includeHiddenContext === true,
      requestedFetch:
        tool.allowFetch === true || (tool.kind === 'script' && lukerFeatures(tool.body ?? '').needsFetch),
      ...(tool.kind === 'script' ? lukerReport(tool.body ?? '') : {}),
      source,
      format,
      willImport: 'tool' in outcome,
      enabledAfterImport: 'tool' in outcome ? outcome.tool.enabled : false,
      ...('reason' in outcome ? { skipReason: outcome.reason } : {}),
    });
  }
  return out;
}

/**
 * Reads a card and prepares the import review. Pure: nothing is stored. The caller (the server) holds the
 * plan until the user chooses Apply with tools, Apply without tools, or Cancel — and for Cancel simply
 * drops it.
 */
export function planCardImport(input: CardInput, options: CardImportPlanOptions = {}): CardImportPlan {
  const read = readCard(input, options.limits);
  const found = readCardTools(read.card);
  // Luker's profiles (modes, nodes, the switches it keeps outside its tools) become the character's override
  // when the card has no Toolsmith override of its own; the tools themselves stay the character's tools
  const luker = found.orchestration
    ? undefined
    : convertLukerProfile({
        extensions: { orchestrator: read.card.extensions[LUKER_ORCHESTRATOR_EXTENSION] },
      });
  const lukerMade = luker ? lukerOverride(luker, options.known) : undefined;
  const orchestration = found.orchestration ?? lukerMade?.override;
  const withOverride = (card: CardData) =>
    lukerMade ? cardWithOrchestration(card, lukerMade.override) : card;
  const cardRules: ImportPlanOptions = {
    existingNames: [...(options.existingToolNames ?? [])],
    reservedNames: [...(options.reservedNames ?? [])],
    localWebhooksEnabled: options.localWebhooksEnabled,
    renameReserved: false,
  };
  // Profile-owned tools live in the profile's own namespace: only built-in and orchestration names collide.
  const profileRules: ImportPlanOptions = {
    reservedNames: [...(options.reservedNames ?? []), ...ORCHESTRATION_TOOL_NAMES],
    localWebhooksEnabled: options.localWebhooksEnabled,
    renameReserved: false,
  };
  const cardLevel = judge(
    found.candidates.filter((c) => c.source !== 'orchestration'),
    cardRules,
    'The card holds',
  );
  const profile = judge(
    found.candidates.filter((c) => c.source === 'orchestration'),
    profileRules,
    "The card's orchestration profile holds",
  );
  const reviews = [...cardLevel.reviews, ...profile.reviews];
  const unreadable = found.unreadable.map(({ name, reason }) => ({ name, reason }));
  const allSkipped = [...unreadable, ...cardLevel.skipped, ...profile.skipped];

  return {
    card: read.card,
    format: read.format,
    version: read.version,
    ...(read.specVersion !== undefined ? { specVersion: read.specVersion } : {}),
    ...(read.image ? { image: read.image } : {}),
    ...(orchestration ? { orchestration } : {}),
    ...(luker ? { lukerProfile: { format: luker.format, mode: luker.mode } } : {}),
    tools: reviews,
    hasTools: reviews.length > 0 || unreadable.length > 0,
    warnings: [
      ...read.warnings,
      ...found.warnings,
      ...unreadable.map((u) => `Tool ${u.name} was ignored: ${u.reason}`),
      ...(luker
        ? [
            `Luker's orchestrator settings (${luker.mode} mode) became the character's orchestration override: its modes, nodes and tool switches.`,
            ...luker.warnings,
            ...(lukerMade?.warnings ?? []),
          ]
        : []),
    ],
    withTools: () => ({
      card: withOverride(setOrchestrationTools(stripCardTools(read.card), profile.stored)),
      tools: structuredClone(cardLevel.stored),
      orchestrationTools: structuredClone(profile.stored),
      skipped: structuredClone(allSkipped),
    }),
    withoutTools: () => ({ card: withOverride(stripCardTools(read.card)) }),
  };
}

/** The card with `override` as its Toolsmith orchestration override (other Toolsmith fields kept). */
function cardWithOrchestration(card: CardData, override: Record<string, unknown>): CardData {
  const out = structuredClone(card);
  const current = out.extensions[CARD_TOOLS_EXTENSION];
  const ext = typeof current === 'object' && current !== null && !Array.isArray(current) ? current : {};
  out.extensions[CARD_TOOLS_EXTENSION] = {
    version: CARD_TOOLS_VERSION,
    ...ext,
    orchestration: structuredClone(override),
  };
  return out;
}

/** The plan as plain JSON for the review screen (no functions, no image bytes). */
export interface CardImportReview {
  card: CardData;
  format: CardFormat;
  version: CardVersion;
  specVersion?: string;
  hasImage: boolean;
  orchestration?: Record<string, unknown>;
  lukerProfile?: { format: string; mode: string };
  tools: CardToolReview[];
  hasTools: boolean;
  warnings: string[];
}

export function cardImportReview(plan: CardImportPlan): CardImportReview {
  return {
    card: plan.card,
    format: plan.format,
    version: plan.version,
    ...(plan.specVersion !== undefined ? { specVersion: plan.specVersion } : {}),
    hasImage: plan.image !== undefined,
    ...(plan.orchestration ? { orchestration: plan.orchestration } : {}),
    ...(plan.lukerProfile ? { lukerProfile: plan.lukerProfile } : {}),
    tools: plan.tools,
    hasTools: plan.hasTools,
    warnings: plan.warnings,
  };
}
