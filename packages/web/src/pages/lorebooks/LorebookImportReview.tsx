import type {
  LorebookImportAction,
  LorebookImportPlanAnswer,
  PlannedLorebookEntry,
} from '@toolsmith/core/api-schema';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../../api/client';
import { ErrorBanner } from '../../components/ErrorBanner';
import {
  applyLorebookImport,
  describeOutcome,
  dryRunLorebookImport,
  dryRunNote,
  type LorebookImportOutcome,
  type PendingFile,
  planLorebookImport,
} from './import-review';
import { LorebookChanges } from './LorebookChanges';

const CHOICE_KEYS: Record<LorebookImportAction, string> = {
  create: 'create',
  replace: 'replace',
  'keep-both': 'keepBoth',
  skip: 'skip',
};

function EntryItem({
  entry,
  ticked,
  disabled,
  onTick,
}: {
  entry: PlannedLorebookEntry;
  ticked: boolean;
  disabled: boolean;
  onTick: (ticked: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <li className={`lore-import-entry${ticked ? '' : ' off'}`}>
      <label className="row">
        <input
          type="checkbox"
          checked={ticked}
          disabled={disabled}
          onChange={(e) => onTick(e.target.checked)}
          aria-label={t('lorebooks.importReview.importEntry', { name: entry.label })}
        />
        <strong translate="no">{entry.label}</strong>
        {entry.constant && <span className="pill">{t('lorebooks.importReview.constant')}</span>}
        {entry.disabled && <span className="pill amber">{t('lorebooks.disabled')}</span>}
      </label>
      <div className="key-chips" translate="no">
        {entry.keys.length === 0 ? (
          <span className="hint">{t('lorebooks.importReview.noKeys')}</span>
        ) : (
          entry.keys.map((key) => (
            <span key={key} className="key-chip">
              {key}
            </span>
          ))
        )}
      </div>
      {entry.preview && (
        <p className="hint lore-import-preview" translate="no">
          {entry.preview}
          {entry.contentLength > entry.preview.length ? '…' : ''}
        </p>
      )}
    </li>
  );
}

/**
 * The review of a lorebook file before anything is stored: the book's entries with a checkbox each, the
 * choice when you have a book of the same name (Replace with what changes, Keep both renamed, Skip), a dry
 * run that asks the server what Import would store, and Import that stores exactly these choices.
 */
export function LorebookImportReview({
  pending,
  initialPlan,
  onApplied,
  onClose,
}: {
  pending: PendingFile;
  initialPlan: LorebookImportPlanAnswer;
  onApplied: (outcome: LorebookImportOutcome) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [plan, setPlan] = useState(initialPlan);
  const [action, setAction] = useState<LorebookImportAction>(initialPlan.action);
  const [selected, setSelected] = useState(() => new Set(initialPlan.entries.map((e) => e.index)));
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const conflict = plan.conflict;
  const skipping = action === 'skip';
  const count = selected.size;

  const tick = (index: number, on: boolean) => {
    setNote(null);
    setSelected((old) => {
      const next = new Set(old);
      if (on) next.add(index);
      else next.delete(index);
      return next;
    });
  };
  const selectAll = (all: boolean) => {
    setNote(null);
    setSelected(new Set(all ? plan.entries.map((e) => e.index) : []));
  };
  const choose = (choice: LorebookImportAction) => {
    setNote(null);
    setAction(choice);
  };
  const work = async (task: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await task();
    } catch (e) {
      if (e instanceof ApiError && e.code === 'plan_stale') {
        // the book changed since the review: show the new review, keep what still applies
        const fresh = await planLorebookImport(pending).catch(() => null);
        if (fresh) {
          setPlan(fresh);
          if (!fresh.choices.includes(action)) setAction(fresh.action);
          setNote(null);
        }
      }
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  const dryRun = () =>
    work(async () => setNote(dryRunNote(await dryRunLorebookImport(pending, plan, action, selected))));
  const apply = () => work(async () => onApplied(await applyLorebookImport(pending, plan, action, selected)));

  return (
    <section className="panel lore-import" aria-labelledby="lore-import-title">
      <h2 id="lore-import-title">{t('lorebooks.importReview.title', { file: pending.fileName })}</h2>
      <p className="hint">{t('lorebooks.importReview.hint')}</p>
      <p>
        {t('lorebooks.importReview.bookName')} <strong translate="no">{plan.name}</strong> ·{' '}
        {t('lorebooks.entries', { count: plan.entries.length })}
      </p>
      {plan.warnings.length > 0 && (
        <ul className="banner info lore-import-warnings">
          {plan.warnings.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      )}
      {plan.unusedFields.length > 0 && (
        <p className="hint">{t('lorebooks.importReview.unused', { list: plan.unusedFields.join(', ') })}</p>
      )}
      <ErrorBanner error={error} onDismiss={() => setError(null)} />
      {conflict && (
        <fieldset className="lore-import-choices">
          <legend>
            {t('lorebooks.importReview.youHave', { name: conflict.existing.name })}{' '}
            <span className="hint">{t('lorebooks.entries', { count: conflict.existing.entries })}</span>{' '}
            <span className="pill amber">
              {t(
                conflict.identical ? 'lorebooks.importReview.identical' : 'lorebooks.importReview.nameTaken',
              )}
            </span>
          </legend>
          {plan.choices.map((choice) => (
            <label key={choice} className="inline">
              <input
                type="radio"
                name="lore-import-choice"
                checked={action === choice}
                onChange={() => choose(choice)}
              />
              {choice === 'keep-both'
                ? t('lorebooks.importReview.keepBothAs', { name: conflict.renameTo })
                : t(`lorebooks.importReview.choice.${CHOICE_KEYS[choice]}`)}
            </label>
          ))}
          {conflict.changes.length > 0 ? (
            <LorebookChanges
              changes={conflict.changes}
              unchangedEntries={conflict.unchangedEntries}
              open={action === 'replace'}
            />
          ) : (
            <p className="hint">{t('lorebooks.importReview.noDifferences')}</p>
          )}
        </fieldset>
      )}
      <div className="spread">
        <h3>{t('lorebooks.importReview.entriesTitle')}</h3>
        <div className="row">
          <button type="button" onClick={() => selectAll(true)} disabled={busy || skipping}>
            {t('lorebooks.importReview.selectAll')}
          </button>
          <button type="button" onClick={() => selectAll(false)} disabled={busy || skipping}>
            {t('lorebooks.importReview.selectNone')}
          </button>
        </div>
      </div>
      {plan.entries.length === 0 ? (
        <p className="empty">{t('lorebooks.importReview.empty')}</p>
      ) : (
        <ul className="lore-import-entries" aria-label={t('lorebooks.importReview.entriesList')}>
          {plan.entries.map((entry) => (
            <EntryItem
              key={entry.index}
              entry={entry}
              ticked={!skipping && selected.has(entry.index)}
              disabled={busy || skipping}
              onTick={(on) => tick(entry.index, on)}
            />
          ))}
        </ul>
      )}
      <p className="plan-summary" role="status">
        {note ??
          `${skipping ? '' : `${t('lorebooks.importReview.selected', { selected: count, count: plan.entries.length })} `}${describeOutcome(plan, action, count)}`}
      </p>
      <div className="row">
        <button
          type="button"
          className="primary"
          onClick={apply}
          disabled={busy || (!skipping && count === 0 && plan.entries.length > 0)}
        >
          {skipping
            ? t('lorebooks.importReview.skipApply')
            : t('lorebooks.importReview.importSelected', { count })}
        </button>
        <button type="button" onClick={dryRun} disabled={busy}>
          {t('lorebooks.importReview.dryRun')}
        </button>
        <button type="button" onClick={onClose} disabled={busy}>
          {t('common.cancel')}
        </button>
      </div>
    </section>
  );
}
