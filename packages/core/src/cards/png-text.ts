import { Unzlib } from 'fflate';
import { CardError } from './card-error.js';
import type { PngChunk } from './png-chunks.js';

/** Keywords of the text chunks that hold a card: `chara` (V2) and `ccv3` (V3). */
export type CardChunkKeyword = 'chara' | 'ccv3';
const CARD_KEYWORDS: readonly string[] = ['chara', 'ccv3'];
const TEXT_TYPES: readonly string[] = ['tEXt', 'zTXt', 'iTXt'];

// ISO-8859-1 proper (TextDecoder's "latin1" is windows-1252, which remaps 0x80–0x9F).
const latin1 = (bytes: Uint8Array): string =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** A text chunk's keyword (Latin-1, up to 79 bytes before the first NUL), or undefined when malformed. */
export function textChunkKeyword(chunk: PngChunk): string | undefined {
  if (!TEXT_TYPES.includes(chunk.type)) return undefined;
  const nul = chunk.data.indexOf(0);
  if (nul < 1 || nul > 79) return undefined;
  return latin1(chunk.data.subarray(0, nul));
}

/** Which card keyword a chunk carries (compared case-insensitively, as SillyTavern does), if any. */
export function cardChunkKeyword(chunk: PngChunk): CardChunkKeyword | undefined {
  const keyword = textChunkKeyword(chunk)?.toLowerCase();
  return keyword && CARD_KEYWORDS.includes(keyword) ? (keyword as CardChunkKeyword) : undefined;
}

/** Inflates zlib data in slices so a compression bomb is stopped at `maxBytes` instead of filling memory. */
function inflateCapped(data: Uint8Array, maxBytes: number, what: string): Uint8Array {
  const parts: Uint8Array[] = [];
  let total = 0;
  const stream = new Unzlib((part) => {
    total += part.length;
    if (total > maxBytes) {
      throw new CardError('too_large', `The ${what} chunk inflates to more than ${maxBytes} bytes.`);
    }
    parts.push(part);
  });
  try {
    const SLICE = 4096;
    for (let i = 0; i < data.length; i += SLICE) {
      stream.push(data.subarray(i, i + SLICE), i + SLICE >= data.length);
    }
    if (data.length === 0) stream.push(data, true);
  } catch (error) {
    if (error instanceof CardError) throw error;
    throw new CardError('bad_text', `The ${what} chunk's compressed text is corrupt.`);
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/**
 * The text of a tEXt, zTXt or iTXt chunk. tEXt/zTXt are Latin-1 by the PNG spec; a card's payload is
 * base64 (ASCII) there, so the encoding only matters for raw-JSON writers.
 */
export function readTextChunk(chunk: PngChunk, maxBytes: number): string {
  const { data, type } = chunk;
  const nul = data.indexOf(0);
  const keyword = latin1(data.subarray(0, Math.max(nul, 0)));
  const bad = (why: string) => new CardError('bad_text', `The PNG's ${type} "${keyword}" chunk ${why}.`);
  if (nul < 1) throw bad('has no keyword');
  if (type === 'tEXt') {
    if (data.length - nul - 1 > maxBytes) {
      throw new CardError('too_large', `The "${keyword}" text is larger than ${maxBytes} bytes.`);
    }
    return latin1(data.subarray(nul + 1));
  }
  if (type === 'zTXt') {
    if (data[nul + 1] !== 0) throw bad('uses an unknown compression method');
    return latin1(inflateCapped(data.subarray(nul + 2), maxBytes, `"${keyword}"`));
  }
  if (type === 'iTXt') {
    const compressed = data[nul + 1];
    const method = data[nul + 2];
    if (compressed === undefined || method === undefined) throw bad('is cut short');
    const langEnd = data.indexOf(0, nul + 3);
    const translatedEnd = langEnd < 0 ? -1 : data.indexOf(0, langEnd + 1);
    if (translatedEnd < 0) throw bad('is cut short');
    let textBytes = data.subarray(translatedEnd + 1);
    if (compressed === 1) {
      if (method !== 0) throw bad('uses an unknown compression method');
      textBytes = inflateCapped(textBytes, maxBytes, `"${keyword}"`);
    } else if (textBytes.length > maxBytes) {
      throw new CardError('too_large', `The "${keyword}" text is larger than ${maxBytes} bytes.`);
    }
    try {
      return utf8.decode(textBytes);
    } catch {
      throw bad('is not valid UTF-8');
    }
  }
  throw bad('is not a text chunk');
}

/** A tEXt chunk. The text must be Latin-1 (card payloads are base64, so ASCII). */
export function makeTextChunk(keyword: string, text: string): PngChunk {
  if (/[^\x00-\xff]/.test(keyword + text)) throw new Error('tEXt chunks hold Latin-1 text only.');
  const data = new Uint8Array(keyword.length + 1 + text.length);
  data.set(Buffer.from(keyword, 'latin1'), 0);
  data[keyword.length] = 0;
  data.set(Buffer.from(text, 'latin1'), keyword.length + 1);
  return { type: 'tEXt', data };
}
