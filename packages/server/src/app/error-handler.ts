import type { FastifyError, FastifyInstance } from 'fastify';
import { DuplicateNameError, MissingReferenceError } from '../storage/types.js';
import { HttpError } from './http-error.js';

/** Every error leaves as `{ error, code?, details? }` with a fitting status; internals are logged, not sent. */
export function registerErrorHandler(app: FastifyInstance, bodyLimit: number): void {
  app.setErrorHandler(async (error: FastifyError | Error, request, reply) => {
    if (error instanceof HttpError) {
      // a 401 names its scheme; a custom one, so browsers show no login prompt of their own
      if (error.statusCode === 401) reply.header('WWW-Authenticate', 'X-Admin-Secret realm="toolsmith"');
      reply.headers(error.headers);
      return reply.code(error.statusCode).send({ error: error.message, ...error.extra });
    }
    if (error instanceof DuplicateNameError) return reply.code(409).send({ error: error.message });
    if (error instanceof MissingReferenceError) {
      return reply
        .code(400)
        .send({ error: error.message, details: [{ field: error.field, message: error.message }] });
    }
    const fastifyError = error as FastifyError;
    if (fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.code(413).send({
        error: `Request body is larger than the ${bodyLimit}-byte limit. Send less, or raise BODY_LIMIT on the server.`,
      });
    }
    const status = fastifyError.statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return reply.code(status).send({ error: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ error: 'Internal server error; the server log has the details.' });
  });
}
