import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../../api/client';
import type { ImportResult } from '../../api/types';
import { ErrorBanner } from '../../components/ErrorBanner';
import { FieldDiff } from '../../components/FieldDiff';
import {
  appliedToResult,
  applyToolsImport,
  cancelToolsImport,
  defaultChoices,
  describeAction,
  type ImportAction,
  planSummary,
  replanToolsImport,
  type ToolImportPlan,
  type ToolPlanItem,
  tickedAction,
} from './import-plan';
import { KindPill } from './ToolRow';

const FIELDS = new Set([
  'displayName',
  'description',
  'mode',
  'kind',
  'parameters',
  'body',
  'simulateBody',
  'staticResult',
  'webhookUrl',
]);

const CHOICE_KEYS: Record<ImportAction, string> = {
  create: 'create',
  replace: 'replace',
  'keep-both': 'keepBoth',
  skip: 'skip',
};

function PlanItem({
  item,
  action,
  onChoose,
}: {
  item: ToolPlanItem;
  action: ImportAction;
  onChoose: (action: ImportAction) => void;
}) {
  const { t } = useTranslation();
  const conflict = item.conflict;
  const selected = action !== 'skip';
  return (
    <li className={`plan-item${selected ? '' : ' plan-item-off'}`} data-tool-name={item.name}>
      <div className="row">
        <input
          type="checkbox"
          checked={selected}
          onChange={(e) => onChoose(e.target.checked ? tickedAction(item) : 'skip')}
          aria-label={t('functions.importPlan.importNamed', { name: item.name })}
        />
        <strong>{item.name}</strong>
        <KindPill kind={item.kind} />
        <span className="pill">
          {t(item.mode === 'write' ? 'functions.importPlan.write' : 'functions.importPlan.read')}
        </span>
        {conflict && (
          <span className="pill amber">
            {t(
              conflict.with === 'builtin'
                ? 'functions.importPlan.builtinName'
                : conflict.identical
                  ? 'functions.importPlan.sameAsYours'
                  : 'functions.importPlan.nameTaken',
            )}
          </span>
        )}
      </div>
      {item.description && <p className="hint plan-description">{item.description}</p>}
      <p className="plan-outcome">{describeAction(item, action)}</p>
      {item.review?.origin && (
        <p className="hint">{t('functions.importPlan.calls', { origin: item.review.origin })}</p>
      )}
      {conflict && (
        <fieldset className="plan-choices">
          <legend>
            {t(
              conflict.with === 'builtin'
                ? 'functions.importPlan.builtinCalled'
                : 'functions.importPlan.youHave',
              {
                name: item.name,
              },
            )}
          </legend>
          {item.choices.map((choice) => (
            <label key={choice} className="inline">
              <input
                type="radio"
                name={`choice-${item.index}`}
                checked={action === choice}
                onChange={() => onChoose(choice)}
              />
              {choice === 'keep-both'
                ? t('functions.importPlan.keepBothAs', { name: item.renameTo })
                : t(`functions.importPlan.choice.${CHOICE_KEYS[choice]}`)}
            </label>
          ))}
        </fieldset>
      )}
      {conflict && conflict.changes.length > 0 && (
        <details className="plan-diff" open={action === 'replace'}>
          <summary>{t('functions.importPlan.differences', { count: conflict.changes.length })}</summary>
          {conflict.changes.map((change) => (
            <FieldDiff
              key={change.field}
              label={
                FIELDS.has(change.field) ? t(`functions.importPlan.field.${change.field}`) : change.field
              }
              before={change.before}
              after={change.after}
            />
          ))}
        </details>
      )}
    </li>
  );
}

/** Keeps the choices the new plan still allows; the others go back to the item's default. */
function carryChoices(plan: ToolImportPlan, old: Map<number, ImportAction>): Map<number, ImportAction> {
  const next = defaultChoices(plan);
  for (const item of plan.items) {
    const chosen = old.get(item.index);
    if (chosen && item.choices.includes(chosen)) next.set(item.index, chosen);
  }
  return next;
}

/**
 * The review of a tools file before anything is stored: every tool with a checkbox and what it will do, a
 * choice on each name conflict (Replace with the diff, Keep both renamed, Skip), a dry run that plans again
 * against the tools stored now, and Import that applies exactly these choices.
 */
export function ImportPlanReview({
  fileName,
  initialPlan,
  onApplied,
  onClose,
}: {
  fileName: string;
  initialPlan: ToolImportPlan;
  onApplied: (result: ImportResult) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [plan, setPlan] = useState(initialPlan);
  const [choices, setChoices] = useState(() => defaultChoices(initialPlan));
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const selected = plan.items.filter((i) => (choices.get(i.index) ?? 'skip') !== 'skip').length;

  const choose = (index: number, action: ImportAction) => {
    setNote(null);
    setChoices((old) => new Map(old).set(index, action));
  };
  const selectAll = (all: boolean) => {
    setNote(null);
    setChoices(new Map(plan.items.map((item) => [item.index, all ? tickedAction(item) : 'skip'])));
  };
  const replan = async (): Promise<ToolImportPlan> => {
    const fresh = await replanToolsImport(plan.importId);
    setPlan(fresh);
    setChoices((old) => carryChoices(fresh, old));
    return fresh;
  };
  const work = async (task: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await task();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  const dryRun = () =>
    work(async () => {
      const fresh = await replan();
      const changed = JSON.stringify(fresh.items) !== JSON.stringify(plan.items);
      const summary = t('functions.importPlan.dryRunNote', {
        summary: planSummary(fresh, carryChoices(fresh, choices)),
      });
      setNote(changed ? `${summary} ${t('functions.importPlan.changedSince')}` : summary);
    });
  const apply = () =>
    work(async () => {
      try {
        onApplied(appliedToResult(plan, await applyToolsImport(plan.importId, choices)));
      } catch (e) {
        if (e instanceof ApiError && e.code === 'plan_stale') {
          await replan();
          setNote(null);
        }
        throw e;
      }
    });
  const cancel = () =>
    work(async () => {
      await cancelToolsImport(plan.importId).catch(() => undefined);
      onClose();
    });

  return (
    <section className="panel import-plan" aria-labelledby="import-plan-title">
      <div className="spread">
        <h2 id="import-plan-title">{t('functions.importPlan.title', { file: fileName })}</h2>
        <div className="row">
          <button type="button" onClick={() => selectAll(true)} disabled={busy}>
            {t('functions.importPlan.selectAll')}
          </button>
          <button type="button" onClick={() => selectAll(false)} disabled={busy}>
            {t('functions.importPlan.selectNone')}
          </button>
        </div>
      </div>
      <p className="hint">{t('functions.importPlan.hint')}</p>
      {plan.lukerProfile && <p className="banner info">{plan.lukerProfile.note}</p>}
      <ErrorBanner error={error} onDismiss={() => setError(null)} />
      {plan.items.length === 0 ? (
        <p className="empty">{t('functions.importPlan.empty')}</p>
      ) : (
        <ul className="plan-list" aria-label={t('functions.importPlan.listLabel')}>
          {plan.items.map((item) => (
            <PlanItem
              key={item.index}
              item={item}
              action={choices.get(item.index) ?? 'skip'}
              onChoose={(action) => choose(item.index, action)}
            />
          ))}
        </ul>
      )}
      {plan.skipped.length > 0 && (
        <>
          <h3>{t('functions.importPlan.cannotImport')}</h3>
          <ul className="skipped" aria-label={t('functions.importPlan.cannotImport')}>
            {plan.skipped.map((s) => (
              <li key={`${s.name}:${s.reason}`}>
                {s.name}: {s.reason}
              </li>
            ))}
          </ul>
        </>
      )}
      <p className="plan-summary" role="status">
        {note ?? `${planSummary(plan, choices)}.`}
      </p>
      <div className="row">
        <button type="button" className="primary" onClick={apply} disabled={busy || selected === 0}>
          {t('functions.importPlan.importSelected', { count: selected })}
        </button>
        <button type="button" onClick={dryRun} disabled={busy}>
          {t('functions.importPlan.dryRun')}
        </button>
        <button type="button" onClick={cancel} disabled={busy}>
          {t('functions.importPlan.cancel')}
        </button>
      </div>
    </section>
  );
}
