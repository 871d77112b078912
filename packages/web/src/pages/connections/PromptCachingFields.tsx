import type { PromptCachingSettings } from '../../api/provider-settings-types';
import { Switch } from '../../components/Switch';

const CACHE_SWITCHES = [
  { key: 'tools', label: 'Cache tools', text: 'Tools' },
  { key: 'system', label: 'Cache system prompt', text: 'System prompt' },
  { key: 'history', label: 'Cache conversation', text: 'Conversation' },
] as const;

/** Anthropic prompt-caching breakpoints (docs/providers.md, "Prompt caching"). */
export function PromptCachingFields({
  value,
  onChange,
  error,
}: {
  value: PromptCachingSettings;
  onChange: (next: PromptCachingSettings) => void;
  error?: string;
}) {
  const set = <K extends keyof PromptCachingSettings>(key: K, v: PromptCachingSettings[K]) =>
    onChange({ ...value, [key]: v });
  const any = value.tools || value.system || value.history;
  return (
    <fieldset className="field">
      <legend>Prompt caching</legend>
      <div className="row">
        {CACHE_SWITCHES.map(({ key, label, text }) => (
          <span key={key} className="row">
            <Switch label={label} checked={value[key]} onChange={(v) => set(key, v)} />
            <span aria-hidden="true">{text}</span>
          </span>
        ))}
        <label>
          Cache lifetime
          <select
            value={value.ttl}
            onChange={(e) => set('ttl', e.target.value as PromptCachingSettings['ttl'])}
            disabled={!any}
          >
            <option value="5m">5 minutes</option>
            <option value="1h">1 hour</option>
          </select>
        </label>
      </div>
      <span className="hint">
        Marks cache_control breakpoints so repeated prompt prefixes are read from Anthropic's cache. Cache
        writes cost more than plain input.
      </span>
      {error && <span className="error hint">{error}</span>}
    </fieldset>
  );
}
