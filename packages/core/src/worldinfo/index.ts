export * from './activate.js';
export {
  activateLorebooks,
  DEFAULT_DEPTH,
  DEFAULT_MAX_RECURSION_DEPTH,
  DEFAULT_ORDER,
  entryAllowsGenerationType,
  entryTriggers,
} from './activate-lorebooks.js';
export { estimateWorldInfoTokens } from './budget.js';
export { passesCharacterFilter } from './character-filter.js';
export * from './depth-insert.js';
export { DEFAULT_GROUP_WEIGHT, entryGroups } from './inclusion-groups.js';
export {
  compileKey,
  compilePlainKey,
  isUnspacedScriptChar,
  type KeyMatcher,
  type KeyOptions,
  regexKeyProblem,
} from './keys.js';
export * from './lorebook-import.js';
export { passesSelectiveLogic } from './match-entry.js';
export { createSeededRandom } from './random.js';
export * from './regex-keys.js';
export * from './search.js';
export * from './sources.js';
export * from './timed-effects.js';
export type * from './types.js';
