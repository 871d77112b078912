import './provider-settings.css';
/** Provider-specific request fields as JSON, merged into every request (docs/providers.md, "extraBody"). */
export function ExtraBodyField({
  value,
  onChange,
  error,
  scope,
}: {
  value: string;
  onChange: (next: string) => void;
  error?: string;
  scope: 'connection' | 'preset';
}) {
  return (
    <label className="field extra-body-field">
      Extra request body (JSON)
      <textarea
        rows={3}
        spellCheck={false}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder='{"top_a": 0.1}'
        aria-invalid={error ? true : undefined}
      />
      <span className="hint">
        {scope === 'preset'
          ? "Merged over the connection's extra body (objects key by key)."
          : 'Fields the provider knows and Toolsmith does not, merged into every request.'}
      </span>
      {error && <span className="error hint">{error}</span>}
    </label>
  );
}
