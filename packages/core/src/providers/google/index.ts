export * from './adapter.js';
export * from './errors.js';
export * from './partial-args.js';
export * from './request.js';
export * from './schema.js';
export * from './stream.js';
