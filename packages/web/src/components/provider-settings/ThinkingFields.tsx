import './provider-settings.css';
import { useTranslation } from 'react-i18next';
import type { ConnectionApi } from '../../api/types';
import { REASONING_EFFORTS, type ThinkingDraft, thinkingInputs } from './provider-draft';

/** Effort, budget and "return thoughts", shown for what the family reads. */
export function ThinkingFields({
  api,
  value,
  onChange,
  error,
}: {
  api: ConnectionApi | 'preset';
  value: ThinkingDraft;
  onChange: (next: ThinkingDraft) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const shown = thinkingInputs(api);
  if (!shown.effort && !shown.budget && !shown.includeThoughts) return null;
  const set = <K extends keyof ThinkingDraft>(key: K, v: ThinkingDraft[K]) =>
    onChange({ ...value, [key]: v });
  return (
    <fieldset className="field thinking-fields">
      <legend>{t('connections.thinking.legend')}</legend>
      <div className="row">
        {shown.effort && (
          <label>
            {t('connections.thinking.effort')}
            <select
              value={value.effort}
              onChange={(e) => set('effort', e.target.value as ThinkingDraft['effort'])}
            >
              <option value="">{t('connections.thinking.providerDefault')}</option>
              {REASONING_EFFORTS.map((effort) => (
                <option key={effort} value={effort}>
                  {effort}
                </option>
              ))}
            </select>
          </label>
        )}
        {shown.budget && (
          <label>
            {t('connections.thinking.budget')}
            <input
              inputMode="numeric"
              value={value.budgetTokens}
              onChange={(e) => set('budgetTokens', e.target.value)}
              placeholder={t('connections.thinking.notSet')}
              aria-invalid={error ? true : undefined}
            />
          </label>
        )}
        {shown.includeThoughts && (
          <label>
            {t('connections.thinking.returnThoughts')}
            <select
              value={value.includeThoughts}
              onChange={(e) => set('includeThoughts', e.target.value as ThinkingDraft['includeThoughts'])}
            >
              <option value="">{t('connections.thinking.providerDefault')}</option>
              <option value="yes">{t('connections.thinking.yes')}</option>
              <option value="no">{t('connections.thinking.no')}</option>
            </select>
          </label>
        )}
      </div>
      {api !== 'text-completion' && <span className="hint">{t(`connections.thinking.help.${api}`)}</span>}
      {error && <span className="error hint">{error}</span>}
    </fieldset>
  );
}
