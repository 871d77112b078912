import { describe, expect, it } from 'vitest';
import { PendingImports } from './pending-imports.js';

describe('PendingImports', () => {
  it('holds a value until taken, once', () => {
    const held = new PendingImports<string>();
    const { id } = held.add('card', 10);
    expect(held.get(id)).toBe('card');
    expect(held.take(id)).toBe('card');
    expect(held.take(id)).toBeUndefined();
  });

  it('forgets entries once their time is up', () => {
    let now = 1000;
    const held = new PendingImports<string>({ ttlMs: 50 }, () => now);
    const { id, expiresAt } = held.add('card', 10);
    expect(expiresAt.getTime()).toBe(1050);
    now = 1049;
    expect(held.get(id)).toBe('card');
    now = 1050;
    expect(held.get(id)).toBeUndefined();
    expect(held.size).toBe(0);
  });

  it('drops the oldest when over the count or the byte budget', () => {
    const byCount = new PendingImports<number>({ maxEntries: 2 });
    const a = byCount.add(1, 1).id;
    const b = byCount.add(2, 1).id;
    const c = byCount.add(3, 1).id;
    expect([byCount.get(a), byCount.get(b), byCount.get(c)]).toEqual([undefined, 2, 3]);

    const byBytes = new PendingImports<number>({ maxTotalBytes: 100 });
    const x = byBytes.add(1, 60).id;
    const y = byBytes.add(2, 60).id;
    expect(byBytes.get(x)).toBeUndefined();
    expect(byBytes.get(y)).toBe(2);
    expect(byBytes.totalBytes()).toBe(60);
    // one entry larger than the budget is still held (the body limit already bounds it)
    const z = byBytes.add(3, 500).id;
    expect(byBytes.get(z)).toBe(3);
    expect(byBytes.size).toBe(1);
  });

  it('delete answers whether there was anything to discard', () => {
    const held = new PendingImports<string>();
    const { id } = held.add('card', 1);
    expect(held.delete(id)).toBe(true);
    expect(held.delete(id)).toBe(false);
  });
});
