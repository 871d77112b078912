import type { FieldError } from '../tools/types.js';
import { type ParseProfileOptions, parseOrchestrationProfile } from './profile.js';
import type { OrchestrationProfile } from './types.js';

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A character's override laid over the global profile (the override travels with the card, in
 * `extensions.toolsmith.orchestration`). It is a partial profile: `mode`, `loop`, `director`, `spec`, `agenda` replace the
 * global ones; `modes` and `limits` are merged key by key (a mode's per-tool switches too); `tools` are
 * added to the global profile's, a tool of the same name replacing the global one. The result is checked
 * like any profile.
 */
export function applyProfileOverride(
  base: OrchestrationProfile,
  override: unknown,
  options: ParseProfileOptions = {},
): { ok: true; value: OrchestrationProfile } | { ok: false; errors: FieldError[] } {
  if (override === undefined || override === null) return { ok: true, value: base };
  if (!isObject(override)) {
    return { ok: false, errors: [{ field: '', message: 'The orchestration override must be an object.' }] };
  }
  return parseOrchestrationProfile(mergeProfileOverride(base, override), options);
}

/**
 * The override laid over a profile body without checking either (see applyProfileOverride for the rules).
 * Works on stored bodies too, whose agents may still be references.
 */
export function mergeProfileOverride(
  base: Readonly<Record<string, unknown>> | OrchestrationProfile,
  override: Record<string, unknown>,
): Record<string, unknown> {
  const b = base as Record<string, unknown>;
  const merged: Record<string, unknown> = { ...b };
  for (const key of ['mode', 'loop', 'director', 'spec', 'agenda'] as const) {
    if (override[key] !== undefined) merged[key] = override[key];
  }
  if (override.limits !== undefined) {
    merged.limits = isObject(override.limits)
      ? { ...(b.limits as object | undefined), ...override.limits }
      : override.limits;
  }
  if (override.modes !== undefined) {
    if (!isObject(override.modes)) merged.modes = override.modes;
    else {
      const modes: Record<string, unknown> = { ...(b.modes as object | undefined) };
      for (const [mode, switches] of Object.entries(override.modes)) {
        const current = ((b.modes ?? {}) as Record<string, unknown>)[mode];
        modes[mode] =
          isObject(switches) && isObject(current)
            ? {
                ...current,
                ...switches,
                tools: {
                  ...(current.tools as object | undefined),
                  ...(switches.tools as object | undefined),
                },
              }
            : switches;
      }
      merged.modes = modes;
    }
  }
  if (override.tools !== undefined) {
    if (!Array.isArray(override.tools)) merged.tools = override.tools;
    else {
      const names = new Set(override.tools.map((t) => (isObject(t) ? t.name : undefined)));
      merged.tools = [
        ...(Array.isArray(b.tools) ? b.tools : []).filter((t) => !isObject(t) || !names.has(t.name)),
        ...override.tools,
      ];
    }
  }
  // unknown keys of the override are reported by the parser
  for (const key of Object.keys(override)) if (!(key in merged)) merged[key] = override[key];
  return merged;
}
