// One of Luker's orchestrator custom tools (`customTools[]`: name, displayName, description, parameters, mode,
// body, simulateBody) as a Toolsmith definition. Luker's tools are always sandboxed scripts.
import { normalizeParametersSchema } from '../tools/parameters-schema.js';
import type { JsonSchema, ToolDefinition } from '../tools/types.js';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** Luker's fallback schema is `{ type: "object" }`; `{}` and a schema without `type` read the same way. */
function lukerParameters(value: unknown): JsonSchema {
  if (isObject(value)) return normalizeParametersSchema(value);
  if (typeof value === 'string' && value.trim()) {
    try {
      const parsed: unknown = JSON.parse(value);
      if (isObject(parsed)) return normalizeParametersSchema(parsed);
    } catch {
      // fall through
    }
  }
  return { type: 'object', properties: {} };
}

/**
 * `enabled` is whether the tool is switched on where it was found; Luker keeps that outside the tool
 * (see luker-flags.ts), so a caller that knows the switch passes it. A bare list entry has none: on.
 */
export function lukerToolDefinition(raw: Json, enabled = true): ToolDefinition {
  return {
    name: text(raw.name) ?? '',
    ...(text(raw.displayName) ? { displayName: text(raw.displayName) } : {}),
    description: text(raw.description) ?? '',
    parameters: lukerParameters(raw.parameters),
    mode: raw.mode === 'read' ? 'read' : 'write',
    kind: 'script',
    body: text(raw.body) ?? '',
    ...(text(raw.simulateBody) ? { simulateBody: text(raw.simulateBody) } : {}),
    includeHiddenContext: false,
    enabled,
  };
}

/** Every `customTools` array inside a value (bounded depth): for Luker settings the reader does not know. */
export function collectLukerTools(value: unknown, depth = 0, out: Json[] = []): Json[] {
  if (depth > 6 || !isObject(value)) return out;
  for (const [key, child] of Object.entries(value)) {
    if (key === 'customTools' && Array.isArray(child)) out.push(...child.filter(isObject));
    else if (isObject(child)) collectLukerTools(child, depth + 1, out);
  }
  return out;
}
