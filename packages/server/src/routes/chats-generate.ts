import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { generateRouteSchemas as schemas } from '@toolsmith/core/api-schema';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { abortWhen } from '../app/abort-link.js';
import { HttpError, notFound, validationError } from '../app/http-error.js';
import { CHAT_IMAGES_BODY_LIMIT, MAX_CHAT_IMAGE_BYTES, MAX_CHAT_IMAGES } from '../chat-images/chat-images.js';
import { toCoreConnection, toCorePreset } from '../executors/runtime-sources.js';
import { chatGenerationsFor } from '../generation/chat-generations.js';
import { planGeneration } from '../generation/generation-plan.js';
import { runChatGeneration } from '../generation/run-chat-generation.js';
import { openSseStream } from '../generation/sse-stream.js';

export const MSG_ALREADY_GENERATING =
  'This chat is already generating a reply. Wait for it to finish, or stop it by closing its stream, then try again.';

const notGenerating = () =>
  new HttpError(404, 'This chat is not generating anything right now.', { code: 'not_generating' });

/** The generate body may carry images, so it has its own (larger) limit and says what it is. */
async function generateBodyErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return reply.code(413).send({
      error: `The message is larger than the ${CHAT_IMAGES_BODY_LIMIT}-byte limit: at most ${MAX_CHAT_IMAGES} images of ${MAX_CHAT_IMAGE_BYTES} bytes each, plus the text.`,
    });
  }
  throw error;
}

/**
 * POST /api/chats/:id/generate `{ content }` or `{ mode }` → Server-Sent Events while the tool loop runs
 * (docs/api.md, "Chats"), plus the routes around a running generation: its state, attaching to its events
 * (after a page reload), Stop, and the user's answer to a tool approval. Problems found before the stream
 * starts are ordinary JSON errors (400, 404, 409); once it has started they arrive as an `error` event.
 */
export async function chatGenerateRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const context = app.toolsmith;
  const { storage, shutdownSignal } = context;
  const generations = chatGenerationsFor(context);

  // Privileged: a generation runs tools (webhooks, scripts) and spends the connection's API key.
  app.post(
    '/api/chats/:id/generate',
    {
      schema: schemas.generate,
      config: { privileged: true },
      bodyLimit: Math.max(app.toolsmith.config.bodyLimit, CHAT_IMAGES_BODY_LIMIT),
      errorHandler: generateBodyErrors,
    },
    async (request, reply) => {
      const chat = await storage.chats.get(request.params.id);
      if (!chat) throw notFound('chat', request.params.id);
      if (generations.isRunning(chat.id)) {
        throw new HttpError(409, MSG_ALREADY_GENERATING, { code: 'already_generating' });
      }
      const plan = await planGeneration(request.body, await storage.messages.list(chat.id), (replyId) =>
        storage.messages.nextSwipe(replyId),
      );
      const stored = chat.connectionId ? await storage.connections.get(chat.connectionId) : undefined;
      if (!stored) {
        throw validationError([
          {
            field: 'connectionId',
            message: "This chat has no connection. Set the chat's connectionId (PATCH /api/chats/:id) first.",
          },
        ]);
      }
      const storedPreset = chat.presetId ? await storage.presets.get(chat.presetId) : undefined;
      const connection = toCoreConnection(stored, await storage.connections.getApiKey(stored.id));
      if (!connection.baseUrl) {
        throw validationError([
          {
            field: 'connectionId',
            message: `Connection "${stored.name}" has no base URL. Set its baseUrl to where the backend runs.`,
          },
        ]);
      }

      const controller = generations.tryStart(chat.id);
      const live = generations.live(chat.id);
      if (!controller || !live)
        throw new HttpError(409, MSG_ALREADY_GENERATING, { code: 'already_generating' });
      const unlinkShutdown = abortWhen(controller, shutdownSignal);
      const signal = controller.signal;
      // the requesting client follows the run like any attached one: leaving stops it unless a tool call
      // waits for approval (a reloaded page attaches again)
      let detach = () => {};
      const stream = openSseStream(reply, () => detach());
      detach = live.follow(stream);
      let outcome: Awaited<ReturnType<typeof runChatGeneration>> = {};
      try {
        outcome = await runChatGeneration({
          context,
          chat,
          connection,
          preset: storedPreset ? toCorePreset(storedPreset) : undefined,
          plan,
          signal,
          send: live.send,
          requestApproval: (call, callSignal) => live.requestApproval(call, callSignal),
        });
      } catch (error) {
        // storage failures (e.g. the chat deleted mid-run) end the stream with an error event
        request.log.error({ err: error }, 'chat generation failed');
        live.send('error', {
          code: 'unknown',
          message: error instanceof Error ? error.message : String(error),
        });
        outcome = { errorCode: 'unknown' };
      } finally {
        unlinkShutdown();
        generations.finish(chat.id, outcome);
        live.end();
      }
    },
  );

  app.get('/api/chats/:id/generation', { schema: schemas.state }, async (request) => {
    if (!(await storage.chats.get(request.params.id))) throw notFound('chat', request.params.id);
    const live = generations.live(request.params.id);
    return { running: live !== undefined, pendingApprovals: live?.pendingApprovals ?? [] };
  });

  // A page that reloads while a generation runs attaches here: every event so far, then the live ones.
  app.get('/api/chats/:id/generation/events', { schema: schemas.events }, async (request, reply) => {
    if (!(await storage.chats.get(request.params.id))) throw notFound('chat', request.params.id);
    const live = generations.live(request.params.id);
    if (!live) throw notGenerating();
    let detach = () => {};
    const stream = openSseStream(reply, () => detach());
    detach = live.follow(stream);
  });

  app.post(
    '/api/chats/:id/generation/stop',
    { schema: schemas.stop, config: { privileged: true } },
    async (request, reply) => {
      if (!(await storage.chats.get(request.params.id))) throw notFound('chat', request.params.id);
      const live = generations.live(request.params.id);
      if (!live) throw notGenerating();
      live.stop();
      return reply.code(202).send({ stopping: true });
    },
  );

  // Allow / Deny for a write tool call waiting in a chat that asks first. Privileged: Allow runs the tool.
  app.post(
    '/api/chats/:id/tool-approvals/:callId',
    { schema: schemas.approval, config: { privileged: true } },
    async (request) => {
      const body = request.body;
      if (!(await storage.chats.get(request.params.id))) throw notFound('chat', request.params.id);
      const live = generations.live(request.params.id);
      if (!live?.decide(request.params.callId, body.allow)) {
        throw new HttpError(
          404,
          `No tool call "${request.params.callId}" is waiting for approval in this chat (it may have timed out or the generation ended).`,
          { code: 'approval_not_found' },
        );
      }
      return { id: request.params.callId, decision: body.allow ? ('allowed' as const) : ('denied' as const) };
    },
  );
}
