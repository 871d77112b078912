import type { FastifyInstance, FastifyReply } from 'fastify';
import { HttpError } from './http-error.js';
import { isApiClientPath, routePath } from './request-path.js';

export const CSRF_HEADER = 'x-toolsmith-request';
export const MSG_CSRF_HEADER_MISSING =
  'Missing X-Toolsmith-Request: 1 header. State-changing requests must send it (protection against cross-site requests).';

export const MSG_CROSS_SITE =
  'Cross-site requests are refused. Call this API from the same origin or a non-browser client.';

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
 * Security headers on every answer, and the CSRF header on every state-changing request outside the gateway. A custom header
 * cannot be sent cross-origin without a CORS preflight, and this server never answers preflights with CORS
 * headers, so only same-origin pages (and non-browser clients) can pass.
 */
export function registerSecurity(app: FastifyInstance): void {
  // Only JSON (and routes' own parsers) are accepted: no body type a cross-site form can send is parsed.
  app.removeContentTypeParser('text/plain');
  app.addHook('onRequest', async (request, reply) => {
    setSecurityHeaders(reply);
    if (!STATE_CHANGING.has(request.method)) return;
    // The matched route decides, never the raw URL: `/%61pi/tools` and `http://host/api/tools` reach /api too.
    if (isApiClientPath(routePath(request))) {
      // The OpenAI-compatible gateway (/v1) serves API clients that cannot add custom headers. Browsers mark
      // cross-site requests, and without a text/plain or form parser a "simple" cross-site POST gets 415.
      if (request.headers['sec-fetch-site'] === 'cross-site') {
        throw new HttpError(403, MSG_CROSS_SITE, { code: 'cross_site_request' });
      }
      return;
    }
    if (request.headers[CSRF_HEADER] !== '1') {
      throw new HttpError(403, MSG_CSRF_HEADER_MISSING, { code: 'csrf_header_missing' });
    }
  });
}
