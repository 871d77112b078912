import type { ImportResult, Tool } from '../../api/types';
import { hrefFor } from '../../app/router';
import { importSummary } from './import-tools';
import { KindPill } from './ToolRow';

const yesNo = (v: boolean) => (v ? 'yes' : 'no');

/**
 * What the last import did: the counts, what was skipped and why, and every webhook/script tool that arrived
 * switched off, with what the file asked for, so the user opens each one before switching it on.
 */
export function ImportReview({
  result,
  tools,
  onDismiss,
}: {
  result: ImportResult;
  tools: Tool[];
  onDismiss: () => void;
}) {
  const { headline, skipped } = importSummary(result);
  return (
    <section className="panel import-review" aria-labelledby="import-review-title">
      <div className="spread">
        <h2 id="import-review-title">Import result</h2>
        <button type="button" onClick={onDismiss}>
          Dismiss
        </button>
      </div>
      <div role="status">
        <p className="import-headline">{headline}</p>
        {skipped.length > 0 && (
          <ul className="skipped">
            {skipped.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        )}
      </div>
      {result.review.length > 0 && (
        <>
          <h3>Review before switching on</h3>
          <p className="hint">
            Webhook and script tools are imported switched off, with hidden chat context off, whatever the
            file asked for. Open each one, check what it does, then switch it on.
          </p>
          <ul className="review-list" aria-label="Imported tools to review">
            {result.review.map((entry) => {
              const tool = tools.find((t) => t.name === entry.name);
              return (
                <li key={entry.name} className="review-item">
                  <div className="row">
                    <strong>{entry.name}</strong>
                    <KindPill kind={entry.kind} />
                    <span className={`pill${tool?.enabled ? ' ok' : ''}`}>
                      {tool ? (tool.enabled ? 'On' : 'Off') : 'Deleted'}
                    </span>
                  </div>
                  <dl className="review-facts">
                    <dt>Origin</dt>
                    <dd>{entry.origin ?? '—'}</dd>
                    <dt>File asked to be enabled</dt>
                    <dd>{yesNo(entry.requestedEnabled)}</dd>
                    <dt>File asked for hidden context</dt>
                    <dd>{yesNo(entry.requestedHiddenContext)}</dd>
                    {entry.requestedFetch !== undefined && entry.kind === 'script' && (
                      <>
                        <dt>Calls fetch (Allow fetch arrives off)</dt>
                        <dd>{yesNo(entry.requestedFetch)}</dd>
                      </>
                    )}
                    {entry.luker && entry.luker.supported.length > 0 && (
                      <>
                        <dt>Luker features used</dt>
                        <dd>{entry.luker.supported.join(', ')}</dd>
                      </>
                    )}
                    {entry.luker && entry.luker.unsupported.length > 0 && (
                      <>
                        <dt>Not supported here</dt>
                        <dd className="error">
                          {entry.luker.unsupported.join(', ')} — these throw when the script reaches them
                        </dd>
                      </>
                    )}
                  </dl>
                  {tool && (
                    <a
                      className="button"
                      href={hrefFor({ page: 'function-edit', id: tool.id })}
                      aria-label={`Open ${entry.name} to review`}
                    >
                      Open to review
                    </a>
                  )}
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}
