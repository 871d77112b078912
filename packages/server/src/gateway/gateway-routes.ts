import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { providerFetch } from '../executors/provider-fetch.js';
import { observedFetch } from '../observability/observed-fetch.js';
import { completeChat } from './chat-completions.js';
import { parseChatRequest, splitModel } from './chat-request.js';
import { assertGatewayAuth } from './gateway-auth.js';
import { GatewayError, toGatewayError } from './openai-errors.js';
import { completeText, parseTextRequest } from './text-completions.js';
import { createUpstreamFetch } from './upstream-fetch.js';

export interface GatewayOptions {
  /** the client for provider requests; default a pooled undici client (see upstream-fetch.ts) */
  fetch?: typeof fetch;
}

/**
 * A signal that fires when the client goes away before its answer is complete, or when the server shuts
 * down; `done` detaches the listener.
 */
function requestSignal(reply: FastifyReply, shutdownSignal: AbortSignal) {
  // one controller and two listeners: cheaper per request than AbortSignal.any
  const controller = new AbortController();
  const onClose = () => {
    if (!reply.raw.writableFinished) controller.abort(new Error('The client closed the connection.'));
  };
  const onShutdown = () => controller.abort(shutdownSignal.reason);
  if (shutdownSignal.aborted) onShutdown();
  reply.raw.on('close', onClose);
  shutdownSignal.addEventListener('abort', onShutdown, { once: true });
  return {
    signal: controller.signal,
    done: () => {
      reply.raw.off('close', onClose);
      shutdownSignal.removeEventListener('abort', onShutdown);
    },
  };
}

/** Model ids: each connection by name (`CONNECTION_NAME/MODEL` also works for any model it serves). */
function modelEntry(connection: { name: string; createdAt: string }) {
  return {
    id: connection.name,
    object: 'model',
    created: Math.floor(Date.parse(connection.createdAt) / 1000) || 0,
    owned_by: 'toolsmith',
  };
}

/**
 * The OpenAI-compatible gateway, registered under the `/v1` prefix: `POST /chat/completions`,
 * `POST /completions`, `GET /models`, `GET /models/:model`. Every answer, errors included, is in OpenAI's wire format.
 */
export async function gatewayRoutes(app: FastifyInstance, options: GatewayOptions = {}): Promise<void> {
  const context = app.toolsmith;
  let baseFetch = options.fetch;
  if (!baseFetch) {
    const lean = createUpstreamFetch();
    app.addHook('onClose', () => lean.close());
    baseFetch = lean;
  }
  // first-byte and idle timeouts, as for chat generations
  const upstreamFetch = observedFetch(providerFetch(context.config, baseFetch), context.telemetry);

  app.setErrorHandler(async (error, request, reply) => {
    const gatewayError = toGatewayError(error);
    // every error answer is logged: warn for the client's or the upstream's, error for our own failures
    if (gatewayError.statusCode === 500) request.log.error({ err: error }, 'gateway request failed');
    else {
      request.log.warn(
        { statusCode: gatewayError.statusCode, code: gatewayError.code, type: gatewayError.type },
        `gateway error: ${gatewayError.message}`,
      );
    }
    return reply.code(gatewayError.statusCode).headers(gatewayError.headers).send(gatewayError.body());
  });
  app.setNotFoundHandler(async (request) => {
    throw new GatewayError(
      404,
      `No gateway route for ${request.method} ${request.url.split('?')[0]}. The gateway serves POST /v1/chat/completions, POST /v1/completions and GET /v1/models.`,
      'invalid_request_error',
      'unknown_url',
    );
  });
  app.addHook('onRequest', async (request: FastifyRequest) => assertGatewayAuth(context.config, request));

  app.get('/models', async () => ({
    object: 'list',
    data: (await context.storage.connections.list()).map(modelEntry),
  }));

  // a wildcard, since CONNECTION_NAME/MODEL ids contain a slash
  app.get<{ Params: { '*': string } }>('/models/*', async (request) => {
    const model = decodeURIComponent(request.params['*']);
    const name = splitModel(model).connectionName;
    const connection = await context.storage.connections.getByName(name);
    if (!connection) {
      throw new GatewayError(
        404,
        `The model "${model}" does not exist: no connection is named "${name}".`,
        'invalid_request_error',
        'model_not_found',
        'model',
      );
    }
    return { ...modelEntry(connection), id: model };
  });

  app.post('/completions', async (request, reply) => {
    const parsed = parseTextRequest(request.body);
    const { signal, done } = requestSignal(reply, context.shutdownSignal);
    try {
      return await completeText(parsed, reply, { app: context, signal, fetch: upstreamFetch });
    } finally {
      done();
    }
  });

  app.post('/chat/completions', async (request, reply) => {
    const parsed = parseChatRequest(request.body);
    const { signal, done } = requestSignal(reply, context.shutdownSignal);
    try {
      return await completeChat(parsed, reply, { app: context, signal, fetch: upstreamFetch });
    } finally {
      done();
    }
  });
}
