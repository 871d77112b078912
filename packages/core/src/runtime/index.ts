export * from './create-runtime.js';
