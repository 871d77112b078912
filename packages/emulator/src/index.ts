export * from './server.js';
export * from './sse.js';
