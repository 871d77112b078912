import { useCallback, useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { api, errorMessage } from '../../api/client';
import type { OrchestrationLastRun } from '../../api/types';
import { ErrorBanner } from '../../components/ErrorBanner';
import { TraceNode } from './TraceTimeline';
import { countTrace, formatMs } from './trace-format';
import './simulation.css';
import { i18n } from '../../i18n/i18n';

/** The chat's last orchestration run before a reply: when, what it left for the reply, and its trace. */
export function LastOrchestrationRun({ chatId }: { chatId: string }) {
  const { t } = useTranslation();
  const [run, setRun] = useState<OrchestrationLastRun | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(() => {
    setError(null);
    api
      .get<{ run: OrchestrationLastRun | null }>(
        `/api/chats/${encodeURIComponent(chatId)}/orchestration/last`,
      )
      .then((answer) => setRun(answer.run))
      .catch((e) =>
        setError(i18n.t('chatSettings.orchestration.lastLoadFailed', { message: errorMessage(e) })),
      );
  }, [chatId]);
  useEffect(load, [load]);

  const result = run?.result;
  const trace = result && 'trace' in result ? result : undefined;
  const counts = trace ? countTrace(trace.trace.root) : undefined;
  return (
    <details
      className="last-orchestration-run"
      onToggle={(e) => {
        if ((e.target as HTMLDetailsElement).open) load();
      }}
    >
      <summary>{t('chatSettings.orchestration.last')}</summary>
      <ErrorBanner error={error} onDismiss={() => setError(null)} />
      {run === null && <p className="hint">{t('chatSettings.orchestration.noRun')}</p>}
      {run && (
        <section aria-label={t('chatSettings.orchestration.lastLabel')}>
          <p className="hint">
            {new Date(run.at).toLocaleString(i18n.language)}
            {trace && ` · ${formatMs(trace.trace.durationMs)}`}
            {counts &&
              ` · ${t('chatSettings.orchestration.counts', {
                agents: t('chatSettings.orchestration.agents', { count: counts.agents }),
                calls: t('chatSettings.orchestration.calls', { count: counts.calls }),
              })}`}
          </p>
          {result?.error && (
            <p className="error">
              {t('chatSettings.orchestration.failed', {
                code: result.error.code,
                message: result.error.message,
              })}
            </p>
          )}
          {trace && (
            <>
              <p>
                <Trans
                  i18nKey="chatSettings.orchestration.notes"
                  values={{ notes: trace.outcome.notes || t('chatSettings.orchestration.notesNone') }}
                  components={{ strong: <strong /> }}
                />
              </p>
              {trace.outcome.forcedEntries.length > 0 && (
                <p>
                  <Trans
                    i18nKey="chatSettings.orchestration.forced"
                    values={{
                      entries: trace.outcome.forcedEntries
                        .map((e) => `${e.book ? `${e.book}.` : ''}${e.uid}`)
                        .join(', '),
                    }}
                    components={{ strong: <strong /> }}
                  />
                </p>
              )}
              {trace.outcome.variableWrites.length > 0 && (
                <p>
                  <Trans
                    i18nKey="chatSettings.orchestration.variables"
                    values={{
                      names: trace.outcome.variableWrites.map((w) => `${w.scope}:${w.name}`).join(', '),
                    }}
                    components={{ strong: <strong /> }}
                  />
                </p>
              )}
              <TraceNode node={trace.trace.root} totalMs={trace.trace.durationMs} />
            </>
          )}
        </section>
      )}
    </details>
  );
}
