import { useEffect, useId, useState } from 'react';
import { api, errorMessage } from '../../api/client';
import type { ConnectionPreset } from './connection-presets';

/**
 * "Start from": presets for the backends newcomers arrive with (Ollama, LM Studio, KoboldCpp, llama.cpp,
 * vLLM, OpenRouter, DeepSeek, Mistral, Groq). Picking one fills the form; its note says what to start and
 * whether a key is needed.
 */
export function ConnectionPresetPicker({ onPick }: { onPick: (preset: ConnectionPreset) => void }) {
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
      <label htmlFor={id}>Start from a preset</label>
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
        <option value="">Custom (fill in the fields below)</option>
        <optgroup label="On this computer">{group(true)}</optgroup>
        <optgroup label="Hosted services">{group(false)}</optgroup>
      </select>
      {picked && (
        <span className="hint" role="note">
          {picked.notes}
          {picked.apiKey === 'required' ? ' Needs an API key.' : ' No API key needed.'}
          {picked.model === '' ? ' Use “Fetch models” to pick a model the server has.' : ''}
        </span>
      )}
      {error && <span className="hint error">Presets could not be loaded: {error}</span>}
    </div>
  );
}
