import type { Agent } from 'undici';
import { type Connector, type ConnectTarget, createPinnedDispatcher } from './pinned-connection.js';

export const DEFAULT_MAX_AGENTS = 32;
export const DEFAULT_AGENT_IDLE_TIMEOUT_MS = 30_000;
/** How long an idle keep-alive socket may wait for the next call (undici's own default). */
const KEEP_ALIVE_TIMEOUT_MS = 4_000;
/** Upper bound for a server's `Keep-Alive: timeout=N` hint. */
const KEEP_ALIVE_MAX_TIMEOUT_MS = 30_000;

export interface PinnedAgentPoolOptions {
  /** the injected connector every pooled Agent dials through (tests); default: undici's, with a pinned lookup */
  connect?: Connector;
  connectTimeoutMs?: number;
  /** at most this many Agents are kept; the least recently used one is closed first (default 32) */
  maxAgents?: number;
  /** an Agent nobody has used for this long is closed (default 30 s) */
  idleTimeoutMs?: number;
}

/** One use of a pooled Agent: hand `dispatcher` to a single request, then `release()` it (idempotent). */
export interface PinnedAgentLease {
  dispatcher: Agent;
  release(): void;
}

export interface PinnedAgentPool {
  /**
   * The Agent pinned to exactly this origin, host name and set of checked addresses, created on first use. The
   * caller must have resolved and checked `target.addresses` for this call: a different DNS answer is a
   * different key, so a connection pinned to other addresses is never reused.
   */
  acquire(target: ConnectTarget): PinnedAgentLease;
  /** Agents currently kept */
  readonly size: number;
  /** Destroys every Agent and their connections; later `acquire` calls throw. */
  close(): Promise<void>;
}

interface Entry {
  agent: Agent;
  /** leases not yet released */
  users: number;
  idleTimer?: NodeJS.Timeout;
}

/**
 * A bounded LRU of pinned undici Agents so that calls to the same origin reuse keep-alive connections. The key
 * holds everything a connection is bound to: scheme, host name (Host header, TLS servername), port and the
 * exact set of addresses that passed the policy.
 */
export function createPinnedAgentPool(options: PinnedAgentPoolOptions = {}): PinnedAgentPool {
  const maxAgents = Math.max(1, options.maxAgents ?? DEFAULT_MAX_AGENTS);
  const idleTimeoutMs = options.idleTimeoutMs ?? DEFAULT_AGENT_IDLE_TIMEOUT_MS;
  const entries = new Map<string, Entry>();
  let closed = false;

  const evict = (key: string, entry: Entry) => {
    if (entries.get(key) === entry) entries.delete(key);
    clearTimeout(entry.idleTimer);
    // A request still running on an evicted Agent finishes first (close); an idle one goes at once.
    const done = entry.users > 0 ? entry.agent.close() : entry.agent.destroy();
    done.catch(() => {});
  };

  return {
    acquire(target) {
      if (closed) throw new Error('the webhook executor is closed');
      const key = poolKey(target);
      let entry = entries.get(key);
      if (entry) {
        entries.delete(key); // re-inserted below as the most recently used
        clearTimeout(entry.idleTimer);
        entry.idleTimer = undefined;
      } else {
        entry = {
          agent: createPinnedDispatcher({
            hostname: target.hostname,
            addresses: target.addresses.map((a) => ({ ...a })),
            connect: options.connect,
            connectTimeoutMs: options.connectTimeoutMs,
            keepAliveTimeoutMs: KEEP_ALIVE_TIMEOUT_MS,
            keepAliveMaxTimeoutMs: KEEP_ALIVE_MAX_TIMEOUT_MS,
          }),
          users: 0,
        };
      }
      entries.set(key, entry);
      for (const [oldKey, oldEntry] of entries) {
        if (entries.size <= maxAgents) break;
        evict(oldKey, oldEntry);
      }

      const leased = entry;
      leased.users++;
      let released = false;
      return {
        dispatcher: leased.agent,
        release() {
          if (released) return;
          released = true;
          leased.users--;
          if (leased.users > 0 || entries.get(key) !== leased) return;
          leased.idleTimer = setTimeout(() => evict(key, leased), idleTimeoutMs);
          leased.idleTimer.unref();
        },
      };
    },
    get size() {
      return entries.size;
    },
    async close() {
      closed = true;
      const all = [...entries.values()];
      entries.clear();
      await Promise.all(
        all.map((entry) => {
          clearTimeout(entry.idleTimer);
          return entry.agent.destroy().catch(() => {});
        }),
      );
    },
  };
}

/** Scheme, host name, port and the checked addresses as a set (resolver order does not matter). */
export function poolKey(target: ConnectTarget): string {
  const addresses = target.addresses.map((a) => `${a.family}/${a.address}`).sort();
  return JSON.stringify([target.protocol, target.hostname.toLowerCase(), target.port, addresses]);
}
