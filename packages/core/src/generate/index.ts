export * from './assemble-prompt.js';
export * from './generate-task.js';
export * from './json-output.js';
export type * from './types.js';
export * from './validate-options.js';
