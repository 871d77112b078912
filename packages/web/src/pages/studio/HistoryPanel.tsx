import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorMessage } from '../../api/client';
import type { ProfileVersion } from '../../api/types';
import { ErrorBanner } from '../../components/ErrorBanner';

/** Earlier versions of the profile; restoring one undoes the change that replaced it. */
export function HistoryPanel({
  refreshKey,
  busy,
  onRestore,
}: {
  refreshKey: number;
  busy: boolean;
  onRestore: (id: string, what: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const [versions, setVersions] = useState<ProfileVersion[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    void refreshKey;
    api
      .get<{ versions: ProfileVersion[] }>('/api/orchestration/history')
      .then((a) => setVersions(a.versions))
      .catch((e) => setError(errorMessage(e)));
  }, [refreshKey]);
  return (
    <section className="panel" aria-label={t('studio.history.title')}>
      <h2>{t('studio.history.title')}</h2>
      <ErrorBanner error={error} onDismiss={() => setError(null)} />
      {versions?.length === 0 && <p className="hint">{t('studio.history.empty')}</p>}
      <ul className="card-list">
        {versions?.map((v) => (
          <li key={v.id} className="history-entry">
            <div>
              <div translate="no">{v.summary}</div>
              <div className="hint">
                {t('studio.history.before', {
                  at: new Date(v.at).toLocaleString(i18n.language),
                  source: t(`studio.history.source.${v.source}`),
                })}
              </div>
            </div>
            <button type="button" onClick={() => onRestore(v.id, v.summary)} disabled={busy}>
              {t('studio.history.restore')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
