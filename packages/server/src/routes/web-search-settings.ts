import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FieldError } from '@toolsmith/core';
import { webSearchSettingsRouteSchemas as schemas } from '@toolsmith/core/api-schema';
import type { FastifyInstance } from 'fastify';
import { validationError } from '../app/http-error.js';
import {
  DEFAULT_MAX_RESULTS,
  loadWebSearchSettings,
  WEB_SEARCH_SETTINGS_KEY,
  type WebSearchSettings,
  webSearchView,
} from '../web/web-search-settings.js';

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
 * stored and used, never answered (`hasApiKey`); a PUT without `apiKey` keeps the stored one. The route schema
 * checks the shapes; the rules between fields are checked here.
 */
export async function webSearchSettingsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { storage } = app.toolsmith;
  const privileged = { privileged: true };

  app.get('/api/settings/web-search', { schema: schemas.get }, async () =>
    webSearchView(await loadWebSearchSettings(storage)),
  );

  app.put('/api/settings/web-search', { config: privileged, schema: schemas.put }, async (request) => {
    const { provider, baseUrl = '', maxResults } = request.body;
    const stored = await loadWebSearchSettings(storage);
    let apiKey = stored?.apiKey ?? '';
    if (request.body.apiKey !== undefined) apiKey = request.body.apiKey ?? '';
    const problems: FieldError[] = [];
    if (baseUrl !== '' && !httpUrl(baseUrl)) {
      problems.push({
        field: 'baseUrl',
        message: 'baseUrl must be an http(s) URL without user name or password (put keys in apiKey).',
      });
    }
    if ((provider === 'searxng' || provider === 'custom') && baseUrl === '') {
      problems.push({
        field: 'baseUrl',
        message: `baseUrl is required for ${provider}: the address of the ${provider === 'searxng' ? 'SearXNG instance' : 'search endpoint'}.`,
      });
    }
    if ((provider === 'brave' || provider === 'tavily') && apiKey === '') {
      problems.push({
        field: 'apiKey',
        message: `apiKey is required for ${provider}: the key from your ${provider === 'brave' ? 'Brave Search API' : 'Tavily'} account.`,
      });
    }
    if (problems.length > 0) throw validationError(problems);
    const settings: WebSearchSettings = {
      provider,
      baseUrl,
      apiKey,
      maxResults: maxResults ?? DEFAULT_MAX_RESULTS,
    };
    await storage.settings.set(WEB_SEARCH_SETTINGS_KEY, settings);
    return webSearchView(settings);
  });

  app.delete('/api/settings/web-search', { config: privileged, schema: schemas.delete }, async () => {
    await storage.settings.delete(WEB_SEARCH_SETTINGS_KEY);
    return webSearchView(undefined);
  });
}
