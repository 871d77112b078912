export * from './errors.js';
export * from './json-depth.js';
