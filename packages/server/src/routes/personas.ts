import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FieldError } from '@toolsmith/core';
import { type PersonaPatchBody, personaRouteSchemas as schemas } from '@toolsmith/core/api-schema';
import type { FastifyInstance } from 'fastify';
import { notFound, validationError } from '../app/http-error.js';
import { parseAvatarField, sendAvatar } from '../avatars/avatar-image.js';
import type { PersonaInput } from '../storage/types.js';

/** The sent fields as storage input (their shapes checked by the route schema; the portrait's bytes here). */
function personaInput(body: PersonaPatchBody): Partial<PersonaInput> {
  const out: Partial<PersonaInput> = {};
  if (body.avatar !== undefined) {
    const problems: FieldError[] = [];
    const avatar = parseAvatarField(body.avatar, (field, message) => problems.push({ field, message }));
    if (problems.length > 0) throw validationError(problems);
    if (avatar !== undefined) out.avatar = avatar;
  }
  if (body.name !== undefined) out.name = body.name;
  if (body.description !== undefined) out.description = body.description;
  return out;
}

/** Personas: who the user plays in a chat (docs/api.md, "Personas"). */
export async function personaRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { storage } = app.toolsmith;

  app.get('/api/personas', { schema: schemas.list }, async () => ({
    personas: await storage.personas.list(),
  }));

  app.post('/api/personas', { schema: schemas.create }, async (request, reply) => {
    const input = personaInput(request.body);
    const created = await storage.personas.create({
      name: request.body.name,
      description: input.description ?? '',
      avatar: input.avatar ?? null,
    });
    return reply.code(201).send(created);
  });

  app.get('/api/personas/:id', { schema: schemas.get }, async (request) => {
    const persona = await storage.personas.get(request.params.id);
    if (!persona) throw notFound('persona', request.params.id);
    return persona;
  });

  app.patch('/api/personas/:id', { schema: schemas.patch }, async (request) => {
    const changes = personaInput(request.body);
    const updated = await storage.personas.update(request.params.id, changes);
    if (!updated) throw notFound('persona', request.params.id);
    return updated;
  });

  app.get('/api/personas/:id/avatar', { schema: schemas.avatar }, async (request, reply) => {
    if (!(await storage.personas.get(request.params.id))) throw notFound('persona', request.params.id);
    const avatar = await storage.personas.getAvatar(request.params.id);
    if (!avatar) throw notFound('portrait for persona', request.params.id);
    return sendAvatar(request, reply, avatar);
  });

  app.delete('/api/personas/:id', { schema: schemas.delete }, async (request, reply) => {
    if (!(await storage.personas.delete(request.params.id))) throw notFound('persona', request.params.id);
    return reply.code(204).send(null);
  });
}
