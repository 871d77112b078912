import type { FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';
import { isLoopbackAddress } from '../auth/loopback.js';
import { type AllowedHost, type HostAndPort, parseAllowedHost, splitHost } from '../config/allowed-hosts.js';
import type { ServerConfig } from '../config/config.js';
import { HttpError } from './http-error.js';

export const MSG_CROSS_SITE =
  'Cross-site requests are refused. Call this API from the same origin or a non-browser client.';

/** The Host values a request claims: the header, an absolute-form target's authority, trusted X-Forwarded-Host. */
export function claimedHosts(request: FastifyRequest, config: ServerConfig): string[] {
  const hosts: string[] = [];
  const header = request.headers.host;
  hosts.push(typeof header === 'string' ? header : '');
  const absolute = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(request.raw.url ?? '');
  if (absolute) hosts.push(absolute[1]);
  const forwarded = request.headers['x-forwarded-host'];
  if (config.trustProxy && typeof forwarded === 'string') {
    hosts.push(...forwarded.split(',').map((h) => h.trim()));
  }
  return hosts;
}

function sameAddress(a: string, b: string | undefined): boolean {
  if (!b || !ipaddr.isValid(a) || !ipaddr.isValid(b)) return false;
  return ipaddr.process(a).toString() === ipaddr.process(b).toString();
}

/**
 * Host allowlist (DNS rebinding): loopback names and addresses — and the address the connection arrived on —
 * with the port it arrived on; plus the ALLOWED_HOSTS entries. A page whose name was re-pointed at this
 * machine sends its own name in Host, so it is refused before any route runs.
 */
export function createHostCheck(config: ServerConfig) {
  const allowed = config.allowedHosts.map(parseAllowedHost).filter((h): h is AllowedHost => h !== undefined);

  const matchesEntry = (host: HostAndPort, entry: AllowedHost) => {
    const nameOk = entry.wildcard ? host.name.endsWith(`.${entry.name}`) : host.name === entry.name;
    if (!nameOk) return false;
    if (entry.port === undefined) return true;
    // without a port the client used the scheme's default, which a TLS proxy in front may make 443
    return host.port === undefined ? entry.port === 80 || entry.port === 443 : host.port === entry.port;
  };

  const isAllowed = (value: string, request: FastifyRequest) => {
    const host = splitHost(value);
    if (!host) return false;
    if (allowed.some((entry) => matchesEntry(host, entry))) return true;
    const local =
      host.name === 'localhost' ||
      isLoopbackAddress(host.name) ||
      sameAddress(host.name, request.socket.localAddress);
    if (!local) return false;
    // light-my-request (app.inject) has no real socket, hence no local port
    const localPort = request.socket.localPort;
    return localPort === undefined || (host.port ?? 80) === localPort;
  };

  return (request: FastifyRequest) => {
    for (const value of claimedHosts(request, config)) {
      if (isAllowed(value, request)) continue;
      const port = request.socket.localPort;
      const local = port === undefined ? 'http://127.0.0.1' : `http://127.0.0.1:${port}`;
      throw new HttpError(
        421,
        value === ''
          ? 'The request has no Host header. Send the name you reach this server by.'
          : `Host "${value}" is not allowed here (protection against DNS rebinding). If clients reach this server by that name, add it to ALLOWED_HOSTS on the server (ALLOWED_HOSTS=${splitHost(value)?.name ?? value}) and restart; otherwise open ${local}.`,
        { code: 'host_not_allowed' },
      );
    }
  };
}

/** Whether `origin` (a browser's Origin header) names the host this request was sent to. */
function originMatches(origin: string, hosts: string[]): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false; // includes "null": sandboxed frames, file: pages
  }
  const defaultPort = url.protocol === 'https:' ? 443 : 80;
  const from = splitHost(url.host);
  if (!from || (url.protocol !== 'http:' && url.protocol !== 'https:')) return false;
  return hosts.some((value) => {
    const to = splitHost(value);
    return (
      to !== undefined && to.name === from.name && (to.port ?? defaultPort) === (from.port ?? defaultPort)
    );
  });
}

/**
 * Browsers mark requests from other origins: `Sec-Fetch-Site` (anything but same-origin, or none for a typed
 * URL) and `Origin`. Non-browser clients (the official openai client, curl) send neither and pass.
 */
export function assertNotCrossSite(request: FastifyRequest, config: ServerConfig): void {
  const site = request.headers['sec-fetch-site'];
  const origin = request.headers.origin;
  const crossSite =
    (typeof site === 'string' && site !== 'same-origin' && site !== 'none') ||
    (typeof origin === 'string' && !originMatches(origin, claimedHosts(request, config)));
  if (crossSite) throw new HttpError(403, MSG_CROSS_SITE, { code: 'cross_site_request' });
}
