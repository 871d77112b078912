import { TransferError } from '../transfer/limits.js';

/** Why a card file was refused; the message says it in words, the code lets callers and tests tell cases apart. */
export type CardErrorCode =
  | 'empty'
  | 'too_large'
  | 'bad_signature'
  | 'bad_chunk'
  | 'bad_crc'
  | 'truncated'
  | 'missing_chunk'
  | 'bad_base64'
  | 'bad_text'
  | 'bad_json'
  | 'not_a_card';

/** A card that cannot be read at all. A TransferError, so the server answers 400 (413 when too large). */
export class CardError extends TransferError {
  readonly code: CardErrorCode;
  constructor(code: CardErrorCode, message: string) {
    super(message, code === 'too_large' ? 413 : 400);
    this.name = 'CardError';
    this.code = code;
  }
}

export const isCardError = (value: unknown): value is CardError => value instanceof CardError;
