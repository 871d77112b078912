import type { FastifyInstance } from 'fastify';
import { notFound } from '../app/http-error.js';
import { parseAvatarField, sendAvatar } from '../avatars/avatar-image.js';
import type { PersonaInput } from '../storage/types.js';
import { bodyObject, FieldChecker } from './fields.js';

export const MAX_PERSONA_DESCRIPTION = 100_000;

function parsePersona(raw: unknown, creating: boolean): Partial<PersonaInput> {
  const check = new FieldChecker(bodyObject(raw));
  check.rejectUnknown(['name', 'description', 'avatar'], ['id', 'hasAvatar', 'createdAt', 'updatedAt']);
  if (creating) check.require('name', 'name is required: what the persona is called ({{user}}).');
  const name = check.string('name', { min: 1, max: 256 });
  const description = check.string('description', { max: MAX_PERSONA_DESCRIPTION });
  const out: Partial<PersonaInput> = {};
  if (check.has('avatar')) {
    const avatar = parseAvatarField(check.body.avatar, (field, message) => check.add(field, message));
    if (avatar !== undefined) out.avatar = avatar;
  }
  check.finish();
  if (name !== undefined) out.name = name;
  if (description !== undefined) out.description = description;
  return out;
}

/** Personas: who the user plays in a chat (docs/api.md, "Personas"). */
export async function personaRoutes(app: FastifyInstance): Promise<void> {
  const { storage } = app.toolsmith;

  app.get('/api/personas', async () => ({ personas: await storage.personas.list() }));

  app.post('/api/personas', async (request, reply) => {
    const input = parsePersona(request.body, true);
    const created = await storage.personas.create({
      name: input.name!,
      description: input.description ?? '',
      avatar: input.avatar ?? null,
    });
    return reply.code(201).send(created);
  });

  app.get<{ Params: { id: string } }>('/api/personas/:id', async (request) => {
    const persona = await storage.personas.get(request.params.id);
    if (!persona) throw notFound('persona', request.params.id);
    return persona;
  });

  app.patch<{ Params: { id: string } }>('/api/personas/:id', async (request) => {
    const changes = parsePersona(request.body, false);
    const updated = await storage.personas.update(request.params.id, changes);
    if (!updated) throw notFound('persona', request.params.id);
    return updated;
  });

  app.get<{ Params: { id: string } }>('/api/personas/:id/avatar', async (request, reply) => {
    if (!(await storage.personas.get(request.params.id))) throw notFound('persona', request.params.id);
    const avatar = await storage.personas.getAvatar(request.params.id);
    if (!avatar) throw notFound('portrait for persona', request.params.id);
    return sendAvatar(request, reply, avatar);
  });

  app.delete<{ Params: { id: string } }>('/api/personas/:id', async (request, reply) => {
    if (!(await storage.personas.delete(request.params.id))) throw notFound('persona', request.params.id);
    return reply.code(204).send();
  });
}
