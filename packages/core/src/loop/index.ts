export type * from './types.js';
export * from './run-tool-loop.js';
