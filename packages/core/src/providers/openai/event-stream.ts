import { createParser, type EventSourceMessage, type EventSourceParser } from 'eventsource-parser';
import { GenerateTaskError } from '../../base/errors.js';
import { joinUrl, postJson, readJson, streamCutError } from '../http.js';
import type { ProviderRequest, StreamEvent } from '../types.js';
import { OpenAIChunkReader } from './chunk-reader.js';
import { explainRejectedFields } from './rejected-field.js';
import { buildOpenAIBody, openaiHeaders } from './request.js';
import { replayOpenAIResponse } from './response.js';
import { streamPayloadError } from './stream-error.js';

function parseChunk(data: string): Record<string, any> {
  try {
    return JSON.parse(data);
  } catch (error) {
    throw new GenerateTaskError('network', 'The provider sent a stream chunk that is not JSON.', {
      cause: error,
      details: { dataPreview: data.slice(0, 200) },
    });
  }
}

const DONE: IteratorReturnResult<undefined> = { value: undefined, done: true };
const DRAIN_MS = 250;

/**
 * The events of one Chat Completions request, as a hand-written async iterator. This is the hot path of
 * streaming: every SSE message of a network read is parsed and turned into events synchronously, and
 * queued events are handed out with already-resolved promises. (Going through `readSse`'s per-message
 * async generator plus a generator here costs two extra promise round-trips per chunk — as much CPU as
 * splitting and parsing the chunk itself.)
 */
export class OpenAIEventStream implements AsyncIterableIterator<StreamEvent> {
  private readonly request: ProviderRequest;
  private queue: StreamEvent[] = [];
  private head = 0;
  private started = false;
  /** no more reading: the answer is complete (or failed) */
  private ended = false;
  /** an error to raise once the events queued before it have been handed out */
  private failure: unknown;
  private body: ReadableStreamDefaultReader<Uint8Array> | undefined;
  private response: Response | undefined;
  private parser: EventSourceParser | undefined;
  private readonly reader = new OpenAIChunkReader();
  private readonly decoder = new TextDecoder();
  private sawDone = false;
  /** `[DONE]` was seen and everything queued; the rest of the body is read before letting go */
  private draining = false;

  constructor(request: ProviderRequest) {
    this.request = request;
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  next(): Promise<IteratorResult<StreamEvent>> {
    if (this.head < this.queue.length) {
      return Promise.resolve({ value: this.queue[this.head++], done: false });
    }
    if (this.failure !== undefined) {
      const failure = this.failure;
      this.failure = undefined;
      this.release();
      return Promise.reject(failure);
    }
    if (this.draining) return this.drain();
    if (this.ended) return Promise.resolve(DONE);
    return this.fill();
  }

  /** The consumer left early (break, throw): stop the download. */
  return(): Promise<IteratorResult<StreamEvent>> {
    this.queue = [];
    this.head = 0;
    this.failure = undefined;
    this.release();
    return Promise.resolve(DONE);
  }

  private release(): void {
    this.ended = true;
    if (this.body) {
      this.body.releaseLock();
      this.body = undefined;
    }
    this.response?.body?.cancel().catch(() => {});
  }

  /** Reads until at least one event is queued, the stream is over, or it failed. */
  private async fill(): Promise<IteratorResult<StreamEvent>> {
    this.queue.length = 0;
    this.head = 0;
    try {
      if (!this.started) {
        this.started = true;
        if (await this.open()) return this.next();
      }
      const body = this.body!;
      const parser = this.parser!;
      while (this.queue.length === 0 && this.failure === undefined) {
        let chunk: Awaited<ReturnType<typeof body.read>>;
        try {
          chunk = await body.read();
        } catch (error) {
          throw streamCutError(error, this.request.signal);
        }
        if (chunk.done) {
          // Older KoboldCpp ends with "data: [DONE]" and no blank line: terminate the last event ourselves.
          parser.feed(`${this.decoder.decode()}\n\n`);
          this.finish();
          break;
        }
        parser.feed(this.decoder.decode(chunk.value, { stream: true }));
        if (this.sawDone) {
          this.finish(true);
          break;
        }
      }
    } catch (error) {
      this.failure = error;
    }
    if (this.failure !== undefined) this.ended = true;
    return this.next();
  }

  /** Sends the request. Returns true when the whole answer is already queued (non-streaming). */
  private async open(): Promise<boolean> {
    const request = this.request;
    let response: Response;
    try {
      response = await postJson({
        url: joinUrl(request.connection.baseUrl, 'chat/completions'),
        headers: openaiHeaders(request),
        body: buildOpenAIBody(request),
        signal: request.signal,
        fetch: request.fetch,
      });
    } catch (error) {
      throw explainRejectedFields(error);
    }
    this.response = response;
    // A server that ignores `stream: true` answers with a whole JSON body: replay it the same way.
    const contentType = response.headers.get('content-type') ?? '';
    if (!request.stream || contentType.includes('application/json') || !response.body) {
      this.queue = replayOpenAIResponse(await readJson(response, request.signal));
      this.ended = true;
      return true;
    }
    this.body = response.body.getReader();
    this.parser = createParser({ onEvent: (message) => this.onMessage(message) });
    return false;
  }

  private onMessage(message: EventSourceMessage): void {
    // After [DONE] or an error nothing more counts.
    if (this.sawDone || this.failure !== undefined) return;
    const data = message.data;
    if (data === '[DONE]') {
      this.sawDone = true;
      return;
    }
    if (data === '') return;
    try {
      const chunk = parseChunk(data);
      if (message.event === 'error') throw streamPayloadError(chunk);
      this.reader.handle(chunk, this.queue);
    } catch (error) {
      this.failure = error;
    }
  }

  /**
   * End of the stream: finalize the calls and queue `finish`. After `[DONE]` the connection is kept for
   * reuse: the (normally empty) rest of the body is read once the consumer has taken the events.
   */
  private finish(afterDone = false): void {
    if (this.failure === undefined) {
      try {
        this.reader.end(this.sawDone, this.queue);
      } catch (error) {
        this.failure = error;
      }
    }
    if (afterDone && this.failure === undefined) this.draining = true;
    else this.release();
  }

  /** Reads what follows `[DONE]` (servers close right after it), for at most DRAIN_MS, then lets go. */
  private async drain(): Promise<IteratorResult<StreamEvent>> {
    this.draining = false;
    const body = this.body;
    if (body) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<undefined>((resolve) => {
        timer = setTimeout(() => resolve(undefined), DRAIN_MS);
      });
      try {
        for (;;) {
          const chunk = await Promise.race([body.read(), timeout]);
          if (chunk === undefined || chunk.done) break;
        }
      } catch {
        // the answer is already complete; a failure after [DONE] changes nothing
      } finally {
        clearTimeout(timer);
      }
    }
    this.release();
    return DONE;
  }
}
