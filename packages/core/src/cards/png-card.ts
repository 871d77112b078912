import { CardError } from './card-error.js';
import { decodeCardPayload, encodeCardPayload } from './card-payload.js';
import { type CardLimits, DEFAULT_CARD_LIMITS } from './limits.js';
import { type PngChunk, readPngChunks, writePngChunks } from './png-chunks.js';
import { type CardChunkKeyword, cardChunkKeyword, makeTextChunk, readTextChunk } from './png-text.js';

export interface PngCardRead {
  /** the parsed card JSON (not yet normalized) */
  document: unknown;
  /** which chunk it came from */
  keyword: CardChunkKeyword;
  /** the image with every card chunk removed — what to keep as the character's portrait */
  image: Uint8Array;
  warnings: string[];
}

/**
 * Reads the card embedded in a PNG. `ccv3` is preferred over `chara`; when `ccv3` cannot be decoded but
 * `chara` can, the V2 copy is used and a warning says so.
 */
export function readCardPng(bytes: Uint8Array, limits: CardLimits = DEFAULT_CARD_LIMITS): PngCardRead {
  const chunks = readPngChunks(bytes, limits);
  const found = new Map<CardChunkKeyword, PngChunk>();
  for (const chunk of chunks) {
    const keyword = cardChunkKeyword(chunk);
    if (keyword && !found.has(keyword)) found.set(keyword, chunk);
  }
  if (found.size === 0) {
    throw new CardError(
      'missing_chunk',
      'The PNG holds no character card: it has no "chara" or "ccv3" text chunk.',
    );
  }
  const decode = (keyword: CardChunkKeyword): unknown =>
    decodeCardPayload(
      readTextChunk(found.get(keyword)!, limits.maxCardJsonBytes * 2),
      keyword,
      limits.maxCardJsonBytes,
    );
  const warnings: string[] = [];
  let document: unknown;
  let keyword: CardChunkKeyword;
  if (found.has('ccv3')) {
    try {
      document = decode('ccv3');
      keyword = 'ccv3';
    } catch (error) {
      if (!found.has('chara') || (error instanceof CardError && error.code === 'too_large')) throw error;
      document = decode('chara');
      keyword = 'chara';
      warnings.push(
        `The card's V3 data could not be read (${(error as Error).message}); its V2 copy was used instead.`,
      );
    }
  } else {
    document = decode('chara');
    keyword = 'chara';
  }
  return { document, keyword, image: writePngChunks(withoutCardChunks(chunks)), warnings };
}

const withoutCardChunks = (chunks: readonly PngChunk[]): PngChunk[] =>
  chunks.filter((chunk) => cardChunkKeyword(chunk) === undefined);

/**
 * Writes card documents into a PNG: existing `chara`/`ccv3` chunks (tEXt, zTXt or iTXt) are removed, the
 * new tEXt chunks go right before IEND, and everything else (image data, other chunks) is kept.
 */
export function writeCardPng(
  png: Uint8Array,
  documents: Partial<Record<CardChunkKeyword, unknown>>,
  limits: CardLimits = DEFAULT_CARD_LIMITS,
): Uint8Array {
  const chunks = withoutCardChunks(readPngChunks(png, limits));
  const added: PngChunk[] = [];
  // chara first, ccv3 second: the order SillyTavern writes them in.
  for (const keyword of ['chara', 'ccv3'] as const) {
    if (documents[keyword] !== undefined) {
      added.push(makeTextChunk(keyword, encodeCardPayload(documents[keyword])));
    }
  }
  const end = chunks.findIndex((c) => c.type === 'IEND');
  chunks.splice(end, 0, ...added);
  return writePngChunks(chunks);
}
