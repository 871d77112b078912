import type { FastifyInstance } from 'fastify';
import {
  DEFAULT_MAX_RESULTS,
  loadWebSearchSettings,
  SEARCH_PROVIDERS,
  WEB_SEARCH_SETTINGS_KEY,
  type WebSearchSettings,
  webSearchView,
} from '../web/web-search-settings.js';
import { bodyObject, FieldChecker } from './fields.js';

const FIELDS = ['provider', 'baseUrl', 'apiKey', 'maxResults'] as const;

function httpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (
      (url.protocol === 'https:' || url.protocol === 'http:') && url.username === '' && url.password === ''
    );
  } catch {
    return false;
  }
}

/**
 * GET / PUT / DELETE /api/settings/web-search: the backend of the builtin web_search tool. The API key is
 * stored and used, never answered (`hasApiKey`); a PUT without `apiKey` keeps the stored one.
 */
export async function webSearchSettingsRoutes(app: FastifyInstance): Promise<void> {
  const { storage } = app.toolsmith;
  const privileged = { privileged: true };

  app.get('/api/settings/web-search', async () => webSearchView(await loadWebSearchSettings(storage)));

  app.put('/api/settings/web-search', { config: privileged }, async (request) => {
    const check = new FieldChecker(bodyObject(request.body));
    check.rejectUnknown(FIELDS, []);
    const stored = await loadWebSearchSettings(storage);
    check.require(
      'provider',
      `provider is required: one of ${SEARCH_PROVIDERS.map((p) => `"${p}"`).join(', ')}.`,
    );
    const provider = check.oneOf('provider', SEARCH_PROVIDERS);
    const baseUrl = check.string('baseUrl', { max: 2048 }) ?? '';
    const apiKeyField = check.body.apiKey;
    let apiKey = stored?.apiKey ?? '';
    if (apiKeyField === null) apiKey = '';
    else if (apiKeyField !== undefined) apiKey = check.string('apiKey', { max: 1024 }) ?? '';
    const maxResults = check.number('maxResults', { min: 1, max: 20, integer: true }) ?? DEFAULT_MAX_RESULTS;
    if (baseUrl !== '' && !httpUrl(baseUrl)) {
      check.add(
        'baseUrl',
        'baseUrl must be an http(s) URL without user name or password (put keys in apiKey).',
      );
    }
    if ((provider === 'searxng' || provider === 'custom') && baseUrl === '') {
      check.add(
        'baseUrl',
        `baseUrl is required for ${provider}: the address of the ${provider === 'searxng' ? 'SearXNG instance' : 'search endpoint'}.`,
      );
    }
    if ((provider === 'brave' || provider === 'tavily') && apiKey === '') {
      check.add(
        'apiKey',
        `apiKey is required for ${provider}: the key from your ${provider === 'brave' ? 'Brave Search API' : 'Tavily'} account.`,
      );
    }
    check.finish();
    const settings: WebSearchSettings = { provider: provider!, baseUrl, apiKey, maxResults };
    await storage.settings.set(WEB_SEARCH_SETTINGS_KEY, settings);
    return webSearchView(settings);
  });

  app.delete('/api/settings/web-search', { config: privileged }, async () => {
    await storage.settings.delete(WEB_SEARCH_SETTINGS_KEY);
    return webSearchView(undefined);
  });
}
