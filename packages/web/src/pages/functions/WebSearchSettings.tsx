import { useCallback, useEffect, useState } from 'react';
import { api, errorMessage } from '../../api/client';

type Provider = 'searxng' | 'brave' | 'tavily' | 'custom';

interface WebSearchSettingsView {
  configured: boolean;
  provider: Provider | null;
  baseUrl: string;
  hasApiKey: boolean;
  maxResults: number;
}

const PROVIDERS: Array<{ value: Provider; label: string; hint: string }> = [
  {
    value: 'searxng',
    label: 'SearXNG',
    hint: 'Your SearXNG instance (its JSON format must be allowed in settings.yml).',
  },
  {
    value: 'brave',
    label: 'Brave Search',
    hint: 'A Brave Search API key. The base URL is optional (a proxy).',
  },
  {
    value: 'tavily',
    label: 'Tavily',
    hint: 'A Tavily API key (tvly-…). The base URL is optional (a proxy).',
  },
  {
    value: 'custom',
    label: 'Custom endpoint',
    hint: 'GET ?q=…&limit=N answering { results: [{ title, url, snippet }] }; the key, if any, goes as a Bearer token.',
  },
];

/** Settings → Web search: the backend of the builtin web_search tool. The key is sent, never shown again. */
export function WebSearchSettings() {
  const [view, setView] = useState<WebSearchSettingsView | null>(null);
  const [provider, setProvider] = useState<Provider>('searxng');
  const [baseUrl, setBaseUrl] = useState('');
  const [apiKey, setApiKey] = useState('');
  const [maxResults, setMaxResults] = useState(5);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);

  const show = useCallback((v: WebSearchSettingsView) => {
    setView(v);
    if (v.provider) setProvider(v.provider);
    setBaseUrl(v.baseUrl);
    setMaxResults(v.maxResults);
    setApiKey('');
  }, []);

  useEffect(() => {
    api
      .get<WebSearchSettingsView>('/api/settings/web-search')
      .then(show)
      .catch((e) => setError(errorMessage(e)));
  }, [show]);

  const save = async () => {
    setError(null);
    setStatus(null);
    try {
      const body: Record<string, unknown> = { provider, baseUrl, maxResults };
      if (apiKey !== '') body.apiKey = apiKey;
      show(await api.put<WebSearchSettingsView>('/api/settings/web-search', body));
      setStatus('Saved. Switch web_search on above to offer it to models.');
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  const clear = async () => {
    setError(null);
    try {
      await api.del('/api/settings/web-search');
      show({ configured: false, provider: null, baseUrl: '', hasApiKey: false, maxResults: 5 });
      setStatus('The search backend was removed.');
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  const hint = PROVIDERS.find((p) => p.value === provider)?.hint;
  return (
    <section className="panel" aria-labelledby="web-search-title">
      <h2 id="web-search-title">Web search</h2>
      <p className="hint">
        The backend web_search asks. web_visit needs none: it reads public https pages under the webhook URL
        rules.
        {view && !view.configured && ' No backend yet: web_search answers with an error until one is saved.'}
      </p>
      <div className="form-grid">
        <label>
          Provider
          <select value={provider} onChange={(e) => setProvider(e.target.value as Provider)}>
            {PROVIDERS.map((p) => (
              <option key={p.value} value={p.value}>
                {p.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Base URL
          <input
            type="url"
            value={baseUrl}
            onChange={(e) => setBaseUrl(e.target.value)}
            placeholder="https://…"
          />
        </label>
        <label>
          API key
          <input
            type="password"
            autoComplete="off"
            value={apiKey}
            onChange={(e) => setApiKey(e.target.value)}
            placeholder={view?.hasApiKey ? 'stored (leave empty to keep)' : ''}
          />
        </label>
        <label>
          Results per search
          <input
            type="number"
            min={1}
            max={20}
            value={maxResults}
            onChange={(e) => setMaxResults(Number(e.target.value))}
          />
        </label>
      </div>
      {hint && <p className="hint">{hint}</p>}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {status && <p role="status">{status}</p>}
      <div className="row">
        <button type="button" className="primary" onClick={() => void save()}>
          Save web search
        </button>
        {view?.configured && (
          <button type="button" onClick={() => void clear()}>
            Remove backend
          </button>
        )}
      </div>
    </section>
  );
}
