import './provider-settings.css';
import type { ConnectionApi } from '../../api/types';
import { REASONING_EFFORTS, type ThinkingDraft, thinkingInputs } from './provider-draft';

const HELP: Record<ConnectionApi | 'preset', string> = {
  openai:
    'Effort goes as reasoning_effort (o-series, gpt-5, DeepSeek, Gemini). Budget and thoughts apply to OpenRouter and Gemini.',
  'openai-responses': 'Effort goes as reasoning.effort; "Return thoughts" asks for reasoning summaries.',
  anthropic: 'A budget turns extended thinking on (at least 1024 tokens); empty = off.',
  google:
    'Effort is Gemini 3 thinkingLevel; budget is Gemini 2.5 thinkingBudget (0 off, -1 dynamic). Set one.',
  'text-completion': '',
  preset: 'Overrides the connection, key by key. Each family reads what it knows (see docs/providers.md).',
};

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
  const shown = thinkingInputs(api);
  if (!shown.effort && !shown.budget && !shown.includeThoughts) return null;
  const set = <K extends keyof ThinkingDraft>(key: K, v: ThinkingDraft[K]) =>
    onChange({ ...value, [key]: v });
  return (
    <fieldset className="field thinking-fields">
      <legend>Reasoning</legend>
      <div className="row">
        {shown.effort && (
          <label>
            Reasoning effort
            <select
              value={value.effort}
              onChange={(e) => set('effort', e.target.value as ThinkingDraft['effort'])}
            >
              <option value="">Provider default</option>
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
            Thinking budget (tokens)
            <input
              inputMode="numeric"
              value={value.budgetTokens}
              onChange={(e) => set('budgetTokens', e.target.value)}
              placeholder="empty = not set"
              aria-invalid={error ? true : undefined}
            />
          </label>
        )}
        {shown.includeThoughts && (
          <label>
            Return thoughts
            <select
              value={value.includeThoughts}
              onChange={(e) => set('includeThoughts', e.target.value as ThinkingDraft['includeThoughts'])}
            >
              <option value="">Provider default</option>
              <option value="yes">Yes</option>
              <option value="no">No</option>
            </select>
          </label>
        )}
      </div>
      {HELP[api] && <span className="hint">{HELP[api]}</span>}
      {error && <span className="error hint">{error}</span>}
    </fieldset>
  );
}
