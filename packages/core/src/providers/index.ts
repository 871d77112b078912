export type * from './types.js';
export * from './http.js';
export * from './sse.js';
export * from './finish-reason.js';
export * from './json-args.js';
export * from './anthropic/index.js';
export * from './openai/index.js';
export * from './google/index.js';
export * from './text-completion/index.js';
