import ipaddr from 'ipaddr.js';
import { request } from 'undici';
import { type AddressPolicyOptions, classifyAddress } from './address-policy.js';
import type { PinnedAgentLease, PinnedAgentPool } from './agent-pool.js';
import { WebhookError } from './errors.js';
import {
  type Connector,
  createPinnedDispatcher,
  type ResolvedAddress,
  type Resolver,
  systemResolve,
} from './pinned-connection.js';
import { discard, readCapped, readPreview } from './read-body.js';
import { checkWebhookUrl } from './url-policy.js';

export const DEFAULT_MAX_RESPONSE_BYTES = 512 * 1024;
export const DEFAULT_MAX_REDIRECTS = 5;

export interface SafeFetchOptions extends AddressPolicyOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';
  /** answer non-2xx statuses like any other (scripts' fetch reads them) instead of throwing */
  acceptAnyStatus?: boolean;
  body?: string;
  /** headers dropped, like URL credentials, once a redirect leaves the first origin */
  headers?: Record<string, string>;
  /** deadline for the whole call: lookups, redirects and the body */
  timeoutMs: number;
  maxResponseBytes?: number;
  maxRedirects?: number;
  signal?: AbortSignal;
  resolve?: Resolver;
  /** used for a fresh Agent per hop; a pool given as `agents` has its own connector */
  connect?: Connector;
  /**
   * Reuse keep-alive connections through this pool. Every hop still resolves and checks first; the pool only
   * hands back an Agent pinned to the very same addresses. Without it each hop gets a fresh Agent.
   */
  agents?: PinnedAgentPool;
}

export interface SafeResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  /** the URL that answered, without credentials */
  url: string;
  redirects: number;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Sent on every hop, unlike the caller's headers. */
const STANDARD_HEADERS: Record<string, string> = {
  accept: 'application/json, text/plain;q=0.9, */*;q=0.8',
  'user-agent': 'Toolsmith-Webhook/0.1',
};

/**
 * POST (or GET) to a webhook URL under the SSRF policy: every hop's URL is checked, its name resolved once,
 * every address checked, and the connection pinned to those addresses. Redirects are followed by hand. Any
 * failure, including a non-2xx answer, throws a WebhookError.
 */
export async function safeFetch(input: string | URL, options: SafeFetchOptions): Promise<SafeResponse> {
  const deadline = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
  try {
    return await follow(input, options, signal);
  } catch (error) {
    if (options.signal?.aborted) {
      // A caller's own deadline (AbortSignal.timeout, e.g. the 3 s dry-run) is still a timeout.
      const reason: unknown = options.signal.reason;
      if (reason instanceof Error && reason.name === 'TimeoutError') {
        throw new WebhookError('webhook_timeout', 'Webhook timed out.', {}, error);
      }
      throw new WebhookError('webhook_aborted', 'Webhook call aborted.', {}, error);
    }
    if (deadline.aborted) {
      throw new WebhookError(
        'webhook_timeout',
        `Webhook timed out after ${options.timeoutMs} ms.`,
        {},
        error,
      );
    }
    if (error instanceof WebhookError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    throw new WebhookError('webhook_network', `Webhook request failed: ${message}`, {}, error);
  }
}

async function follow(
  input: string | URL,
  options: SafeFetchOptions,
  signal: AbortSignal,
): Promise<SafeResponse> {
  const policy: AddressPolicyOptions = { localUrlsEnabled: options.localUrlsEnabled === true };
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  const maxBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const resolve = options.resolve ?? systemResolve;

  let url: URL;
  try {
    url = new URL(String(input));
  } catch {
    throw new WebhookError('webhook_invalid_url', 'The webhook URL is not a valid absolute URL.');
  }
  let method = options.method ?? 'POST';
  let body = options.body;
  // Credentials travel as a header, never in the request line, and only to the first origin.
  let privateHeaders: Record<string, string> = { ...lowerCaseKeys(options.headers), ...basicAuth(url) };

  for (let hop = 0; ; hop++) {
    const check = checkWebhookUrl(url, policy);
    const where = hop === 0 ? 'Webhook' : `Webhook redirect to ${safeOrigin(url)}`;
    if (!check.allowed) {
      throw new WebhookError('webhook_blocked', `${where} blocked: ${check.reason}.`, {
        address: check.literal?.address,
        range: check.literal?.range,
      });
    }
    const addresses = check.literal
      ? [{ address: check.literal.address, family: familyOf(check.literal.address) }]
      : await resolveChecked(check.hostname, resolve, policy, signal, where);

    const target = new URL(url);
    target.username = '';
    target.password = '';
    const lease = pinnedAgent(target, check.hostname, addresses, options);
    const dispatcher = lease.dispatcher;
    try {
      const headers: Record<string, string> = { ...STANDARD_HEADERS, ...privateHeaders };
      if (body !== undefined) headers['content-type'] ??= 'application/json';
      const response = await request(target, { method, headers, body, dispatcher, signal });
      const location = response.headers.location;

      if (REDIRECTS.has(response.statusCode) && typeof location === 'string') {
        discard(response.body);
        if (hop >= maxRedirects) {
          throw new WebhookError(
            'webhook_http_error',
            `Webhook redirected more than ${maxRedirects} times.`,
            {
              status: response.statusCode,
            },
          );
        }
        let next: URL;
        try {
          next = new URL(location, target);
        } catch {
          throw new WebhookError('webhook_http_error', `Webhook answered a redirect to an invalid URL.`, {
            status: response.statusCode,
          });
        }
        // Credentials written into a Location are never used; our own ones stop at the first origin change.
        next.username = '';
        next.password = '';
        if (next.origin !== target.origin) privateHeaders = {};
        if (response.statusCode <= 303 && method !== 'GET') {
          method = 'GET';
          body = undefined;
        }
        url = next;
        continue;
      }

      if (!options.acceptAnyStatus && (response.statusCode < 200 || response.statusCode > 299)) {
        const preview = await readPreview(response.body);
        const shown = preview ? `: ${preview}` : '';
        throw new WebhookError('webhook_http_error', `Webhook answered HTTP ${response.statusCode}${shown}`, {
          status: response.statusCode,
          bodyPreview: preview,
        });
      }

      const declared = Number(response.headers['content-length']);
      const buffer = await readCapped(
        response.body,
        maxBytes,
        Number.isFinite(declared) ? declared : undefined,
      );
      return {
        status: response.statusCode,
        headers: response.headers,
        body: buffer,
        url: target.href,
        redirects: hop,
      };
    } finally {
      lease.release();
    }
  }
}

/** The pool's Agent for this origin and these addresses, or a fresh one destroyed on release. */
function pinnedAgent(
  target: URL,
  hostname: string,
  addresses: ResolvedAddress[],
  options: SafeFetchOptions,
): PinnedAgentLease {
  if (options.agents) {
    const protocol = target.protocol === 'https:' ? 'https:' : 'http:';
    const port = Number(target.port) || (protocol === 'https:' ? 443 : 80);
    return options.agents.acquire({ hostname, addresses, port, protocol });
  }
  const dispatcher = createPinnedDispatcher({
    hostname,
    addresses,
    connect: options.connect,
    connectTimeoutMs: options.timeoutMs,
  });
  return { dispatcher, release: () => dispatcher.destroy().catch(() => {}) };
}

/** Resolves a name and checks every address under the policy (also used for MCP servers over HTTP). */
export async function resolveChecked(
  hostname: string,
  resolve: Resolver,
  policy: AddressPolicyOptions,
  signal: AbortSignal,
  where: string,
): Promise<ResolvedAddress[]> {
  let answers: ResolvedAddress[];
  try {
    answers = await abortable(resolve(hostname), signal);
  } catch (error) {
    if (signal.aborted) throw error;
    const message = error instanceof Error ? error.message : String(error);
    throw new WebhookError(
      'webhook_network',
      `${where} failed: could not resolve "${hostname}" (${message}).`,
      {},
      error,
    );
  }
  if (answers.length === 0) {
    throw new WebhookError('webhook_network', `${where} failed: "${hostname}" resolves to no address.`);
  }
  // Every address must pass: the connection may use any of them.
  return answers.map(({ address }) => {
    const verdict = classifyAddress(address, policy);
    if (!verdict.allowed) {
      throw new WebhookError(
        'webhook_blocked',
        `${where} blocked: "${hostname}" resolves to ${verdict.reason}.`,
        {
          address: verdict.address,
          range: verdict.range,
        },
      );
    }
    return { address: verdict.address, family: familyOf(verdict.address) };
  });
}

export function familyOf(address: string): 4 | 6 {
  return ipaddr.parse(address).kind() === 'ipv4' ? 4 : 6;
}

function lowerCaseKeys(headers: Record<string, string> = {}): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}

function basicAuth(url: URL): Record<string, string> {
  if (!url.username && !url.password) return {};
  const pair = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
  return { authorization: `Basic ${Buffer.from(pair).toString('base64')}` };
}

function safeOrigin(url: URL): string {
  return url.origin === 'null' ? url.protocol : url.origin;
}

/** Settles with the promise, or rejects as soon as the signal aborts (a DNS lookup cannot be cancelled). */
function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
