import type { FastifyRequest } from 'fastify';

/** Prefixes of routes that serve non-browser API clients (OpenAI and MCP clients cannot add custom headers). */
export const API_CLIENT_PREFIXES = ['/v1', '/mcp'];

function underPrefix(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/**
 * The path a security rule must look at: the route pattern the router matched (so `/%61pi/tools` and the
 * absolute form `http://host/api/tools` count as `/api/tools`), or, when nothing matched, the decoded path.
 * Never the raw URL text, which a client can spell in many ways that reach the same route.
 */
export function routePath(request: FastifyRequest): string {
  const matched = request.routeOptions.url;
  if (matched !== undefined) return matched;
  let path = request.url;
  // absolute-form request target: keep only the path
  const absolute = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(path);
  if (absolute) path = path.slice(absolute[0].length) || '/';
  path = path.split(/[?#]/, 1)[0];
  try {
    path = decodeURIComponent(path);
  } catch {
    // malformed escapes: judge the text as sent
  }
  return path.replace(/\/{2,}/g, '/').toLowerCase();
}

export function isApiPath(path: string): boolean {
  return underPrefix(path, '/api');
}

export function isApiClientPath(path: string): boolean {
  return API_CLIENT_PREFIXES.some((prefix) => underPrefix(path, prefix));
}
