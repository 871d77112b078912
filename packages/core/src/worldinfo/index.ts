export type * from './types.js';
export * from './activate.js';
