import type { ToolErrorCode, ToolResultEnvelope } from './types.js';

/** The failure shape a model reads (design.md: `{ ok: false, error, code, hint }`). */
export interface ModelToolFailure {
  ok: false;
  error: string;
  code: ToolErrorCode;
  hint?: string;
}

/** What the model should see for an envelope: the result itself, or the failure shape. */
export function toolResultForModel(envelope: ToolResultEnvelope): unknown {
  if (envelope.ok) return envelope.result;
  const failure: ModelToolFailure = { ok: false, error: envelope.error.message, code: envelope.error.code };
  if (envelope.error.hint) failure.hint = envelope.error.hint;
  return failure;
}

/** The same as text for a `tool` message: strings stay as they are, anything else is JSON. */
export function toolResultContent(envelope: ToolResultEnvelope): string {
  const value = toolResultForModel(envelope);
  if (typeof value === 'string') return value;
  try {
    const json = JSON.stringify(value, (_key, v) => (typeof v === 'bigint' ? v.toString() : v));
    return json === undefined ? 'null' : json;
  } catch {
    return JSON.stringify({
      ok: false,
      error: 'The tool result is not JSON-serialisable.',
      code: 'tool_error',
    });
  }
}
