import type { ToolExecutors, ToolRunRecord } from '@toolsmith/core';
import type { ServerConfig } from '../config/config.js';
import {
  type ClosableWebhookExecutor,
  createWebhookExecutor,
  type WebhookExecutor,
} from './webhook/index.js';

/** The hidden context a webhook receives lives at `ctx.context` (scripts see the same object as `ctx`). */
function hiddenContext(ctx: unknown): unknown {
  if (typeof ctx !== 'object' || ctx === null) return undefined;
  return (ctx as { context?: unknown }).context;
}

/** The safe webhook executor with the server's settings; its owner calls `close()` at shutdown. */
export function defaultWebhookExecutor(config: ServerConfig): ClosableWebhookExecutor {
  return createWebhookExecutor({
    localUrlsEnabled: config.webhookLocalUrlsEnabled,
    timeoutMs: config.customToolTimeoutMs,
  });
}

/**
 * The executors handed to the core for kinds it cannot run itself. A per-call deadline shorter than the
 * executor's own (dry-run: 3 s) aborts the request itself, not just the wait for it.
 */
export function toolExecutors(
  webhook: WebhookExecutor | undefined,
  /** every finished call, for logs and metrics (the app's telemetry) */
  observe?: (run: ToolRunRecord) => void,
): ToolExecutors {
  if (!webhook) return observe ? { observe } : {};
  return {
    ...(observe ? { observe } : {}),
    webhook: (tool, args, { ctx, signal, timeoutMs }) => {
      const signals = [signal, timeoutMs ? AbortSignal.timeout(timeoutMs) : undefined].filter(
        (s): s is AbortSignal => s !== undefined,
      );
      return webhook(tool, args, {
        context: hiddenContext(ctx),
        signal: signals.length > 0 ? AbortSignal.any(signals) : undefined,
      });
    },
  };
}
