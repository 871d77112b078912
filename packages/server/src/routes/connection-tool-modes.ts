import type { FastifyInstance } from 'fastify';
import { notFound } from '../app/http-error.js';

/**
 * What `auto` remembered per model of a connection (native tools worked, or a "tools unsupported" refusal
 * sent it to the text protocol), for the Connections page to show and reset (docs/api.md).
 */
export async function connectionToolModeRoutes(app: FastifyInstance): Promise<void> {
  const { storage } = app.toolsmith;
  const privileged = { privileged: true };

  app.get<{ Params: { id: string } }>(
    '/api/connections/:id/tool-modes',
    { config: privileged },
    async (request) => {
      if (!(await storage.connections.get(request.params.id)))
        throw notFound('connection', request.params.id);
      return { outcomes: await storage.toolModes.list(request.params.id) };
    },
  );

  // forget one model's outcome (?model=NAME) or all of them: the next request tries native tools again
  app.delete<{ Params: { id: string }; Querystring: { model?: string } }>(
    '/api/connections/:id/tool-modes',
    { config: privileged },
    async (request, reply) => {
      if (!(await storage.connections.get(request.params.id)))
        throw notFound('connection', request.params.id);
      const model = typeof request.query.model === 'string' ? request.query.model : undefined;
      await storage.toolModes.clear(request.params.id, model);
      return reply.code(204).send();
    },
  );
}
