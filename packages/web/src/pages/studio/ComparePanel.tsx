import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorMessage } from '../../api/client';
import type { StudioCompare, StudioRun } from '../../api/types';
import { ErrorBanner } from '../../components/ErrorBanner';
import { TraceNode } from '../simulation/TraceTimeline';
import { countTrace } from '../simulation/trace-format';

function RunColumn({ label, run }: { label: string; run: StudioRun }) {
  const { t } = useTranslation();
  return (
    <section className="compare-column" aria-label={label}>
      <h3>{label}</h3>
      {'error' in run && !('trace' in run) ? (
        <p className="banner error" role="alert">
          {t('studio.compare.failed', { code: run.error.code, message: run.error.message })}
        </p>
      ) : (
        'trace' in run && (
          <>
            <p className="hint">
              {(() => {
                const c = countTrace(run.trace.root);
                return t('studio.compare.counts', {
                  agents: t('simulation.agents', { count: c.agents }),
                  calls: t('simulation.calls', { count: c.calls }),
                  unvalidated: t('simulation.unvalidated', { count: c.unvalidated }),
                });
              })()}
            </p>
            <div className="sim-label">{t('studio.compare.notes')}</div>
            <p className="sim-text" translate={run.outcome.notes ? 'no' : undefined}>
              {run.outcome.notes || t('studio.compare.none')}
            </p>
            <TraceNode node={run.trace.root} totalMs={run.trace.durationMs} />
          </>
        )
      )}
    </section>
  );
}

/** A simulated run of the chat with the pending proposals applied, beside one with the current profile. */
export function ComparePanel({ base, pending }: { base: string; pending: number }) {
  const { t } = useTranslation();
  const [enableNew, setEnableNew] = useState(false);
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<StudioCompare | null>(null);
  const run = async () => {
    setRunning(true);
    setError(null);
    try {
      setResult(await api.post<StudioCompare>(`${base}/simulate`, { enableNew }));
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setRunning(false);
    }
  };
  return (
    <section className="panel" aria-label={t('studio.compare.label')}>
      <h2>{t('studio.compare.title')}</h2>
      <p className="hint">{t('studio.compare.hint', { count: pending })}</p>
      <label className="inline">
        <input type="checkbox" checked={enableNew} onChange={(e) => setEnableNew(e.target.checked)} />{' '}
        {t('studio.compare.enableNew')}
      </label>
      <div className="row">
        <button type="button" onClick={() => void run()} disabled={running}>
          {running ? t('studio.compare.simulating') : t('studio.compare.run')}
        </button>
      </div>
      <ErrorBanner error={error} onDismiss={() => setError(null)} />
      {result && (
        <div className="compare-columns">
          <RunColumn label={t('studio.compare.current')} run={result.current} />
          <RunColumn label={t('studio.compare.proposed')} run={result.proposed} />
        </div>
      )}
    </section>
  );
}
