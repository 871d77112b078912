export * from './card-error.js';
export * from './limits.js';
export * from './types.js';
export { crc32 } from './crc32.js';
export * from './png-chunks.js';
export {
  type CardChunkKeyword,
  cardChunkKeyword,
  textChunkKeyword,
  readTextChunk,
  makeTextChunk,
} from './png-text.js';
export { decodeCardPayload, encodeCardPayload } from './card-payload.js';
export * from './png-card.js';
export { defaultCardPng } from './default-png.js';
export * from './parse-card.js';
export * from './write-card.js';
export * from './card-tools.js';
export * from './read-card.js';
export * from './import-plan.js';
export * from './export-card.js';
