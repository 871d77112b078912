// Loopback-only helpers for the webhook tests: HTTP listeners on port 0, a resolver that answers from a table,
// and a connector that records every pinned connection and dials nothing but loopback listeners.
import { once } from 'node:events';
import http from 'node:http';
import net from 'node:net';
import type { Connector, ConnectTarget, ResolvedAddress, Resolver } from '../pinned-connection.js';

export interface SeenRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface TestServer {
  host: string;
  port: number;
  /** http://host:port (IPv6 hosts in brackets) */
  origin: string;
  requests: SeenRequest[];
  /** TCP connections accepted so far */
  connections: number;
  server: http.Server;
  close(): Promise<void>;
}

export type Handler = (req: SeenRequest, res: http.ServerResponse) => void;

const servers = new Set<TestServer>();

/** An HTTP server on a loopback address (port 0 unless given) that records what it receives before `handler` answers. */
export async function startServer(handler: Handler, host = '127.0.0.1', port = 0): Promise<TestServer> {
  const requests: SeenRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const seen = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(seen);
      handler(seen, res);
    });
  });
  const state: TestServer = {
    host,
    port: 0,
    origin: '',
    requests,
    connections: 0,
    server,
    close: async () => {
      servers.delete(state);
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
  server.on('connection', () => {
    state.connections++;
  });
  server.listen(port, host);
  await once(server, 'listening');
  state.port = (server.address() as net.AddressInfo).port;
  state.origin = `http://${host.includes(':') ? `[${host}]` : host}:${state.port}`;
  servers.add(state);
  return state;
}

/** Closes every server still open (for afterEach). */
export async function closeAllServers(): Promise<void> {
  await Promise.all([...servers].map((s) => s.close()));
}

export function json(res: http.ServerResponse, value: unknown, status = 200): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(value));
}

export function redirect(res: http.ServerResponse, location: string, status = 302): void {
  res.writeHead(status, { location });
  res.end();
}

/**
 * A resolver answering from a table. A name mapped to a list of answer lists gives the next list on each call
 * (the last one repeats), which is how DNS rebinding is simulated. Unknown names fail like NXDOMAIN.
 */
export function fakeResolver(table: Record<string, string[] | string[][]>): Resolver & { calls: string[] } {
  const calls: string[] = [];
  const counts = new Map<string, number>();
  const resolve = async (hostname: string): Promise<ResolvedAddress[]> => {
    calls.push(hostname);
    const entry = table[hostname];
    if (!entry) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    const n = counts.get(hostname) ?? 0;
    counts.set(hostname, n + 1);
    const lists = (Array.isArray(entry[0]) ? entry : [entry]) as string[][];
    const answer = lists[Math.min(n, lists.length - 1)];
    return answer.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return Object.assign(resolve, { calls });
}

/**
 * A connector that records every target. Targets whose host name is in `routes` are dialed on 127.0.0.1 at the
 * mapped port (a fake public name standing in for a remote server); targets pinned only to loopback addresses
 * are dialed as asked; anything else is refused without any traffic.
 */
export function recordingConnector(
  routes: Record<string, number> = {},
): Connector & { calls: ConnectTarget[] } {
  const calls: ConnectTarget[] = [];
  const connect = async (target: ConnectTarget): Promise<net.Socket> => {
    calls.push(target);
    const routed = routes[target.hostname];
    if (routed !== undefined) return dial('127.0.0.1', routed);
    const [first] = target.addresses;
    if (first && target.addresses.every((a) => a.address === '::1' || a.address.startsWith('127.'))) {
      return dial(first.address, target.port);
    }
    throw new Error(`test connector refused to dial ${target.addresses.map((a) => a.address).join(', ')}`);
  };
  return Object.assign(connect, { calls });
}

function dial(host: string, port: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host, port });
    socket.once('connect', () => resolve(socket));
    socket.once('error', reject);
  });
}
