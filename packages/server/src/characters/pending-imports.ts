import { randomBytes } from 'node:crypto';

export interface PendingImportLimits {
  /** how long a review waits for Apply or Cancel */
  ttlMs: number;
  /** how many reviews are held at once; the oldest goes first */
  maxEntries: number;
  /** the most card bytes held at once (a card PNG can be 20 MiB); the oldest go first */
  maxTotalBytes: number;
}

const MiB = 1024 * 1024;

export const DEFAULT_PENDING_IMPORT_LIMITS: PendingImportLimits = {
  ttlMs: 30 * 60 * 1000,
  maxEntries: 16,
  maxTotalBytes: 64 * MiB,
};

interface Held<T> {
  value: T;
  bytes: number;
  expiresAt: number;
}

/**
 * Card imports waiting for the user's choice, in memory only: nothing of a card under review is in the
 * database, so Cancel (or the server restarting, or the TTL running out) leaves no trace. Bounded by count
 * and bytes so uploads cannot pile up.
 */
export class PendingImports<T> {
  readonly #held = new Map<string, Held<T>>();
  readonly #limits: PendingImportLimits;
  readonly #now: () => number;

  constructor(limits: Partial<PendingImportLimits> = {}, now: () => number = Date.now) {
    this.#limits = { ...DEFAULT_PENDING_IMPORT_LIMITS, ...limits };
    this.#now = now;
  }

  /** Holds `value` (of `bytes` size) and returns its id; older entries are dropped to stay in bounds. */
  add(value: T, bytes: number): { id: string; expiresAt: Date } {
    this.#sweep();
    const id = `imp_${randomBytes(12).toString('base64url')}`;
    const expiresAt = this.#now() + this.#limits.ttlMs;
    this.#held.set(id, { value, bytes, expiresAt });
    // Map keeps insertion order: the first key is the oldest
    while (
      this.#held.size > this.#limits.maxEntries ||
      (this.#held.size > 1 && this.totalBytes() > this.#limits.maxTotalBytes)
    ) {
      const oldest = this.#held.keys().next().value as string;
      this.#held.delete(oldest);
    }
    return { id, expiresAt: new Date(expiresAt) };
  }

  get(id: string): T | undefined {
    this.#sweep();
    return this.#held.get(id)?.value;
  }

  /** Removes and returns the entry: an Apply runs once. */
  take(id: string): T | undefined {
    const value = this.get(id);
    this.#held.delete(id);
    return value;
  }

  delete(id: string): boolean {
    this.#sweep();
    return this.#held.delete(id);
  }

  get size(): number {
    this.#sweep();
    return this.#held.size;
  }

  totalBytes(): number {
    let total = 0;
    for (const held of this.#held.values()) total += held.bytes;
    return total;
  }

  #sweep(): void {
    const now = this.#now();
    for (const [id, held] of this.#held) if (held.expiresAt <= now) this.#held.delete(id);
  }
}
