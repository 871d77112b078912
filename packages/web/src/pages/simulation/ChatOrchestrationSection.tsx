import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation();
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
      <h3 id="orchestration-heading">{t('chatSettings.orchestration.heading')}</h3>
      <ErrorBanner error={error} onDismiss={() => setError(null)} />
      <div className="switch-row">
        <div>
          <div className="switch-title">{t('chatSettings.orchestration.runBefore')}</div>
          <div className="hint">{t('chatSettings.orchestration.runBeforeHint')}</div>
        </div>
        <Switch
          label={t('chatSettings.orchestration.runBeforeLabel')}
          checked={current.enabled}
          disabled={busy}
          onChange={(enabled) => void change({ ...current, enabled })}
        />
      </div>
      <label>
        {t('chatSettings.orchestration.mode')}
        <select
          value={current.mode ?? ''}
          disabled={busy}
          onChange={(e) => {
            const mode = e.target.value as '' | OrchestrationMode;
            void change(mode ? { enabled: current.enabled, mode } : { enabled: current.enabled });
          }}
        >
          <option value="">{t('chatSettings.orchestration.profileDefault')}</option>
          {Object.keys(ORCHESTRATION_MODE_LABELS).map((mode) => (
            <option key={mode} value={mode}>
              {t(`chatSettings.orchestration.modes.${mode}`)}
            </option>
          ))}
        </select>
      </label>
      <a href={hrefFor({ page: 'simulation', chatId })}>{t('chatSettings.orchestration.simulate')}</a>
      <LastOrchestrationRun chatId={chatId} />
    </section>
  );
}
