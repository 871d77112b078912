import { GenerateTaskError, type GenerateTaskErrorCode } from '../../base/errors.js';

/** Error `type` / string `code` values from OpenAI and compatibles, by meaning (never the message words). */
const BY_TYPE: Record<string, GenerateTaskErrorCode> = {
  authentication_error: 'auth_missing',
  invalid_api_key: 'auth_missing',
  permission_error: 'auth_missing',
  permission_denied: 'auth_missing',
  insufficient_quota: 'rate_limit',
  rate_limit_error: 'rate_limit',
  rate_limit_exceeded: 'rate_limit',
  tokens: 'rate_limit',
  requests: 'rate_limit',
  server_error: 'network',
  api_error: 'network',
  overloaded_error: 'network',
  service_unavailable: 'network',
  timeout: 'network',
};

function byStatus(status: number): GenerateTaskErrorCode {
  if (status === 401 || status === 403) return 'auth_missing';
  if (status === 429) return 'rate_limit';
  if (status >= 500) return 'network';
  return 'unknown';
}

/**
 * Maps an error object found inside a stream (`{"error":{...}}` or vLLM's `{"object":"error",...}`).
 * A numeric `code`/`status` is an HTTP status (OpenRouter); otherwise the `type`/`code` names decide.
 */
export function streamPayloadError(payload: Record<string, unknown>): GenerateTaskError {
  const inner =
    payload.error && typeof payload.error === 'object' ? (payload.error as Record<string, unknown>) : payload;
  const message =
    typeof inner.message === 'string'
      ? inner.message
      : typeof payload.error === 'string'
        ? payload.error
        : 'The provider reported an error mid-stream.';
  const numeric = [inner.code, inner.status, payload.code, payload.status].find(
    (v): v is number => typeof v === 'number' && v >= 100 && v < 600,
  );
  let code: GenerateTaskErrorCode = 'unknown';
  if (numeric !== undefined) code = byStatus(numeric);
  else {
    for (const key of [inner.type, inner.code]) {
      if (typeof key === 'string' && Object.hasOwn(BY_TYPE, key)) {
        code = BY_TYPE[key];
        break;
      }
    }
  }
  const details: Record<string, unknown> = { body: payload, midStream: true };
  if (numeric !== undefined) details.status = numeric;
  return new GenerateTaskError(code, message, { details });
}

/** True when a parsed SSE/NDJSON payload is an error report rather than a chunk. */
export function isErrorPayload(payload: Record<string, unknown>): boolean {
  return (payload.error !== undefined && payload.error !== null) || payload.object === 'error';
}
