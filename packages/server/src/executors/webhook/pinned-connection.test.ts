import type { LookupAddress, LookupOptions } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { createPinnedLookup, type ResolvedAddress } from './pinned-connection.js';

function lookup(addresses: ResolvedAddress[], hostname: string, options: LookupOptions) {
  return new Promise<{ error: Error | null; address: string | LookupAddress[]; family?: number }>(
    (resolve) => {
      createPinnedLookup(addresses)(hostname, options, (error, address, family) =>
        resolve({ error, address, family }),
      );
    },
  );
}

const PINNED: ResolvedAddress[] = [
  { address: '127.0.0.1', family: 4 },
  { address: '::1', family: 6 },
];

describe('createPinnedLookup', () => {
  it('answers with the checked addresses whatever name it is asked about', async () => {
    for (const name of ['hooks.example', 'evil.example', 'localhost']) {
      expect(await lookup(PINNED, name, { all: true })).toEqual({
        error: null,
        address: PINNED,
        family: undefined,
      });
      expect(await lookup(PINNED, name, {})).toEqual({ error: null, address: '127.0.0.1', family: 4 });
    }
  });

  it('respects a requested family', async () => {
    expect(await lookup(PINNED, 'x', { family: 6 })).toMatchObject({ address: '::1', family: 6 });
    expect(await lookup(PINNED, 'x', { family: 'IPv4', all: true })).toMatchObject({ address: [PINNED[0]] });
  });

  it('fails rather than fall back to DNS when no checked address fits the family', async () => {
    const result = await lookup([PINNED[0]], 'x', { family: 6 });
    expect(result.error).toMatchObject({ code: 'ENOTFOUND' });
  });
});
