import { useId } from 'react';
import type { SelectiveLogic, WorldInfoPosition, WorldInfoRole } from '../../api/types';
import { Switch } from '../../components/Switch';
import {
  type EntryDraft,
  entryTitle,
  invalidRegexKeys,
  isRegexKey,
  LOGIC_LABELS,
  POSITION_LABELS,
  splitKeys,
  type Tristate,
} from './entry-form';

/** One lorebook entry: keys and their logic, matching options, placement, order, probability, recursion. */
export function EntryEditor({
  draft,
  index,
  errors,
  open,
  onToggle,
  onChange,
  onRemove,
}: {
  draft: EntryDraft;
  index: number;
  errors: Record<string, string>;
  open: boolean;
  onToggle: () => void;
  onChange: (next: EntryDraft) => void;
  onRemove: () => void;
}) {
  const id = useId();
  const title = entryTitle(draft, index);
  const set = <K extends keyof EntryDraft>(field: K, value: EntryDraft[K]) =>
    onChange({ ...draft, [field]: value });
  const fieldError = (field: string) =>
    errors[field] ? (
      <span className="error hint" id={`${id}-${field}-error`}>
        {errors[field]}
      </span>
    ) : null;
  const invalid = (field: string) => (errors[field] ? true : undefined);
  const regexProblems = [...invalidRegexKeys(draft.keys), ...invalidRegexKeys(draft.secondaryKeys)];
  const hasErrors = Object.keys(errors).length > 0;

  const tristateSelect = (label: string, field: 'caseSensitive' | 'matchWholeWords') => (
    <label>
      {label}
      <select value={draft[field]} onChange={(e) => set(field, e.target.value as Tristate)}>
        <option value="">Book default</option>
        <option value="yes">Yes</option>
        <option value="no">No</option>
      </select>
    </label>
  );

  return (
    <li className={`panel lore-entry${draft.enabled ? '' : ' off'}`} aria-label={`Entry ${title}`}>
      <div className="spread">
        <button
          type="button"
          className="link entry-toggle"
          aria-expanded={open}
          aria-controls={`${id}-body`}
          onClick={onToggle}
        >
          <span aria-hidden="true">{open ? '▾' : '▸'}</span> <strong>{title}</strong>
        </button>
        <span className="row">
          {draft.constant && <span className="pill ok">Constant</span>}
          {draft.position === 'depth' && <span className="pill">@ depth {draft.depth || '4'}</span>}
          {!draft.enabled && <span className="pill amber">Off</span>}
          {hasErrors && <span className="pill danger">Needs fixing</span>}
          <Switch
            label={`Entry ${title} enabled`}
            checked={draft.enabled}
            onChange={(v) => set('enabled', v)}
          />
          <button type="button" className="danger" aria-label={`Remove entry ${title}`} onClick={onRemove}>
            Remove
          </button>
        </span>
      </div>
      {open && (
        <div className="form-grid" id={`${id}-body`}>
          <label className="wide">
            Title (comment)
            <input value={draft.comment} onChange={(e) => set('comment', e.target.value)} maxLength={1000} />
          </label>
          <div className="field">
            <label>
              Keys
              <textarea
                rows={3}
                value={draft.keys}
                onChange={(e) => set('keys', e.target.value)}
                aria-invalid={invalid('keys')}
                aria-describedby={`${id}-keys-hint`}
              />
            </label>
            <span className="hint" id={`${id}-keys-hint`}>
              Separated by commas or one per line. <code>/pattern/flags</code> is a regular expression.
            </span>
            <KeyChips text={draft.keys} label="Keys as read" />
            {fieldError('keys')}
          </div>
          <div className="field">
            <label>
              Secondary keys (optional)
              <textarea
                rows={3}
                value={draft.secondaryKeys}
                onChange={(e) => set('secondaryKeys', e.target.value)}
              />
            </label>
            <KeyChips text={draft.secondaryKeys} label="Secondary keys as read" />
            <label>
              Secondary logic
              <select
                value={draft.selectiveLogic}
                onChange={(e) => set('selectiveLogic', e.target.value as SelectiveLogic)}
                disabled={splitKeys(draft.secondaryKeys).length === 0}
              >
                {(Object.keys(LOGIC_LABELS) as SelectiveLogic[]).map((logic) => (
                  <option key={logic} value={logic}>
                    {LOGIC_LABELS[logic]}
                  </option>
                ))}
              </select>
            </label>
          </div>
          {regexProblems.length > 0 && !errors.keys && (
            <p className="error hint wide" role="alert">
              {regexProblems.map((p) => `${p.key}: ${p.reason}`).join('; ')}
            </p>
          )}
          <label className="wide">
            Content
            <textarea rows={4} value={draft.content} onChange={(e) => set('content', e.target.value)} />
          </label>
          <div className="number-grid wide">
            {tristateSelect('Case-sensitive keys', 'caseSensitive')}
            {tristateSelect('Whole words only', 'matchWholeWords')}
            <label>
              Scan depth
              <input
                type="number"
                min={0}
                max={1000}
                placeholder="book default"
                value={draft.scanDepth}
                onChange={(e) => set('scanDepth', e.target.value)}
                aria-invalid={invalid('scanDepth')}
              />
              {fieldError('scanDepth')}
            </label>
            <label>
              Position
              <select
                value={draft.position}
                onChange={(e) => set('position', e.target.value as WorldInfoPosition)}
              >
                {(Object.keys(POSITION_LABELS) as WorldInfoPosition[]).map((p) => (
                  <option key={p} value={p}>
                    {POSITION_LABELS[p]}
                  </option>
                ))}
              </select>
            </label>
            {draft.position === 'depth' && (
              <>
                <label>
                  Depth
                  <input
                    type="number"
                    min={0}
                    placeholder="4"
                    value={draft.depth}
                    onChange={(e) => set('depth', e.target.value)}
                    aria-invalid={invalid('depth')}
                  />
                  {fieldError('depth')}
                </label>
                <label>
                  Role
                  <select value={draft.role} onChange={(e) => set('role', e.target.value as WorldInfoRole)}>
                    <option value="system">System</option>
                    <option value="user">User</option>
                    <option value="assistant">Assistant</option>
                  </select>
                </label>
              </>
            )}
            <label>
              Order
              <input
                type="number"
                placeholder="100"
                value={draft.order}
                onChange={(e) => set('order', e.target.value)}
                aria-invalid={invalid('order')}
              />
              {fieldError('order')}
            </label>
            <label>
              Probability (%)
              <input
                type="number"
                min={0}
                max={100}
                placeholder="100"
                value={draft.probability}
                onChange={(e) => set('probability', e.target.value)}
                aria-invalid={invalid('probability')}
              />
              {fieldError('probability')}
            </label>
          </div>
          <div className="row wide">
            <label className="check">
              <input
                type="checkbox"
                checked={draft.constant}
                onChange={(e) => set('constant', e.target.checked)}
              />
              Constant (always active)
            </label>
            <label className="check">
              <input
                type="checkbox"
                checked={draft.excludeRecursion}
                onChange={(e) => set('excludeRecursion', e.target.checked)}
              />
              Not activated by other entries
            </label>
            <label className="check">
              <input
                type="checkbox"
                checked={draft.preventRecursion}
                onChange={(e) => set('preventRecursion', e.target.checked)}
              />
              Does not activate other entries
            </label>
          </div>
          {splitKeys(draft.keys).length === 0 && !draft.constant && (
            <p className="hint wide">Without keys this entry activates only when constant or forced.</p>
          )}
        </div>
      )}
    </li>
  );
}

/** The keys as the engine will read them, one chip each (regex keys marked), so a comma typo shows at once. */
function KeyChips({ text, label }: { text: string; label: string }) {
  const keys = splitKeys(text);
  if (keys.length === 0) return null;
  return (
    <ul className="key-chips" aria-label={label}>
      {keys.map((key, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the same key may be typed twice
        <li key={i} className={`key-chip${isRegexKey(key) ? ' regex' : ''}`}>
          {key}
        </li>
      ))}
    </ul>
  );
}
