import { useTranslation } from 'react-i18next';
import type { ImportResult, Tool } from '../../api/types';
import { hrefFor } from '../../app/router';
import { KindPill } from './ToolRow';

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
  const { t } = useTranslation();
  const yesNo = (v: boolean) => (v ? t('functions.review.yes') : t('functions.review.no'));
  const skipped = result.skipped.map((s) =>
    t('functions.review.skipped', { name: s.name, reason: s.reason }),
  );
  return (
    <section className="panel import-review" aria-labelledby="import-review-title">
      <div className="spread">
        <h2 id="import-review-title">{t('functions.review.title')}</h2>
        <button type="button" onClick={onDismiss}>
          {t('common.dismiss')}
        </button>
      </div>
      <div role="status">
        <p className="import-headline">{t('functions.review.imported', { count: result.imported })}</p>
        {result.renamed && result.renamed.length > 0 && (
          <ul className="renamed" aria-label={t('functions.review.renamedList')}>
            {result.renamed.map((r) => (
              <li key={r.to} title={r.reason}>
                {t('functions.review.renamed', { from: r.from, to: r.to })}
              </li>
            ))}
          </ul>
        )}
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
          <h3>{t('functions.review.before')}</h3>
          <p className="hint">{t('functions.review.beforeHint')}</p>
          <ul className="review-list" aria-label={t('functions.review.list')}>
            {result.review.map((entry) => {
              const tool = tools.find((t) => t.name === entry.name);
              return (
                <li key={entry.name} className="review-item">
                  <div className="row">
                    <strong>{entry.name}</strong>
                    <KindPill kind={entry.kind} />
                    <span className={`pill${tool?.enabled ? ' ok' : ''}`}>
                      {tool
                        ? tool.enabled
                          ? t('functions.review.on')
                          : t('functions.review.off')
                        : t('functions.review.deleted')}
                    </span>
                  </div>
                  <dl className="review-facts">
                    <dt>{t('functions.review.origin')}</dt>
                    <dd>{entry.origin ?? '—'}</dd>
                    <dt>{t('functions.review.askedEnabled')}</dt>
                    <dd>{yesNo(entry.requestedEnabled)}</dd>
                    <dt>{t('functions.review.askedContext')}</dt>
                    <dd>{yesNo(entry.requestedHiddenContext)}</dd>
                    {entry.requestedFetch !== undefined && entry.kind === 'script' && (
                      <>
                        <dt>{t('functions.review.callsFetch')}</dt>
                        <dd>{yesNo(entry.requestedFetch)}</dd>
                      </>
                    )}
                    {entry.luker && entry.luker.supported.length > 0 && (
                      <>
                        <dt>{t('functions.review.lukerUsed')}</dt>
                        <dd>{entry.luker.supported.join(', ')}</dd>
                      </>
                    )}
                    {entry.luker && entry.luker.unsupported.length > 0 && (
                      <>
                        <dt>{t('functions.review.unsupported')}</dt>
                        <dd className="error">
                          {t('functions.review.unsupportedList', {
                            list: entry.luker.unsupported.join(', '),
                          })}
                        </dd>
                      </>
                    )}
                  </dl>
                  {tool && (
                    <a
                      className="button"
                      href={hrefFor({ page: 'function-edit', id: tool.id })}
                      aria-label={t('functions.review.openNamed', { name: entry.name })}
                    >
                      {t('functions.review.open')}
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
