import { GenerateTaskError } from '../base/errors.js';
import { anthropicAdapter } from './anthropic/index.js';
import { googleAdapter } from './google/index.js';
import { openaiAdapter } from './openai/index.js';
import { openaiResponsesAdapter } from './openai-responses/index.js';
import { textCompletionAdapter } from './text-completion/index.js';
import type { ConnectionApi, ProviderAdapter } from './types.js';

const ADAPTERS: Readonly<Record<ConnectionApi, ProviderAdapter>> = Object.freeze({
  openai: openaiAdapter,
  'openai-responses': openaiResponsesAdapter,
  anthropic: anthropicAdapter,
  google: googleAdapter,
  'text-completion': textCompletionAdapter,
});

/** The API families the runtime can serve. */
export const PROVIDER_APIS = Object.freeze(Object.keys(ADAPTERS) as ConnectionApi[]);

/** The adapter for an API family; an unknown family is `unsupported_api`. */
export function getProviderAdapter(api: string): ProviderAdapter {
  if (!Object.hasOwn(ADAPTERS, api)) {
    throw new GenerateTaskError('unsupported_api', `No adapter serves the "${api}" API family.`, {
      details: { api, supported: PROVIDER_APIS },
    });
  }
  return ADAPTERS[api as ConnectionApi];
}
