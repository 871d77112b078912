export * from './card-error.js';
export { decodeCardPayload, encodeCardPayload } from './card-payload.js';
export * from './card-tools.js';
export { crc32 } from './crc32.js';
export { defaultCardPng } from './default-png.js';
export * from './export-card.js';
export * from './import-plan.js';
export * from './limits.js';
export * from './parse-card.js';
export * from './png-card.js';
export * from './png-chunks.js';
export {
  type CardChunkKeyword,
  cardChunkKeyword,
  makeTextChunk,
  readTextChunk,
  textChunkKeyword,
} from './png-text.js';
export * from './read-card.js';
export * from './types.js';
export * from './write-card.js';
