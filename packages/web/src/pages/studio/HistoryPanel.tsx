import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorMessage } from '../../api/client';
import type { ProfileVersion } from '../../api/types';
import { ErrorBanner } from '../../components/ErrorBanner';

/**
 * What replaced a version, in the user's language: built from the entry's details (the proposals' titles
 * stay as written); an entry stored before those existed says it in the server's English.
 */
function changeOf(v: ProfileVersion, t: TFunction, language: string): { text: string; asWritten?: string } {
  if (v.source === 'editor') return { text: t('studio.history.summary.editor') };
  if (v.source === 'studio' && v.titles) {
    return { text: t('studio.history.summary.studio'), asWritten: v.titles.join('; ') };
  }
  if (v.source === 'restore' && v.restoredAt) {
    return {
      text: t('studio.history.summary.restore', { at: new Date(v.restoredAt).toLocaleString(language) }),
    };
  }
  if (v.source === 'import' && v.importMode && v.importFormat) {
    const mode = t(`chatSettings.orchestration.modes.${v.importMode}`);
    return { text: t('studio.history.summary.import', { mode, format: v.importFormat }) };
  }
  return { text: '', asWritten: v.summary };
}

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
        {versions?.map((v) => {
          const change = changeOf(v, t, i18n.language);
          const what = [change.text, change.asWritten].filter(Boolean).join(' ');
          const at = new Date(v.at).toLocaleString(i18n.language);
          return (
            <li key={v.id} className="history-entry">
              <div>
                <div>
                  {change.text}
                  {change.text && change.asWritten ? ' ' : ''}
                  {change.asWritten && <span translate="no">{change.asWritten}</span>}
                </div>
                <div className="hint">
                  {/* an entry worded in English above still gets its kind of change in the language here */}
                  {change.text
                    ? t('studio.history.when', { at })
                    : t('studio.history.before', { at, source: t(`studio.history.source.${v.source}`) })}
                </div>
              </div>
              <button type="button" onClick={() => onRestore(v.id, what)} disabled={busy}>
                {t('studio.history.restore')}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
