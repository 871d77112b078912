import type { FastifyInstance } from 'fastify';
import { adminSecretRequired } from '../auth/admin-secret.js';
import { GLOBAL_SCOPE } from '../storage/types.js';
import { SERVER_VERSION } from '../version.js';

/** Open to every client (the UI asks it whether to prompt for the secret): figures only, nothing private. */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  const started = Date.now();
  app.get('/api/health', async (request, reply) => {
    const { config, storage, sandboxPool } = app.toolsmith;
    let database: 'ok' | 'error' = 'ok';
    try {
      await storage.builtinTools.list(GLOBAL_SCOPE); // a small read: is the SQLite file answering?
    } catch (error) {
      database = 'error';
      request.log.error({ err: error }, 'health check: the database did not answer');
    }
    const pool = sandboxPool();
    if (database === 'error') reply.code(503);
    return {
      ok: database === 'ok',
      version: SERVER_VERSION,
      uptimeSeconds: Math.round((Date.now() - started) / 1000),
      database,
      adminSecretRequired: adminSecretRequired(config, request),
      sandbox: pool
        ? { started: true, workers: pool.workers, idle: pool.idle, busy: pool.busy, queued: pool.queued }
        : { started: false, workers: 0, idle: 0, busy: 0, queued: 0 },
      policy: {
        scriptsEnabled: config.customToolScriptEnabled,
        webhookLocalUrlsEnabled: config.webhookLocalUrlsEnabled,
      },
    };
  });
}
