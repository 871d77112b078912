import type { ServerConfig } from '../config/config.js';
import {
  type Connector,
  DEFAULT_MAX_RESPONSE_BYTES,
  type Resolver,
  type SafeFetchOptions,
  type SafeResponse,
  safeFetch,
} from './webhook/index.js';

/** One request the server sends for a tool (a script's fetch, web_visit, a search backend). */
export interface OutboundRequest {
  method?: SafeFetchOptions['method'];
  headers?: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
  /** shorter than the server's tool deadline when the caller has less time left */
  timeoutMs?: number;
  maxResponseBytes?: number;
  /** answer non-2xx statuses instead of throwing */
  acceptAnyStatus?: boolean;
}

/**
 * Requests a tool sends to URLs it did not get from the server's own settings go through exactly the webhook
 * policy: https only unless local URLs are enabled, every hop's name resolved once and every address checked,
 * the connection pinned, redirects re-checked, the answer capped (512 KiB), one deadline for all of it.
 */
export type OutboundFetch = (url: string, request?: OutboundRequest) => Promise<SafeResponse>;

export interface OutboundFetchOptions {
  /** tests: name → addresses, and the connector (never anything but loopback) */
  resolve?: Resolver;
  connect?: Connector;
}

export function createOutboundFetch(config: ServerConfig, options: OutboundFetchOptions = {}): OutboundFetch {
  return (url, request = {}) =>
    safeFetch(url, {
      method: request.method ?? 'GET',
      headers: request.headers,
      body: request.body,
      signal: request.signal,
      localUrlsEnabled: config.webhookLocalUrlsEnabled,
      timeoutMs: Math.min(request.timeoutMs ?? config.customToolTimeoutMs, config.customToolTimeoutMs),
      maxResponseBytes: request.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
      acceptAnyStatus: request.acceptAnyStatus,
      resolve: options.resolve,
      connect: options.connect,
    });
}
