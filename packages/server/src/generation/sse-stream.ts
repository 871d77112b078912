import type { FastifyReply } from 'fastify';

/** Keeps idle connections (long tool calls) from being dropped by proxies. */
export const SSE_HEARTBEAT_MS = 15_000;

export interface SseStream {
  /** writes `event: TYPE\ndata: JSON\n\n`; does nothing once the client is gone */
  send(event: string, data: unknown): void;
  end(): void;
  /** the client closed the connection before the stream ended */
  readonly clientGone: boolean;
}

/**
 * Takes the reply over from Fastify and opens a `text/event-stream`. Headers Fastify's hooks already set
 * (security headers) are kept. `onClientGone` runs once if the client disconnects before `end()`.
 */
export function openSseStream(reply: FastifyReply, onClientGone: () => void): SseStream {
  const raw = reply.raw;
  reply.hijack();
  raw.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    // Node's own keep-alive decision (false for `Connection: close` or HTTP/1.0), not a hard-coded keep-alive
    connection: raw.shouldKeepAlive ? 'keep-alive' : 'close',
    // nginx and similar proxies otherwise buffer the whole stream
    'x-accel-buffering': 'no',
  });
  raw.flushHeaders();
  const closed = reply.server.toolsmith?.telemetry.sseOpened();

  let gone = false;
  let ended = false;
  const heartbeat = setInterval(() => {
    if (!gone && !ended) raw.write(': keep-alive\n\n');
  }, SSE_HEARTBEAT_MS);
  heartbeat.unref();
  raw.on('close', () => {
    clearInterval(heartbeat);
    closed?.();
    if (ended) return;
    gone = true;
    onClientGone();
  });

  return {
    send(event, data) {
      if (gone || ended || raw.destroyed) return;
      raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    end() {
      if (ended) return;
      ended = true;
      clearInterval(heartbeat);
      if (!raw.destroyed) raw.end();
    },
    get clientGone() {
      return gone;
    },
  };
}
