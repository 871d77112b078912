import type { Readable } from 'node:stream';
import { WebhookError } from './errors.js';

const PREVIEW_BYTES = 2048;
const PREVIEW_CHARS = 200;

/**
 * Reads a response body into memory, refusing (and aborting the stream) as soon as it passes `maxBytes`, so an
 * endless or huge answer costs at most `maxBytes` of memory.
 */
export async function readCapped(body: Readable, maxBytes: number, declaredLength?: number): Promise<Buffer> {
  if (declaredLength !== undefined && declaredLength > maxBytes) {
    discard(body);
    throw tooLarge(maxBytes);
  }
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of body) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    total += buffer.length;
    if (total > maxBytes) {
      discard(body);
      throw tooLarge(maxBytes);
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks, total);
}

/** The first characters of an error answer, whitespace collapsed; the rest of the body is discarded. */
export async function readPreview(body: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of body) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
      chunks.push(buffer);
      total += buffer.length;
      if (total >= PREVIEW_BYTES) break;
    }
  } catch {
    // A broken error body still leaves the status to report.
  } finally {
    discard(body);
  }
  const text = Buffer.concat(chunks).toString('utf8').replace(/\s+/g, ' ').trim();
  return text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS)}…` : text;
}

/**
 * Stops a body we no longer want and closes its connection. undici reports the early stop as an `error` event,
 * which would be an uncaught exception without a listener.
 */
export function discard(body: Readable): void {
  body.on('error', () => {});
  body.destroy();
}

function tooLarge(maxBytes: number): WebhookError {
  return new WebhookError(
    'webhook_too_large',
    `Webhook answer too large: more than ${formatBytes(maxBytes)}.`,
  );
}

function formatBytes(bytes: number): string {
  return bytes % 1024 === 0 ? `${bytes / 1024} KiB` : `${bytes} bytes`;
}
