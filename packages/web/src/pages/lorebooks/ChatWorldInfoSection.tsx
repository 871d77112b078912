import { useCallback, useEffect, useState } from 'react';
import { api, errorMessage } from '../../api/client';
import type { LorebookSummary, WorldInfoActivationTrace } from '../../api/types';
import { ErrorBanner } from '../../components/ErrorBanner';
import { hrefFor } from '../../app/router';
import { traceLines } from './activation-text';
import './lorebooks.css';

/**
 * Chat Settings › World Info: which lorebooks this chat uses (global ones always apply) and the last
 * generation's activation trace (each entry, and why it was used or not).
 */
export function ChatWorldInfoSection({
  chatId,
  lorebookIds,
  onChange,
}: {
  chatId: string;
  lorebookIds: string[];
  onChange: (lorebookIds: string[]) => Promise<void>;
}) {
  const [books, setBooks] = useState<LorebookSummary[] | null>(null);
  const [activation, setActivation] = useState<WorldInfoActivationTrace | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const loadTrace = useCallback(() => {
    api
      .get<{ activation: WorldInfoActivationTrace | null }>(
        `/api/chats/${encodeURIComponent(chatId)}/world-info`,
      )
      .then((a) => setActivation(a.activation))
      .catch((e) => setError(`Could not load the last activation: ${errorMessage(e)}`));
  }, [chatId]);

  useEffect(() => {
    api
      .get<{ lorebooks: LorebookSummary[] }>('/api/lorebooks')
      .then((a) => setBooks(a.lorebooks))
      .catch((e) => setError(`Could not load lorebooks: ${errorMessage(e)}`));
    loadTrace();
  }, [loadTrace]);

  const toggle = async (id: string, on: boolean) => {
    setBusy(true);
    setError(null);
    try {
      await onChange(on ? [...lorebookIds, id] : lorebookIds.filter((x) => x !== id));
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  const lines = activation ? traceLines(activation) : [];
  const missing = books ? lorebookIds.filter((id) => !books.some((b) => b.id === id)) : [];

  return (
    <section className="drawer-section" aria-labelledby="world-info-heading">
      <h3 id="world-info-heading">World Info</h3>
      <ErrorBanner error={error} onDismiss={() => setError(null)} />
      {books?.length === 0 && (
        <p className="hint">
          No lorebooks yet. <a href={hrefFor({ page: 'lorebooks' })}>Create one</a>.
        </p>
      )}
      {books && books.length > 0 && (
        <fieldset className="field">
          <legend>Lorebooks in this chat</legend>
          <ul className="lore-attach">
            {books.map((book) => (
              <li key={book.id}>
                <label className="check">
                  <input
                    type="checkbox"
                    checked={book.global || lorebookIds.includes(book.id)}
                    disabled={busy || book.global}
                    onChange={(e) => void toggle(book.id, e.target.checked)}
                  />
                  {book.name}
                  {book.global && <span className="pill">Global</span>}
                  {book.disabled && <span className="pill amber">Disabled</span>}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      {missing.length > 0 && <p className="hint">{missing.length} attached lorebook(s) no longer exist.</p>}
      <div className="spread">
        <h4>Last activation</h4>
        <button type="button" onClick={loadTrace}>
          Refresh activation
        </button>
      </div>
      {activation === null && (
        <p className="hint">No generation has activated world info in this chat yet.</p>
      )}
      {activation && (
        <>
          <p className="hint">
            {new Date(activation.at).toLocaleString()} · {activation.activated.length} entr
            {activation.activated.length === 1 ? 'y' : 'ies'} used
            {activation.recursionDepth > 0 ? ` · recursion depth ${activation.recursionDepth}` : ''}
            {activation.budget
              ? ` · budget ${activation.budget.used}/${activation.budget.limit} ${activation.budget.unit}${
                  activation.budget.overflowed ? ' (overflowed)' : ''
                }`
              : ''}
          </p>
          {lines.length === 0 ? (
            <p className="hint">No entries were scanned.</p>
          ) : (
            <ul className="lore-trace" aria-label="World info activation">
              {lines.map((line, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the trace is a fixed list in its own order
                <li key={i} className={line.state}>
                  <strong>{line.label}</strong>{' '}
                  <span
                    className={`pill${line.state === 'on' ? ' ok' : line.state === 'dropped' ? ' amber' : ''}`}
                  >
                    {line.state === 'on' ? 'Used' : line.state === 'dropped' ? 'Dropped' : 'Not used'}
                  </span>
                  <div className="hint">{line.text}</div>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
