import type { FastifyInstance } from 'fastify';
import { assertGatewayAuth } from '../gateway/gateway-auth.js';

/**
 * GET /metrics in Prometheus' text format. Scrapers send credentials as `Authorization: Bearer`, so access
 * follows the gateway's rule: open on loopback, the admin secret from anywhere else.
 */
export async function metricsRoutes(app: FastifyInstance): Promise<void> {
  app.get('/metrics', async (request, reply) => {
    await assertGatewayAuth(app.toolsmith.config, request);
    const { registry } = app.toolsmith.telemetry.metrics;
    reply.type(registry.contentType);
    return registry.metrics();
  });
}
