export type * from './types.js';
export * from './activate.js';
export {
  activateLorebooks,
  DEFAULT_MAX_RECURSION_DEPTH,
  DEFAULT_ORDER,
  DEFAULT_DEPTH,
} from './activate-lorebooks.js';
export {
  compileKey,
  compilePlainKey,
  isUnspacedScriptChar,
  type KeyMatcher,
  type KeyOptions,
} from './keys.js';
export { passesSelectiveLogic } from './match-entry.js';
export { estimateWorldInfoTokens } from './budget.js';
export { createSeededRandom } from './random.js';
export * from './depth-insert.js';
export * from './sources.js';
export * from './search.js';
export * from './lorebook-import.js';
