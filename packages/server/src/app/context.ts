import type { Sandbox } from '@toolsmith/core';
import type { SecretGuard } from '../auth/secret-guard.js';
import type { BuiltinTool } from '../builtins/builtin-tools.js';
import type { ServerConfig } from '../config/config.js';
import type { OutboundFetch } from '../executors/outbound-fetch.js';
import type { WebhookExecutor } from '../executors/webhook/index.js';
import type { ExtensionApis } from '../generation/script-host-functions.js';
import type { McpManager } from '../mcp/mcp-manager.js';
import type { SandboxPoolFigures } from '../observability/metrics.js';
import type { Telemetry } from '../observability/telemetry.js';
import type { Storage } from '../storage/types.js';

/** What routes need from the app: configuration, storage and the executors. */
export interface AppContext {
  config: ServerConfig;
  storage: Storage;
  builtins: BuiltinTool[];
  /** the script sandbox, created on first use */
  sandbox(): Sandbox;
  webhookExecutor: WebhookExecutor;
  /** requests tools send to URLs of their own (scripts' fetch, web_visit, search backends): the webhook policy */
  outboundFetch: OutboundFetch;
  /** aborted when the server shuts down: long-running work (generation, tool calls) should stop */
  shutdownSignal: AbortSignal;
  /** APIs trusted server extensions expose to script tools (`ctx.getExtensionApi(name)`) */
  extensionApis: ExtensionApis;
  /** counts wrong admin secrets per client (rate limit) */
  secretGuard: SecretGuard;
  /** structured logs and Prometheus metrics for tool runs, upstream failures, generations and streams */
  telemetry: Telemetry;
  /** the sandbox pool's figures, undefined until the sandbox starts (does not start it) */
  sandboxPool(): SandboxPoolFigures;
  /** the live clients of the stored MCP servers */
  mcp: McpManager;
}

declare module 'fastify' {
  interface FastifyInstance {
    toolsmith: AppContext;
  }
  interface FastifyContextConfig {
    /** needs X-Admin-Secret when not from loopback (or always with ADMIN_SECRET_ON_LOOPBACK) */
    privileged?: boolean;
  }
}
