import type { FastifyInstance } from 'fastify';
import { HttpError, notFound, validationError } from '../app/http-error.js';
import { toCoreConnection, toCorePreset } from '../executors/runtime-sources.js';
import { chatGenerationsFor } from '../generation/chat-generations.js';
import { runChatGeneration } from '../generation/run-chat-generation.js';
import { openSseStream } from '../generation/sse-stream.js';
import { bodyObject } from './fields.js';

/** Longest user message accepted (the body limit applies as well). */
export const MAX_MESSAGE_CHARS = 200_000;

export const MSG_ALREADY_GENERATING =
  'This chat is already generating a reply. Wait for it to finish, or stop it by closing its stream, then try again.';

/**
 * POST /api/chats/:id/generate `{ content }` → Server-Sent Events while the tool loop runs (docs/api.md,
 * "Chats"). Problems found before the stream starts are ordinary JSON errors (400, 404, 409); once it has
 * started they arrive as an `error` event. Closing the connection aborts the run; what was stored stays.
 */
export async function chatGenerateRoutes(app: FastifyInstance): Promise<void> {
  const context = app.toolsmith;
  const { storage, shutdownSignal } = context;
  const generations = chatGenerationsFor(context);

  // Privileged: a generation runs tools (webhooks, scripts) and spends the connection's API key.
  app.post<{ Params: { id: string } }>(
    '/api/chats/:id/generate',
    { config: { privileged: true } },
    async (request, reply) => {
      const body = bodyObject(request.body);
      const chat = await storage.chats.get(request.params.id);
      if (!chat) throw notFound('chat', request.params.id);
      const content = body.content;
      if (typeof content !== 'string' || content.trim() === '') {
        throw validationError([
          { field: 'content', message: 'content must be the message text (not empty).' },
        ]);
      }
      if (content.length > MAX_MESSAGE_CHARS) {
        throw validationError([
          { field: 'content', message: `content must be at most ${MAX_MESSAGE_CHARS} characters.` },
        ]);
      }
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
      if (!controller) throw new HttpError(409, MSG_ALREADY_GENERATING, { code: 'already_generating' });
      const signal = AbortSignal.any([controller.signal, shutdownSignal]);
      const stream = openSseStream(reply, () =>
        controller.abort(new Error('The client closed the connection.')),
      );
      let outcome: Awaited<ReturnType<typeof runChatGeneration>> = {};
      try {
        outcome = await runChatGeneration({
          context,
          chat,
          connection,
          preset: storedPreset ? toCorePreset(storedPreset) : undefined,
          content,
          signal,
          send: stream.send,
        });
      } catch (error) {
        // storage failures (e.g. the chat deleted mid-run) end the stream with an error event
        request.log.error({ err: error }, 'chat generation failed');
        stream.send('error', {
          code: 'unknown',
          message: error instanceof Error ? error.message : String(error),
        });
        outcome = { errorCode: 'unknown' };
      } finally {
        stream.end();
        generations.finish(chat.id, outcome);
      }
    },
  );
}
