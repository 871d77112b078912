import type { BuiltinTool } from '../builtins/builtin-tools.js';
import type { ServerConfig } from '../config/config.js';
import type { OutboundFetch } from '../executors/outbound-fetch.js';
import type { Storage } from '../storage/types.js';
import { runSearch } from './search-backends.js';
import { DEFAULT_MAX_RESULTS, loadWebSearchSettings } from './web-search-settings.js';
import { DEFAULT_VISIT_CHARS, MAX_VISIT_CHARS, visitPage } from './web-visit.js';

export const MSG_NO_SEARCH_BACKEND =
  'web_search has no search backend yet. Choose one (SearXNG, Brave, Tavily or a custom endpoint) under Settings → Web search (PUT /api/settings/web-search).';

/**
 * The builtin `web_search` and `web_visit` tools (Luker's search plugin, Marinara's reserved `web_search`).
 * Both are off until the user switches them on; web_search also needs a backend. As builtins they work in
 * chats, orchestration and the gateway's server tools alike.
 */
export function webTools(deps: {
  storage: Pick<Storage, 'settings'>;
  outboundFetch: OutboundFetch;
  config: Pick<ServerConfig, 'customToolTimeoutMs'>;
}): BuiltinTool[] {
  return [
    {
      name: 'web_search',
      displayName: 'Web search',
      description:
        'Searches the web and returns the top results, each with title, url and a snippet. Use web_visit to read a result.',
      parameters: {
        type: 'object',
        properties: {
          query: { type: 'string', minLength: 1, maxLength: 400, description: 'What to search for.' },
          count: { type: 'integer', minimum: 1, maximum: 20, description: 'How many results (default 5).' },
        },
        required: ['query'],
        additionalProperties: false,
      },
      mode: 'read',
      defaultEnabled: false,
      async run(args, context) {
        const settings = await loadWebSearchSettings(deps.storage);
        if (!settings) throw new Error(MSG_NO_SEARCH_BACKEND);
        const count =
          typeof args.count === 'number' ? args.count : (settings.maxResults ?? DEFAULT_MAX_RESULTS);
        const results = await runSearch(settings, String(args.query), count, {
          signal: context?.signal,
          timeoutMs: deps.config.customToolTimeoutMs,
        });
        return { query: String(args.query), results };
      },
    },
    {
      name: 'web_visit',
      displayName: 'Visit a web page',
      description:
        'Opens a web page and returns its readable text (title, url, text), without menus and scripts. Public https pages only.',
      parameters: {
        type: 'object',
        properties: {
          url: {
            type: 'string',
            minLength: 1,
            maxLength: 2048,
            description: 'The page to read (https://…).',
          },
          maxChars: {
            type: 'integer',
            minimum: 500,
            maximum: MAX_VISIT_CHARS,
            description: `Cut the text after this many characters (default ${DEFAULT_VISIT_CHARS}).`,
          },
        },
        required: ['url'],
        additionalProperties: false,
      },
      mode: 'read',
      defaultEnabled: false,
      async run(args, context) {
        try {
          return await visitPage(deps.outboundFetch, String(args.url), {
            maxChars: typeof args.maxChars === 'number' ? args.maxChars : DEFAULT_VISIT_CHARS,
            signal: context?.signal,
          });
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          throw new Error(message.replace(/^Webhook\b/, 'web_visit'));
        }
      },
    },
  ];
}
