import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import { type Agent, type RequestInit as UndiciRequestInit, fetch as undiciFetch } from 'undici';
import {
  type Connector,
  checkWebhookUrl,
  createPinnedDispatcher,
  familyOf,
  poolKey,
  type ResolvedAddress,
  type Resolver,
  resolveChecked,
  systemResolve,
  WebhookError,
} from '../executors/webhook/index.js';

export interface McpFetchOptions {
  /** WEBHOOK_LOCAL_URLS_ENABLED: http:// and loopback/private addresses allowed (never cloud metadata) */
  localUrlsEnabled: boolean;
  /** name → addresses (tests inject one); default dns.lookup */
  resolve?: Resolver;
  /** opens the pinned connection (tests); default undici's connector with a pinned lookup */
  connect?: Connector;
  connectTimeoutMs?: number;
}

export type McpFetch = FetchLike & { close(): Promise<void> };

/** Why the address policy refused an MCP server URL, in words that name the setting. */
export function mcpUrlProblem(url: string, localUrlsEnabled: boolean): string | undefined {
  const check = checkWebhookUrl(url, { localUrlsEnabled });
  return check.allowed
    ? undefined
    : `${check.reason} (MCP servers are reached under the webhook address policy)`;
}

/**
 * The fetch a Streamable HTTP MCP transport uses: every request's URL is checked under the webhook SSRF
 * policy, its name resolved once, every address checked, and the connection pinned to those addresses (a
 * kept Agent per origin and address set). Redirects are never followed by fetch itself: the SDK's
 * same-origin rule calls this fetch again for the next hop, which is checked like the first.
 */
export function createMcpFetch(options: McpFetchOptions): McpFetch {
  const policy = { localUrlsEnabled: options.localUrlsEnabled };
  const resolve = options.resolve ?? systemResolve;
  const agents = new Map<string, Agent>();
  let closed = false;

  const agentFor = (url: URL, hostname: string, addresses: ResolvedAddress[]): Agent => {
    const protocol = url.protocol === 'https:' ? 'https:' : 'http:';
    const port = Number(url.port) || (protocol === 'https:' ? 443 : 80);
    const key = poolKey({ hostname, addresses, port, protocol });
    let agent = agents.get(key);
    if (!agent) {
      agent = createPinnedDispatcher({
        hostname,
        addresses,
        connect: options.connect,
        connectTimeoutMs: options.connectTimeoutMs,
      });
      agents.set(key, agent);
    }
    return agent;
  };

  const mcpFetch = async (input: string | URL, init?: RequestInit): Promise<Response> => {
    if (closed) throw new WebhookError('webhook_aborted', 'The MCP connection is closed.');
    const check = checkWebhookUrl(String(input), policy);
    if (!check.allowed) {
      throw new WebhookError('webhook_blocked', `MCP server URL blocked: ${check.reason}.`, {
        address: check.literal?.address,
        range: check.literal?.range,
      });
    }
    const signal = init?.signal ?? AbortSignal.timeout(options.connectTimeoutMs ?? 30_000);
    const addresses = check.literal
      ? [{ address: check.literal.address, family: familyOf(check.literal.address) }]
      : await resolveChecked(check.hostname, resolve, policy, signal, 'MCP server');
    const target = new URL(check.url);
    target.username = '';
    target.password = '';
    const response = await undiciFetch(target, {
      ...(init as UndiciRequestInit),
      redirect: 'manual',
      dispatcher: agentFor(target, check.hostname, addresses),
    });
    return response as unknown as Response;
  };

  return Object.assign(mcpFetch, {
    async close() {
      closed = true;
      const all = [...agents.values()];
      agents.clear();
      await Promise.all(all.map((agent) => agent.destroy().catch(() => {})));
    },
  });
}
