import type { FastifyRequest } from 'fastify';
import { ADMIN_SECRET_HEADER, adminSecretRequired, checkSecretGuarded } from '../auth/admin-secret.js';
import type { ServerConfig } from '../config/config.js';
import { GatewayError } from './openai-errors.js';

export const MSG_GATEWAY_SECRET_NOT_CONFIGURED =
  'The gateway is only open to this machine because ADMIN_SECRET is not set. Set ADMIN_SECRET on the server and send it as the API key (Authorization: Bearer) or in the X-Admin-Secret header.';
export const MSG_GATEWAY_SECRET_MISSING =
  'This gateway needs the admin secret: send the ADMIN_SECRET value as the API key (Authorization: Bearer) or in the X-Admin-Secret header.';
export const MSG_GATEWAY_SECRET_INVALID =
  'The API key does not match ADMIN_SECRET. Send the exact ADMIN_SECRET value as the API key (Authorization: Bearer) or in the X-Admin-Secret header.';

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  return match ? match[1] : undefined;
}

/**
 * The API's admin-secret rules, for clients that can only set an API key: the secret may come as
 * `Authorization: Bearer` or as `X-Admin-Secret`. When no secret is needed (loopback, the default), any
 * API key an OpenAI client sends is ignored. Missing or wrong credentials are 401, as OpenAI answers them.
 */
export async function assertGatewayAuth(config: ServerConfig, request: FastifyRequest): Promise<void> {
  if (!adminSecretRequired(config, request)) return;
  if (!config.adminSecret) {
    throw new GatewayError(
      403,
      MSG_GATEWAY_SECRET_NOT_CONFIGURED,
      'permission_error',
      'admin_secret_required',
    );
  }
  const header = request.headers[ADMIN_SECRET_HEADER];
  const candidates = [typeof header === 'string' ? header : undefined, bearerToken(request)].filter(
    (v): v is string => v !== undefined && v !== '',
  );
  if (candidates.length === 0) {
    throw new GatewayError(401, MSG_GATEWAY_SECRET_MISSING, 'authentication_error', 'admin_secret_required');
  }
  // either header may carry it (a client may send a placeholder API key next to X-Admin-Secret); wrong
  // ones count toward the same guessing limit as the API's
  if (!(await checkSecretGuarded(config.adminSecret, request, candidates))) {
    throw new GatewayError(401, MSG_GATEWAY_SECRET_INVALID, 'authentication_error', 'invalid_api_key');
  }
}
