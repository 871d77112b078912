import { createSandbox, type Sandbox } from '@toolsmith/core';
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyServerOptions } from 'fastify';
import { assertSecret, secretNeededFor } from '../auth/admin-secret.js';
import { SecretGuard } from '../auth/secret-guard.js';
import { BUILTIN_TOOLS, type BuiltinTool } from '../builtins/builtin-tools.js';
import type { ServerConfig } from '../config/config.js';
import { createOutboundFetch, type OutboundFetchOptions } from '../executors/outbound-fetch.js';
import { defaultWebhookExecutor } from '../executors/tool-executors.js';
import type { WebhookExecutor } from '../executors/webhook/index.js';
import { clientErrorHandler, frameworkErrorHandler } from '../gateway/framework-errors.js';
import { gatewayRoutes } from '../gateway/index.js';
import type { ExtensionApis } from '../generation/script-host-functions.js';
import { McpManager, type McpManagerOptions } from '../mcp/mcp-manager.js';
import type { SandboxPoolFigures } from '../observability/metrics.js';
import { createTelemetry } from '../observability/telemetry.js';
import { agentRoutes } from '../routes/agents.js';
import { avatarRoutes } from '../routes/avatars.js';
import { characterRoutes } from '../routes/characters.js';
import { characterTransferRoutes } from '../routes/characters-transfer.js';
import { chatMessageRoutes } from '../routes/chat-messages.js';
import { chatRoutes } from '../routes/chats.js';
import { chatGenerateRoutes } from '../routes/chats-generate.js';
import { connectionSetupRoutes } from '../routes/connection-setup.js';
import { connectionTestRoutes } from '../routes/connection-test.js';
import { connectionToolModeRoutes } from '../routes/connection-tool-modes.js';
import { connectionRoutes } from '../routes/connections.js';
import { healthRoutes } from '../routes/health.js';
import { lorebookRoutes } from '../routes/lorebooks.js';
import { mcpEndpointRoutes } from '../routes/mcp-endpoint.js';
import { mcpServerRoutes } from '../routes/mcp-servers.js';
import { metricsRoutes } from '../routes/metrics.js';
import { openApiRoutes, registerOpenApi } from '../routes/openapi.js';
import { orchestrationRoutes } from '../routes/orchestration.js';
import { orchestrationImportRoutes } from '../routes/orchestration-import.js';
import { personaRoutes } from '../routes/personas.js';
import { presetRoutes } from '../routes/presets.js';
import { studioRoutes } from '../routes/studio.js';
import { toolRoutes } from '../routes/tools.js';
import { toolDryRunRoutes } from '../routes/tools-dry-run.js';
import { toolImportReviewRoutes } from '../routes/tools-import-review.js';
import { toolTransferRoutes } from '../routes/tools-transfer.js';
import { variableRoutes } from '../routes/variables.js';
import { webSearchSettingsRoutes } from '../routes/web-search-settings.js';
import { registerSecretRedaction } from '../secrets/redact-answers.js';
import { createSqliteStorage } from '../storage/sqlite/sqlite-storage.js';
import type { Storage } from '../storage/types.js';
import { webTools } from '../web/web-tools.js';
import type { AppContext } from './context.js';
import { registerErrorHandler } from './error-handler.js';
import { jsonTooDeep, loneSurrogateError, loneSurrogatePath, tooDeepError } from './json-body.js';
import { routeSchemaController } from './route-schema-compilers.js';
import { ROUTE_AJV_OPTIONS, schemaErrorFormatter } from './schema-errors.js';
import { registerSecurity } from './security.js';
import { DEFAULT_WEB_DIST_DIR, registerStaticUi } from './static-ui.js';

export interface AppDeps {
  /** default: SQLite under config.dataDir (closed with the app) */
  storage?: Storage;
  /** default: a QuickJS sandbox created on first use (closed with the app) */
  sandbox?: Sandbox;
  /** default: the safe webhook executor configured from config (its kept connections closed with the app) */
  webhookExecutor?: WebhookExecutor;
  builtins?: BuiltinTool[];
  /** default: packages/web/dist */
  webDistDir?: string;
  /** more route plugins (registered after the built-in API routes, before the web UI fallback) */
  routes?: FastifyPluginAsync[];
  /** a pino logger instance; default: pino at config.logLevel */
  logger?: FastifyServerOptions['loggerInstance'];
  /** APIs that trusted extensions expose to script tools as `ctx.getExtensionApi(name).method(...)` */
  extensionApis?: ExtensionApis;
  /** MCP clients: a resolver and connector for Streamable HTTP servers (tests refuse addresses without dialing) */
  mcp?: Pick<McpManagerOptions, 'resolve' | 'connect' | 'connectTimeoutMs'>;
  /** tests: the resolver and connector of requests tools send (scripts' fetch, web_visit, search) */
  outbound?: OutboundFetchOptions;
  /** compile every route schema at start, as Fastify does by default (a test that all of them compile) */
  eagerRouteSchemas?: boolean;
}

/** A hop count becomes a function: Fastify's types take booleans, address lists or functions. */
function trustProxyOption(value: ServerConfig['trustProxy']) {
  if (typeof value !== 'number') return value;
  return (_address: string, hop: number) => hop < value;
}

/** Builds the Fastify app (routes, hooks, storage) without listening; tests call this directly. */
export async function buildApp(config: ServerConfig, deps: AppDeps = {}): Promise<FastifyInstance> {
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: { level: config.logLevel } }),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: config.bodyLimit,
    return503OnClosing: true,
    // unreadable requests and bad URLs answered in the shape of the API they were for (OpenAI's under /v1)
    clientErrorHandler,
    frameworkErrors: frameworkErrorHandler,
    // route schemas (@toolsmith/core/api-schema): strict validation, 400s in the API's own words
    ajv: ROUTE_AJV_OPTIONS,
    schemaController: routeSchemaController(deps.eagerRouteSchemas),
    schemaErrorFormatter,
  });

  const storage = deps.storage ?? createSqliteStorage(config.dataDir);
  const ownsStorage = !deps.storage;
  let sandbox = deps.sandbox;
  let ownsSandbox = false;
  const shutdown = new AbortController();
  // Only an executor the app made is closed with it; one passed in belongs to the caller.
  const ownedWebhookExecutor = deps.webhookExecutor ? undefined : defaultWebhookExecutor(config);

  // a sandbox passed in may have no pool figures
  const sandboxPool = () =>
    sandbox && 'stats' in sandbox ? (sandbox as { stats(): SandboxPoolFigures }).stats() : undefined;
  const outboundFetch = createOutboundFetch(config, deps.outbound);
  const context: AppContext = {
    config,
    storage,
    // web_search and web_visit need the app's outbound fetch and settings, so they are made here
    builtins: deps.builtins ?? [...BUILTIN_TOOLS, ...webTools({ storage, outboundFetch, config })],
    sandbox() {
      if (!sandbox) {
        sandbox = createSandbox({ defaultTimeoutMs: config.customToolTimeoutMs });
        ownsSandbox = true;
      }
      return sandbox!;
    },
    webhookExecutor: deps.webhookExecutor ?? ownedWebhookExecutor!,
    outboundFetch,
    extensionApis: deps.extensionApis ?? {},
    shutdownSignal: shutdown.signal,
    secretGuard: new SecretGuard(),
    telemetry: createTelemetry(app.log, sandboxPool),
    sandboxPool,
    mcp: new McpManager({ storage, config, log: app.log, ...deps.mcp }),
  };
  app.decorate('toolsmith', context);

  // preClose runs once the server stops accepting: long work is told to stop and store what it has.
  app.addHook('preClose', async () => shutdown.abort(new Error('The server is shutting down.')));
  app.addHook('onClose', async () => {
    await context.mcp.close();
    if (ownsSandbox && sandbox) await sandbox.close();
    await ownedWebhookExecutor?.close();
    if (ownsStorage) await storage.close();
  });

  // Start the sandbox's workers with the server, so the first script run does not pay for them.
  if (config.customToolScriptEnabled) {
    app.addHook('onReady', async () => {
      // Not awaited: the server is ready at once; a warm-up failure shows up on the first real run instead.
      context
        .sandbox()
        .run({ body: 'return null;', args: {} })
        .catch(() => {});
    });
  }

  // An empty body with a JSON content type (common on DELETE from fetch wrappers) means "no body";
  // anything else goes through Fastify's parser, which refuses __proto__ and constructor poisoning.
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  // Too deep (checked on the text, before parsing) or holding lone surrogates → 400 on every route.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined);
    if (jsonTooDeep(body as string)) return done(tooDeepError(), undefined);
    return jsonParser(request, body as string, (error, value) => {
      if (error) return done(error, undefined);
      const path = loneSurrogatePath(value);
      if (path !== undefined) return done(loneSurrogateError(path), undefined);
      return done(null, value);
    });
  });

  registerErrorHandler(app, config.bodyLimit);
  registerSecurity(app, config);
  registerSecretRedaction(app);
  app.addHook('onRequest', async (request) => {
    if (secretNeededFor(config, request)) await assertSecret(config, request);
  });

  await registerOpenApi(app);
  await app.register(healthRoutes);
  await app.register(openApiRoutes);
  await app.register(metricsRoutes);
  await app.register(toolRoutes);
  await app.register(toolTransferRoutes);
  await app.register(toolImportReviewRoutes);
  await app.register(toolDryRunRoutes);
  await app.register(connectionRoutes);
  await app.register(connectionTestRoutes);
  await app.register(connectionToolModeRoutes);
  await app.register(connectionSetupRoutes);
  await app.register(presetRoutes);
  await app.register(chatRoutes);
  await app.register(chatGenerateRoutes);
  await app.register(chatMessageRoutes);
  await app.register(agentRoutes);
  await app.register(orchestrationRoutes);
  await app.register(orchestrationImportRoutes);
  await app.register(studioRoutes);
  await app.register(personaRoutes);
  await app.register(lorebookRoutes);
  await app.register(variableRoutes);
  await app.register(webSearchSettingsRoutes);
  await app.register(characterRoutes);
  await app.register(avatarRoutes);
  await app.register(characterTransferRoutes);
  await app.register(mcpServerRoutes);
  await app.register(gatewayRoutes, { prefix: '/v1' });
  await app.register(mcpEndpointRoutes);
  for (const plugin of deps.routes ?? []) await app.register(plugin);
  await registerStaticUi(app, deps.webDistDir ?? DEFAULT_WEB_DIST_DIR);
  return app;
}
