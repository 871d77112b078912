import type { ToolDefinition } from '@toolsmith/core';
import { jsonTextTooDeep } from '@toolsmith/core/internal';
import { createPinnedAgentPool } from './agent-pool.js';
import { WebhookError } from './errors.js';
import type { Connector, Resolver } from './pinned-connection.js';
import { DEFAULT_MAX_RESPONSE_BYTES, type SafeResponse, safeFetch } from './safe-fetch.js';

export interface WebhookExecutorOptions {
  /** WEBHOOK_LOCAL_URLS_ENABLED: allow http:// and loopback/private targets (never cloud metadata) */
  localUrlsEnabled: boolean;
  /** CUSTOM_TOOL_TIMEOUT_MS: deadline for the whole call */
  timeoutMs: number;
  /** response cap, 512 KiB by default */
  maxResponseBytes?: number;
  /** name → addresses; defaults to dns.lookup (all addresses) */
  resolve?: Resolver;
  /** opens the pinned connection; defaults to undici's connector with a pinned `lookup` */
  connect?: Connector;
  /** extra headers for every call; dropped, like URL credentials, on a cross-origin redirect */
  headers?: Record<string, string>;
  /**
   * Keep-alive reuse (default on): calls to the same origin whose name resolves to the same checked addresses
   * share pinned connections. Off: a fresh connection per call and hop.
   */
  reuseConnections?: boolean;
  /** pooled Agents kept at most (one per origin and address set, least recently used closed first); 32 */
  maxAgents?: number;
  /** a pooled Agent unused for this long is closed; 30 s */
  agentIdleTimeoutMs?: number;
}

export interface WebhookCallOptions {
  /** the hidden context; sent only when given and the tool has `includeHiddenContext` on */
  context?: unknown;
  signal?: AbortSignal;
}

/** Runs a webhook tool: resolves with the parsed JSON answer or its text; rejects with a WebhookError. */
export type WebhookExecutor = (
  tool: ToolDefinition,
  args: unknown,
  options?: WebhookCallOptions,
) => Promise<unknown>;

/** The executor `createWebhookExecutor` builds: `close()` ends its pooled connections (server shutdown). */
export type ClosableWebhookExecutor = WebhookExecutor & {
  /** destroys every kept connection; calls made afterwards fail */
  close(): Promise<void>;
};

/** The payload POSTed to a webhook. */
export interface WebhookPayload {
  tool: string;
  arguments: unknown;
  context?: unknown;
}

export function createWebhookExecutor(options: WebhookExecutorOptions): ClosableWebhookExecutor {
  const agents =
    options.reuseConnections === false
      ? undefined
      : createPinnedAgentPool({
          connect: options.connect,
          connectTimeoutMs: options.timeoutMs,
          maxAgents: options.maxAgents,
          idleTimeoutMs: options.agentIdleTimeoutMs,
        });
  let closed = false;
  const execute: WebhookExecutor = async (tool, args, call = {}) => {
    if (closed) throw new WebhookError('webhook_aborted', 'The webhook executor is closed.');
    if (!tool.webhookUrl) {
      throw new WebhookError('webhook_invalid_url', `Tool "${tool.name}" has no webhook URL.`);
    }
    const payload: WebhookPayload = { tool: tool.name, arguments: args ?? {} };
    // Belt and braces: the hidden context leaves the server only for tools that asked for it.
    if (call.context !== undefined && tool.includeHiddenContext === true) payload.context = call.context;

    const response = await safeFetch(tool.webhookUrl, {
      method: 'POST',
      body: JSON.stringify(payload),
      headers: options.headers,
      localUrlsEnabled: options.localUrlsEnabled,
      timeoutMs: options.timeoutMs,
      maxResponseBytes: options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
      signal: call.signal,
      resolve: options.resolve,
      connect: options.connect,
      agents,
    });
    return parseAnswer(response);
  };
  return Object.assign(execute, {
    async close() {
      closed = true;
      await agents?.close();
    },
  });
}

/** JSON answers (application/json or any +json type) are parsed; anything else is returned as text. */
export function parseAnswer(response: Pick<SafeResponse, 'headers' | 'body'>): unknown {
  const contentType = String(response.headers['content-type'] ?? '').toLowerCase();
  const text = decode(response.body, contentType);
  const mediaType = contentType.split(';')[0].trim();
  if (mediaType === 'application/json' || mediaType.endsWith('+json')) {
    if (text.trim() === '') return null;
    // nested deeper than any real answer: kept as text, so nothing recursive ever walks it
    if (jsonTextTooDeep(text)) return text;
    try {
      return JSON.parse(text);
    } catch {
      // A server that mislabels its answer still gets its text through to the model.
      return text;
    }
  }
  return text;
}

function decode(body: Buffer, contentType: string): string {
  const charset = /charset\s*=\s*"?([\w.:-]+)"?/.exec(contentType)?.[1];
  if (charset) {
    try {
      return new TextDecoder(charset).decode(body);
    } catch {
      // Unknown label: fall back to UTF-8.
    }
  }
  return new TextDecoder('utf-8').decode(body);
}
