import { ORCHESTRATION_MODES } from '@toolsmith/core';
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
import { bodyObject, FieldChecker } from './fields.js';

/** The AI Iteration Studio (docs/api.md, "Studio"): sessions, the authoring agent's turns, review cards. */
export async function studioRoutes(app: FastifyInstance): Promise<void> {
  const context = app.toolsmith;
  const { storage } = context;
  const sessions = createStudioSessions(storage.settings);
  const privileged = { config: { privileged: true } };

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

  app.get('/api/studio/sessions', async () => ({
    sessions: (await sessions.list()).map((s) => ({
      id: s.id,
      title: s.title,
      chatId: s.chatId,
      pending: s.proposals.filter((p) => p.status === 'pending').length,
      updatedAt: s.updatedAt,
    })),
  }));

  app.get<{ Params: { id: string } }>('/api/studio/sessions/:id', async (request) =>
    view(await sessions.get(request.params.id)),
  );

  // Privileged: the authoring agent spends the connection's key and dry-runs tools.
  app.post('/api/studio/sessions', privileged, async (request, reply) => {
    const check = new FieldChecker(bodyObject(request.body));
    check.rejectUnknown(['chatId', 'connectionId', 'goal'], []);
    const goal = check.string('goal', { max: 20_000 });
    if (!goal?.trim()) check.add('goal', 'goal must say what the orchestration should do better.');
    const chatId = check.body.chatId;
    const connectionId = check.body.connectionId;
    const chat = typeof chatId === 'string' ? await storage.chats.get(chatId) : undefined;
    if (!chat) check.add('chatId', `No chat with id "${String(chatId)}".`);
    const connection =
      typeof connectionId === 'string' ? await storage.connections.get(connectionId) : undefined;
    if (!connection) check.add('connectionId', `No connection with id "${String(connectionId)}".`);
    check.finish();
    const session = sessions.create({
      title: goal!.trim().split('\n')[0].slice(0, 120),
      chatId: chat!.id,
      connectionId: connection!.id,
    });
    await runStudioTurn({
      context,
      session,
      chat: chat!,
      content: goal!,
      signal: requestSignal(reply, context.shutdownSignal),
    });
    return reply.code(201).send(view(await sessions.save(session)));
  });

  app.post<{ Params: { id: string } }>(
    '/api/studio/sessions/:id/messages',
    privileged,
    async (request, reply) => {
      const check = new FieldChecker(bodyObject(request.body));
      check.rejectUnknown(['content'], []);
      const content = check.string('content', { max: 20_000 });
      if (!content?.trim()) check.add('content', 'content must not be empty.');
      check.finish();
      const session = await sessions.get(request.params.id);
      await runStudioTurn({
        context,
        session,
        chat: await chatOf(session.chatId),
        content: content!,
        signal: requestSignal(reply, context.shutdownSignal),
      });
      return view(await sessions.save(session));
    },
  );

  app.delete<{ Params: { id: string } }>('/api/studio/sessions/:id', async (request, reply) => {
    await sessions.delete(request.params.id);
    return reply.code(204).send();
  });

  // Edit a card: the user's own version of the change, checked again against the profile as it is now.
  app.patch<{ Params: { id: string; pid: string } }>(
    '/api/studio/sessions/:id/proposals/:pid',
    privileged,
    async (request) => {
      const check = new FieldChecker(bodyObject(request.body));
      check.rejectUnknown(['change'], []);
      check.require('change', "change must be the proposal's change (as in the proposal).");
      check.finish();
      const session = await sessions.get(request.params.id);
      const [current] = pendingProposals(session, [request.params.pid]);
      const change = check.body.change as ProposalChange;
      if (typeof change !== 'object' || change === null || change.kind !== current.change.kind)
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

  app.post<{ Params: { id: string; pid: string } }>(
    '/api/studio/sessions/:id/proposals/:pid/reject',
    async (request) => {
      const session = await sessions.get(request.params.id);
      const [proposal] = pendingProposals(session, [request.params.pid]);
      proposal.status = 'rejected';
      return view(await sessions.save(session));
    },
  );

  // Privileged: accepting changes which tools run and what they do.
  app.post<{ Params: { id: string; pid: string } }>(
    '/api/studio/sessions/:id/proposals/:pid/accept',
    privileged,
    async (request) => {
      const session = await sessions.get(request.params.id);
      const { historyId, profile } = await acceptProposals(context, session, [request.params.pid]);
      return { session: view(await sessions.save(session)), historyId, profile };
    },
  );

  app.post<{ Params: { id: string } }>('/api/studio/sessions/:id/accept-all', privileged, async (request) => {
    const session = await sessions.get(request.params.id);
    const ids = session.proposals.filter((p) => p.status === 'pending').map((p) => p.id);
    const { historyId, profile } = await acceptProposals(context, session, ids);
    return { session: view(await sessions.save(session)), historyId, profile };
  });

  // Privileged: simulations run read tools for real and spend the connection's key.
  app.post<{ Params: { id: string } }>(
    '/api/studio/sessions/:id/simulate',
    privileged,
    async (request, reply) => {
      const check = new FieldChecker(bodyObject(request.body ?? {}));
      check.rejectUnknown(['mode', 'enableNew'], []);
      const mode = check.oneOf('mode', ORCHESTRATION_MODES);
      const enableNew = check.boolean('enableNew') ?? false;
      check.finish();
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
