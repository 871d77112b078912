import { useState } from 'react';
import { api, errorMessage } from '../../api/client';
import type { StudioCompare, StudioRun } from '../../api/types';
import { ErrorBanner } from '../../components/ErrorBanner';
import { TraceNode } from '../simulation/TraceTimeline';
import { countTrace } from '../simulation/trace-format';

function RunColumn({ label, run }: { label: string; run: StudioRun }) {
  return (
    <section className="compare-column" aria-label={label}>
      <h3>{label}</h3>
      {'error' in run && !('trace' in run) ? (
        <p className="banner error" role="alert">
          Could not run ({run.error.code}): {run.error.message}
        </p>
      ) : (
        'trace' in run && (
          <>
            <p className="hint">
              {(() => {
                const c = countTrace(run.trace.root);
                return `${c.agents} agent(s) · ${c.calls} call(s) · ${c.unvalidated} unvalidated`;
              })()}
            </p>
            <div className="sim-label">Notes for the reply</div>
            <p className="sim-text">{run.outcome.notes || '(none)'}</p>
            <TraceNode node={run.trace.root} totalMs={run.trace.durationMs} />
          </>
        )
      )}
    </section>
  );
}

/** A simulated run of the chat with the pending proposals applied, beside one with the current profile. */
export function ComparePanel({ base, pending }: { base: string; pending: number }) {
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
    <section className="panel" aria-label="Compare runs">
      <h2>Try it: current vs proposed</h2>
      <p className="hint">
        Simulates the chat twice — with the profile as it is and with the {pending} pending proposal
        {pending === 1 ? '' : 's'} applied. Nothing is written.
      </p>
      <label className="inline">
        <input type="checkbox" checked={enableNew} onChange={(e) => setEnableNew(e.target.checked)} /> Try new
        webhook and script tools switched on (their read calls run for real)
      </label>
      <div className="row">
        <button type="button" onClick={() => void run()} disabled={running}>
          {running ? 'Simulating…' : 'Simulate both'}
        </button>
      </div>
      <ErrorBanner error={error} onDismiss={() => setError(null)} />
      {result && (
        <div className="compare-columns">
          <RunColumn label="Current profile" run={result.current} />
          <RunColumn label="Proposed profile" run={result.proposed} />
        </div>
      )}
    </section>
  );
}
