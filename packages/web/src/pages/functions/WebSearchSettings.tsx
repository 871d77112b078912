import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorMessage } from '../../api/client';
import type { WebSearchProvider as Provider, WebSearchSettingsView } from '../../api/types';

// product names stay as they are; the custom endpoint's label and every hint are translated
const PROVIDERS: Array<{ value: Provider; label?: string }> = [
  { value: 'searxng', label: 'SearXNG' },
  { value: 'brave', label: 'Brave Search' },
  { value: 'tavily', label: 'Tavily' },
  { value: 'custom' },
];

/** Settings → Web search: the backend of the builtin web_search tool. The key is sent, never shown again. */
export function WebSearchSettings() {
  const { t } = useTranslation();
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
      setStatus(t('functions.webSearch.saved'));
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  const clear = async () => {
    setError(null);
    try {
      await api.del('/api/settings/web-search');
      show({ configured: false, provider: null, baseUrl: '', hasApiKey: false, maxResults: 5 });
      setStatus(t('functions.webSearch.removed'));
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  const hint = t(`functions.webSearch.hint.${provider}`, {
    shape: '{ results: [{ title, url, snippet }] }',
  });
  return (
    <section className="panel" aria-labelledby="web-search-title">
      <h2 id="web-search-title">{t('functions.webSearch.title')}</h2>
      <p className="hint">
        {t('functions.webSearch.intro')}
        {view && !view.configured && ` ${t('functions.webSearch.none')}`}
      </p>
      <div className="form-grid">
        <label>
          {t('functions.webSearch.provider')}
          <select value={provider} onChange={(e) => setProvider(e.target.value as Provider)}>
            {PROVIDERS.map((p) => (
              <option key={p.value} value={p.value}>
                {p.label ?? t('functions.webSearch.custom')}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('functions.webSearch.baseUrl')}
          <input
            type="url"
            value={baseUrl}
            onChange={(e) => setBaseUrl(e.target.value)}
            placeholder="https://…"
          />
        </label>
        <label>
          {t('functions.webSearch.apiKey')}
          <input
            type="password"
            autoComplete="off"
            value={apiKey}
            onChange={(e) => setApiKey(e.target.value)}
            placeholder={view?.hasApiKey ? t('functions.webSearch.keyStored') : ''}
          />
        </label>
        <label>
          {t('functions.webSearch.results')}
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
          {t('functions.webSearch.save')}
        </button>
        {view?.configured && (
          <button type="button" onClick={() => void clear()}>
            {t('functions.webSearch.remove')}
          </button>
        )}
      </div>
    </section>
  );
}
