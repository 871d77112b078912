import type { FinishReason } from './types.js';

const TABLE: Record<string, FinishReason> = {
  // OpenAI and compatibles
  stop: 'stop',
  eos: 'stop',
  eos_token: 'stop',
  stop_sequence: 'stop',
  end_turn: 'stop',
  tool_calls: 'tool_calls',
  function_call: 'tool_calls',
  tool_use: 'tool_calls',
  length: 'length',
  max_tokens: 'length',
  model_length: 'length',
  content_filter: 'content_filter',
  refusal: 'content_filter',
  error: 'error',
  // Gemini
  STOP: 'stop',
  MAX_TOKENS: 'length',
  SAFETY: 'content_filter',
  RECITATION: 'content_filter',
  BLOCKLIST: 'content_filter',
  PROHIBITED_CONTENT: 'content_filter',
  SPII: 'content_filter',
  IMAGE_SAFETY: 'content_filter',
  MALFORMED_FUNCTION_CALL: 'error',
  UNEXPECTED_TOOL_CALL: 'error',
  LANGUAGE: 'other',
  OTHER: 'other',
  FINISH_REASON_UNSPECIFIED: 'other',
};

/** Normalizes a provider's finish reason; unknown values become `other` (the raw value is kept by callers). */
export function normalizeFinishReason(raw: string | null | undefined): FinishReason {
  if (raw == null || raw === '') return 'other';
  return Object.hasOwn(TABLE, raw) ? TABLE[raw] : 'other';
}
