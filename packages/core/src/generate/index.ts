export * from './assemble-prompt.js';
export * from './generate-task.js';
export * from './json-output.js';
export * from './tool-mode-memory.js';
export * from './tools-unsupported.js';
export type * from './types.js';
export * from './validate-options.js';
