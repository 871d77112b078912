import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../app/http-error.js';
import { isApiPath, routePath } from '../app/request-path.js';
import type { ServerConfig } from '../config/config.js';
import { isLoopbackAddress } from './loopback.js';
import type { SecretGuard } from './secret-guard.js';

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

/** The /api routes anyone may call: the UI needs health to know whether to ask for the secret. */
const OPEN_API_PATHS = new Set(['/api/health']);

/**
 * The access rule (docs/api.md, "Security model"): a client that is not on loopback presents the secret for
 * every /api route except /api/health; a loopback client only for privileged routes, and only with
 * ADMIN_SECRET_ON_LOOPBACK=true. The gateway (/v1) checks its own way; the static UI is open.
 */
export function secretNeededFor(config: ServerConfig, request: FastifyRequest): boolean {
  const path = routePath(request);
  if (!isApiPath(path) || OPEN_API_PATHS.has(path)) return false;
  if (!isLoopbackAddress(request.ip)) return true;
  return config.adminSecretOnLoopback && request.routeOptions.config.privileged === true;
}

/** The app's guard against secret guessing, when the request belongs to a Toolsmith app. */
function guardOf(request: FastifyRequest): SecretGuard | undefined {
  return (request.server as { toolsmith?: { secretGuard?: SecretGuard } }).toolsmith?.secretGuard;
}

/**
 * Checks a secret the client sent (from any header) against ADMIN_SECRET, with the guessing limit: a client
 * over it gets 429 whatever it sends; a wrong secret counts. Returns whether it matched.
 */
export async function checkSecretGuarded(
  adminSecret: string,
  request: FastifyRequest,
  given: readonly string[],
): Promise<boolean> {
  const guard = guardOf(request);
  await guard?.assertNotBlocked(request.ip);
  if (given.some((secret) => secretMatches(adminSecret, secret))) return true;
  await guard?.recordFailure(request.ip, given);
  return false;
}

/**
 * Throws unless the request carries the right secret: 401 when it is missing or wrong (the client can fix
 * that), 403 when the server has no ADMIN_SECRET (no secret would help), 429 after too many wrong ones.
 */
export async function assertSecret(config: ServerConfig, request: FastifyRequest): Promise<void> {
  if (!config.adminSecret)
    throw new HttpError(403, MSG_ADMIN_SECRET_NOT_CONFIGURED, { code: 'admin_secret_required' });
  const given = request.headers[ADMIN_SECRET_HEADER];
  if (typeof given !== 'string' || given === '') {
    await guardOf(request)?.assertNotBlocked(request.ip);
    throw new HttpError(401, MSG_ADMIN_SECRET_REQUIRED, { code: 'admin_secret_required' });
  }
  if (!(await checkSecretGuarded(config.adminSecret, request, [given]))) {
    throw new HttpError(401, MSG_ADMIN_SECRET_INVALID, { code: 'admin_secret_invalid' });
  }
}

/** For checks a handler makes itself (a change that is privileged because of what it contains). */
export async function assertAdmin(config: ServerConfig, request: FastifyRequest): Promise<void> {
  if (adminSecretRequired(config, request)) await assertSecret(config, request);
}
