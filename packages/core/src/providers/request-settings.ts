import type { ProviderRequest, ThinkingSettings } from './types.js';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Keys that must never be merged into a body built from user JSON. */
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Merges `extra` into `target` in place: objects merge key by key, anything else replaces. */
function deepMerge(target: Record<string, unknown>, extra: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(extra)) {
    if (UNSAFE_KEYS.has(key)) continue;
    const current = target[key];
    if (isPlainObject(value) && isPlainObject(current)) {
      const copy = { ...current };
      deepMerge(copy, value);
      target[key] = copy;
    } else {
      target[key] = value;
    }
  }
}

/**
 * Lays the connection's and then the preset's `extraBody` over a finished request body: provider-specific
 * parameters the adapter does not know (`top_a`, `safe_prompt`, `provider: { order }`, …). Objects merge key by
 * key, so `{ generationConfig: { candidateCount: 1 } }` keeps the rest of Gemini's generationConfig.
 */
export function applyExtraBody<T extends object>(body: T, request: ProviderRequest): T {
  const layers = [request.connection.extraBody, request.params?.extraBody];
  for (const layer of layers) if (isPlainObject(layer)) deepMerge(body as Record<string, unknown>, layer);
  return body;
}

/** The thinking settings in force: the connection's defaults, then the preset's, key by key. */
export function effectiveThinking(request: ProviderRequest): ThinkingSettings {
  const out: ThinkingSettings = {};
  for (const layer of [request.connection.thinking, request.params?.thinking]) {
    if (!layer) continue;
    if (layer.effort !== undefined) out.effort = layer.effort;
    if (layer.budgetTokens !== undefined) out.budgetTokens = layer.budgetTokens;
    if (layer.includeThoughts !== undefined) out.includeThoughts = layer.includeThoughts;
  }
  return out;
}
