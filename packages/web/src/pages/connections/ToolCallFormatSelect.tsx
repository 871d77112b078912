import { useTranslation } from 'react-i18next';
import { TOOL_CALL_FORMAT_OPTIONS } from './tool-call-formats';

/**
 * Which model family's tool-call markup to read from a model's text: in text mode, and when a native-mode
 * server passes the model's calls on as plain content.
 */
export function ToolCallFormatSelect({
  value,
  onChange,
  disabled,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  error?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const known = TOOL_CALL_FORMAT_OPTIONS.some((o) => o.value === value);
  // The hint sits outside the <label>: its text (which mentions the model name) must not become part of the
  // select's accessible name.
  return (
    <div className="field">
      <label>
        {t('connections.format.label')}
        <select value={value} onChange={(e) => onChange(e.target.value)} disabled={disabled}>
          {known ? null : <option value={value}>{value}</option>}
          {TOOL_CALL_FORMAT_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.value === 'auto' ? t('connections.format.auto') : o.label}
            </option>
          ))}
        </select>
      </label>
      <span className="hint">
        {value === 'auto' ? t('connections.format.autoHelp') : t('connections.format.oneHelp')}
      </span>
      {error}
    </div>
  );
}
