export * from './create-runtime.js';
export * from './tool-calling-support.js';
