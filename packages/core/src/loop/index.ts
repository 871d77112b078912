export * from './run-tool-loop.js';
export type * from './types.js';
