import type { RegisteredTool } from '../tools/registered-tool.js';
import type { ToolRegistry } from '../tools/registry.js';
import { AGENDA_TOOL_NAMES } from './agenda-tools.js';
import type { ModeToolSwitches } from './types.js';

/** Tools the orchestration itself adds; they count as builtin for the mode switches. */
export const ORCHESTRATION_TOOL_NAMES: ReadonlySet<string> = new Set([
  'orchestration_note',
  'orchestration_activate_entries',
  'orchestration_set_variable',
  'delegate',
  ...AGENDA_TOOL_NAMES,
]);

/** Custom (stored, profile-owned, bridged) or builtin (server builtins, extension and orchestration tools). */
export function toolCategory(tool: RegisteredTool): 'custom' | 'builtin' {
  if (ORCHESTRATION_TOOL_NAMES.has(tool.definition.name)) return 'builtin';
  return tool.layer === 'custom' || tool.layer === 'bridged' ? 'custom' : 'builtin';
}

/** Every tool name a call could reach in `scope`, on or off (builtin, custom up the chain, extension). */
export function visibleToolNames(registry: ToolRegistry, scope: string): string[] {
  const names = new Set(registry.namesInScope(scope));
  for (const tool of registry.enabledTools(scope)) names.add(tool.definition.name);
  return [...names];
}

/**
 * A mode's switches as explicit scope switches: a category switched off turns each of its tools off; a
 * per-tool switch wins over its category. Tools of a category left on keep their own default.
 */
export function applyModeSwitches(registry: ToolRegistry, scope: string, switches: ModeToolSwitches): void {
  for (const name of visibleToolNames(registry, scope)) {
    const tool = registry.resolve(name, scope);
    if (!tool) continue;
    if (!switches[toolCategory(tool)]) registry.setToolEnabled(scope, name, false);
  }
  for (const [name, on] of Object.entries(switches.tools ?? {})) registry.setToolEnabled(scope, name, on);
}

/** An agent's pinned list: exactly these tools on in its scope (an empty list changes nothing). */
export function applyPinnedTools(registry: ToolRegistry, scope: string, pinned: readonly string[]): void {
  if (pinned.length === 0) return;
  const wanted = new Set(pinned);
  for (const name of visibleToolNames(registry, scope))
    registry.setToolEnabled(scope, name, wanted.has(name));
  for (const name of wanted) registry.setToolEnabled(scope, name, true);
}

/** Per-node overrides: set last, so they shadow the profile default and the pinned list alike. */
export function applyOverrides(
  registry: ToolRegistry,
  scope: string,
  overrides: Record<string, boolean> | undefined,
): void {
  for (const [name, on] of Object.entries(overrides ?? {})) registry.setToolEnabled(scope, name, on);
}
