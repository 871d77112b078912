/** Size limits for card files. Card PNGs carry a portrait, so the file limit is larger than the text limit. */
export interface CardLimits {
  /** a whole PNG or JSON card file */
  maxFileBytes: number;
  /** the card JSON once decoded (base64 and any compression undone) */
  maxCardJsonBytes: number;
  /** chunks in one PNG */
  maxChunks: number;
}

const MiB = 1024 * 1024;

export const DEFAULT_CARD_LIMITS: CardLimits = {
  maxFileBytes: 20 * MiB,
  maxCardJsonBytes: 8 * MiB,
  maxChunks: 10_000,
};
