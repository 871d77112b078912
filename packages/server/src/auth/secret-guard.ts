import { createHash } from 'node:crypto';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { HttpError } from '../app/http-error.js';

/** Distinct wrong admin secrets a client may send per window before it is blocked. */
export const SECRET_FAILURES_ALLOWED = 10;
export const SECRET_FAILURE_WINDOW_S = 60;
/** How long a client that went over stays blocked. */
export const SECRET_BLOCK_S = 60;

function tooMany(msBeforeNext: number): HttpError {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  return new HttpError(
    429,
    `Too many wrong admin secrets from this client. Try again in ${seconds} s with the exact ADMIN_SECRET value.`,
    { code: 'admin_secret_rate_limited' },
    { 'Retry-After': String(seconds) },
  );
}

/**
 * Counts wrong admin secrets per client (its address, as TRUST_PROXY resolves it). Over the limit, every
 * request of that client that needs the secret gets 429 — the right secret too, so guessing learns nothing.
 *
 * Only distinct wrong values count: a guess is a new value, while a UI tab holding a mistyped secret sends the
 * same one with each of its parallel requests, and one typo must not lock the user out. rate-limiter-flexible
 * rather than @fastify/rate-limit: that one counts requests (not failures) and cannot tell whether a client
 * is blocked without counting, which the check of a right secret needs.
 */
export class SecretGuard {
  readonly #failures = new RateLimiterMemory({
    points: SECRET_FAILURES_ALLOWED,
    duration: SECRET_FAILURE_WINDOW_S,
    blockDuration: SECRET_BLOCK_S,
  });
  /** one point per client and wrong value: a value already counted in the window is not counted again */
  readonly #seen = new RateLimiterMemory({ points: 1, duration: SECRET_FAILURE_WINDOW_S });

  /** Throws 429 while the client is blocked. */
  async assertNotBlocked(client: string): Promise<void> {
    const state = await this.#failures.get(client);
    if (state && state.consumedPoints > SECRET_FAILURES_ALLOWED) throw tooMany(state.msBeforeNext);
  }

  /** Counts a wrong secret (the values the request sent); throws 429 when that one went over the limit. */
  async recordFailure(client: string, given: readonly string[]): Promise<void> {
    // only a digest is kept, never the value
    const digest = createHash('sha256').update(JSON.stringify(given)).digest('base64url');
    try {
      await this.#seen.consume(`${client} ${digest}`);
    } catch (error) {
      if (error instanceof RateLimiterRes) return; // the same wrong value again: already counted
      throw error;
    }
    try {
      await this.#failures.consume(client);
    } catch (error) {
      if (error instanceof RateLimiterRes) throw tooMany(error.msBeforeNext);
      throw error;
    }
  }
}
