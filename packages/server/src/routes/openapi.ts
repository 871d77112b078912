import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { SERVER_VERSION } from '../version.js';

/**
 * Collects every route and its schema (from @toolsmith/core/api-schema) as it is registered; must come before
 * the routes. Routes without a schema yet are listed with their method and path.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Toolsmith API',
        version: SERVER_VERSION,
        description:
          'The HTTP API of the Toolsmith server (docs/api.md). Errors answer `{ error, code?, details? }`; a 400 lists `details: [{ field, message }]`.',
      },
    },
  });
}

/** GET /api/openapi.json: the OpenAPI 3.1 document of every route. */
export async function openApiRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/openapi.json', { schema: { tags: ['meta'] } }, async () => app.swagger());
}
