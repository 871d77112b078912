import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { connectionRouteSchemas as schemas } from '@toolsmith/core/api-schema';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../app/http-error.js';

/**
 * What `auto` remembered per model of a connection (native tools worked, or a "tools unsupported" refusal
 * sent it to the text protocol), for the Connections page to show and reset (docs/api.md).
 */
export async function connectionToolModeRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { storage } = app.toolsmith;
  const privileged = { privileged: true };

  app.get(
    '/api/connections/:id/tool-modes',
    { config: privileged, schema: schemas.toolModes },
    async (request) => {
      if (!(await storage.connections.get(request.params.id)))
        throw notFound('connection', request.params.id);
      return { outcomes: await storage.toolModes.list(request.params.id) };
    },
  );

  // forget one model's outcome (?model=NAME) or all of them: the next request tries native tools again
  app.delete(
    '/api/connections/:id/tool-modes',
    { config: privileged, schema: schemas.toolModesDelete },
    async (request, reply) => {
      if (!(await storage.connections.get(request.params.id)))
        throw notFound('connection', request.params.id);
      await storage.toolModes.clear(request.params.id, request.query.model);
      return reply.code(204).send(null);
    },
  );
}
