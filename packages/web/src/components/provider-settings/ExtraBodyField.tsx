import './provider-settings.css';
import { useTranslation } from 'react-i18next';

/** Provider-specific request fields as JSON, merged into every request (docs/providers.md, "extraBody"). */
export function ExtraBodyField({
  value,
  onChange,
  error,
  scope,
}: {
  value: string;
  onChange: (next: string) => void;
  error?: string;
  scope: 'connection' | 'preset';
}) {
  const { t } = useTranslation();
  return (
    <label className="field extra-body-field">
      {t('connections.extraBody.label')}
      <textarea
        rows={3}
        spellCheck={false}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder='{"top_a": 0.1}'
        aria-invalid={error ? true : undefined}
      />
      <span className="hint">
        {scope === 'preset' ? t('connections.extraBody.preset') : t('connections.extraBody.connection')}
      </span>
      {error && <span className="error hint">{error}</span>}
    </label>
  );
}
