import { GenerateTaskError } from '../base/errors.js';

export interface PostOptions {
  url: string;
  headers: Record<string, string>;
  body: unknown;
  signal?: AbortSignal;
  fetch?: typeof fetch;
}

/** Node's fetch wraps socket failures in a TypeError whose `cause` carries the system error code. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_CLOSED',
]);

export function isAbortError(error: unknown, signal?: AbortSignal): boolean {
  if (signal?.aborted) return true;
  const name = (error as { name?: unknown } | null)?.name;
  return name === 'AbortError' || name === 'TimeoutError';
}

/** Maps a transport failure (no HTTP status) to a GenerateTaskError, by error type and system code only. */
export function transportError(error: unknown, signal?: AbortSignal): GenerateTaskError {
  if (error instanceof GenerateTaskError) return error;
  if (isAbortError(error, signal))
    return new GenerateTaskError('aborted', 'The request was aborted.', { cause: error });
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  const code = typeof cause?.code === 'string' ? cause.code : (error as { code?: unknown } | null)?.code;
  if (error instanceof TypeError || (typeof code === 'string' && NETWORK_CODES.has(code))) {
    return new GenerateTaskError(
      'network',
      `Could not reach the provider${code ? ` (${String(code)})` : ''}.`,
      {
        cause: error,
        details: code ? { systemCode: String(code) } : {},
      },
    );
  }
  return new GenerateTaskError('unknown', String((error as Error)?.message ?? error), { cause: error });
}

/**
 * A transport failure while reading an answer that had started (its headers arrived): the connection was
 * cut mid-way, which is not the same as never reaching the provider. Aborts stay aborts.
 */
export function streamCutError(error: unknown, signal?: AbortSignal): GenerateTaskError {
  if (error instanceof GenerateTaskError) return error;
  if (isAbortError(error, signal))
    return new GenerateTaskError('aborted', 'The request was aborted.', { cause: error });
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  const code = typeof cause?.code === 'string' ? cause.code : (error as { code?: unknown } | null)?.code;
  return new GenerateTaskError(
    'network',
    `The provider's stream was cut off before the answer was complete${code ? ` (${String(code)})` : ''}.`,
    { cause: error, details: { phase: 'body', ...(code ? { systemCode: String(code) } : {}) } },
  );
}

/** Parses `Retry-After` (seconds or an HTTP date) into milliseconds. */
export function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/** Pulls a human message out of the usual provider error bodies ({error:{message}}, {error:"..."}, {message}). */
export function providerErrorMessage(body: unknown, fallback: string): string {
  if (typeof body === 'string') return body.slice(0, 500) || fallback;
  const b = body as { error?: unknown; message?: unknown } | null;
  if (
    b &&
    typeof b.error === 'object' &&
    b.error &&
    typeof (b.error as { message?: unknown }).message === 'string'
  ) {
    return (b.error as { message: string }).message;
  }
  if (b && typeof b.error === 'string') return b.error;
  if (b && typeof b.message === 'string') return b.message;
  return fallback;
}

/** Maps an HTTP error answer to a GenerateTaskError by status (never by the words in the message). */
export async function httpError(response: Response): Promise<GenerateTaskError> {
  const text = await response.text().catch(() => '');
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  const status = response.status;
  const message = providerErrorMessage(body, `The provider answered HTTP ${status}.`);
  const details = { status, body };
  if (status === 401 || status === 403) return new GenerateTaskError('auth_missing', message, { details });
  if (status === 429) {
    return new GenerateTaskError('rate_limit', message, {
      details: { ...details, retryAfterMs: retryAfterMs(response.headers.get('retry-after')) },
    });
  }
  if (status >= 500) return new GenerateTaskError('network', message, { details });
  return new GenerateTaskError('unknown', message, { details });
}

/** POSTs JSON and returns the response when it is 2xx; every failure becomes a GenerateTaskError. */
export async function postJson(options: PostOptions): Promise<Response> {
  const doFetch = options.fetch ?? globalThis.fetch;
  let response: Response;
  try {
    response = await doFetch(options.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...options.headers },
      body: JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    throw transportError(error, options.signal);
  }
  if (!response.ok) throw await httpError(response);
  return response;
}

/** Reads a whole JSON body; a cut-off or malformed body is a network / no_response failure. */
export async function readJson(response: Response, signal?: AbortSignal): Promise<unknown> {
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw streamCutError(error, signal);
  }
  if (!text.trim()) throw new GenerateTaskError('no_response', 'The provider sent an empty response.');
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new GenerateTaskError('network', 'The provider sent a response that is not valid JSON.', {
      cause: error,
      details: { bodyPreview: text.slice(0, 200) },
    });
  }
}

/** Joins a base URL and a path without doubling or losing slashes. */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
