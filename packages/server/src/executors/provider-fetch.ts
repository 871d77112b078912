import { GenerateTaskError } from '@toolsmith/core';
import { abortWhen } from '../app/abort-link.js';

export interface ProviderTimeouts {
  /** longest wait for the answer to start (its headers); 0 = no limit */
  firstByteMs: number;
  /** longest wait for progress once it started — a whole event on event streams, any bytes otherwise; 0 = no limit */
  idleMs: number;
}

const seconds = (ms: number) => (ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`);

function firstByteError(ms: number): GenerateTaskError {
  return new GenerateTaskError(
    'network',
    `The provider did not start answering within ${seconds(ms)}, so Toolsmith stopped waiting. Check that the backend is running and not overloaded, or raise PROVIDER_FIRST_BYTE_TIMEOUT_MS.`,
    { details: { timeout: 'first_byte', timeoutMs: ms } },
  );
}

function idleError(ms: number): GenerateTaskError {
  return new GenerateTaskError(
    'network',
    `The provider's answer stalled: nothing new for ${seconds(ms)}, so Toolsmith stopped waiting. Raise PROVIDER_IDLE_TIMEOUT_MS for backends that pause longer.`,
    { details: { timeout: 'idle', timeoutMs: ms } },
  );
}

/**
 * Counts finished Server-Sent Events in a byte stream: an event ends at a blank line (`\n\n`, `\r\n\r\n`,
 * `\r\r`). A provider dripping bytes that never finish an event makes no progress.
 */
class EventBoundaries {
  private lineEnded = false;
  private afterCr = false;

  /** true when the chunk finished at least one event */
  feed(bytes: Uint8Array): boolean {
    let finished = false;
    for (const b of bytes) {
      if (b === 0x0a && this.afterCr) {
        this.afterCr = false; // the \n of a \r\n
        continue;
      }
      if (b === 0x0a || b === 0x0d) {
        if (this.lineEnded) finished = true;
        this.lineEnded = true;
        this.afterCr = b === 0x0d;
      } else {
        this.lineEnded = false;
        this.afterCr = false;
      }
    }
    return finished;
  }
}

type BodyReader = { read(): Promise<{ done: boolean; value?: Uint8Array }>; cancel(): Promise<void> };

/**
 * Provider requests with a first-byte and an idle timeout (PROVIDER_FIRST_BYTE_TIMEOUT_MS,
 * PROVIDER_IDLE_TIMEOUT_MS). A hung backend or one that drips a byte now and then ends the run with a
 * `network` GenerateTaskError whose details name the timeout, instead of holding the chat for minutes.
 * The caller's abort signal still works as before (and its abort is not reported as a timeout).
 */
export function withProviderTimeouts(base: typeof fetch, timeouts: ProviderTimeouts): typeof fetch {
  const { firstByteMs, idleMs } = timeouts;
  if (firstByteMs <= 0 && idleMs <= 0) return base;
  const timedFetch = async (
    input: Parameters<typeof fetch>[0],
    init: RequestInit = {},
  ): Promise<Response> => {
    const controller = new AbortController();
    const unlink = init.signal ? abortWhen(controller, init.signal) : () => {};
    let expired: GenerateTaskError | undefined;
    const expire = (error: GenerateTaskError) => {
      expired = error;
      controller.abort(error);
    };
    let timer =
      firstByteMs > 0 ? setTimeout(() => expire(firstByteError(firstByteMs)), firstByteMs) : undefined;
    let response: Response;
    try {
      response = await base(input, { ...init, signal: controller.signal });
    } catch (error) {
      clearTimeout(timer);
      unlink();
      throw expired ?? error;
    }
    clearTimeout(timer);
    timer = undefined;
    if (!response.body) {
      unlink();
      return response;
    }

    const events = /text\/event-stream/i.test(response.headers.get('content-type') ?? '')
      ? new EventBoundaries()
      : undefined;
    // the caller's signal stays linked until the body is read or cancelled
    const arm = () => {
      clearTimeout(timer);
      if (idleMs > 0) timer = setTimeout(() => expire(idleError(idleMs)), idleMs);
    };
    const settle = () => {
      clearTimeout(timer);
      unlink();
    };
    const source = response.body.getReader() as unknown as BodyReader;
    arm();
    const read = async (): Promise<{ done: boolean; value?: Uint8Array }> => {
      if (expired) throw expired;
      let chunk: { done: boolean; value?: Uint8Array };
      try {
        chunk = await source.read();
      } catch (error) {
        settle();
        throw expired ?? error;
      }
      if (chunk.done) settle();
      else if (chunk.value && (events ? events.feed(chunk.value) : chunk.value.byteLength > 0)) arm();
      return chunk;
    };
    const cancel = async () => {
      settle();
      await source.cancel().catch(() => {});
    };
    return timedResponse(response, { read, cancel });
  };
  return timedFetch as typeof fetch;
}

/** The response with its body read through `reader`: what the core's adapters use (see upstream-fetch.ts). */
function timedResponse(response: Response, reader: BodyReader): Response {
  const text = async () => {
    const parts: Uint8Array[] = [];
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      if (chunk.value) parts.push(chunk.value);
    }
    return Buffer.concat(parts).toString('utf8');
  };
  const timed = {
    ok: response.ok,
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
    url: response.url,
    body: {
      getReader: () => ({ read: reader.read, cancel: reader.cancel, releaseLock() {} }),
      cancel: reader.cancel,
    },
    text,
    json: async () => JSON.parse(await text()),
  };
  return timed as unknown as Response;
}

/** The server's provider fetch: `base` (default the global fetch) with the configured timeouts. */
export function providerFetch(
  config: { providerFirstByteTimeoutMs: number; providerIdleTimeoutMs: number },
  base: typeof fetch = globalThis.fetch,
): typeof fetch {
  return withProviderTimeouts(base, {
    firstByteMs: config.providerFirstByteTimeoutMs,
    idleMs: config.providerIdleTimeoutMs,
  });
}
