import type { WebSearchProvider as SearchProvider, WebSearchSettingsView } from '@toolsmith/core/api-schema';
import type { Storage } from '../storage/types.js';

export type { SearchProvider };

/** Where each hosted backend answers unless the settings name another base URL (a proxy, or a test's fake). */
export const DEFAULT_SEARCH_URLS: Partial<Record<SearchProvider, string>> = {
  brave: 'https://api.search.brave.com/res/v1/web/search',
  tavily: 'https://api.tavily.com/search',
};

export interface WebSearchSettings {
  provider: SearchProvider;
  /** SearXNG: the instance (…/search is added); custom: the endpoint; Brave/Tavily: optional override */
  baseUrl: string;
  /** Brave and Tavily (custom: optional, sent as a Bearer token); never returned to clients */
  apiKey: string;
  /** results per search, 1–20 */
  maxResults: number;
}

export const WEB_SEARCH_SETTINGS_KEY = 'webSearch';
export const DEFAULT_MAX_RESULTS = 5;

export async function loadWebSearchSettings(
  storage: Pick<Storage, 'settings'>,
): Promise<WebSearchSettings | undefined> {
  return storage.settings.get<WebSearchSettings>(WEB_SEARCH_SETTINGS_KEY);
}

/** What clients see: everything but the key. */
export function webSearchView(settings: WebSearchSettings | undefined): WebSearchSettingsView {
  return settings
    ? {
        configured: true,
        provider: settings.provider,
        baseUrl: settings.baseUrl,
        hasApiKey: settings.apiKey !== '',
        maxResults: settings.maxResults,
      }
    : { configured: false, provider: null, baseUrl: '', hasApiKey: false, maxResults: DEFAULT_MAX_RESULTS };
}
