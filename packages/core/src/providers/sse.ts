import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { streamCutError } from './http.js';

/**
 * Reads a Server-Sent Events body as messages. Transport failures mid-stream (a cut-off connection)
 * become GenerateTaskError `network` saying the stream was cut; an abort becomes `aborted`.
 */
export async function* readSse(response: Response, signal?: AbortSignal): AsyncGenerator<EventSourceMessage> {
  if (!response.body) return;
  const pending: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (message) => pending.push(message) });
  const decoder = new TextDecoder();
  const reader = response.body.getReader();
  try {
    for (;;) {
      let chunk: Awaited<ReturnType<typeof reader.read>>;
      try {
        chunk = await reader.read();
      } catch (error) {
        throw streamCutError(error, signal);
      }
      if (chunk.done) break;
      parser.feed(decoder.decode(chunk.value, { stream: true }));
      while (pending.length) yield pending.shift()!;
    }
    // A last event without its closing blank line (older KoboldCpp ends with a bare `data: [DONE]`) still counts.
    parser.feed(`${decoder.decode()}\n\n`);
    while (pending.length) yield pending.shift()!;
  } finally {
    reader.releaseLock();
    // Stop the download when the consumer leaves early (e.g. an abort or a thrown error).
    response.body.cancel().catch(() => {});
  }
}
