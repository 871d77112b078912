import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorMessage } from '../../api/client';
import type { ConnectionPreset } from './connection-presets';

/**
 * "Start from": presets for the backends newcomers arrive with (Ollama, LM Studio, KoboldCpp, llama.cpp,
 * vLLM, OpenRouter, DeepSeek, Mistral, Groq). Picking one fills the form; its note says what to start and
 * whether a key is needed.
 */
export function ConnectionPresetPicker({ onPick }: { onPick: (preset: ConnectionPreset) => void }) {
  const { t } = useTranslation();
  const [presets, setPresets] = useState<ConnectionPreset[] | null>(null);
  const [picked, setPicked] = useState<ConnectionPreset | null>(null);
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  useEffect(() => {
    api
      .get<{ presets: ConnectionPreset[] }>('/api/connections/presets')
      .then((answer) => setPresets(answer.presets))
      .catch((e) => setError(errorMessage(e)));
  }, []);

  const group = (local: boolean) =>
    presets
      ?.filter((p) => p.local === local)
      .map((p) => (
        <option key={p.id} value={p.id}>
          {p.label}
        </option>
      ));

  return (
    <div className="field wide preset-picker">
      <label htmlFor={id}>{t('connections.preset.label')}</label>
      <select
        id={id}
        value={picked?.id ?? ''}
        disabled={presets === null}
        onChange={(e) => {
          const preset = presets?.find((p) => p.id === e.target.value) ?? null;
          setPicked(preset);
          if (preset) onPick(preset);
        }}
      >
        <option value="">{t('connections.preset.custom')}</option>
        <optgroup label={t('connections.preset.local')}>{group(true)}</optgroup>
        <optgroup label={t('connections.preset.hosted')}>{group(false)}</optgroup>
      </select>
      {picked && (
        <span className="hint" role="note">
          <span translate="no">{picked.notes}</span>{' '}
          {picked.apiKey === 'required' ? t('connections.preset.needsKey') : t('connections.preset.noKey')}
          {picked.model === '' ? ` ${t('connections.preset.fetchHint')}` : ''}
        </span>
      )}
      {error && <span className="hint error">{t('connections.preset.failed', { message: error })}</span>}
    </div>
  );
}
