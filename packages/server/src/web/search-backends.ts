import { request } from 'undici';
import { DEFAULT_SEARCH_URLS, type WebSearchSettings } from './web-search-settings.js';

/** One search hit as web_search returns it, whatever the backend. */
export interface SearchResult {
  title: string;
  url: string;
  snippet: string;
}

const MAX_ANSWER_BYTES = 1024 * 1024;
const MAX_SNIPPET_CHARS = 1000;

/** The request each backend's API takes (their published shapes). */
export function searchRequest(
  settings: WebSearchSettings,
  query: string,
  count: number,
): { url: string; method: 'GET' | 'POST'; headers: Record<string, string>; body?: string } {
  const base = settings.baseUrl || DEFAULT_SEARCH_URLS[settings.provider] || '';
  switch (settings.provider) {
    case 'searxng': {
      // SearXNG's JSON API: GET /search?q=…&format=json (the instance must allow the json format)
      const url = new URL(base.replace(/\/+$/, '') + '/search');
      url.searchParams.set('q', query);
      url.searchParams.set('format', 'json');
      return { url: url.href, method: 'GET', headers: { accept: 'application/json' } };
    }
    case 'brave': {
      // Brave Search API: GET /res/v1/web/search?q=…&count=N with X-Subscription-Token
      const url = new URL(base);
      url.searchParams.set('q', query);
      url.searchParams.set('count', String(count));
      return {
        url: url.href,
        method: 'GET',
        headers: { accept: 'application/json', 'x-subscription-token': settings.apiKey },
      };
    }
    case 'tavily':
      // Tavily: POST /search { query, max_results } with a Bearer key
      return {
        url: base,
        method: 'POST',
        headers: {
          accept: 'application/json',
          'content-type': 'application/json',
          authorization: `Bearer ${settings.apiKey}`,
        },
        body: JSON.stringify({ query, max_results: count, search_depth: 'basic' }),
      };
    case 'custom': {
      // Toolsmith's own small contract: GET ?q=…&limit=N → { results: [{ title, url, snippet }] }
      const url = new URL(base);
      url.searchParams.set('q', query);
      url.searchParams.set('limit', String(count));
      return {
        url: url.href,
        method: 'GET',
        headers: {
          accept: 'application/json',
          ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}),
        },
      };
    }
  }
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/** The hits in a backend's answer, in its order. */
export function readSearchAnswer(
  settings: WebSearchSettings,
  answer: unknown,
  count: number,
): SearchResult[] {
  if (!isObject(answer)) throw new Error('The search backend answered something that is not a JSON object.');
  const list =
    settings.provider === 'brave'
      ? isObject(answer.web) && Array.isArray(answer.web.results)
        ? answer.web.results
        : []
      : Array.isArray(answer.results)
        ? answer.results
        : undefined;
  if (list === undefined) throw new Error('The search backend answered without a "results" list.');
  return list
    .filter(isObject)
    .map((r) => ({
      title: text(r.title),
      url: text(r.url),
      snippet: (text(r.snippet) || text(r.content) || text(r.description)).slice(0, MAX_SNIPPET_CHARS),
    }))
    .filter((r) => r.url !== '')
    .slice(0, count);
}

/**
 * Asks the configured backend. The backend's URL is the administrator's setting (like a connection's base
 * URL, it may be a local SearXNG), so it is not held to the webhook policy that web_visit's URLs are.
 */
export async function runSearch(
  settings: WebSearchSettings,
  query: string,
  count: number,
  options: { signal?: AbortSignal; timeoutMs: number },
): Promise<SearchResult[]> {
  const call = searchRequest(settings, query, count);
  const signals = [AbortSignal.timeout(options.timeoutMs), ...(options.signal ? [options.signal] : [])];
  let response: Awaited<ReturnType<typeof request>>;
  try {
    response = await request(call.url, {
      method: call.method,
      headers: call.headers,
      body: call.body,
      signal: AbortSignal.any(signals),
    });
  } catch (error) {
    throw new Error(
      `The ${settings.provider} search backend could not be reached (${(error as Error).message}).`,
    );
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += (chunk as Buffer).length;
    if (size > MAX_ANSWER_BYTES) {
      response.body.destroy();
      throw new Error('The search backend answered more than 1 MiB.');
    }
    chunks.push(chunk as Buffer);
  }
  const body = Buffer.concat(chunks).toString('utf8');
  if (response.statusCode < 200 || response.statusCode > 299) {
    throw new Error(
      `The ${settings.provider} search backend answered HTTP ${response.statusCode}: ${body.slice(0, 200)}`,
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new Error('The search backend answered something that is not JSON.');
  }
  return readSearchAnswer(settings, parsed, count);
}
