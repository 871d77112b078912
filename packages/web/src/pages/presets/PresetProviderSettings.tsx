import { ExtraBodyField } from '../../components/provider-settings/ExtraBodyField';
import { errorFor, type ProviderDraft } from '../../components/provider-settings/provider-draft';
import { ThinkingFields } from '../../components/provider-settings/ThinkingFields';

/** A preset's reasoning settings and extra body, which win over the connection's. */
export function PresetProviderSettings({
  value,
  onChange,
  errors,
}: {
  value: ProviderDraft;
  onChange: (next: ProviderDraft) => void;
  errors: Record<string, string>;
}) {
  return (
    <div className="wide">
      <ThinkingFields
        api="preset"
        value={value.thinking}
        onChange={(thinking) => onChange({ ...value, thinking })}
        error={errorFor(errors, 'thinking')}
      />
      <ExtraBodyField
        scope="preset"
        value={value.extraBody}
        onChange={(extraBody) => onChange({ ...value, extraBody })}
        error={errorFor(errors, 'extraBody')}
      />
    </div>
  );
}
