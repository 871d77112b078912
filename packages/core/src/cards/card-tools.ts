import type { ToolDefinition } from '../tools/types.js';
import { portableTool } from '../transfer/export.js';
import { candidatesFromJson, type ImportCandidate, lukerCandidates } from '../transfer/formats.js';
import { CARD_TOOLS_EXTENSION, CARD_TOOLS_VERSION, type CardData, type CardToolsExtension } from './types.js';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Luker keeps its orchestrator settings, custom tools included, under this extension key. */
export const LUKER_ORCHESTRATOR_EXTENSION = 'orchestrator';

/**
 * Where a card carries a tool: Toolsmith's list, Luker's orchestrator settings, or the tools that belong to
 * the character's orchestration override (`extensions.toolsmith.orchestration.tools`, profile-owned).
 */
export type CardToolSource = 'toolsmith' | 'luker' | 'orchestration';

/** A tool found in a card, before any import rule is applied. */
export interface CardToolCandidate extends ImportCandidate {
  source: CardToolSource;
}

export interface CardToolsFound {
  candidates: CardToolCandidate[];
  /** entries of the Toolsmith or orchestration tool lists that are not tool objects at all */
  unreadable: Array<{ name: string; reason: string }>;
  orchestration?: Record<string, unknown>;
  warnings: string[];
}

/**
 * Every tool a card carries: Toolsmith's own (`extensions.toolsmith.tools`) first, then Luker's
 * orchestrator `customTools` (preset libraries, spec presets, legacy overrides). A Luker tool whose name a
 * Toolsmith tool already has is the same tool in Luker's form (our export writes only ours, but a card can
 * pass through both apps), so only the Toolsmith one is offered. Last come the orchestration override's
 * own tools, which belong to that profile and live in their own namespace.
 */
export function readCardTools(card: CardData): CardToolsFound {
  const found: CardToolsFound = { candidates: [], unreadable: [], warnings: [] };
  const ext = card.extensions[CARD_TOOLS_EXTENSION];
  if (isObject(ext)) {
    if (typeof ext.version === 'number' && ext.version > CARD_TOOLS_VERSION) {
      found.warnings.push(
        `The card's tools were written by a newer Toolsmith (format version ${ext.version}); fields this version does not know are ignored.`,
      );
    }
    readList(found, ext.tools, 'toolsmith');
  }
  const ours = new Set(found.candidates.map((c) => c.tool.name));
  for (const candidate of lukerCandidates(card.extensions[LUKER_ORCHESTRATOR_EXTENSION])) {
    if (!ours.has(candidate.tool.name)) found.candidates.push({ ...candidate, source: 'luker' });
  }
  if (isObject(ext) && isObject(ext.orchestration)) {
    found.orchestration = ext.orchestration;
    readList(found, ext.orchestration.tools, 'orchestration');
  }
  return found;
}

function readList(found: CardToolsFound, list: unknown, source: 'toolsmith' | 'orchestration'): void {
  if (!Array.isArray(list)) return;
  const where = source === 'orchestration' ? 'orchestration tool entry' : 'entry';
  list.forEach((item, index) => {
    if (!isObject(item)) {
      found.unreadable.push({ name: `(${where} ${index + 1})`, reason: 'This entry is not a tool object.' });
      return;
    }
    for (const candidate of candidatesFromJson([item])) found.candidates.push({ ...candidate, source });
  });
}

/** Empties every `customTools` list inside Luker's settings (the same places and depth the reader looks). */
function clearLukerTools(value: unknown, depth = 0): void {
  if (depth > 6 || !isObject(value)) return;
  for (const [key, child] of Object.entries(value)) {
    if (key === 'customTools' && Array.isArray(child)) value[key] = [];
    else if (isObject(child)) clearLukerTools(child, depth + 1);
  }
}

/**
 * The card without the tools it carries: `extensions.toolsmith.tools` removed, the orchestration override's
 * own `tools` and Luker's `customTools` emptied. Everything else — the rest of the orchestration override,
 * Luker's other settings, other extensions — stays.
 */
export function stripCardTools(card: CardData): CardData {
  const out = structuredClone(card);
  const ext = out.extensions[CARD_TOOLS_EXTENSION];
  if (isObject(ext)) {
    delete ext.tools;
    if (isObject(ext.orchestration) && Array.isArray(ext.orchestration.tools)) ext.orchestration.tools = [];
    if (Object.keys(ext).every((key) => key === 'version')) delete out.extensions[CARD_TOOLS_EXTENSION];
  }
  clearLukerTools(out.extensions[LUKER_ORCHESTRATOR_EXTENSION]);
  return out;
}

/**
 * The card with `tools` (and the orchestration override, when given) in `extensions.toolsmith`. Fields of
 * an existing toolsmith extension this version does not know are kept; the extension is left out when
 * there is nothing to carry.
 */
export function attachCardTools(
  card: CardData,
  tools: readonly ToolDefinition[],
  orchestration?: Record<string, unknown>,
): CardData {
  const out = structuredClone(card);
  const previous = out.extensions[CARD_TOOLS_EXTENSION];
  const { tools: _old, version: _version, ...kept } = isObject(previous) ? previous : {};
  const ext: CardToolsExtension = {
    ...kept,
    version: CARD_TOOLS_VERSION,
    tools: tools.map(portableTool),
  };
  if (orchestration !== undefined) ext.orchestration = structuredClone(orchestration);
  if (isObject(ext.orchestration) && Array.isArray(ext.orchestration.tools)) {
    ext.orchestration.tools = ext.orchestration.tools.map((t) =>
      isObject(t) ? portableTool(t as unknown as ToolDefinition) : t,
    );
  }
  const empty = ext.tools.length === 0 && Object.keys(ext).every((k) => k === 'version' || k === 'tools');
  if (empty) delete out.extensions[CARD_TOOLS_EXTENSION];
  else out.extensions[CARD_TOOLS_EXTENSION] = ext;
  return out;
}

/** The card with its orchestration override's own tools replaced (when the card has an override). */
export function setOrchestrationTools(card: CardData, tools: readonly ToolDefinition[]): CardData {
  const out = structuredClone(card);
  const ext = out.extensions[CARD_TOOLS_EXTENSION];
  if (!isObject(ext) || !isObject(ext.orchestration)) return out;
  // An override that never had a tool list does not get an empty one.
  if (tools.length > 0 || 'tools' in ext.orchestration) ext.orchestration.tools = structuredClone([...tools]);
  return out;
}
