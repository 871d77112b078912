import { STATUS_CODES } from 'node:http';
import type { HostFunction } from '@toolsmith/core';
import type { OutboundFetch } from '../executors/outbound-fetch.js';

/** The host function behind a script's `fetch(url, init)` (the sandbox's guest side builds the Response). */
export const SCRIPT_FETCH_FUNCTION = '__fetch';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'] as const;
type Method = (typeof METHODS)[number];
/** Headers the connection owns: a script cannot set them. */
const DROPPED_HEADERS = new Set([
  'host',
  'content-length',
  'connection',
  'transfer-encoding',
  'keep-alive',
  'upgrade',
  'te',
  'trailer',
  'expect',
  'proxy-authorization',
  'proxy-connection',
]);
const MAX_HEADERS = 50;
const MAX_BODY_CHARS = 1024 * 1024;

/** What the guest receives: the body as text (fetch in scripts reads text and JSON only). */
export interface ScriptFetchAnswer {
  status: number;
  statusText: string;
  headers: Record<string, string>;
  url: string;
  redirected: boolean;
  body: string;
}

function requestOf(
  init: unknown,
  simulate: boolean,
): { method: Method; headers: Record<string, string>; body?: string } {
  const raw = typeof init === 'object' && init !== null ? (init as Record<string, unknown>) : {};
  const method = (typeof raw.method === 'string' ? raw.method.toUpperCase() : 'GET') as Method;
  if (!METHODS.includes(method)) {
    throw new Error(
      `fetch: method "${String(raw.method)}" is not supported; use one of ${METHODS.join(', ')}.`,
    );
  }
  if (simulate && method !== 'GET' && method !== 'HEAD') {
    throw new Error(`fetch: a simulated run sends only GET and HEAD requests (this one was ${method}).`);
  }
  const headers: Record<string, string> = {};
  const given =
    typeof raw.headers === 'object' && raw.headers !== null ? (raw.headers as Record<string, unknown>) : {};
  const names = Object.keys(given);
  if (names.length > MAX_HEADERS) throw new Error(`fetch: at most ${MAX_HEADERS} headers.`);
  for (const name of names) {
    const lower = name.toLowerCase();
    if (DROPPED_HEADERS.has(lower) || !/^[!#$%&'*+.^_`|~0-9a-z-]+$/.test(lower)) continue;
    const value = String(given[name]);
    if (/[\r\n\0]/.test(value)) throw new Error(`fetch: header "${name}" holds a line break.`);
    headers[lower] = value;
  }
  if (raw.body !== undefined && typeof raw.body !== 'string')
    throw new Error('fetch: the body must be text.');
  if (typeof raw.body === 'string' && raw.body.length > MAX_BODY_CHARS) {
    throw new Error(`fetch: the body is larger than ${MAX_BODY_CHARS} characters.`);
  }
  if (typeof raw.body === 'string' && (method === 'GET' || method === 'HEAD')) {
    throw new Error(`fetch: a ${method} request cannot have a body.`);
  }
  return { method, headers, ...(typeof raw.body === 'string' ? { body: raw.body } : {}) };
}

function flatHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || name.toLowerCase() === 'set-cookie') continue;
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/**
 * `fetch` for script tools allowed to fetch: sent by the server under the webhook policy (see OutboundFetch),
 * any status answered, the body capped at 512 KiB and read as text; `signal` is the run's.
 */
export function scriptFetchFunction(
  fetcher: OutboundFetch,
  options: { signal?: AbortSignal; simulate: boolean },
): HostFunction {
  return async (url, init) => {
    if (typeof url !== 'string' || url.length === 0 || url.length > 8192) {
      throw new Error('fetch: the URL must be text of 1–8192 characters.');
    }
    const request = requestOf(init, options.simulate);
    let response: Awaited<ReturnType<OutboundFetch>>;
    try {
      response = await fetcher(url, { ...request, signal: options.signal, acceptAnyStatus: true });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new Error(`fetch failed: ${message.replace(/^Webhook\b/, 'request')}`);
    }
    const answer: ScriptFetchAnswer = {
      status: response.status,
      statusText: STATUS_CODES[response.status] ?? '',
      headers: flatHeaders(response.headers),
      url: response.url,
      redirected: response.redirects > 0,
      body: response.body.toString('utf8'),
    };
    return answer;
  };
}
