import { useState } from 'react';
import type {
  CardImportReviewData,
  CardLorebookConflict,
  CardToolReview,
  LorebookAction,
} from '../../api/types';

const KIND_LABELS: Record<string, string> = {
  static: 'Static',
  webhook: 'Webhook',
  script: 'Script',
  native: 'Native',
};
const SOURCE_LABELS: Record<CardToolReview['source'], string> = {
  toolsmith: 'Toolsmith tools',
  luker: 'Luker orchestrator',
  orchestration: 'the character’s orchestration profile',
};

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
  return (
    <li className="panel card-tool" aria-label={`Tool ${tool.name}`}>
      <div className="spread">
        <h3 className="card-tool-name">
          {picked !== undefined && (
            <input
              type="checkbox"
              className="card-tool-pick"
              checked={picked}
              onChange={(e) => onPick(e.target.checked)}
              aria-label={`Import ${tool.name}`}
            />
          )}
          {tool.name}
          {tool.displayName ? <span className="hint"> · {tool.displayName}</span> : null}
        </h3>
        <span className="row">
          <span className="pill">{KIND_LABELS[tool.kind] ?? tool.kind}</span>
          <span className={`pill${tool.mode === 'write' ? ' amber' : ''}`}>
            {tool.mode === 'write' ? 'Write' : 'Read'}
          </span>
          {tool.willImport ? (
            <span className={`pill${tool.enabledAfterImport ? ' ok' : ''}`}>
              {tool.enabledAfterImport ? 'Arrives enabled' : 'Arrives disabled'}
            </span>
          ) : (
            <span className="pill danger">Will be skipped</span>
          )}
        </span>
      </div>
      <p className="card-tool-description">{tool.description}</p>
      {tool.skipReason && (
        <p className="error hint" role="note">
          Skipped: {tool.skipReason}
        </p>
      )}
      <dl className="card-tool-facts">
        <dt>Kind</dt>
        <dd>{KIND_LABELS[tool.kind] ?? tool.kind}</dd>
        <dt>Mode</dt>
        <dd>{tool.mode}</dd>
        <dt>Origin</dt>
        <dd>{tool.origin ?? (tool.kind === 'webhook' ? 'unknown' : 'runs here (no network)')}</dd>
        <dt>Requested state</dt>
        <dd>
          {tool.requestedEnabled ? 'enabled' : 'disabled'}, hidden chat context{' '}
          {tool.requestedHiddenContext ? 'requested' : 'not requested'}
          {tool.requestedFetch ? ', calls fetch (Allow fetch arrives off)' : ''}
        </dd>
        {tool.luker && tool.luker.supported.length > 0 && (
          <>
            <dt>Luker features used</dt>
            <dd>{tool.luker.supported.join(', ')}</dd>
          </>
        )}
        {tool.luker && tool.luker.unsupported.length > 0 && (
          <>
            <dt>Not supported here</dt>
            <dd className="error">
              {tool.luker.unsupported.join(', ')} — these throw when the script reaches them
            </dd>
          </>
        )}
        <dt>Found in</dt>
        <dd>
          {SOURCE_LABELS[tool.source]} ({tool.format})
        </dd>
      </dl>
      {tool.kind === 'script' && (
        <>
          <CodeBlock label={`Body of ${tool.name}`} code={tool.body ?? ''} />
          <CodeBlock
            label={`Simulate body of ${tool.name}`}
            code={tool.simulateBody && tool.simulateBody.trim() !== '' ? tool.simulateBody : '(none)'}
          />
        </>
      )}
      {tool.kind === 'static' && (
        <CodeBlock label={`Static result of ${tool.name}`} code={tool.staticResult ?? ''} />
      )}
      <CodeBlock label={`Parameters of ${tool.name}`} code={JSON.stringify(tool.parameters, null, 2)} />
    </li>
  );
}

const LOREBOOK_CHOICES: Record<LorebookAction, (c: CardLorebookConflict) => string> = {
  replace: (c) => `Replace your “${c.existing.name}” with the card’s`,
  'keep-both': (c) => `Keep both (the card’s as “${c.renameTo}”)`,
  skip: (c) => `Skip (the character uses your “${c.existing.name}”)`,
};

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
  return (
    <fieldset className="panel card-lorebook-choice">
      <legend>Lorebook “{conflict.name}”</legend>
      <p>
        You already have a lorebook called “{conflict.existing.name}” ({conflict.existing.entries}{' '}
        {conflict.existing.entries === 1 ? 'entry' : 'entries'}).{' '}
        {conflict.identical
          ? 'The card’s has the same entries.'
          : `The card’s (${conflict.entries} ${conflict.entries === 1 ? 'entry' : 'entries'}) differs from it.`}
      </p>
      {conflict.choices.map((choice) => (
        <label key={choice} className="inline">
          <input
            type="radio"
            name="card-lorebook"
            checked={value === choice}
            onChange={() => onChange(choice)}
          />
          {LOREBOOK_CHOICES[choice](conflict)}
        </label>
      ))}
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
        <h2 id="card-review-title">Review the import of “{review.card.name}”</h2>
        <p>Nothing is saved until you choose.</p>
        {review.lorebook && lorebook && (
          <LorebookChoice conflict={review.lorebook} value={lorebook} onChange={setLorebook} />
        )}
        <div className="row end card-review-actions">
          <button type="button" onClick={onCancel} disabled={busy}>
            Cancel
          </button>
          <button type="button" className="primary" onClick={() => onApply(false, lorebook)} disabled={busy}>
            Import
          </button>
        </div>
      </section>
    );
  }
  return (
    <section className="panel card-review" aria-labelledby="card-review-title">
      <h2 id="card-review-title">Review the tools of “{review.card.name}”</h2>
      <p>
        This {review.format.toUpperCase()} card ({review.version}
        {review.specVersion ? ` ${review.specVersion}` : ''}) carries {review.tools.length} tool
        {review.tools.length === 1 ? '' : 's'}. Nothing is saved until you choose. Webhook and script tools
        arrive disabled: switch them on in the character’s tools once you trust them.
      </p>
      {review.warnings.length > 0 && (
        <ul className="card-warnings" aria-label="Warnings">
          {review.warnings.map((w) => (
            <li key={w} className="banner info">
              {w}
            </li>
          ))}
        </ul>
      )}
      {review.orchestration && (
        <p className="hint">The card also carries an orchestration override for this character.</p>
      )}
      {review.lorebook && lorebook && (
        <LorebookChoice conflict={review.lorebook} value={lorebook} onChange={setLorebook} />
      )}
      {pickable.length > 1 && (
        <div className="row">
          <span>
            {picked.size} of {pickable.length} tools selected
          </span>
          <button type="button" onClick={() => setPicked(new Set(pickable))} disabled={busy}>
            Select all
          </button>
          <button type="button" onClick={() => setPicked(new Set())} disabled={busy}>
            Select none
          </button>
        </div>
      )}
      <ul className="card-tools" aria-label="Tools in this card">
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
          Cancel
        </button>
        <button type="button" onClick={() => onApply(false, lorebook)} disabled={busy}>
          Apply without tools
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
          Apply with tools
        </button>
      </div>
    </section>
  );
}
