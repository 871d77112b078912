export * from './errors.js';
export type * from './types.js';
export * from './validate-options.js';
export * from './json-output.js';
export * from './assemble-prompt.js';
export * from './generate-task.js';
export * from '../runtime/index.js';
