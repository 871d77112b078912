import { useEffect, useState } from 'react';
import { api, errorMessage } from '../../api/client';
import type { ProfileVersion } from '../../api/types';
import { ErrorBanner } from '../../components/ErrorBanner';

const SOURCES: Record<ProfileVersion['source'], string> = {
  editor: 'replaced in the profile editor',
  studio: 'replaced by the Studio',
  restore: 'replaced by a restore',
  import: 'replaced by an import',
};

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
    <section className="panel" aria-label="Profile history">
      <h2>Profile history</h2>
      <ErrorBanner error={error} onDismiss={() => setError(null)} />
      {versions?.length === 0 && <p className="hint">No earlier versions yet.</p>}
      <ul className="card-list">
        {versions?.map((v) => (
          <li key={v.id} className="history-entry">
            <div>
              <div>{v.summary}</div>
              <div className="hint">
                {new Date(v.at).toLocaleString()} · the version before this was {SOURCES[v.source]}
              </div>
            </div>
            <button type="button" onClick={() => onRestore(v.id, v.summary)} disabled={busy}>
              Restore
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
