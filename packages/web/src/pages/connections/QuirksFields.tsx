import { useTranslation } from 'react-i18next';
import type { OmittableField, QuirkProfile } from '../../api/provider-settings-types';
import { OMITTABLE_FIELDS, QUIRK_PROFILES } from '../../components/provider-settings/provider-draft';

/** Which OpenAI-compatible provider's quirks apply, and fields never to send (docs/providers.md, "Quirks"). */
export function QuirksFields({
  value,
  onChange,
  error,
}: {
  value: { profile: QuirkProfile; omit: OmittableField[] };
  onChange: (next: { profile: QuirkProfile; omit: OmittableField[] }) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  // product names stay; descriptive labels are translated
  const label = (value: string, fallback: string) =>
    t(`connections.quirks.${value}`, { defaultValue: fallback });
  const toggle = (field: OmittableField, on: boolean) =>
    onChange({
      ...value,
      omit: on ? [...value.omit, field] : value.omit.filter((f) => f !== field),
    });
  return (
    <fieldset className="field">
      <legend>{t('connections.quirks.legend')}</legend>
      <label>
        {t('connections.quirks.profile')}
        <select
          value={value.profile}
          onChange={(e) => onChange({ ...value, profile: e.target.value as QuirkProfile })}
        >
          {QUIRK_PROFILES.map((p) => (
            <option key={p.value} value={p.value}>
              {['auto', 'gemini', 'generic'].includes(p.value) ? label(p.value, p.label) : p.label}
            </option>
          ))}
        </select>
      </label>
      <fieldset className="provider-checks">
        <legend>{t('connections.quirks.neverSend')}</legend>
        {OMITTABLE_FIELDS.map((f) => (
          <label key={f.value}>
            <input
              type="checkbox"
              checked={value.omit.includes(f.value)}
              onChange={(e) => toggle(f.value, e.target.checked)}
            />
            {f.value === 'parallel_tool_calls' ? f.label : label(f.value, f.label)}
          </label>
        ))}
      </fieldset>
      <span className="hint">{t('connections.quirks.hint')}</span>
      {error && <span className="error hint">{error}</span>}
    </fieldset>
  );
}
