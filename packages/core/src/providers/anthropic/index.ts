export * from './adapter.js';
export * from './errors.js';
export * from './request.js';
export * from './stream.js';
