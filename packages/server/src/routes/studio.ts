import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FieldError } from '@toolsmith/core';
import { studioRouteSchemas as schemas } from '@toolsmith/core/api-schema';
import type { FastifyInstance } from 'fastify';
import { HttpError, validationError } from '../app/http-error.js';
import { runChatOrchestration } from '../orchestration/run-for-chat.js';
import { restoreToolUrls } from '../secrets/restore-tool-urls.js';
import { acceptProposals, pendingProposals, profileWith } from '../studio/accept.js';
import { buildProposal, ProposalError } from '../studio/proposals.js';
import { currentProfile, profileChecker, runStudioTurn } from '../studio/run-studio-turn.js';
import { createStudioSessions } from '../studio/session-store.js';
import type { Proposal, ProposalChange, StudioSession } from '../studio/types.js';
import { requestSignal } from './agents.js';

/** The AI Iteration Studio (docs/api.md, "Studio"): sessions, the authoring agent's turns, review cards. */
export async function studioRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const context = app.toolsmith;
  const { storage } = context;
  const sessions = createStudioSessions(storage.settings);
  const privileged = { config: { privileged: true } } as const;

  const chatOf = async (id: string) => {
    const chat = await storage.chats.get(id);
    if (!chat)
      throw new HttpError(409, `The session's chat "${id}" no longer exists.`, { code: 'missing_chat' });
    return chat;
  };
  const view = (session: StudioSession) => ({
    ...session,
    pending: session.proposals.filter((p) => p.status === 'pending').length,
  });

  app.get('/api/studio/sessions', { schema: schemas.list }, async () => ({
    sessions: (await sessions.list()).map((s) => ({
      id: s.id,
      title: s.title,
      chatId: s.chatId,
      pending: s.proposals.filter((p) => p.status === 'pending').length,
      updatedAt: s.updatedAt,
    })),
  }));

  app.get('/api/studio/sessions/:id', { schema: schemas.get }, async (request) =>
    view(await sessions.get(request.params.id)),
  );

  // Privileged: the authoring agent spends the connection's key and dry-runs tools.
  app.post('/api/studio/sessions', { ...privileged, schema: schemas.create }, async (request, reply) => {
    const { chatId, connectionId, goal } = request.body;
    const errors: FieldError[] = [];
    if (!goal.trim())
      errors.push({ field: 'goal', message: 'goal must say what the orchestration should do better.' });
    const chat = await storage.chats.get(chatId);
    if (!chat) errors.push({ field: 'chatId', message: `No chat with id "${chatId}".` });
    const connection = await storage.connections.get(connectionId);
    if (!connection)
      errors.push({ field: 'connectionId', message: `No connection with id "${connectionId}".` });
    if (errors.length > 0 || !chat || !connection) throw validationError(errors);
    const session = sessions.create({
      title: goal.trim().split('\n')[0].slice(0, 120),
      chatId: chat.id,
      connectionId: connection.id,
    });
    await runStudioTurn({
      context,
      session,
      chat,
      content: goal,
      signal: requestSignal(reply, context.shutdownSignal),
    });
    return reply.code(201).send(view(await sessions.save(session)));
  });

  app.post(
    '/api/studio/sessions/:id/messages',
    { ...privileged, schema: schemas.message },
    async (request, reply) => {
      const { content } = request.body;
      if (!content.trim())
        throw validationError([{ field: 'content', message: 'content must not be empty.' }]);
      const session = await sessions.get(request.params.id);
      await runStudioTurn({
        context,
        session,
        chat: await chatOf(session.chatId),
        content,
        signal: requestSignal(reply, context.shutdownSignal),
      });
      return view(await sessions.save(session));
    },
  );

  app.delete('/api/studio/sessions/:id', { schema: schemas.delete }, async (request, reply) => {
    await sessions.delete(request.params.id);
    return reply.code(204).send(null);
  });

  // Edit a card: the user's own version of the change, checked again against the profile as it is now.
  app.patch(
    '/api/studio/sessions/:id/proposals/:pid',
    { ...privileged, schema: schemas.editProposal },
    async (request) => {
      const session = await sessions.get(request.params.id);
      const [current] = pendingProposals(session, [request.params.pid]);
      // the rest of the change is checked by buildProposal, against the profile as it is now
      const change = request.body.change as ProposalChange;
      if (change.kind !== current.change.kind)
        throw validationError([
          { field: 'change.kind', message: `An edit keeps the kind "${current.change.kind}".` },
        ]);
      // the card showed the webhook URL masked: the stored one comes back where the mask is unchanged
      if (change.kind === 'set' && current.change.kind === 'set') {
        const masked = restoreToolUrls([change.tool], [current.change.tool], 'change.tool');
        if (masked.length > 0) throw validationError(masked);
      }
      let rebuilt: Proposal;
      try {
        rebuilt = await buildProposal(
          await currentProfile(context),
          change,
          current.reason,
          profileChecker(context),
        );
      } catch (error) {
        if (error instanceof ProposalError)
          throw validationError([{ field: 'change', message: error.message }]);
        throw error;
      }
      Object.assign(current, {
        ...rebuilt,
        id: current.id,
        createdAt: current.createdAt,
        dryRuns: [],
        edited: true,
      });
      await sessions.save(session);
      return current;
    },
  );

  app.post('/api/studio/sessions/:id/proposals/:pid/reject', { schema: schemas.reject }, async (request) => {
    const session = await sessions.get(request.params.id);
    const [proposal] = pendingProposals(session, [request.params.pid]);
    proposal.status = 'rejected';
    return view(await sessions.save(session));
  });

  // Privileged: accepting changes which tools run and what they do.
  app.post(
    '/api/studio/sessions/:id/proposals/:pid/accept',
    { ...privileged, schema: schemas.accept },
    async (request) => {
      const session = await sessions.get(request.params.id);
      const { historyId, profile } = await acceptProposals(context, session, [request.params.pid]);
      return { session: view(await sessions.save(session)), historyId, profile };
    },
  );

  app.post(
    '/api/studio/sessions/:id/accept-all',
    { ...privileged, schema: schemas.acceptAll },
    async (request) => {
      const session = await sessions.get(request.params.id);
      const ids = session.proposals.filter((p) => p.status === 'pending').map((p) => p.id);
      const { historyId, profile } = await acceptProposals(context, session, ids);
      return { session: view(await sessions.save(session)), historyId, profile };
    },
  );

  // Privileged: simulations run read tools for real and spend the connection's key.
  app.post(
    '/api/studio/sessions/:id/simulate',
    {
      ...privileged,
      schema: schemas.simulate,
      // every field has a default: a POST without a body simulates with them
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request, reply) => {
      const { mode, enableNew = false } = request.body;
      const session = await sessions.get(request.params.id);
      const chat = await chatOf(session.chatId);
      const pending = session.proposals.filter((p) => p.status === 'pending');
      const proposed = await profileWith(context, pending, { enableNew });
      const signal = requestSignal(reply, context.shutdownSignal);
      const run = async (profile?: typeof proposed) => {
        try {
          return await runChatOrchestration({ context, chat, mode, simulate: true, signal, profile });
        } catch (error) {
          const code = (error as { extra?: { code?: string } }).extra?.code ?? 'unknown';
          return { error: { code, message: error instanceof Error ? error.message : String(error) } };
        }
      };
      return { proposals: pending.map((p) => p.id), current: await run(), proposed: await run(proposed) };
    },
  );
}
