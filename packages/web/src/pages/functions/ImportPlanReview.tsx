import { useState } from 'react';
import { ApiError, errorMessage } from '../../api/client';
import type { ImportResult } from '../../api/types';
import { ErrorBanner } from '../../components/ErrorBanner';
import { type DiffRow, lineDiff } from '../studio/diff-lines';
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

const FIELD_LABELS: Record<string, string> = {
  displayName: 'Display name',
  description: 'Description',
  mode: 'Mode',
  kind: 'Kind',
  parameters: 'Parameters',
  body: 'Script',
  simulateBody: 'Simulate body',
  staticResult: 'Static result',
  webhookUrl: 'Webhook URL',
};

const CHOICE_LABELS: Record<ImportAction, string> = {
  create: 'Create',
  replace: 'Replace',
  'keep-both': 'Keep both',
  skip: 'Skip',
};

function FieldDiff({ label, before, after }: { label: string; before: string; after: string }) {
  const rows: DiffRow[] = lineDiff(before, after);
  return (
    <section className="import-diff" aria-label={`${label} diff`}>
      <div className="sim-label">{label}</div>
      <pre className="diff-lines">
        {rows.map((row, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a diff's rows never reorder
          <span key={i} className={`diff-${row.kind}`}>
            {row.kind === 'add' ? '+ ' : row.kind === 'del' ? '- ' : '  '}
            {row.text}
            {'\n'}
          </span>
        ))}
      </pre>
    </section>
  );
}

function PlanItem({
  item,
  action,
  onChoose,
}: {
  item: ToolPlanItem;
  action: ImportAction;
  onChoose: (action: ImportAction) => void;
}) {
  const conflict = item.conflict;
  const selected = action !== 'skip';
  return (
    <li className={`plan-item${selected ? '' : ' plan-item-off'}`} data-tool-name={item.name}>
      <div className="row">
        <input
          type="checkbox"
          checked={selected}
          onChange={(e) => onChoose(e.target.checked ? tickedAction(item) : 'skip')}
          aria-label={`Import ${item.name}`}
        />
        <strong>{item.name}</strong>
        <KindPill kind={item.kind} />
        <span className="pill">{item.mode === 'write' ? 'Write' : 'Read'}</span>
        {conflict && (
          <span className="pill amber">
            {conflict.with === 'builtin'
              ? 'Built-in name'
              : conflict.identical
                ? 'Same as yours'
                : 'Name taken'}
          </span>
        )}
      </div>
      {item.description && <p className="hint plan-description">{item.description}</p>}
      <p className="plan-outcome">{describeAction(item, action)}</p>
      {item.review?.origin && <p className="hint">Calls {item.review.origin}</p>}
      {conflict && (
        <fieldset className="plan-choices">
          <legend>
            {conflict.with === 'builtin'
              ? `A built-in tool is called ${item.name}`
              : `You already have a function called ${item.name}`}
          </legend>
          {item.choices.map((choice) => (
            <label key={choice} className="inline">
              <input
                type="radio"
                name={`choice-${item.index}`}
                checked={action === choice}
                onChange={() => onChoose(choice)}
              />
              {choice === 'keep-both' ? `Keep both (as ${item.renameTo})` : CHOICE_LABELS[choice]}
            </label>
          ))}
        </fieldset>
      )}
      {conflict && conflict.changes.length > 0 && (
        <details className="plan-diff" open={action === 'replace'}>
          <summary>
            Differences from yours ({conflict.changes.length} field{conflict.changes.length === 1 ? '' : 's'})
          </summary>
          {conflict.changes.map((change) => (
            <FieldDiff
              key={change.field}
              label={FIELD_LABELS[change.field] ?? change.field}
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
      setNote(
        `Dry run, nothing written: ${planSummary(fresh, carryChoices(fresh, choices))}.${changed ? ' Your functions changed since the file was read; the list shows the new plan.' : ''}`,
      );
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
        <h2 id="import-plan-title">Review import: {fileName}</h2>
        <div className="row">
          <button type="button" onClick={() => selectAll(true)} disabled={busy}>
            Select all
          </button>
          <button type="button" onClick={() => selectAll(false)} disabled={busy}>
            Select none
          </button>
        </div>
      </div>
      <p className="hint">
        Nothing is stored until you choose Import. Webhook and script tools arrive switched off, with hidden
        chat context and fetch off.
      </p>
      {plan.lukerProfile && <p className="banner info">{plan.lukerProfile.note}</p>}
      <ErrorBanner error={error} onDismiss={() => setError(null)} />
      {plan.items.length === 0 ? (
        <p className="empty">This file has no function that can be imported.</p>
      ) : (
        <ul className="plan-list" aria-label="Functions in the file">
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
          <h3>Cannot be imported</h3>
          <ul className="skipped" aria-label="Cannot be imported">
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
          Import {selected} selected
        </button>
        <button type="button" onClick={dryRun} disabled={busy}>
          Dry run
        </button>
        <button type="button" onClick={cancel} disabled={busy}>
          Cancel
        </button>
      </div>
    </section>
  );
}
