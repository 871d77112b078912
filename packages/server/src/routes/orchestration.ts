import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { defaultOrchestrationProfile, mergeProfileOverride, reservedToolNames } from '@toolsmith/core';
import { orchestrationRouteSchemas as schemas } from '@toolsmith/core/api-schema';
import { ORCHESTRATION_TOOL_NAMES } from '@toolsmith/core/internal';
import type { FastifyInstance } from 'fastify';
import { notFound, validationError } from '../app/http-error.js';
import { cardWithOverride, characterOverride } from '../orchestration/character-override.js';
import {
  getProfileHistory,
  listProfileHistory,
  saveProfileWithHistory,
} from '../orchestration/profile-history.js';
import { checkProfileBody, loadGlobalProfile, type StoredProfile } from '../orchestration/profile-store.js';
import { runChatOrchestration } from '../orchestration/run-for-chat.js';
import { orchestrationToolCatalog } from '../orchestration/tool-catalog.js';
import { restoreToolUrls } from '../secrets/restore-tool-urls.js';
import { reopenUndoneProposals } from '../studio/reopen.js';
import { requestSignal } from './agents.js';

/**
 * The global orchestration profile, each character's override of it, and the simulation (docs/api.md,
 * "Agents and orchestration").
 */
export async function orchestrationRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const context = app.toolsmith;
  const { storage, config } = context;

  app.get(
    '/api/orchestration',
    { schema: schemas.get },
    async () => (await loadGlobalProfile(storage)) ?? defaultOrchestrationProfile(),
  );

  // What switches, pins and overrides can name (the profile editor's tool panels and pickers).
  app.get('/api/orchestration/tools', { schema: schemas.tools }, async () => ({
    tools: await orchestrationToolCatalog(context),
    // names a profile tool may not take: builtins and the orchestration's own tools
    reservedNames: [
      ...new Set([...reservedToolNames(context.builtins.map((b) => b.name)), ...ORCHESTRATION_TOOL_NAMES]),
    ],
  }));

  // Privileged: a profile carries custom tools (scripts, webhooks), like POST /api/tools.
  app.put('/api/orchestration', { config: { privileged: true }, schema: schemas.put }, async (request) => {
    const body = request.body;
    const masked = restoreToolUrls(body.tools, (await loadGlobalProfile(storage))?.tools, 'tools');
    if (masked.length > 0) throw validationError(masked);
    const profile = await checkProfileBody(body, {
      storage,
      reservedNames: reservedToolNames(context.builtins.map((b) => b.name)),
      scriptsEnabled: config.customToolScriptEnabled,
      localWebhooksEnabled: config.webhookLocalUrlsEnabled,
    });
    await saveProfileWithHistory(storage, profile, 'editor', 'Saved in the profile editor');
    return profile;
  });

  // Earlier versions of the profile (newest first), and restoring one (an undo of the change that replaced it).
  app.get('/api/orchestration/history', { schema: schemas.history }, async () => ({
    versions: await listProfileHistory(storage),
  }));
  app.get('/api/orchestration/history/:id', { schema: schemas.historyGet }, async (request) =>
    getProfileHistory(storage, request.params.id),
  );
  app.post(
    '/api/orchestration/history/:id/restore',
    { config: { privileged: true }, schema: schemas.historyRestore },
    async (request) => {
      const version = await getProfileHistory(storage, request.params.id);
      // the version is checked again: an agent it names may have been deleted since
      const profile = await checkProfileBody(version.profile, {
        storage,
        reservedNames: context.builtins.map((b) => b.name),
        scriptsEnabled: true,
        localWebhooksEnabled: config.webhookLocalUrlsEnabled,
      });
      // every change since that version is undone: the newest entries down to this one
      const versions = await listProfileHistory(storage);
      const undone = new Set(
        versions.slice(0, versions.findIndex((v) => v.id === version.id) + 1).map((v) => v.id),
      );
      const historyId = await saveProfileWithHistory(
        storage,
        profile,
        'restore',
        `Restored the version of ${version.at}`,
        { restoredAt: version.at },
      );
      await reopenUndoneProposals(storage, undone);
      return { profile, historyId };
    },
  );

  const loadCharacter = async (id: string) => {
    const character = await storage.characters.get(id);
    if (!character) throw notFound('character', id);
    return character;
  };
  const effective = async (override: Record<string, unknown> | undefined): Promise<StoredProfile> => {
    const global = (await loadGlobalProfile(storage)) ?? defaultOrchestrationProfile();
    // a stored override was checked laid over the profile when it was saved (the PUT below checks this one)
    return override ? (mergeProfileOverride(global, override) as StoredProfile) : global;
  };

  // the chat's last orchestration run before a reply: { run: null } until there is one
  app.get('/api/chats/:id/orchestration/last', { schema: schemas.lastRun }, async (request) => {
    if (!(await storage.chats.get(request.params.id))) throw notFound('chat', request.params.id);
    return { run: (await storage.orchestrationRuns.get(request.params.id)) ?? null };
  });

  app.get('/api/characters/:id/orchestration', { schema: schemas.characterGet }, async (request) => {
    const override = characterOverride(await loadCharacter(request.params.id));
    return { override: override ?? null, profile: await effective(override) };
  });

  // Privileged like PUT /api/orchestration: an override may carry the profile's own tools.
  app.put(
    '/api/characters/:id/orchestration',
    { config: { privileged: true }, schema: schemas.characterPut },
    async (request) => {
      const { override } = request.body;
      const character = await loadCharacter(request.params.id);
      if (override) {
        const tools = override.tools;
        const masked = restoreToolUrls(tools, characterOverride(character)?.tools, 'override.tools');
        if (masked.length > 0) throw validationError(masked);
        // a card travels to other installations: its agents are written out, never { agentId }
        const body = override;
        const refs = JSON.stringify([body.loop, body.director]).includes('"agentId"');
        if (refs) {
          throw validationError([
            {
              field: 'override',
              message:
                "A character's override travels with its card: write its agents out instead of { agentId }.",
            },
          ]);
        }
        await checkProfileBody(await effective(body), {
          storage,
          reservedNames: reservedToolNames(context.builtins.map((b) => b.name)),
          scriptsEnabled: config.customToolScriptEnabled,
          localWebhooksEnabled: config.webhookLocalUrlsEnabled,
        });
      }
      const value = override ? (structuredClone(override) as Record<string, unknown>) : null;
      const updated = await storage.characters.update(character.id, {
        card: cardWithOverride(character.card, value),
      });
      if (!updated) throw notFound('character', character.id);
      return { override: value, profile: await effective(value ?? undefined) };
    },
  );

  // Privileged: read tools run for real and the connection's key is spent.
  app.post(
    '/api/orchestration/simulate',
    { config: { privileged: true }, schema: schemas.simulate },
    async (request, reply) => {
      const { chatId, mode } = request.body;
      const chat = await storage.chats.get(chatId);
      if (!chat) throw validationError([{ field: 'chatId', message: `No chat with id "${chatId}".` }]);
      // nothing is applied: the outcome and trace only say what would have happened
      return runChatOrchestration({
        context,
        chat,
        mode,
        simulate: true,
        signal: requestSignal(reply, context.shutdownSignal),
      });
    },
  );
}
