// The one place the UI talks HTTP. State-changing calls carry the CSRF header; privileged calls carry the admin
// secret once the user has given it. Every failure becomes an ApiError with the server's own message.

import type { FieldError } from '@toolsmith/core/schema';

export class ApiError extends Error {
  readonly status: number;
  readonly code?: string;
  readonly details?: unknown;
  constructor(status: number, message: string, code?: string, details?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }

  /** Validation details as `{ field, message }` rows, when the server sent them. */
  get fieldErrors(): FieldError[] {
    return Array.isArray(this.details)
      ? (this.details as unknown[]).filter(
          (d): d is FieldError => typeof d === 'object' && d !== null && 'field' in d && 'message' in d,
        )
      : [];
  }
}

const SECRET_KEY = 'toolsmith.adminSecret';
/**
 * `read`: the refused request was a GET, so what the page shows is missing and worth loading again;
 * `message`: the server's words (for `limited`, how long to wait).
 */
type SecretListener = (
  reason: 'required' | 'invalid' | 'limited',
  refused: { read: boolean; message: string },
) => void;
const secretListeners = new Set<SecretListener>();

export function getAdminSecret(): string | null {
  return sessionStorage.getItem(SECRET_KEY);
}

export function setAdminSecret(secret: string | null): void {
  if (secret) sessionStorage.setItem(SECRET_KEY, secret);
  else sessionStorage.removeItem(SECRET_KEY);
}

/** The app shell listens here and asks the user for the secret when the server demands it. */
export function onAdminSecretNeeded(listener: SecretListener): () => void {
  secretListeners.add(listener);
  return () => secretListeners.delete(listener);
}

function headersFor(method: string, extra?: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = { ...extra };
  if (method !== 'GET' && method !== 'HEAD') headers['X-Toolsmith-Request'] = '1';
  const secret = getAdminSecret();
  if (secret) headers['X-Admin-Secret'] = secret;
  return headers;
}

async function failure(response: Response, method: string): Promise<ApiError> {
  let body: { error?: unknown; code?: unknown; details?: unknown } = {};
  const text = await response.text().catch(() => '');
  try {
    body = JSON.parse(text);
  } catch {
    body = { error: text || `The server answered ${response.status} ${response.statusText}.` };
  }
  const message = typeof body.error === 'string' ? body.error : `The server answered ${response.status}.`;
  const code = typeof body.code === 'string' ? body.code : undefined;
  // 401: the secret is missing or wrong; 403 with the same code: the server has none set (it still explains)
  const secretRefusal = response.status === 401 || response.status === 403;
  const refused = { read: method === 'GET', message };
  if (secretRefusal && (code === 'admin_secret_required' || code === 'admin_secret_invalid')) {
    for (const listener of secretListeners)
      listener(code === 'admin_secret_invalid' ? 'invalid' : 'required', refused);
  }
  // 429: too many wrong secrets from this client; the dialog says how long to wait
  if (response.status === 429 && code === 'admin_secret_rate_limited') {
    for (const listener of secretListeners) listener('limited', refused);
  }
  return new ApiError(response.status, message, code, body.details);
}

/** Sends a request and returns the raw response when it is 2xx (for downloads and SSE). */
export async function request(
  method: string,
  path: string,
  options: { json?: unknown; body?: BodyInit; contentType?: string; signal?: AbortSignal } = {},
): Promise<Response> {
  const extra: Record<string, string> = {};
  let body: BodyInit | undefined = options.body;
  if (options.json !== undefined) {
    extra['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.contentType) {
    extra['Content-Type'] = options.contentType;
  }
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers: headersFor(method, extra),
      body,
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'Could not reach the Toolsmith server. Is it running?');
  }
  if (!response.ok) throw await failure(response, method);
  return response;
}

async function json<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await request(method, path, body === undefined ? {} : { json: body });
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

export const api = {
  get: <T>(path: string) => json<T>('GET', path),
  post: <T>(path: string, body?: unknown) => json<T>('POST', path, body ?? {}),
  put: <T>(path: string, body?: unknown) => json<T>('PUT', path, body ?? {}),
  patch: <T>(path: string, body?: unknown) => json<T>('PATCH', path, body ?? {}),
  del: <T = void>(path: string) => json<T>('DELETE', path),
};

/** A readable message for anything thrown. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error) return error.message;
  return String(error);
}
