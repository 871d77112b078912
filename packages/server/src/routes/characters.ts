import type { FastifyInstance } from 'fastify';
import { notFound } from '../app/http-error.js';
import { characterResource } from '../characters/character-card.js';
import { parseCharacterInput } from '../characters/character-input.js';
import { characterToolScope } from '../storage/types.js';
import { toolResource } from './tool-input.js';

/** Characters CRUD, portraits and each character's tools (docs/api.md, "Characters"). */
export async function characterRoutes(app: FastifyInstance): Promise<void> {
  const { storage } = app.toolsmith;

  const load = async (id: string) => {
    const character = await storage.characters.get(id);
    if (!character) throw notFound('character', id);
    return character;
  };

  app.get('/api/characters', async () => ({
    characters: (await storage.characters.list()).map(characterResource),
  }));

  app.post('/api/characters', async (request, reply) => {
    const input = await parseCharacterInput(request.body, storage, undefined);
    const created = await storage.characters.create(input);
    return reply.code(201).send(characterResource(created));
  });

  app.get<{ Params: { id: string } }>('/api/characters/:id', async (request) =>
    characterResource(await load(request.params.id)),
  );

  app.patch<{ Params: { id: string } }>('/api/characters/:id', async (request) => {
    const current = await load(request.params.id);
    const changes = await parseCharacterInput(request.body, storage, current.card);
    const updated = await storage.characters.update(current.id, changes);
    if (!updated) throw notFound('character', request.params.id);
    return characterResource(updated);
  });

  app.delete<{ Params: { id: string } }>('/api/characters/:id', async (request, reply) => {
    if (!(await storage.characters.delete(request.params.id))) throw notFound('character', request.params.id);
    return reply.code(204).send();
  });

  app.get<{ Params: { id: string } }>('/api/characters/:id/avatar', async (request, reply) => {
    await load(request.params.id);
    const avatar = await storage.characters.getAvatar(request.params.id);
    if (!avatar) throw notFound('portrait for character', request.params.id);
    return reply
      .header('content-type', 'image/png')
      .send(Buffer.from(avatar.buffer, avatar.byteOffset, avatar.byteLength));
  });

  app.get<{ Params: { id: string } }>('/api/characters/:id/tools', async (request) => {
    const character = await load(request.params.id);
    return { tools: (await storage.tools.list(characterToolScope(character.id))).map(toolResource) };
  });
}
