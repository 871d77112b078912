import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, notFound, validationError } from '../app/http-error.js';
import { AVATAR_TYPES, checkAvatar, MAX_AVATAR_BYTES } from '../avatars/avatar-image.js';

const MSG_MEDIA_TYPE =
  'Send the portrait as the request body with Content-Type image/png, image/jpeg or image/webp.';

async function uploadErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return reply.code(413).send({ error: `A portrait may be at most ${MAX_AVATAR_BYTES} bytes.` });
  }
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return reply.code(415).send({ error: MSG_MEDIA_TYPE });
  throw error;
}

/**
 * Portrait uploads as the image itself (docs/api.md, "Characters" and "Personas"): `PUT .../avatar` with the
 * bytes (image/png, image/jpeg, image/webp or application/octet-stream) stores them once checked;
 * `DELETE .../avatar` removes the portrait. Reading them is GET on the same path (characters.ts, personas.ts).
 */
export async function avatarRoutes(app: FastifyInstance): Promise<void> {
  const { storage } = app.toolsmith;
  // its own plugin, so the raw-bytes parser applies to these routes only
  app.addContentTypeParser(
    [...AVATAR_TYPES, 'application/octet-stream'],
    { parseAs: 'buffer', bodyLimit: MAX_AVATAR_BYTES },
    (_request, body, done) => done(null, body),
  );
  const bytesOf = (body: unknown): Uint8Array => {
    if (!Buffer.isBuffer(body)) {
      throw new HttpError(415, MSG_MEDIA_TYPE);
    }
    const bytes = new Uint8Array(body);
    const checked = checkAvatar(bytes);
    if ('problem' in checked) throw validationError([{ field: 'avatar', message: checked.problem }]);
    return bytes;
  };
  const limits = { bodyLimit: MAX_AVATAR_BYTES, errorHandler: uploadErrorHandler };

  app.put<{ Params: { id: string } }>('/api/characters/:id/avatar', limits, async (request) => {
    if (!(await storage.characters.get(request.params.id))) throw notFound('character', request.params.id);
    const updated = await storage.characters.update(request.params.id, { avatar: bytesOf(request.body) });
    if (!updated) throw notFound('character', request.params.id);
    return { hasAvatar: updated.hasAvatar, updatedAt: updated.updatedAt };
  });
  app.delete<{ Params: { id: string } }>('/api/characters/:id/avatar', async (request, reply) => {
    if (!(await storage.characters.update(request.params.id, { avatar: null })))
      throw notFound('character', request.params.id);
    return reply.code(204).send();
  });

  app.put<{ Params: { id: string } }>('/api/personas/:id/avatar', limits, async (request) => {
    const updated = await storage.personas.update(request.params.id, { avatar: bytesOf(request.body) });
    if (!updated) throw notFound('persona', request.params.id);
    return { hasAvatar: updated.hasAvatar, updatedAt: updated.updatedAt };
  });
  app.delete<{ Params: { id: string } }>('/api/personas/:id/avatar', async (request, reply) => {
    if (!(await storage.personas.update(request.params.id, { avatar: null })))
      throw notFound('persona', request.params.id);
    return reply.code(204).send();
  });
}
