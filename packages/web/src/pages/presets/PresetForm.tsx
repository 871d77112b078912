import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import type { Preset } from '../../api/types';
import { ErrorBanner } from '../../components/ErrorBanner';
import { presetProviderBody, providerDraftFrom } from '../../components/provider-settings/provider-draft';
import { useFormSave } from '../../components/use-form-save';
import { PresetProviderSettings } from './PresetProviderSettings';
import {
  emptyPresetDraft,
  NUMBER_FIELDS,
  type PresetDraft,
  presetBody,
  presetDraftFrom,
} from './preset-form';

/** Create or edit a preset: the common sampling parameters; an empty field means the provider's default. */
export function PresetForm({
  preset,
  onSaved,
  onCancel,
}: {
  preset: Preset | null;
  onSaved: (saved: Preset) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const creating = preset === null;
  const [draft, setDraft] = useState<PresetDraft>(() =>
    preset ? presetDraftFrom(preset) : emptyPresetDraft(),
  );
  const { error, setError, fieldErrors, setFieldErrors, saving, submit } = useFormSave();
  const [providerDraft, setProviderDraft] = useState(() => providerDraftFrom(preset));

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    const parsed = presetBody(draft);
    const provider = presetProviderBody(providerDraft);
    if (!parsed.ok || !provider.ok) {
      setFieldErrors({ ...(parsed.ok ? {} : parsed.errors), ...(provider.ok ? {} : provider.errors) });
      setError(t('presets.needsFixing'));
      return;
    }
    const body = { ...parsed.body, ...provider.fields };
    await submit(async () => {
      const saved = creating
        ? await api.post<Preset>('/api/presets', body)
        : await api.patch<Preset>(`/api/presets/${encodeURIComponent(preset.id)}`, body);
      onSaved(saved);
    });
  };

  const fieldError = (field: string) =>
    fieldErrors[field] ? <span className="error hint">{fieldErrors[field]}</span> : null;

  return (
    <form
      className="panel form-grid"
      noValidate
      onSubmit={save}
      aria-label={creating ? t('presets.new') : t('presets.editNamed', { name: preset.name })}
    >
      <h2>{creating ? t('presets.new') : t('presets.editNamed', { name: preset.name })}</h2>
      <ErrorBanner error={error} onDismiss={() => setError(null)} />
      <label className="wide">
        {t('presets.name')}
        <input
          value={draft.name}
          onChange={(e) => setDraft((d) => ({ ...d, name: e.target.value }))}
          maxLength={128}
          aria-invalid={fieldErrors.name ? true : undefined}
        />
        {fieldError('name')}
      </label>
      <div className="number-grid wide">
        {NUMBER_FIELDS.map((f) => (
          <label key={f.key}>
            {t(f.labelKey)}
            <input
              type="number"
              inputMode="decimal"
              min={f.min}
              max={f.max}
              step={f.step}
              placeholder={t('presets.default')}
              value={draft.numbers[f.key]}
              onChange={(e) =>
                setDraft((d) => ({ ...d, numbers: { ...d.numbers, [f.key]: e.target.value } }))
              }
              aria-invalid={fieldErrors[f.key] ? true : undefined}
            />
            {'hintKey' in f ? <span className="hint">{t(f.hintKey)}</span> : null}
            {fieldError(f.key)}
          </label>
        ))}
      </div>
      <label className="wide">
        {t('presets.stop')}
        <textarea
          rows={3}
          value={draft.stop}
          onChange={(e) => setDraft((d) => ({ ...d, stop: e.target.value }))}
          aria-invalid={fieldErrors.stop ? true : undefined}
        />
        <span className="hint">{t('presets.stopHint')}</span>
        {fieldError('stop')}
      </label>
      <PresetProviderSettings value={providerDraft} onChange={setProviderDraft} errors={fieldErrors} />
      <div className="row end">
        <button type="button" onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="primary" disabled={saving}>
          {saving ? t('presets.saving') : creating ? t('presets.create') : t('presets.save')}
        </button>
      </div>
    </form>
  );
}
