import { CardError } from './card-error.js';
import { parseCardJsonText } from './card-payload.js';
import { type CardLimits, DEFAULT_CARD_LIMITS } from './limits.js';
import { type ParsedCard, parseCardDocument } from './parse-card.js';
import { readCardPng } from './png-card.js';
import { isPng } from './png-chunks.js';
import type { CardFormat } from './types.js';

/** What a card upload can be: file bytes (PNG or JSON, told apart by content), JSON text, or parsed JSON. */
export type CardInput = Uint8Array | string | Record<string, unknown>;

export interface ReadCard extends ParsedCard {
  format: CardFormat;
  /** PNG cards: the portrait with the card chunks removed */
  image?: Uint8Array;
}

/** Reads and normalizes a card from any input; throws CardError with a clear message when it cannot. */
export function readCard(input: CardInput, limits: CardLimits = DEFAULT_CARD_LIMITS): ReadCard {
  if (input instanceof Uint8Array) {
    if (input.length === 0) throw new CardError('empty', 'The card file is empty.');
    if (isPng(input)) {
      const png = readCardPng(input, limits);
      const parsed = parseCardDocument(png.document);
      return { ...parsed, warnings: [...png.warnings, ...parsed.warnings], format: 'png', image: png.image };
    }
    if (input.length > limits.maxCardJsonBytes) {
      throw new CardError('too_large', `A JSON card may be at most ${limits.maxCardJsonBytes} bytes.`);
    }
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(input);
    } catch {
      throw new CardError('bad_text', 'The card file is neither a PNG image nor UTF-8 JSON text.');
    }
    return readCard(text, limits);
  }
  if (typeof input === 'string') {
    if (input.trim() === '') throw new CardError('empty', 'The card file is empty.');
    if (input.length > limits.maxCardJsonBytes) {
      throw new CardError('too_large', `A JSON card may be at most ${limits.maxCardJsonBytes} bytes.`);
    }
    return { ...parseCardDocument(parseCardJsonText(input, 'card file')), format: 'json' };
  }
  // A copy, so the normalized card never shares objects with the caller's document.
  return { ...parseCardDocument(structuredClone(input)), format: 'json' };
}
