import { useState } from 'react';
import { hrefFor } from '../../app/router';
import { ErrorBanner } from '../../components/ErrorBanner';
import { Switch } from '../../components/Switch';

type Setting = { enabled: boolean; mode?: 'loop' | 'director' };

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
            An agent (loop) or a director with sub-agents prepares notes, world info and variables.
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
            const mode = e.target.value as '' | 'loop' | 'director';
            void change(mode ? { enabled: current.enabled, mode } : { enabled: current.enabled });
          }}
        >
          <option value="">Profile default</option>
          <option value="loop">Loop</option>
          <option value="director">Director</option>
        </select>
      </label>
      <a href={hrefFor({ page: 'simulation', chatId })}>Simulate this chat’s orchestration</a>
    </section>
  );
}
