import { GenerateTaskError } from '../../base/errors.js';
import { streamCutError } from '../http.js';

/**
 * Reads a newline-delimited JSON body (Ollama) one object at a time; lines may be split anywhere across
 * network chunks. A transport failure mid-body is `network` (or `aborted`).
 */
export async function* readNdjson(
  response: Response,
  signal?: AbortSignal,
): AsyncGenerator<Record<string, any>> {
  if (!response.body) return;
  const decoder = new TextDecoder();
  const reader = response.body.getReader();
  let rest = '';
  try {
    for (;;) {
      let chunk: Awaited<ReturnType<typeof reader.read>>;
      try {
        chunk = await reader.read();
      } catch (error) {
        throw streamCutError(error, signal);
      }
      const text = chunk.done ? decoder.decode() : decoder.decode(chunk.value, { stream: true });
      let buffer = rest + text;
      let newline = buffer.indexOf('\n');
      while (newline !== -1) {
        const line = buffer.slice(0, newline).trim();
        buffer = buffer.slice(newline + 1);
        if (line) yield parseLine(line);
        newline = buffer.indexOf('\n');
      }
      rest = buffer;
      if (chunk.done) break;
    }
    if (rest.trim()) yield parseLine(rest.trim());
  } finally {
    reader.releaseLock();
    response.body.cancel().catch(() => {});
  }
}

function parseLine(line: string): Record<string, any> {
  try {
    return JSON.parse(line);
  } catch (error) {
    throw new GenerateTaskError('network', 'The provider sent a line that is not JSON.', {
      cause: error,
      details: { linePreview: line.slice(0, 200) },
    });
  }
}
