import type { ProviderAdapter } from '../types.js';
import { OpenAIEventStream } from './event-stream.js';

/** Chat Completions for OpenAI and every OpenAI-compatible base URL (the base URL includes `/v1`). */
export const openaiAdapter: ProviderAdapter = {
  api: 'openai',
  nativeTools: true,
  send: (request) => new OpenAIEventStream(request),
};
