export * from './fixtures/anthropic.js';
export * from './fixtures/google.js';
export * from './fixtures/openai.js';
export * from './fixtures/openai-bench.js';
export * from './fixtures/openai-cases.js';
export * from './fixtures/text-completion.js';
export * from './server.js';
export * from './sse.js';
