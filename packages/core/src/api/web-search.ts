// Route schemas of /api/settings/web-search (docs/api.md, "Web search settings"): the backend of the builtin
// web_search tool. The key is written, never answered (`hasApiKey`). The rules between fields (a URL for
// SearXNG and custom, a key for Brave and Tavily) are the route's.

import { type Static, Type } from 'typebox';
import { errorResponses } from './common.js';
import { nullable } from './nullable.js';

/** The search backends web_search can use. */
export const WEB_SEARCH_PROVIDERS = ['searxng', 'brave', 'tavily', 'custom'] as const;
export type WebSearchProvider = (typeof WEB_SEARCH_PROVIDERS)[number];

/** PUT /api/settings/web-search: the whole setting; without `apiKey` the stored key is kept. */
export const WebSearchSettingsBody = Type.Object(
  {
    provider: Type.Enum(WEB_SEARCH_PROVIDERS, {
      'x-missing': `provider is required: one of ${WEB_SEARCH_PROVIDERS.map((p) => `"${p}"`).join(', ')}.`,
    }),
    /** SearXNG: the instance (…/search is added); custom: the endpoint; Brave/Tavily: optional override */
    baseUrl: Type.Optional(Type.String({ maxLength: 2048 })),
    /** Brave and Tavily (custom: optional, sent as a Bearer token); null removes the stored key */
    apiKey: Type.Optional(nullable(Type.String({ maxLength: 1024 }))),
    /** results per search; null: the default (5) */
    maxResults: Type.Optional(nullable(Type.Integer({ minimum: 1, maximum: 20 }))),
  },
  { additionalProperties: false },
);
export type WebSearchSettingsBody = Static<typeof WebSearchSettingsBody>;

/** What clients see: everything but the key. */
export const WebSearchSettingsView = Type.Object({
  configured: Type.Boolean(),
  provider: nullable(Type.Enum(WEB_SEARCH_PROVIDERS)),
  baseUrl: Type.String(),
  hasApiKey: Type.Boolean(),
  maxResults: Type.Integer(),
});
export type WebSearchSettingsView = Static<typeof WebSearchSettingsView>;

export const webSearchSettingsRouteSchemas = {
  get: { tags: ['settings'], response: { 200: WebSearchSettingsView } },
  put: {
    tags: ['settings'],
    body: WebSearchSettingsBody,
    response: { 200: WebSearchSettingsView, ...errorResponses },
  },
  delete: { tags: ['settings'], response: { 200: WebSearchSettingsView, ...errorResponses } },
} as const;
