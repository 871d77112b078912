import { promises as dns, type LookupAddress } from 'node:dns';
import type { LookupFunction, Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { Agent } from 'undici';

/** One answer of a name lookup. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to every address it has (the default uses `dns.lookup` with `all: true`). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

/** What a connector is asked to reach: the URL's host name, pinned to addresses that passed the policy. */
export interface ConnectTarget {
  /** the host as written in the URL (no brackets); used for SNI and the Host header, never resolved again */
  hostname: string;
  /** the checked addresses, in resolver order; a connector must dial one of these and nothing else */
  addresses: ResolvedAddress[];
  port: number;
  protocol: 'http:' | 'https:';
}

/**
 * Opens the socket for one connection. Injected in tests to record the pinned address instead of dialing it;
 * for https targets a real connector must return a TLS socket that verified `hostname`.
 */
export type Connector = (target: ConnectTarget) => Promise<Socket | TLSSocket>;

export const systemResolve: Resolver = async (hostname) => {
  const answers = await dns.lookup(hostname, { all: true, verbatim: true });
  return answers.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

/**
 * A `lookup` for `net.connect` / `tls.connect` that answers with the already-checked addresses and never asks
 * DNS again, so a name cannot be rebound to another address between the check and the connection.
 */
export function createPinnedLookup(addresses: readonly ResolvedAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
    const usable =
      family === 4 || family === 6 ? addresses.filter((a) => a.family === family) : [...addresses];
    if (usable.length === 0) {
      const error = Object.assign(new Error(`no checked IPv${family} address to connect to`), {
        code: 'ENOTFOUND',
      });
      callback(error, '', 0);
      return;
    }
    if (options.all)
      callback(
        null,
        usable.map((a): LookupAddress => ({ address: a.address, family: a.family })),
      );
    else callback(null, usable[0].address, usable[0].family);
  };
}

export interface PinnedDispatcherOptions {
  hostname: string;
  addresses: ResolvedAddress[];
  connect?: Connector;
  connectTimeoutMs?: number;
  /** how long an idle keep-alive socket is kept (pooled Agents); undici's default otherwise */
  keepAliveTimeoutMs?: number;
  /** the most a server's `Keep-Alive: timeout` hint may raise that to */
  keepAliveMaxTimeoutMs?: number;
}

/**
 * An undici Agent whose every connection goes to the checked addresses: through `connect.lookup` by default,
 * or through the injected connector. Used for one hop of one call, or kept by a pool for one origin and one
 * set of addresses (agent-pool.ts).
 */
export function createPinnedDispatcher(options: PinnedDispatcherOptions): Agent {
  const { hostname, addresses, connect, connectTimeoutMs } = options;
  const keepAlive = {
    keepAliveTimeout: options.keepAliveTimeoutMs,
    keepAliveMaxTimeout: options.keepAliveMaxTimeoutMs,
  };
  if (!connect) {
    return new Agent({
      ...keepAlive,
      connect: { lookup: createPinnedLookup(addresses), timeout: connectTimeoutMs },
    });
  }
  return new Agent({
    ...keepAlive,
    connect: (opts, callback) => {
      const protocol = opts.protocol === 'https:' ? 'https:' : 'http:';
      const port = Number(opts.port) || (protocol === 'https:' ? 443 : 80);
      connect({ hostname, addresses, port, protocol }).then(
        (socket) => callback(null, socket),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
      );
    },
  });
}
