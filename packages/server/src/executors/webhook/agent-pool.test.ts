import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPinnedAgentPool, poolKey } from './agent-pool.js';
import type { Connector, ConnectTarget } from './pinned-connection.js';

/** Nothing in these tests sends a request: a connector that would dial is a bug. */
const neverDial: Connector = async () => {
  throw new Error('the pool must not dial on its own');
};

function target(overrides: Partial<ConnectTarget> = {}): ConnectTarget {
  return {
    hostname: 'hooks.example',
    addresses: [{ address: '93.184.215.14', family: 4 }],
    port: 443,
    protocol: 'https:',
    ...overrides,
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('poolKey', () => {
  it('differs for every part a connection is bound to', () => {
    const base = poolKey(target());
    const variants = [
      target({ hostname: 'other.example' }),
      target({ port: 8443 }),
      target({ protocol: 'http:' }),
      target({ addresses: [{ address: '93.184.215.15', family: 4 }] }),
      target({
        addresses: [
          { address: '93.184.215.14', family: 4 },
          { address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c', family: 6 },
        ],
      }),
    ];
    const keys = variants.map(poolKey);
    expect(keys).not.toContain(base);
    expect(new Set(keys).size).toBe(variants.length);
  });

  it('treats the addresses as a set and the host name case-insensitively', () => {
    const a = { address: '93.184.215.14', family: 4 as const };
    const b = { address: '93.184.215.15', family: 4 as const };
    expect(poolKey(target({ addresses: [a, b] }))).toBe(poolKey(target({ addresses: [b, a] })));
    expect(poolKey(target({ hostname: 'Hooks.Example' }))).toBe(poolKey(target()));
  });
});

describe('createPinnedAgentPool', () => {
  it('hands back the same Agent for the same key and another one for other addresses', async () => {
    const pool = createPinnedAgentPool({ connect: neverDial });
    const first = pool.acquire(target());
    first.release();
    const again = pool.acquire(target());
    const rebound = pool.acquire(target({ addresses: [{ address: '93.184.215.15', family: 4 }] }));
    expect(again.dispatcher).toBe(first.dispatcher);
    expect(rebound.dispatcher).not.toBe(first.dispatcher);
    expect(pool.size).toBe(2);
    await pool.close();
  });

  it('evicts the least recently used Agent past maxAgents and destroys it', async () => {
    const pool = createPinnedAgentPool({ connect: neverDial, maxAgents: 2 });
    const a = pool.acquire(target({ port: 1 }));
    const b = pool.acquire(target({ port: 2 }));
    a.release();
    b.release();
    pool.acquire(target({ port: 1 })).release(); // a is now the most recently used
    const c = pool.acquire(target({ port: 3 }));
    c.release();
    expect(pool.size).toBe(2);
    expect(b.dispatcher.destroyed).toBe(true);
    expect(a.dispatcher.destroyed).toBe(false);
    expect(c.dispatcher.destroyed).toBe(false);
    // b's key starts over with a fresh Agent.
    const b2 = pool.acquire(target({ port: 2 }));
    expect(b2.dispatcher).not.toBe(b.dispatcher);
    await pool.close();
  });

  it('closes an evicted Agent that is still in use gracefully instead of destroying it', async () => {
    const pool = createPinnedAgentPool({ connect: neverDial, maxAgents: 1 });
    const busy = pool.acquire(target({ port: 1 }));
    pool.acquire(target({ port: 2 }));
    expect(busy.dispatcher.closed).toBe(true);
    expect(busy.dispatcher.destroyed).toBe(false);
    busy.release();
    // Released after eviction: it does not come back.
    expect(pool.acquire(target({ port: 1 })).dispatcher).not.toBe(busy.dispatcher);
    await pool.close();
  });

  it('destroys an Agent left idle for idleTimeoutMs, not one in use', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const pool = createPinnedAgentPool({ connect: neverDial, idleTimeoutMs: 1000 });
    const idle = pool.acquire(target({ port: 1 }));
    const busy = pool.acquire(target({ port: 2 }));
    idle.release();
    idle.release(); // a second release changes nothing
    vi.advanceTimersByTime(999);
    expect(idle.dispatcher.destroyed).toBe(false);
    vi.advanceTimersByTime(1);
    expect(idle.dispatcher.destroyed).toBe(true);
    expect(busy.dispatcher.destroyed).toBe(false);
    expect(pool.size).toBe(1);

    // Using an Agent again restarts its idle clock.
    busy.release();
    vi.advanceTimersByTime(600);
    pool.acquire(target({ port: 2 })).release();
    vi.advanceTimersByTime(600);
    expect(busy.dispatcher.destroyed).toBe(false);
    vi.advanceTimersByTime(400);
    expect(busy.dispatcher.destroyed).toBe(true);
    expect(pool.size).toBe(0);
    await pool.close();
  });

  it('close destroys every Agent and refuses later use', async () => {
    const pool = createPinnedAgentPool({ connect: neverDial });
    const a = pool.acquire(target({ port: 1 }));
    const b = pool.acquire(target({ port: 2 }));
    b.release();
    await pool.close();
    expect(a.dispatcher.destroyed).toBe(true);
    expect(b.dispatcher.destroyed).toBe(true);
    expect(pool.size).toBe(0);
    expect(() => pool.acquire(target())).toThrow('closed');
    a.release(); // a lease released after close is harmless
  });
});
