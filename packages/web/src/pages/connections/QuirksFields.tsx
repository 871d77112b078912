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
  const toggle = (field: OmittableField, on: boolean) =>
    onChange({
      ...value,
      omit: on ? [...value.omit, field] : value.omit.filter((f) => f !== field),
    });
  return (
    <fieldset className="field">
      <legend>Provider quirks</legend>
      <label>
        Provider profile
        <select
          value={value.profile}
          onChange={(e) => onChange({ ...value, profile: e.target.value as QuirkProfile })}
        >
          {QUIRK_PROFILES.map((p) => (
            <option key={p.value} value={p.value}>
              {p.label}
            </option>
          ))}
        </select>
      </label>
      <fieldset className="provider-checks">
        <legend>Never send</legend>
        {OMITTABLE_FIELDS.map((f) => (
          <label key={f.value}>
            <input
              type="checkbox"
              checked={value.omit.includes(f.value)}
              onChange={(e) => toggle(f.value, e.target.checked)}
            />
            {f.label}
          </label>
        ))}
      </fieldset>
      <span className="hint">
        For servers that refuse a field (HTTP 422 naming it). The profile also decides how reasoning goes back
        to the model.
      </span>
      {error && <span className="error hint">{error}</span>}
    </fieldset>
  );
}
