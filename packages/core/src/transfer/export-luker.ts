// Tools as Luker reads them back: a loop-mode orchestrator preset (`luker_orchestrator_profile_v4`) whose
// `customTools` hold the tools and whose `tools.custom` map holds their switches (Luker keeps the switch
// outside the tool), and a character card's `extensions.orchestrator` carrying the same preset as the active
// loop preset. Luker's tools are all scripts: a static tool becomes a script returning its text; a webhook
// tool has no counterpart and is left out (both listed in the notes).
import type { OrchestrationLimits } from '../orchestration/types.js';
import type { JsonSchema, ToolDefinition } from '../tools/types.js';
import type { ExportNote, ForeignExport } from './export-notes.js';

export const LUKER_LOOP_FORMAT = 'luker_orchestrator_profile_v4';
/** The id of the preset a Toolsmith card export adds to the card's loop library. */
export const LUKER_CARD_PRESET_ID = 'toolsmith';

/** One entry of Luker's `customTools`. */
export interface LukerCustomTool {
  name: string;
  displayName: string;
  description: string;
  parameters: JsonSchema;
  mode: 'read' | 'write';
  body: string;
  simulateBody: string;
}

/** The loop agent's settings a preset carries besides its tools (from an orchestration profile). */
export interface LukerLoopSettings {
  systemPrompt?: string;
  limits?: OrchestrationLimits;
  /** per-tool switches of the loop mode (a tool switched off there is off in Luker) */
  switches?: Record<string, boolean>;
}

export interface LukerLoopProfile {
  mode: 'loop';
  apiPresetName: string;
  promptPresetName: string;
  system_prompt?: string;
  tools: { custom: Record<string, boolean> };
  max_rounds?: number;
  wall_clock_budget_ms?: number;
  customTools: LukerCustomTool[];
}

export interface LukerPresetFile {
  format: typeof LUKER_LOOP_FORMAT;
  mode: 'loop';
  name: string;
  exportedAt: string;
  profile: LukerLoopProfile;
}

/** A tool as Luker's custom tool, or undefined when Luker cannot hold it; `notes` says what changed. */
export function toLukerTool(tool: ToolDefinition, notes: ExportNote[] = []): LukerCustomTool | undefined {
  const note = (field: string, message: string) => notes.push({ tool: tool.name, field, message });
  if (tool.kind === 'webhook' || tool.kind === 'native') {
    note(
      'kind',
      tool.kind === 'webhook'
        ? 'Luker has no webhook tools: this tool is left out of the file.'
        : 'Luker has no native tools: this tool is left out of the file.',
    );
    return undefined;
  }
  let body = tool.body ?? '';
  if (tool.kind === 'static') {
    const text = tool.staticResult || 'OK';
    body = `return ${JSON.stringify(text)};`;
    note(
      'kind',
      'Luker has no static tools: it becomes a script that returns the same text (it comes back into Toolsmith as a script).',
    );
  }
  if (tool.includeHiddenContext)
    note(
      'includeHiddenContext',
      "Luker has no hidden-context switch: its scripts read the chat through ctx (Luker's own rules).",
    );
  if (tool.kind === 'script' && tool.allowFetch)
    note(
      'allowFetch',
      'Luker scripts may always call fetch: "Allow fetch" is not written (imports here arrive with it off).',
    );
  return {
    name: tool.name,
    displayName: tool.displayName ?? '',
    description: tool.description,
    parameters: tool.parameters,
    mode: tool.mode,
    body,
    simulateBody: tool.kind === 'script' ? (tool.simulateBody ?? '') : '',
  };
}

/** A loop profile holding `tools` with their switches (a tool is on when enabled and not switched off). */
export function lukerLoopProfile(
  tools: readonly ToolDefinition[],
  settings: LukerLoopSettings = {},
): { profile: LukerLoopProfile; notes: ExportNote[] } {
  const notes: ExportNote[] = [];
  const customTools: LukerCustomTool[] = [];
  const custom: Record<string, boolean> = {};
  for (const tool of tools) {
    if (customTools.some((t) => t.name === tool.name)) {
      notes.push({
        tool: tool.name,
        field: 'name',
        message: 'A tool of the same name is already in the file: this one is left out.',
      });
      continue;
    }
    const entry = toLukerTool(tool, notes);
    if (!entry) continue;
    customTools.push(entry);
    custom[tool.name] = tool.enabled && settings.switches?.[tool.name] !== false;
  }
  const prompt = settings.systemPrompt?.trim();
  const { maxRounds, wallClockBudgetMs } = settings.limits ?? {};
  return {
    profile: {
      mode: 'loop',
      apiPresetName: '',
      promptPresetName: '',
      ...(prompt ? { system_prompt: settings.systemPrompt } : {}),
      tools: { custom },
      ...(maxRounds !== undefined ? { max_rounds: maxRounds } : {}),
      ...(wallClockBudgetMs !== undefined ? { wall_clock_budget_ms: wallClockBudgetMs } : {}),
      customTools,
    },
    notes,
  };
}

/** The tools as a Luker loop preset file (`GET /api/tools/export?format=luker`). */
export function exportLukerPreset(
  tools: readonly ToolDefinition[],
  options: { name?: string; now?: Date } & LukerLoopSettings = {},
): ForeignExport<LukerPresetFile> {
  const { profile, notes } = lukerLoopProfile(tools, options);
  return {
    file: {
      format: LUKER_LOOP_FORMAT,
      mode: 'loop',
      name: options.name ?? 'Toolsmith tools',
      exportedAt: (options.now ?? new Date()).toISOString(),
      profile,
    },
    notes,
  };
}

/**
 * A card's `extensions.orchestrator` for Luker: one loop preset (the character's tools, switches and loop
 * settings), active and switched on for the card.
 */
export function lukerCardExtension(
  tools: readonly ToolDefinition[],
  options: { name: string } & LukerLoopSettings,
): ForeignExport<Record<string, unknown>> {
  const { profile, notes } = lukerLoopProfile(tools, options);
  return {
    file: {
      presetLibraries: { loop: { [LUKER_CARD_PRESET_ID]: { name: options.name, ...profile } } },
      activePresetIds: { loop: LUKER_CARD_PRESET_ID },
      overrideEnabled: { loop: true },
    },
    notes,
  };
}
