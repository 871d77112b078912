import { useState } from 'react';
import { ORCHESTRATION_MODE_LABELS, type OrchestrationMode } from '../../api/types';
import { hrefFor } from '../../app/router';
import { ErrorBanner } from '../../components/ErrorBanner';
import { Switch } from '../../components/Switch';
import { LastOrchestrationRun } from './LastOrchestrationRun';

type Setting = { enabled: boolean; mode?: OrchestrationMode };

/** Chat Settings › Orchestration: run the profile before each reply, its mode, and a link to simulate it. */
export function ChatOrchestrationSection({
  chatId,
  setting,
  onChange,
}: {
  chatId: string;
  setting: Setting | undefined;
  onChange: (next: Setting) => Promise<void>;
}) {
  const current: Setting = setting ?? { enabled: false };
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const change = async (next: Setting) => {
    setBusy(true);
    setError(null);
    try {
      await onChange(next);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="drawer-section" aria-labelledby="orchestration-heading">
      <h3 id="orchestration-heading">Orchestration</h3>
      <ErrorBanner error={error} onDismiss={() => setError(null)} />
      <div className="switch-row">
        <div>
          <div className="switch-title">Run before each reply</div>
          <div className="hint">
            Agents prepare notes, world info and variables: one agent (loop), a director with sub-agents, a
            graph of nodes (spec) or a planner working an agenda.
          </div>
        </div>
        <Switch
          label="Run orchestration before each reply"
          checked={current.enabled}
          disabled={busy}
          onChange={(enabled) => void change({ ...current, enabled })}
        />
      </div>
      <label>
        Orchestration mode
        <select
          value={current.mode ?? ''}
          disabled={busy}
          onChange={(e) => {
            const mode = e.target.value as '' | OrchestrationMode;
            void change(mode ? { enabled: current.enabled, mode } : { enabled: current.enabled });
          }}
        >
          <option value="">Profile default</option>
          {Object.entries(ORCHESTRATION_MODE_LABELS).map(([mode, label]) => (
            <option key={mode} value={mode}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <a href={hrefFor({ page: 'simulation', chatId })}>Simulate this chat’s orchestration</a>
      <LastOrchestrationRun chatId={chatId} />
    </section>
  );
}
