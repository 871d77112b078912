import { useId } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { SelectiveLogic, WorldInfoPosition, WorldInfoRole } from '../../api/types';
import { Switch } from '../../components/Switch';
import {
  type EntryDraft,
  entryTitle,
  invalidRegexKeys,
  isRegexKey,
  POSITIONS,
  SELECTIVE_LOGICS,
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
  const { t } = useTranslation();
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
        <option value="">{t('lorebooks.entry.bookDefault')}</option>
        <option value="yes">{t('lorebooks.editor.yes')}</option>
        <option value="no">{t('lorebooks.editor.no')}</option>
      </select>
    </label>
  );

  return (
    <li
      className={`panel lore-entry${draft.enabled ? '' : ' off'}`}
      aria-label={t('lorebooks.entry.label', { title })}
    >
      <div className="spread">
        <button
          type="button"
          className="link entry-toggle"
          aria-expanded={open}
          aria-controls={`${id}-body`}
          onClick={onToggle}
        >
          <span aria-hidden="true">{open ? '▾' : '▸'}</span> <strong translate="no">{title}</strong>
        </button>
        <span className="row">
          {draft.constant && <span className="pill ok">{t('lorebooks.entry.constantPill')}</span>}
          {draft.position === 'depth' && (
            <span className="pill">{t('lorebooks.entry.atDepth', { depth: draft.depth || '4' })}</span>
          )}
          {!draft.enabled && <span className="pill amber">{t('lorebooks.entry.off')}</span>}
          {hasErrors && <span className="pill danger">{t('lorebooks.entry.needsFixing')}</span>}
          <Switch
            label={t('lorebooks.entry.enabled', { title })}
            checked={draft.enabled}
            onChange={(v) => set('enabled', v)}
          />
          <button
            type="button"
            className="danger"
            aria-label={t('lorebooks.entry.removeNamed', { title })}
            onClick={onRemove}
          >
            {t('lorebooks.entry.remove')}
          </button>
        </span>
      </div>
      {open && (
        <div className="form-grid" id={`${id}-body`}>
          <label className="wide">
            {t('lorebooks.entry.title')}
            <input value={draft.comment} onChange={(e) => set('comment', e.target.value)} maxLength={1000} />
          </label>
          <div className="field">
            <label>
              {t('lorebooks.entry.keys')}
              <textarea
                rows={3}
                value={draft.keys}
                onChange={(e) => set('keys', e.target.value)}
                aria-invalid={invalid('keys')}
                aria-describedby={`${id}-keys-hint`}
              />
            </label>
            <span className="hint" id={`${id}-keys-hint`}>
              <Trans i18nKey="lorebooks.entry.keysHint" components={{ code: <code /> }} />
            </span>
            <KeyChips text={draft.keys} label={t('lorebooks.entry.keysRead')} />
            {fieldError('keys')}
          </div>
          <div className="field">
            <label>
              {t('lorebooks.entry.secondaryKeys')}
              <textarea
                rows={3}
                value={draft.secondaryKeys}
                onChange={(e) => set('secondaryKeys', e.target.value)}
              />
            </label>
            <KeyChips text={draft.secondaryKeys} label={t('lorebooks.entry.secondaryRead')} />
            <label>
              {t('lorebooks.entry.logicLabel')}
              <select
                value={draft.selectiveLogic}
                onChange={(e) => set('selectiveLogic', e.target.value as SelectiveLogic)}
                disabled={splitKeys(draft.secondaryKeys).length === 0}
              >
                {SELECTIVE_LOGICS.map((logic) => (
                  <option key={logic} value={logic}>
                    {t(`lorebooks.entry.logic.${logic}`)}
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
            {t('lorebooks.entry.content')}
            <textarea rows={4} value={draft.content} onChange={(e) => set('content', e.target.value)} />
          </label>
          <div className="number-grid wide">
            {tristateSelect(t('lorebooks.editor.caseSensitive'), 'caseSensitive')}
            {tristateSelect(t('lorebooks.editor.wholeWords'), 'matchWholeWords')}
            <label>
              {t('lorebooks.entry.scanDepth')}
              <input
                type="number"
                min={0}
                max={1000}
                placeholder={t('lorebooks.entry.bookDefaultLower')}
                value={draft.scanDepth}
                onChange={(e) => set('scanDepth', e.target.value)}
                aria-invalid={invalid('scanDepth')}
              />
              {fieldError('scanDepth')}
            </label>
            <label>
              {t('lorebooks.entry.positionLabel')}
              <select
                value={draft.position}
                onChange={(e) => set('position', e.target.value as WorldInfoPosition)}
              >
                {POSITIONS.map((p) => (
                  <option key={p} value={p}>
                    {t(`lorebooks.entry.position.${p}`)}
                  </option>
                ))}
              </select>
            </label>
            {draft.position === 'depth' && (
              <>
                <label>
                  {t('lorebooks.entry.depth')}
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
                  {t('lorebooks.entry.role')}
                  <select value={draft.role} onChange={(e) => set('role', e.target.value as WorldInfoRole)}>
                    <option value="system">{t('lorebooks.entry.roleSystem')}</option>
                    <option value="user">{t('lorebooks.entry.roleUser')}</option>
                    <option value="assistant">{t('lorebooks.entry.roleAssistant')}</option>
                  </select>
                </label>
              </>
            )}
            <label>
              {t('lorebooks.entry.order')}
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
              {t('lorebooks.entry.probability')}
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
              {t('lorebooks.entry.constant')}
            </label>
            <label className="check">
              <input
                type="checkbox"
                checked={draft.excludeRecursion}
                onChange={(e) => set('excludeRecursion', e.target.checked)}
              />
              {t('lorebooks.entry.excludeRecursion')}
            </label>
            <label className="check">
              <input
                type="checkbox"
                checked={draft.preventRecursion}
                onChange={(e) => set('preventRecursion', e.target.checked)}
              />
              {t('lorebooks.entry.preventRecursion')}
            </label>
          </div>
          {splitKeys(draft.keys).length === 0 && !draft.constant && (
            <p className="hint wide">{t('lorebooks.entry.noKeys')}</p>
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
        <li key={i} className={`key-chip${isRegexKey(key) ? ' regex' : ''}`} translate="no">
          {key}
        </li>
      ))}
    </ul>
  );
}
