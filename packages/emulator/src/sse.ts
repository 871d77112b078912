/** One Server-Sent Events frame. `data` objects are JSON-encoded; strings are sent as they are. */
export interface SseFrame {
  event?: string;
  data: unknown;
}

/** Encodes frames as SSE text, one string per frame (join or re-split them to choose chunk boundaries). */
export function sseFrames(frames: SseFrame[], options: { lineEnding?: '\n' | '\r\n' } = {}): string[] {
  const eol = options.lineEnding ?? '\n';
  return frames.map((frame) => {
    const data = typeof frame.data === 'string' ? frame.data : JSON.stringify(frame.data);
    const event = frame.event ? `event: ${frame.event}${eol}` : '';
    return `${event}data: ${data}${eol}${eol}`;
  });
}

/** Re-splits a text into chunks at the given character offsets, e.g. to cut through the middle of a frame. */
export function splitAt(text: string, offsets: number[]): string[] {
  const out: string[] = [];
  let start = 0;
  for (const offset of [...offsets].sort((a, b) => a - b)) {
    if (offset <= start || offset >= text.length) continue;
    out.push(text.slice(start, offset));
    start = offset;
  }
  out.push(text.slice(start));
  return out;
}

/** Splits a text into chunks of `size` bytes of UTF-8 (multi-byte characters may be cut in two). */
export function splitBytes(text: string, size: number): Uint8Array[] {
  const bytes = new TextEncoder().encode(text);
  const out: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += size) out.push(bytes.subarray(i, i + size));
  return out;
}
