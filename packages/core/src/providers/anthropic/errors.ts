import { GenerateTaskError, type GenerateTaskErrorCode } from '../../base/errors.js';

/** Anthropic error types (https://docs.anthropic.com/en/api/errors) → our codes. Mapped by type, never by message. */
const ERROR_TYPES: Record<string, GenerateTaskErrorCode> = {
  authentication_error: 'auth_missing',
  permission_error: 'auth_missing',
  rate_limit_error: 'rate_limit',
  overloaded_error: 'network',
  api_error: 'network',
  timeout_error: 'network',
  invalid_request_error: 'unknown',
  not_found_error: 'unknown',
  request_too_large: 'unknown',
  billing_error: 'unknown',
};

export function anthropicErrorCode(type: string | undefined): GenerateTaskErrorCode {
  return type !== undefined && Object.hasOwn(ERROR_TYPES, type) ? ERROR_TYPES[type] : 'unknown';
}

/** An `error` event inside a stream (e.g. `overloaded_error` after the HTTP 200 was already sent). */
export function anthropicStreamError(data: unknown): GenerateTaskError {
  const error = (data as { error?: { type?: unknown; message?: unknown } } | null)?.error;
  const type = typeof error?.type === 'string' ? error.type : undefined;
  const message =
    typeof error?.message === 'string' && error.message
      ? error.message
      : `The provider reported ${type ?? 'an error'} in the stream.`;
  return new GenerateTaskError(anthropicErrorCode(type), message, {
    details: { errorType: type, body: data, inStream: true },
  });
}
