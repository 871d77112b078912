import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  CardImportReviewData,
  CardLorebookConflict,
  CardToolReview,
  LorebookAction,
} from '../../api/types';
import { LorebookChanges } from '../lorebooks/LorebookChanges';

function CodeBlock({ label, code }: { label: string; code: string }) {
  return (
    <div className="card-code">
      <div className="card-code-label">{label}</div>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable to scroll by keyboard */}
      <section className="card-code-box" aria-label={label} tabIndex={0}>
        <pre>
          <code>{code}</code>
        </pre>
      </section>
    </div>
  );
}

function ToolReview({
  tool,
  picked,
  onPick,
}: {
  tool: CardToolReview;
  /** undefined: the tool cannot be picked (skipped, or part of the card's orchestration override) */
  picked?: boolean;
  onPick: (picked: boolean) => void;
}) {
  const { t } = useTranslation();
  const kind = t(`functions.kind.${tool.kind}`, { defaultValue: tool.kind });
  const requested = [
    tool.requestedEnabled ? t('cardImport.requestedEnabled') : t('cardImport.requestedDisabled'),
    tool.requestedHiddenContext ? t('cardImport.hiddenRequested') : t('cardImport.hiddenNotRequested'),
    ...(tool.requestedFetch ? [t('cardImport.callsFetch')] : []),
  ];
  return (
    <li className="panel card-tool" aria-label={t('cardImport.toolLabel', { name: tool.name })}>
      <div className="spread">
        <h3 className="card-tool-name">
          {picked !== undefined && (
            <input
              type="checkbox"
              className="card-tool-pick"
              checked={picked}
              onChange={(e) => onPick(e.target.checked)}
              aria-label={t('cardImport.importNamed', { name: tool.name })}
            />
          )}
          <span translate="no">{tool.name}</span>
          {tool.displayName ? (
            <span className="hint" translate="no">
              {' '}
              · {tool.displayName}
            </span>
          ) : null}
        </h3>
        <span className="row">
          <span className="pill">{kind}</span>
          <span className={`pill${tool.mode === 'write' ? ' amber' : ''}`}>
            {tool.mode === 'write' ? t('cardImport.write') : t('cardImport.read')}
          </span>
          {tool.willImport ? (
            <span className={`pill${tool.enabledAfterImport ? ' ok' : ''}`}>
              {tool.enabledAfterImport ? t('cardImport.arrivesEnabled') : t('cardImport.arrivesDisabled')}
            </span>
          ) : (
            <span className="pill danger">{t('cardImport.willSkip')}</span>
          )}
        </span>
      </div>
      <p className="card-tool-description" translate="no">
        {tool.description}
      </p>
      {tool.skipReason && (
        <p className="error hint" role="note">
          {t('cardImport.skipped', { reason: tool.skipReason })}
        </p>
      )}
      <dl className="card-tool-facts">
        <dt>{t('cardImport.kind')}</dt>
        <dd>{kind}</dd>
        <dt>{t('cardImport.mode')}</dt>
        <dd>{t(`cardImport.modeValue.${tool.mode}`)}</dd>
        <dt>{t('cardImport.origin')}</dt>
        <dd>
          {tool.origin ??
            (tool.kind === 'webhook' ? t('cardImport.originUnknown') : t('cardImport.originLocal'))}
        </dd>
        <dt>{t('cardImport.requested')}</dt>
        <dd>{requested.join(t('cardImport.separator'))}</dd>
        {tool.luker && tool.luker.supported.length > 0 && (
          <>
            <dt>{t('cardImport.lukerUsed')}</dt>
            <dd>{tool.luker.supported.join(', ')}</dd>
          </>
        )}
        {tool.luker && tool.luker.unsupported.length > 0 && (
          <>
            <dt>{t('cardImport.unsupported')}</dt>
            <dd className="error">
              {t('cardImport.unsupportedNote', { features: tool.luker.unsupported.join(', ') })}
            </dd>
          </>
        )}
        <dt>{t('cardImport.foundIn')}</dt>
        <dd>
          {t('cardImport.foundInValue', {
            source: t(`cardImport.source.${tool.source}`),
            format: tool.format,
          })}
        </dd>
      </dl>
      {tool.kind === 'script' && (
        <>
          <CodeBlock label={t('cardImport.body', { name: tool.name })} code={tool.body ?? ''} />
          <CodeBlock
            label={t('cardImport.simulateBody', { name: tool.name })}
            code={
              tool.simulateBody && tool.simulateBody.trim() !== '' ? tool.simulateBody : t('cardImport.none')
            }
          />
        </>
      )}
      {tool.kind === 'static' && (
        <CodeBlock label={t('cardImport.staticResult', { name: tool.name })} code={tool.staticResult ?? ''} />
      )}
      <CodeBlock
        label={t('cardImport.parameters', { name: tool.name })}
        code={JSON.stringify(tool.parameters, null, 2)}
      />
    </li>
  );
}

/** The card's lorebook has the name of one you have: what to do with it. */
function LorebookChoice({
  conflict,
  value,
  onChange,
}: {
  conflict: CardLorebookConflict;
  value: LorebookAction;
  onChange: (action: LorebookAction) => void;
}) {
  const { t } = useTranslation();
  const entries = (count: number) => t('cardImport.lorebook.entries', { count });
  const choiceLabel = (choice: LorebookAction) =>
    choice === 'replace'
      ? t('cardImport.lorebook.replace', { name: conflict.existing.name })
      : choice === 'keep-both'
        ? t('cardImport.lorebook.keepBoth', { renameTo: conflict.renameTo })
        : t('cardImport.lorebook.skip', { name: conflict.existing.name });
  return (
    <fieldset className="panel card-lorebook-choice">
      <legend>{t('cardImport.lorebook.legend', { name: conflict.name })}</legend>
      <p>
        {t(conflict.identical ? 'cardImport.lorebook.same' : 'cardImport.lorebook.differs', {
          name: conflict.existing.name,
          entries: entries(conflict.existing.entries),
          cardEntries: entries(conflict.entries),
        })}
      </p>
      {conflict.choices.map((choice) => (
        <label key={choice} className="inline">
          <input
            type="radio"
            name="card-lorebook"
            checked={value === choice}
            onChange={() => onChange(choice)}
          />
          {choiceLabel(choice)}
        </label>
      ))}
      {conflict.changes && conflict.changes.length > 0 && (
        <LorebookChanges
          changes={conflict.changes}
          unchangedEntries={conflict.unchangedEntries ?? 0}
          open={value === 'replace'}
        />
      )}
    </fieldset>
  );
}

/**
 * The card import review: everything the card's tools would do, before anything is saved. Apply with tools
 * stores the character and its tools (webhook and script tools disabled); Apply without tools stores the
 * character only; Cancel stores nothing.
 */
export function CardImportReview({
  review,
  busy,
  onApply,
  onCancel,
}: {
  review: CardImportReviewData;
  busy: boolean;
  onApply: (withTools: boolean, lorebook?: LorebookAction, tools?: string[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [lorebook, setLorebook] = useState<LorebookAction | undefined>(review.lorebook?.action);
  // the card's own tools that can be imported each get a checkbox; the override's tools come with it
  const pickable = review.tools
    .filter((t) => t.willImport && t.source !== 'orchestration')
    .map((t) => t.name);
  const [picked, setPicked] = useState<Set<string>>(() => new Set(pickable));
  const pick = (name: string, on: boolean) =>
    setPicked((old) => {
      const next = new Set(old);
      if (on) next.add(name);
      else next.delete(name);
      return next;
    });
  if (!review.hasTools) {
    // only the lorebook to decide
    return (
      <section className="panel card-review" aria-labelledby="card-review-title">
        <h2 id="card-review-title">{t('cardImport.reviewImport', { name: review.card.name })}</h2>
        <p>{t('cardImport.nothingSaved')}</p>
        {review.lorebook && lorebook && (
          <LorebookChoice conflict={review.lorebook} value={lorebook} onChange={setLorebook} />
        )}
        <div className="row end card-review-actions">
          <button type="button" onClick={onCancel} disabled={busy}>
            {t('common.cancel')}
          </button>
          <button type="button" className="primary" onClick={() => onApply(false, lorebook)} disabled={busy}>
            {t('cardImport.import')}
          </button>
        </div>
      </section>
    );
  }
  return (
    <section className="panel card-review" aria-labelledby="card-review-title">
      <h2 id="card-review-title">{t('cardImport.reviewTools', { name: review.card.name })}</h2>
      <p>
        {t('cardImport.carries', {
          format: review.format.toUpperCase(),
          version: review.specVersion ? `${review.version} ${review.specVersion}` : review.version,
          count: review.tools.length,
        })}
      </p>
      {review.warnings.length > 0 && (
        <ul className="card-warnings" aria-label={t('cardImport.warnings')}>
          {review.warnings.map((w) => (
            <li key={w} className="banner info">
              {w}
            </li>
          ))}
        </ul>
      )}
      {review.orchestration && <p className="hint">{t('cardImport.orchestration')}</p>}
      {review.lorebook && lorebook && (
        <LorebookChoice conflict={review.lorebook} value={lorebook} onChange={setLorebook} />
      )}
      {pickable.length > 1 && (
        <div className="row">
          <span>{t('cardImport.selected', { picked: picked.size, count: pickable.length })}</span>
          <button type="button" onClick={() => setPicked(new Set(pickable))} disabled={busy}>
            {t('cardImport.selectAll')}
          </button>
          <button type="button" onClick={() => setPicked(new Set())} disabled={busy}>
            {t('cardImport.selectNone')}
          </button>
        </div>
      )}
      <ul className="card-tools" aria-label={t('cardImport.list')}>
        {review.tools.map((tool) => (
          <ToolReview
            key={`${tool.source}:${tool.name}`}
            tool={tool}
            picked={tool.willImport && tool.source !== 'orchestration' ? picked.has(tool.name) : undefined}
            onPick={(on) => pick(tool.name, on)}
          />
        ))}
      </ul>
      <div className="row end card-review-actions">
        <button type="button" onClick={onCancel} disabled={busy}>
          {t('common.cancel')}
        </button>
        <button type="button" onClick={() => onApply(false, lorebook)} disabled={busy}>
          {t('cardImport.applyWithout')}
        </button>
        <button
          type="button"
          className="primary"
          onClick={() =>
            onApply(
              true,
              lorebook,
              pickable.filter((name) => picked.has(name)),
            )
          }
          disabled={busy}
        >
          {t('cardImport.applyWith')}
        </button>
      </div>
    </section>
  );
}
