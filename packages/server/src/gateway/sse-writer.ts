import type { FastifyReply } from 'fastify';
import type { GatewayError } from './openai-errors.js';

/**
 * An SSE answer opened lazily: nothing is sent until the first frame, so a failure before any output can
 * still be answered with a proper HTTP status and error body. Writes wait for the socket to drain.
 */
export class LazySseWriter {
  private opened = false;
  private closed = false;

  constructor(private readonly reply: FastifyReply) {}

  get isOpen(): boolean {
    return this.opened;
  }

  /** the client went away (or the answer was ended) */
  get isClosed(): boolean {
    return this.closed || this.reply.raw.destroyed;
  }

  private open(): void {
    if (this.opened) return;
    this.opened = true;
    // hijacked: Fastify no longer sends anything, so carry over the headers hooks already set (security headers)
    this.reply.hijack();
    const headers: Record<string, string | number | string[]> = {};
    for (const [key, value] of Object.entries(this.reply.getHeaders())) {
      if (value !== undefined) headers[key] = value as string | number | string[];
    }
    this.reply.raw.writeHead(200, {
      ...headers,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      // Node's own keep-alive decision (false for `Connection: close` or HTTP/1.0), said out loud: a hard-coded
      // keep-alive made pooled clients reuse a socket Node was closing
      connection: this.reply.raw.shouldKeepAlive ? 'keep-alive' : 'close',
      'x-accel-buffering': 'no',
    });
    const closed = this.reply.server.toolsmith?.telemetry.sseOpened();
    if (closed) this.reply.raw.once('close', closed);
  }

  /** Writes one `data:` frame (JSON unless a string), opening the stream first. */
  async send(data: unknown): Promise<void> {
    if (this.isClosed) return;
    this.open();
    const text = `data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`;
    if (!this.reply.raw.write(text)) {
      await new Promise<void>((resolve) => {
        const done = () => {
          this.reply.raw.off('drain', done);
          this.reply.raw.off('close', done);
          resolve();
        };
        this.reply.raw.on('drain', done);
        this.reply.raw.on('close', done);
      });
    }
  }

  /** Ends an open stream with an error frame (no `[DONE]`), logged at warn like every gateway error. */
  async fail(error: GatewayError): Promise<void> {
    this.reply.log.warn(
      { statusCode: error.statusCode, code: error.code, type: error.type },
      `gateway stream ended with an error: ${error.message}`,
    );
    await this.send(error.body());
  }

  end(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.opened && !this.reply.raw.destroyed) this.reply.raw.end();
  }
}
