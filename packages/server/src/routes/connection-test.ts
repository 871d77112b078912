import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { createRuntime, isGenerateTaskError, probeToolCalling, suggestBaseUrl } from '@toolsmith/core';
import { connectionRouteSchemas as schemas } from '@toolsmith/core/api-schema';
import type { FastifyInstance } from 'fastify';
import { abortWhen } from '../app/abort-link.js';
import { notFound } from '../app/http-error.js';
import { providerFetch } from '../executors/provider-fetch.js';
import { toCoreConnection } from '../executors/runtime-sources.js';
import { storedToolModeMemory } from '../executors/tool-mode-memory.js';

/**
 * POST /api/connections/:id/test: one tiny request (the failure's code comes from the core's error mapping;
 * a 404 on an OpenAI-compatible URL missing its /v1 comes with the URL that works), then — with function
 * calling on — a tiny forced tool call, natively and else in the text protocol, with the mode to use. Each
 * part has the deadline CONNECTION_TEST_TIMEOUT_MS: a slow model (loading, or on the CPU) gets a clear
 * timeout, and a probe past it leaves the passed text round standing.
 */
export async function connectionTestRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { storage, shutdownSignal, config } = app.toolsmith;
  const deadlineMs = config.connectionTestTimeoutMs;
  const within = `${deadlineMs / 1000} s`;

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
      const bounded = <T>(run: (signal: AbortSignal) => Promise<T>) =>
        withDeadline(deadlineMs, shutdownSignal, run);
      try {
        const round = await bounded((signal) => tinyAnswer(runtime, connection.name, signal));
        if (round === TIMED_OUT) {
          return {
            ok: false as const,
            code: 'timeout',
            message: `No answer within ${within}. A model that is still loading, or runs on the CPU, can take longer: test again in a moment, or raise CONNECTION_TEST_TIMEOUT_MS.`,
          };
        }
        if (!connection.functionCalling.enabled) return { ok: true as const, ...round };
        const probe = await bounded((signal) =>
          probeToolCalling(runtime, { connection, memory: toolModeMemory, signal }),
        );
        const toolCalling =
          probe === TIMED_OUT
            ? {
                recommended: null,
                message: `The tool-calling test did not finish within ${within} (the model is slow to answer it), so it could not tell whether tool calling works. Keep Auto: it finds out in a chat.`,
              }
            : probe;
        return { ok: true as const, ...round, toolCalling };
      } catch (error) {
        if (isGenerateTaskError(error)) {
          const suggestion =
            error.details.status === 404
              ? await bounded((signal) => suggestBaseUrl(connection, { fetch, signal }))
              : undefined;
          return {
            ok: false as const,
            code: error.code,
            message: error.message,
            ...(suggestion && suggestion !== TIMED_OUT ? { suggestion } : {}),
          };
        }
        request.log.warn({ err: error }, 'connection test failed unexpectedly');
        return {
          ok: false as const,
          code: 'unknown',
          message: error instanceof Error ? error.message : String(error),
        };
      }
    },
  );
}

const TIMED_OUT = Symbol('timed out');

/** Runs one part of the test until its deadline (then TIMED_OUT) or the server's shutdown (then its error). */
async function withDeadline<T>(
  ms: number,
  shutdownSignal: AbortSignal,
  run: (signal: AbortSignal) => Promise<T>,
): Promise<T | typeof TIMED_OUT> {
  const controller = new AbortController();
  const deadline = AbortSignal.timeout(ms);
  const unlink = abortWhen(controller, deadline, shutdownSignal);
  try {
    return await run(controller.signal);
  } catch (error) {
    if (deadline.aborted && !shutdownSignal.aborted) return TIMED_OUT;
    throw error;
  } finally {
    unlink();
  }
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
