import { GenerateTaskError, type GenerateTaskErrorCode } from '../../base/errors.js';
import { httpError } from '../http.js';

/** google.rpc status names (the `error.status` of Google API errors) → our codes. */
const STATUSES: Record<string, GenerateTaskErrorCode> = {
  UNAUTHENTICATED: 'auth_missing',
  PERMISSION_DENIED: 'auth_missing',
  RESOURCE_EXHAUSTED: 'rate_limit',
  UNAVAILABLE: 'network',
  INTERNAL: 'network',
  DEADLINE_EXCEEDED: 'network',
  CANCELLED: 'aborted',
};

/** `ErrorInfo.reason` values that mean the key itself is wrong, though Google answers 400 for them. */
const KEY_REASONS = new Set(['API_KEY_INVALID', 'API_KEY_EXPIRED', 'API_KEY_SERVICE_BLOCKED']);

interface GoogleErrorBody {
  error?: { code?: unknown; message?: unknown; status?: unknown; details?: unknown };
}

function errorReasons(body: unknown): string[] {
  const details = (body as GoogleErrorBody | null)?.error?.details;
  if (!Array.isArray(details)) return [];
  return details
    .map((d) => (d as { reason?: unknown } | null)?.reason)
    .filter((r): r is string => typeof r === 'string');
}

/** A google.protobuf.Duration in JSON ("37s", "0.5s", or `{ seconds, nanos }`) in milliseconds. */
function durationMs(value: unknown): number | undefined {
  if (typeof value === 'string') {
    const match = /^(\d+(?:\.\d+)?)s$/.exec(value.trim());
    return match ? Math.round(Number(match[1]) * 1000) : undefined;
  }
  if (value && typeof value === 'object') {
    const { seconds, nanos } = value as { seconds?: unknown; nanos?: unknown };
    const s = Number(seconds ?? 0);
    const n = Number(nanos ?? 0);
    if (Number.isFinite(s) && Number.isFinite(n)) return Math.round(s * 1000 + n / 1e6);
  }
  return undefined;
}

/**
 * The delay a 429 asks for in its `google.rpc.RetryInfo` detail (`retryDelay`), which Gemini sends instead of a
 * `Retry-After` header.
 */
export function googleRetryDelayMs(body: unknown): number | undefined {
  const details = (body as GoogleErrorBody | null)?.error?.details;
  if (!Array.isArray(details)) return undefined;
  for (const detail of details) {
    const d = detail as { '@type'?: unknown; retryDelay?: unknown } | null;
    if (typeof d?.['@type'] === 'string' && d['@type'].endsWith('google.rpc.RetryInfo')) {
      const ms = durationMs(d.retryDelay);
      if (ms !== undefined) return ms;
    }
  }
  return undefined;
}

/**
 * Maps an HTTP error answer: by status first (as every adapter does), except that an invalid or expired key,
 * which Google reports as 400 INVALID_ARGUMENT with an `API_KEY_INVALID` reason, is `auth_missing`. A 429
 * without `Retry-After` takes its delay from `RetryInfo`.
 */
export async function googleHttpError(response: Response): Promise<GenerateTaskError> {
  const error = await httpError(response);
  if (error.code === 'rate_limit' && error.details.retryAfterMs === undefined) {
    const delay = googleRetryDelayMs(error.details.body);
    if (delay !== undefined) error.details.retryAfterMs = delay;
  }
  if (error.code === 'unknown' && errorReasons(error.details.body).some((r) => KEY_REASONS.has(r))) {
    return new GenerateTaskError('auth_missing', error.message, { details: error.details });
  }
  return error;
}

/** An `{ error: {...} }` object inside a stream, after the HTTP 200 was already sent. */
export function googleStreamError(body: unknown): GenerateTaskError {
  const error = (body as GoogleErrorBody | null)?.error ?? {};
  const status = typeof error.status === 'string' ? error.status : undefined;
  const httpStatus = typeof error.code === 'number' ? error.code : undefined;
  let code: GenerateTaskErrorCode = status && Object.hasOwn(STATUSES, status) ? STATUSES[status] : 'unknown';
  if (code === 'unknown' && httpStatus !== undefined) {
    if (httpStatus === 401 || httpStatus === 403) code = 'auth_missing';
    else if (httpStatus === 429) code = 'rate_limit';
    else if (httpStatus >= 500) code = 'network';
  }
  if (code === 'unknown' && errorReasons(body).some((r) => KEY_REASONS.has(r))) code = 'auth_missing';
  const message =
    typeof error.message === 'string' && error.message
      ? error.message
      : 'The provider reported an error in the stream.';
  const details: Record<string, unknown> = { status: httpStatus, errorStatus: status, body, inStream: true };
  const delay = code === 'rate_limit' ? googleRetryDelayMs(body) : undefined;
  if (delay !== undefined) details.retryAfterMs = delay;
  return new GenerateTaskError(code, message, { details });
}
