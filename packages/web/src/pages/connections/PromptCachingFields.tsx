import { useTranslation } from 'react-i18next';
import type { PromptCachingSettings } from '../../api/provider-settings-types';
import { Switch } from '../../components/Switch';

const CACHE_SWITCHES = ['tools', 'system', 'history'] as const;

/** Anthropic prompt-caching breakpoints (docs/providers.md, "Prompt caching"). */
export function PromptCachingFields({
  value,
  onChange,
  error,
}: {
  value: PromptCachingSettings;
  onChange: (next: PromptCachingSettings) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const set = <K extends keyof PromptCachingSettings>(key: K, v: PromptCachingSettings[K]) =>
    onChange({ ...value, [key]: v });
  const any = value.tools || value.system || value.history;
  return (
    <fieldset className="field">
      <legend>{t('connections.caching.legend')}</legend>
      <div className="row">
        {CACHE_SWITCHES.map((key) => (
          <span key={key} className="row">
            <Switch
              label={t(`connections.caching.${key}`)}
              checked={value[key]}
              onChange={(v) => set(key, v)}
            />
            <span aria-hidden="true">{t(`connections.caching.${key}Text`)}</span>
          </span>
        ))}
        <label>
          {t('connections.caching.lifetime')}
          <select
            value={value.ttl}
            onChange={(e) => set('ttl', e.target.value as PromptCachingSettings['ttl'])}
            disabled={!any}
          >
            <option value="5m">{t('connections.caching.minutes5')}</option>
            <option value="1h">{t('connections.caching.hour1')}</option>
          </select>
        </label>
      </div>
      <span className="hint">{t('connections.caching.hint')}</span>
      {error && <span className="error hint">{error}</span>}
    </fieldset>
  );
}
