import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { reservedToolNames } from '@toolsmith/core';
import { characterRouteSchemas as schemas } from '@toolsmith/core/api-schema';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../app/http-error.js';
import { sendAvatar } from '../avatars/avatar-image.js';
import { characterResource } from '../characters/character-card.js';
import { parseCharacterInput } from '../characters/character-input.js';
import { characterToolScope } from '../storage/types.js';
import { toolChangesForPatch, toolResource } from './tool-input.js';

/** Characters CRUD, portraits and each character's tools (docs/api.md, "Characters"). */
export async function characterRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { storage, config, builtins } = app.toolsmith;
  const reservedNames = new Set(reservedToolNames(builtins.map((b) => b.name)));

  const load = async (id: string) => {
    const character = await storage.characters.get(id);
    if (!character) throw notFound('character', id);
    return character;
  };

  app.get('/api/characters', { schema: schemas.list }, async () => ({
    characters: (await storage.characters.list()).map(characterResource),
  }));

  app.post('/api/characters', { schema: schemas.create }, async (request, reply) => {
    const input = await parseCharacterInput(request.body, storage, undefined);
    const created = await storage.characters.create(input);
    return reply.code(201).send(characterResource(created));
  });

  app.get('/api/characters/:id', { schema: schemas.get }, async (request) =>
    characterResource(await load(request.params.id)),
  );

  app.patch('/api/characters/:id', { schema: schemas.patch }, async (request) => {
    const current = await load(request.params.id);
    const changes = await parseCharacterInput(request.body, storage, current.card);
    const updated = await storage.characters.update(current.id, changes);
    if (!updated) throw notFound('character', request.params.id);
    return characterResource(updated);
  });

  // privileged: it deletes the character's tools too (deleting tools is privileged everywhere)
  app.delete(
    '/api/characters/:id',
    { config: { privileged: true }, schema: schemas.delete },
    async (request, reply) => {
      if (!(await storage.characters.delete(request.params.id)))
        throw notFound('character', request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get('/api/characters/:id/avatar', { schema: schemas.avatar }, async (request, reply) => {
    await load(request.params.id);
    const avatar = await storage.characters.getAvatar(request.params.id);
    if (!avatar) throw notFound('portrait for character', request.params.id);
    return sendAvatar(request, reply, avatar);
  });

  app.get('/api/characters/:id/tools', { schema: schemas.tools }, async (request) => {
    const character = await load(request.params.id);
    return { tools: (await storage.tools.list(characterToolScope(character.id))).map(toolResource) };
  });

  /** A tool of the character's own scope, or 404. */
  const loadTool = async (characterId: string, toolId: string) => {
    const character = await load(characterId);
    const tool = await storage.tools.get(toolId);
    if (!tool || tool.scope !== characterToolScope(character.id)) throw notFound('tool', toolId);
    return tool;
  };

  // The character's tools are edited like global tools (same rules, privileged); enabling an imported
  // webhook or script tool happens here.
  app.patch(
    '/api/characters/:id/tools/:toolId',
    { config: { privileged: true }, schema: schemas.toolPatch },
    async (request) => {
      const existing = await loadTool(request.params.id, request.params.toolId);
      const siblings = await storage.tools.list(existing.scope);
      const changes = toolChangesForPatch(request.body, existing, {
        config,
        reservedNames,
        existingNames: new Set(siblings.filter((t) => t.id !== existing.id).map((t) => t.name)),
      });
      const updated = await storage.tools.update(existing.id, changes);
      if (!updated) throw notFound('tool', request.params.toolId);
      return toolResource(updated);
    },
  );

  app.delete(
    '/api/characters/:id/tools/:toolId',
    { config: { privileged: true }, schema: schemas.toolDelete },
    async (request, reply) => {
      const existing = await loadTool(request.params.id, request.params.toolId);
      await storage.tools.delete(existing.id);
      return reply.code(204).send(null);
    },
  );
}
