import { CardError } from './card-error.js';
import { crc32 } from './crc32.js';
import { type CardLimits, DEFAULT_CARD_LIMITS } from './limits.js';

/** One PNG chunk: its four-letter type and its data (a view into the file, not a copy). */
export interface PngChunk {
  type: string;
  data: Uint8Array;
}

export const PNG_SIGNATURE = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
/** PNG caps a chunk's length at 2^31 - 1. */
const MAX_CHUNK_LENGTH = 0x7fffffff;

export function isPng(bytes: Uint8Array): boolean {
  if (bytes.length < PNG_SIGNATURE.length) return false;
  return PNG_SIGNATURE.every((b, i) => bytes[i] === b);
}

const isTypeByte = (b: number): boolean => (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a);

/**
 * Splits a PNG into its chunks, checking the signature, every length and every CRC. The file must start
 * with IHDR and reach IEND; bytes after IEND are ignored (some editors append them).
 */
export function readPngChunks(bytes: Uint8Array, limits: CardLimits = DEFAULT_CARD_LIMITS): PngChunk[] {
  if (bytes.length > limits.maxFileBytes) {
    throw new CardError(
      'too_large',
      `The PNG is ${bytes.length} bytes; a card image may be at most ${limits.maxFileBytes} bytes.`,
    );
  }
  if (!isPng(bytes)) throw new CardError('bad_signature', 'The file is not a PNG image (wrong signature).');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const chunks: PngChunk[] = [];
  let offset = PNG_SIGNATURE.length;
  while (true) {
    if (offset + 8 > bytes.length) {
      throw new CardError('truncated', `The PNG ends early: a chunk header at byte ${offset} is cut off.`);
    }
    const length = view.getUint32(offset);
    const typeBytes = bytes.subarray(offset + 4, offset + 8);
    if (!typeBytes.every(isTypeByte)) {
      throw new CardError('bad_chunk', `The PNG has a malformed chunk type at byte ${offset + 4}.`);
    }
    const type = String.fromCharCode(...typeBytes);
    if (length > MAX_CHUNK_LENGTH) {
      throw new CardError('bad_chunk', `The PNG's ${type} chunk at byte ${offset} has an impossible length.`);
    }
    const dataStart = offset + 8;
    const dataEnd = dataStart + length;
    if (dataEnd + 4 > bytes.length) {
      throw new CardError(
        'truncated',
        `The PNG ends early: the ${type} chunk at byte ${offset} needs ${length + 12} bytes, only ${bytes.length - offset} remain.`,
      );
    }
    const data = bytes.subarray(dataStart, dataEnd);
    const expected = view.getUint32(dataEnd);
    if (crc32(typeBytes, data) !== expected) {
      throw new CardError('bad_crc', `The PNG's ${type} chunk at byte ${offset} is corrupt (CRC mismatch).`);
    }
    if (chunks.length === 0 && type !== 'IHDR') {
      throw new CardError('bad_chunk', 'The PNG does not start with an IHDR chunk.');
    }
    chunks.push({ type, data });
    if (chunks.length > limits.maxChunks) {
      throw new CardError('too_large', `The PNG has more than ${limits.maxChunks} chunks.`);
    }
    offset = dataEnd + 4;
    if (type === 'IEND') return chunks;
  }
}

/** Assembles a PNG from chunks, computing every length and CRC afresh. */
export function writePngChunks(chunks: readonly PngChunk[]): Uint8Array {
  let size = PNG_SIGNATURE.length;
  for (const chunk of chunks) size += 12 + chunk.data.length;
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  out.set(PNG_SIGNATURE, 0);
  let offset = PNG_SIGNATURE.length;
  for (const { type, data } of chunks) {
    if (type.length !== 4 || ![...type].every((c) => isTypeByte(c.charCodeAt(0)))) {
      throw new Error(`Invalid PNG chunk type "${type}".`);
    }
    const typeBytes = Uint8Array.from(type, (c) => c.charCodeAt(0));
    view.setUint32(offset, data.length);
    out.set(typeBytes, offset + 4);
    out.set(data, offset + 8);
    view.setUint32(offset + 8 + data.length, crc32(typeBytes, data));
    offset += 12 + data.length;
  }
  return out;
}
