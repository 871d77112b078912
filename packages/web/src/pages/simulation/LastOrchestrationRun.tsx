import { useCallback, useEffect, useState } from 'react';
import { api, errorMessage } from '../../api/client';
import type { OrchestrationRunResult } from '../../api/types';
import { ErrorBanner } from '../../components/ErrorBanner';
import { TraceNode } from './TraceTimeline';
import { countTrace, formatMs } from './trace-format';
import './simulation.css';

type RunError = { code: string; message: string };
/** `GET /api/chats/:id/orchestration/last` → `{ run }` */
type LastRun = { at: string; result: (OrchestrationRunResult & { error?: RunError }) | { error: RunError } };

/** The chat's last orchestration run before a reply: when, what it left for the reply, and its trace. */
export function LastOrchestrationRun({ chatId }: { chatId: string }) {
  const [run, setRun] = useState<LastRun | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(() => {
    setError(null);
    api
      .get<{ run: LastRun | null }>(`/api/chats/${encodeURIComponent(chatId)}/orchestration/last`)
      .then((answer) => setRun(answer.run))
      .catch((e) => setError(`Could not load the last run: ${errorMessage(e)}`));
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
      <summary>Last run</summary>
      <ErrorBanner error={error} onDismiss={() => setError(null)} />
      {run === null && <p className="hint">No run yet: it runs before the next reply once switched on.</p>}
      {run && (
        <section aria-label="Last orchestration run">
          <p className="hint">
            {new Date(run.at).toLocaleString()}
            {trace && ` · ${formatMs(trace.trace.durationMs)}`}
            {counts && ` · ${counts.agents} agents, ${counts.calls} tool calls`}
          </p>
          {result?.error && (
            <p className="error">
              Failed ({result.error.code}): {result.error.message}
            </p>
          )}
          {trace && (
            <>
              <p>
                <strong>Notes:</strong> {trace.outcome.notes || <span className="hint">none</span>}
              </p>
              {trace.outcome.forcedEntries.length > 0 && (
                <p>
                  <strong>World info forced:</strong>{' '}
                  {trace.outcome.forcedEntries.map((e) => `${e.book ? `${e.book}.` : ''}${e.uid}`).join(', ')}
                </p>
              )}
              {trace.outcome.variableWrites.length > 0 && (
                <p>
                  <strong>Variables:</strong>{' '}
                  {trace.outcome.variableWrites.map((w) => `${w.scope}:${w.name}`).join(', ')}
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
