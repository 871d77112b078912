import type { Readable } from 'node:stream';
import { Agent, request } from 'undici';

/**
 * The gateway's client for provider calls: the part of `fetch` the core's adapters use (status, headers,
 * `text()`, and `body.getReader()` for streams), over undici's `request` with a keep-alive pool. Every
 * gateway request makes one upstream call, and WHATWG fetch's web-stream plumbing was the largest share of
 * the gateway's own CPU time; Node streams read directly cost a fraction of it.
 *
 * Anything this client does not handle the same way as fetch (a redirect, a compressed body, a body that
 * is not a string) goes through the global fetch instead, so behaviour never differs.
 */
export function createUpstreamFetch(
  options: { agent?: Agent; fallback?: typeof fetch } = {},
): typeof fetch & { close(): Promise<void> } {
  const agent = options.agent ?? new Agent({ keepAliveTimeout: 30_000, connections: 64 });
  const fallback = options.fallback ?? globalThis.fetch;

  const leanFetch = async (input: Parameters<typeof fetch>[0], init: RequestInit = {}): Promise<Response> => {
    if (typeof input !== 'string' || (init.body !== undefined && typeof init.body !== 'string')) {
      return fallback(input, init);
    }
    let answer: Awaited<ReturnType<typeof request>>;
    try {
      answer = await request(input, {
        method: (init.method ?? 'GET') as 'GET',
        headers: init.headers as Record<string, string> | undefined,
        body: init.body as string | undefined,
        signal: init.signal ?? undefined,
        dispatcher: agent,
      });
    } catch (error) {
      // the shape fetch gives transport failures (the core reads the code from `cause`)
      if ((error as Error)?.name === 'AbortError' || init.signal?.aborted) throw error;
      throw new TypeError('fetch failed', { cause: error });
    }
    // Destroying an unfinished undici body emits an error; readers see failures through the iterator, and
    // this listener keeps a body dropped early (a client gone, a fallback below) from crashing the process.
    answer.body.on('error', () => {});
    const encoding = answer.headers['content-encoding'];
    if ((answer.statusCode >= 300 && answer.statusCode < 400) || (encoding && encoding !== 'identity')) {
      answer.body.destroy();
      return fallback(input, init);
    }
    return leanResponse(answer.statusCode, answer.headers, answer.body);
  };
  return Object.assign(leanFetch as typeof fetch, { close: () => agent.close() });
}

type RawHeaders = Record<string, string | string[] | undefined>;

function leanResponse(status: number, raw: RawHeaders, body: Readable): Response {
  const headers = new Headers();
  for (const [key, value] of Object.entries(raw)) {
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else if (value !== undefined) headers.set(key, value);
  }
  const chunks = body[Symbol.asyncIterator]();
  const stream = {
    getReader() {
      return {
        async read(): Promise<{ done: boolean; value?: Uint8Array }> {
          const next = await chunks.next();
          return next.done
            ? { done: true, value: undefined }
            : { done: false, value: next.value as Uint8Array };
        },
        releaseLock() {},
        async cancel() {
          body.destroy();
        },
      };
    },
    async cancel() {
      body.destroy();
    },
  };
  const response = {
    ok: status >= 200 && status < 300,
    status,
    headers,
    body: stream,
    async text() {
      const parts: Buffer[] = [];
      for (let next = await chunks.next(); !next.done; next = await chunks.next()) parts.push(next.value);
      return Buffer.concat(parts).toString('utf8');
    },
    async json() {
      return JSON.parse(await response.text());
    },
  };
  return response as unknown as Response;
}
