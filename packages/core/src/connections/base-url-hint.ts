import { joinUrl } from '../providers/http.js';
import type { Connection } from '../providers/types.js';

/** A base URL that would work better, and why. */
export interface BaseUrlSuggestion {
  baseUrl: string;
  reason: string;
}

const OPENAI_LIKE = new Set(['openai', 'openai-responses']);

/**
 * After an OpenAI-compatible request failed with 404: is the base URL missing its `/v1`? True when the
 * server answers `GET {baseUrl}/v1/models` with a model list. A base URL written as the whole endpoint
 * (`…/v1/chat/completions`) is caught without asking the server.
 */
export async function suggestBaseUrl(
  connection: Pick<Connection, 'api' | 'baseUrl' | 'apiKey' | 'headers'>,
  options: { fetch?: typeof fetch; signal?: AbortSignal } = {},
): Promise<BaseUrlSuggestion | undefined> {
  if (!OPENAI_LIKE.has(connection.api) || !connection.baseUrl) return undefined;
  const base = connection.baseUrl.replace(/\/+$/, '');
  const endpoint = /\/(chat\/completions|responses|completions)$/i.exec(base);
  if (endpoint) {
    return {
      baseUrl: base.slice(0, endpoint.index),
      reason: `The base URL ends with the endpoint (/${endpoint[1]}); Toolsmith adds that itself.`,
    };
  }
  if (/\/v\d+(?:beta\d*|alpha\d*)?$/i.test(base)) return undefined;
  const candidate = `${base}/v1`;
  const headers: Record<string, string> = { accept: 'application/json', ...connection.headers };
  if (connection.apiKey) headers.authorization = `Bearer ${connection.apiKey}`;
  try {
    const response = await (options.fetch ?? globalThis.fetch)(joinUrl(candidate, 'models'), {
      headers,
      signal: options.signal,
    });
    if (!response.ok) return undefined;
    const body = (await response.json()) as { data?: unknown; models?: unknown };
    if (!Array.isArray(body?.data) && !Array.isArray(body?.models)) return undefined;
  } catch {
    return undefined;
  }
  return {
    baseUrl: candidate,
    reason: `${base}/chat/completions was not found, but the server answers under ${candidate}: OpenAI-compatible servers expect the /v1 in the base URL.`,
  };
}
