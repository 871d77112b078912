import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { createRuntime, isGenerateTaskError, probeToolCalling, suggestBaseUrl } from '@toolsmith/core';
import { connectionRouteSchemas as schemas } from '@toolsmith/core/api-schema';
import type { FastifyInstance } from 'fastify';
import { abortWhen } from '../app/abort-link.js';
import { notFound } from '../app/http-error.js';
import { providerFetch } from '../executors/provider-fetch.js';
import { toCoreConnection } from '../executors/runtime-sources.js';
import { storedToolModeMemory } from '../executors/tool-mode-memory.js';

/** How long a connection test may take before it reports a network error. */
export const CONNECTION_TEST_TIMEOUT_MS = 30_000;

/**
 * POST /api/connections/:id/test: one tiny request (the failure's code comes from the core's error mapping;
 * a 404 on an OpenAI-compatible URL missing its /v1 comes with the URL that works), then — with function
 * calling on — a tiny forced tool call, natively and else in the text protocol, with the mode to use.
 */
export async function connectionTestRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { storage, shutdownSignal, config } = app.toolsmith;

  app.post(
    '/api/connections/:id/test',
    { config: { privileged: true }, schema: schemas.test },
    async (request) => {
      const stored = await storage.connections.get(request.params.id);
      if (!stored) throw notFound('connection', request.params.id);
      const connection = toCoreConnection(stored, await storage.connections.getApiKey(stored.id));
      if (!connection.baseUrl) {
        return {
          ok: false as const,
          code: 'invalid_input',
          message:
            'This connection has no base URL. Set baseUrl to where the backend runs, e.g. http://127.0.0.1:5001.',
        };
      }
      const toolModeMemory = storedToolModeMemory(storage);
      const fetch = providerFetch(config);
      const runtime = createRuntime({ connections: [connection], toolModeMemory, fetch });
      const controller = new AbortController();
      const unlink = abortWhen(controller, AbortSignal.timeout(CONNECTION_TEST_TIMEOUT_MS), shutdownSignal);
      try {
        const answer = await tinyAnswer(runtime, connection.name, controller.signal);
        if (!connection.functionCalling.enabled) return { ok: true as const, ...answer };
        const toolCalling = await probeToolCalling(runtime, {
          connection,
          memory: toolModeMemory,
          signal: controller.signal,
        });
        return { ok: true as const, ...answer, toolCalling };
      } catch (error) {
        if (isGenerateTaskError(error)) {
          const suggestion =
            error.details.status === 404
              ? await suggestBaseUrl(connection, { fetch, signal: controller.signal })
              : undefined;
          return {
            ok: false as const,
            code: error.code,
            message: error.message,
            ...(suggestion ? { suggestion } : {}),
          };
        }
        request.log.warn({ err: error }, 'connection test failed unexpectedly');
        return {
          ok: false as const,
          code: 'unknown',
          message: error instanceof Error ? error.message : String(error),
        };
      } finally {
        unlink();
      }
    },
  );
}

/**
 * The test's one tiny request. A reasoning model may spend its few tokens reasoning and give no answer text:
 * the server answered all the same, so that passes, saying so.
 */
async function tinyAnswer(
  runtime: ReturnType<typeof createRuntime>,
  connectionName: string,
  signal: AbortSignal,
): Promise<{ text: string; reasoned?: true }> {
  try {
    const result = await runtime.generateTask({
      taskMessages: [{ role: 'user', content: 'Reply with the single word OK.' }],
      apiPresetName: connectionName,
      params: { maxTokens: 16 },
      substituteMacros: false,
      abortSignal: signal,
    });
    return { text: result.assistantText };
  } catch (error) {
    if (isGenerateTaskError(error) && error.code === 'no_response' && error.details.reasoned === true) {
      return { text: '', reasoned: true };
    }
    throw error;
  }
}
