import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { HttpError } from '../app/http-error.js';

/** Wrong admin secrets a client may send per window before it is blocked. */
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
 */
export class SecretGuard {
  readonly #limiter = new RateLimiterMemory({
    points: SECRET_FAILURES_ALLOWED,
    duration: SECRET_FAILURE_WINDOW_S,
    blockDuration: SECRET_BLOCK_S,
  });

  /** Throws 429 while the client is blocked. */
  async assertNotBlocked(client: string): Promise<void> {
    const state = await this.#limiter.get(client);
    if (state && state.consumedPoints > SECRET_FAILURES_ALLOWED) throw tooMany(state.msBeforeNext);
  }

  /** Counts a wrong secret; throws 429 when that one went over the limit. */
  async recordFailure(client: string): Promise<void> {
    try {
      await this.#limiter.consume(client);
    } catch (error) {
      if (error instanceof RateLimiterRes) throw tooMany(error.msBeforeNext);
      throw error;
    }
  }
}
