import { MSG_SCRIPTS_DISABLED } from '@toolsmith/core/schema';
import type { EditableKind } from './tool-form';

const KINDS: Array<{ kind: EditableKind; label: string; line: string }> = [
  { kind: 'static', label: 'Static', line: 'Returns fixed text you write (empty returns OK).' },
  {
    kind: 'webhook',
    label: 'Webhook',
    line: 'POSTs the call as JSON to your HTTPS endpoint and returns its answer.',
  },
  { kind: 'script', label: 'Script', line: 'Runs your JavaScript in a sandbox with args and ctx.' },
];

/** The kind picker: three radio tiles; Script is greyed out with the server's instruction when scripts are off. */
export function KindTiles({
  value,
  scriptsEnabled,
  onChange,
}: {
  value: EditableKind;
  scriptsEnabled: boolean;
  onChange: (kind: EditableKind) => void;
}) {
  return (
    <fieldset className="kind-tiles">
      <legend>Kind</legend>
      <div className="tiles">
        {KINDS.map(({ kind, label, line }) => {
          const disabled = kind === 'script' && !scriptsEnabled;
          return (
            <label
              key={kind}
              className={`tile${value === kind ? ' selected' : ''}${disabled ? ' disabled' : ''}`}
            >
              <span className="tile-head">
                <input
                  type="radio"
                  name="tool-kind"
                  value={kind}
                  checked={value === kind}
                  disabled={disabled}
                  aria-label={label}
                  aria-describedby={disabled ? `kind-line-${kind} script-disabled-note` : `kind-line-${kind}`}
                  onChange={() => onChange(kind)}
                />
                {label}
              </span>
              <span className="hint" id={`kind-line-${kind}`}>
                {line}
              </span>
            </label>
          );
        })}
      </div>
      {!scriptsEnabled && (
        <p id="script-disabled-note" className="script-off-note">
          {MSG_SCRIPTS_DISABLED}
        </p>
      )}
    </fieldset>
  );
}
