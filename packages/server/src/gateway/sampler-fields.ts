import type { Connection } from '@toolsmith/core';
import { openaiProfile } from '@toolsmith/core/internal';
import { invalidRequest } from './openai-errors.js';

/**
 * Sampler fields local backends and OpenRouter take under these names, beyond the ones with a common name in
 * GenerationParams (top_k, min_p, repetition_penalty, seed): passed through as sent to backends that read them.
 */
export const PASS_THROUGH_SAMPLERS: readonly string[] = [
  'typical_p',
  'tfs',
  'top_a',
  'mirostat',
  'mirostat_tau',
  'mirostat_eta',
  'repetition_penalty_range',
  'rep_pen_range',
  'dry_multiplier',
  'dry_base',
  'dry_allowed_length',
  'dry_penalty_last_n',
  'xtc_threshold',
  'xtc_probability',
  'dynatemp_range',
  'dynatemp_exponent',
  'smoothing_factor',
  'top_n_sigma',
];

/** The pass-through sampler fields of a request body (numbers only; a wrong type names the field). */
export function readSamplers(body: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of PASS_THROUGH_SAMPLERS) {
    const value = body[key];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'number' || !Number.isFinite(value))
      throw invalidRequest(`${key} must be a number.`, key);
    out[key] = value;
  }
  return out;
}

/**
 * Where the extra sampler fields go for a connection (docs/api.md, "Gateway"): top level for OpenAI-compatible
 * servers that read samplers (local servers, OpenRouter) and KoboldCpp / llama.cpp / `/v1/completions`, Ollama's `options`; APIs without them (Anthropic,
 * Gemini, OpenAI Responses) never see them. Undefined: nothing to send.
 */
export function samplerExtraBody(
  connection: Connection,
  samplers: Record<string, unknown>,
): Record<string, unknown> | undefined {
  if (Object.keys(samplers).length === 0) return undefined;
  if (connection.api === 'openai') return openaiProfile(connection).samplers ? { ...samplers } : undefined;
  if (connection.api !== 'text-completion') return undefined;
  return connection.textBackend === 'ollama' ? { options: { ...samplers } } : { ...samplers };
}
