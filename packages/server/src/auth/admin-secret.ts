import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../app/http-error.js';
import type { ServerConfig } from '../config/config.js';
import { isLoopbackAddress } from './loopback.js';

export const ADMIN_SECRET_HEADER = 'x-admin-secret';

export const MSG_ADMIN_SECRET_REQUIRED =
  'This action needs the admin secret: send the ADMIN_SECRET value in the X-Admin-Secret header.';
export const MSG_ADMIN_SECRET_NOT_CONFIGURED =
  'This action is only allowed from this machine because ADMIN_SECRET is not set. Set ADMIN_SECRET on the server and send it in the X-Admin-Secret header.';
export const MSG_ADMIN_SECRET_INVALID =
  'The X-Admin-Secret header does not match ADMIN_SECRET. Send the exact ADMIN_SECRET value in the X-Admin-Secret header.';

/**
 * Whether this request must carry the admin secret for privileged routes. `request.ip` is the socket
 * address unless TRUST_PROXY is set, so X-Forwarded-For is ignored by default.
 */
export function adminSecretRequired(config: ServerConfig, request: FastifyRequest): boolean {
  return config.adminSecretOnLoopback || !isLoopbackAddress(request.ip);
}

/** Compares through SHA-256 digests so neither content nor length leaks through timing. */
export function secretMatches(expected: string, given: string): boolean {
  const a = createHash('sha256').update(expected).digest();
  const b = createHash('sha256').update(given).digest();
  return timingSafeEqual(a, b);
}

/** Throws a 403 HttpError unless the request may use a privileged route. */
export function assertAdmin(config: ServerConfig, request: FastifyRequest): void {
  if (!adminSecretRequired(config, request)) return;
  if (!config.adminSecret)
    throw new HttpError(403, MSG_ADMIN_SECRET_NOT_CONFIGURED, { code: 'admin_secret_required' });
  const given = request.headers[ADMIN_SECRET_HEADER];
  if (typeof given !== 'string' || given === '') {
    throw new HttpError(403, MSG_ADMIN_SECRET_REQUIRED, { code: 'admin_secret_required' });
  }
  if (!secretMatches(config.adminSecret, given)) {
    throw new HttpError(403, MSG_ADMIN_SECRET_INVALID, { code: 'admin_secret_invalid' });
  }
}
