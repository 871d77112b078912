import { defaultOrchestrationProfile } from '@toolsmith/core';
import type { FastifyInstance } from 'fastify';
import { validationError } from '../app/http-error.js';
import { checkProfileBody, GLOBAL_PROFILE_KEY, loadGlobalProfile } from '../orchestration/profile-store.js';
import { runChatOrchestration } from '../orchestration/run-for-chat.js';
import { bodyObject, FieldChecker } from './fields.js';
import { requestSignal } from './agents.js';

/**
 * The global orchestration profile and its simulation (docs/api.md, "Orchestration"). Per-character
 * profiles wait for characters on the server.
 */
export async function orchestrationRoutes(app: FastifyInstance): Promise<void> {
  const context = app.toolsmith;
  const { storage, config } = context;

  app.get(
    '/api/orchestration',
    async () => (await loadGlobalProfile(storage)) ?? defaultOrchestrationProfile(),
  );

  // Privileged: a profile carries custom tools (scripts, webhooks), like POST /api/tools.
  app.put('/api/orchestration', { config: { privileged: true } }, async (request) => {
    const profile = await checkProfileBody(request.body, {
      storage,
      reservedNames: context.builtins.map((b) => b.name),
      scriptsEnabled: config.customToolScriptEnabled,
      localWebhooksEnabled: config.webhookLocalUrlsEnabled,
    });
    await storage.settings.set(GLOBAL_PROFILE_KEY, profile);
    return profile;
  });

  // Privileged: read tools run for real and the connection's key is spent.
  app.post('/api/orchestration/simulate', { config: { privileged: true } }, async (request, reply) => {
    const check = new FieldChecker(bodyObject(request.body));
    check.rejectUnknown(['chatId', 'mode'], []);
    check.require('chatId', 'chatId must name the chat to simulate against.');
    const mode = check.oneOf('mode', ['loop', 'director'] as const);
    check.finish();
    const chatId = check.body.chatId;
    const chat = typeof chatId === 'string' ? await storage.chats.get(chatId) : undefined;
    if (!chat) throw validationError([{ field: 'chatId', message: `No chat with id "${String(chatId)}".` }]);
    // nothing is applied: the outcome and trace only say what would have happened
    return runChatOrchestration({
      context,
      chat,
      mode,
      simulate: true,
      signal: requestSignal(reply, context.shutdownSignal),
    });
  });
}
