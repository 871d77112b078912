import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ServerConfig } from '../config/config.js';
import { assertNotCrossSite, createHostCheck } from './host-check.js';
import { HttpError } from './http-error.js';
import { isApiClientPath, isApiPath, routePath } from './request-path.js';

export const CSRF_HEADER = 'x-toolsmith-request';
export const MSG_CSRF_HEADER_MISSING =
  'Missing X-Toolsmith-Request: 1 header. State-changing requests must send it (protection against cross-site requests).';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

// CodeMirror injects <style> elements at runtime, hence 'unsafe-inline' for styles only; scripts stay strict.
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

function setSecurityHeaders(reply: FastifyReply): void {
  reply.header('Content-Security-Policy', CONTENT_SECURITY_POLICY);
  reply.header('X-Content-Type-Options', 'nosniff');
  reply.header('X-Frame-Options', 'DENY');
  reply.header('Referrer-Policy', 'no-referrer');
  reply.header('Cross-Origin-Opener-Policy', 'same-origin');
  reply.header('Cross-Origin-Resource-Policy', 'same-origin');
}

/**
 * On every request: security headers; the Host allowlist (DNS rebinding); on /api and /v1, no browser-marked
 * cross-site requests; and the CSRF header on every state-changing request outside the gateway. A custom
 * header cannot be sent cross-origin without a CORS preflight, and this server never answers preflights with
 * CORS headers, so only same-origin pages (and non-browser clients) can pass.
 */
export function registerSecurity(app: FastifyInstance, config: ServerConfig): void {
  // Only JSON (and routes' own parsers) are accepted: no body type a cross-site form can send is parsed.
  app.removeContentTypeParser('text/plain');
  const checkHost = createHostCheck(config);
  app.addHook('onRequest', async (request, reply) => {
    setSecurityHeaders(reply);
    checkHost(request);
    // The matched route decides, never the raw URL: `/%61pi/tools` and `http://host/api/tools` reach /api too.
    const path = routePath(request);
    const apiClientPath = isApiClientPath(path);
    if (apiClientPath || isApiPath(path)) assertNotCrossSite(request, config);
    if (!STATE_CHANGING.has(request.method) || apiClientPath) return;
    // The OpenAI-compatible gateway (/v1) serves API clients that cannot add custom headers; the cross-site
    // check above and the lack of a text/plain or form parser keep browser pages out of it.
    if (request.headers[CSRF_HEADER] !== '1') {
      throw new HttpError(403, MSG_CSRF_HEADER_MISSING, { code: 'csrf_header_missing' });
    }
  });
}
