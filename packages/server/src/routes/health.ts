import type { FastifyInstance } from 'fastify';
import { adminSecretRequired } from '../auth/admin-secret.js';
import { SERVER_VERSION } from '../version.js';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/health', async (request) => ({
    ok: true,
    version: SERVER_VERSION,
    adminSecretRequired: adminSecretRequired(app.toolsmith.config, request),
  }));
}
