import { isGenerateTaskError } from '@toolsmith/core';
import type { Telemetry } from './telemetry.js';

function originOf(input: Parameters<typeof fetch>[0]): string {
  try {
    const url = input instanceof Request ? input.url : String(input);
    return new URL(url).origin; // scheme, host and port: never a path or query, where keys can hide
  } catch {
    return 'unknown';
  }
}

function failureCode(error: unknown): string {
  if (isGenerateTaskError(error)) {
    const timeout = (error.details as { timeout?: unknown }).timeout;
    if (timeout === 'first_byte' || timeout === 'idle') return `timeout_${timeout}`;
  }
  return 'network';
}

/**
 * A provider fetch that reports failed requests (HTTP 4xx/5xx, network errors, timeouts) to the telemetry.
 * A request the caller aborted (the user pressed Stop) is no failure.
 */
export function observedFetch(inner: typeof fetch, telemetry: Telemetry, connection?: string): typeof fetch {
  return (async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    const origin = originOf(input);
    const named = connection ? { connection } : {};
    let response: Response;
    try {
      response = await inner(input, init);
    } catch (error) {
      if (!init?.signal?.aborted) telemetry.upstreamFailure({ code: failureCode(error), origin, ...named });
      throw error;
    }
    if (response.status >= 400) {
      telemetry.upstreamFailure({
        code: `http_${response.status}`,
        status: response.status,
        origin,
        ...named,
      });
    }
    return response;
  }) as typeof fetch;
}
