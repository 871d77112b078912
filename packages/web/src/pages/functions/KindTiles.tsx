import { MSG_SCRIPTS_DISABLED } from '@toolsmith/core/schema';
import { useTranslation } from 'react-i18next';
import type { EditableKind } from './tool-form';

const KINDS: EditableKind[] = ['static', 'webhook', 'script'];

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
  const { t } = useTranslation();
  return (
    <fieldset className="kind-tiles">
      <legend>{t('functions.kindLegend')}</legend>
      <div className="tiles">
        {KINDS.map((kind) => {
          const label = t(`functions.kind.${kind}`);
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
                {t(`functions.kindLine.${kind}`)}
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
