import type { ConnectionApi } from '../../api/types';
import { ExtraBodyField } from '../../components/provider-settings/ExtraBodyField';
import { errorFor, type ProviderDraft } from '../../components/provider-settings/provider-draft';
import { ThinkingFields } from '../../components/provider-settings/ThinkingFields';
import { PromptCachingFields } from './PromptCachingFields';
import { QuirksFields } from './QuirksFields';

/** The connection form's provider settings: what the chosen family reads, nothing else. */
export function ConnectionProviderSettings({
  api,
  value,
  onChange,
  errors,
}: {
  api: ConnectionApi;
  value: ProviderDraft;
  onChange: (next: ProviderDraft) => void;
  errors: Record<string, string>;
}) {
  const set = <K extends keyof ProviderDraft>(key: K, v: ProviderDraft[K]) =>
    onChange({ ...value, [key]: v });
  return (
    <>
      <ThinkingFields
        api={api}
        value={value.thinking}
        onChange={(v) => set('thinking', v)}
        error={errorFor(errors, 'thinking')}
      />
      {api === 'anthropic' && (
        <PromptCachingFields
          value={value.promptCaching}
          onChange={(v) => set('promptCaching', v)}
          error={errorFor(errors, 'promptCaching')}
        />
      )}
      {api === 'openai' && (
        <QuirksFields
          value={value.quirks}
          onChange={(v) => set('quirks', v)}
          error={errorFor(errors, 'quirks')}
        />
      )}
      <ExtraBodyField
        scope="connection"
        value={value.extraBody}
        onChange={(v) => set('extraBody', v)}
        error={errorFor(errors, 'extraBody')}
      />
    </>
  );
}
