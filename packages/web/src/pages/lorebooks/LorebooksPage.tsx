import { useCallback, useEffect, useRef, useState } from 'react';
import { api, errorMessage } from '../../api/client';
import type { Lorebook, LorebookSummary } from '../../api/types';
import { hrefFor, navigate } from '../../app/router';
import { ConfirmDialog } from '../../components/Dialog';
import { ErrorBanner } from '../../components/ErrorBanner';
import { Switch } from '../../components/Switch';
import '../connections/settings-pages.css';
import './lorebooks.css';

/** Lorebooks (world info): the list, creating and deleting books, the global switch, SillyTavern import. */
export function LorebooksPage() {
  const [books, setBooks] = useState<LorebookSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState<LorebookSummary | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const load = useCallback(
    () =>
      api
        .get<{ lorebooks: LorebookSummary[] }>('/api/lorebooks')
        .then((a) => setBooks(a.lorebooks))
        .catch((e) => setError(errorMessage(e))),
    [],
  );
  useEffect(() => {
    void load();
  }, [load]);

  const create = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError('Give the new lorebook a name.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const book = await api.post<Lorebook>('/api/lorebooks', { name: name.trim() });
      setName('');
      navigate({ page: 'lorebook-edit', id: book.id });
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  const importFile = async (file: File) => {
    setBusy(true);
    setError(null);
    setStatus(null);
    try {
      let parsed: unknown;
      try {
        parsed = JSON.parse(await file.text());
      } catch {
        throw new Error(`${file.name} is not JSON. Choose a SillyTavern world-info .json file.`);
      }
      const baseName = file.name.replace(/\.json$/i, '');
      const book = await api.post<Lorebook & { warnings?: string[] }>(
        `/api/lorebooks/import?name=${encodeURIComponent(baseName)}`,
        parsed,
      );
      // keys the server left out (regexes its linear-time engine cannot run) are listed, never dropped silently
      const warnings = book.warnings?.length ? ` ${book.warnings.join(' ')}` : '';
      setStatus(
        `Imported "${book.name}" with ${book.entries.length} entr${book.entries.length === 1 ? 'y' : 'ies'}.${warnings}`,
      );
      await load();
    } catch (e) {
      setError(`Import failed: ${errorMessage(e)}`);
    } finally {
      setBusy(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const setGlobal = async (book: LorebookSummary, global: boolean) => {
    setError(null);
    try {
      await api.patch(`/api/lorebooks/${encodeURIComponent(book.id)}`, { global });
      setBooks((list) => list?.map((b) => (b.id === book.id ? { ...b, global } : b)) ?? null);
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  const remove = async () => {
    if (!deleting) return;
    try {
      await api.del(`/api/lorebooks/${encodeURIComponent(deleting.id)}`);
      setBooks((list) => list?.filter((b) => b.id !== deleting.id) ?? null);
      setDeleting(null);
      setDeleteError(null);
    } catch (e) {
      setDeleteError(errorMessage(e));
    }
  };

  return (
    <section>
      <div className="spread">
        <h1>Lorebooks</h1>
        <div className="row">
          <button type="button" onClick={() => fileInput.current?.click()} disabled={busy}>
            Import world info (JSON)
          </button>
          <input
            ref={fileInput}
            type="file"
            accept=".json,application/json"
            className="lore-file-input"
            tabIndex={-1}
            aria-label="World-info file to import"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void importFile(file);
            }}
          />
        </div>
      </div>
      <form className="row new-book" onSubmit={create}>
        <label className="lore-grow">
          <span className="lore-hidden">New lorebook name</span>
          <input placeholder="New lorebook name" value={name} onChange={(e) => setName(e.target.value)} />
        </label>
        <button type="submit" className="primary" disabled={busy}>
          Create lorebook
        </button>
      </form>
      <ErrorBanner error={error} onDismiss={() => setError(null)} />
      {status && (
        <p className="banner info" role="status">
          {status}
        </p>
      )}
      {books === null && !error && <p className="hint">Loading…</p>}
      {books?.length === 0 && (
        <p className="empty">No lorebooks yet. Create one, or import a SillyTavern world-info file.</p>
      )}
      <ul className="card-list" aria-label="Lorebooks">
        {books?.map((book) => (
          <li key={book.id} className="panel" aria-label={book.name}>
            <div className="spread">
              <div>
                <h2 className="card-title">
                  <a href={hrefFor({ page: 'lorebook-edit', id: book.id })}>{book.name}</a>
                </h2>
                <div className="hint">
                  {book.entryCount} entr{book.entryCount === 1 ? 'y' : 'ies'}
                  {book.description ? ` · ${book.description.slice(0, 120)}` : ''}
                </div>
              </div>
              <div className="row">
                {book.disabled && <span className="pill amber">Disabled</span>}
                <span className="hint">Global</span>
                <Switch
                  label={`${book.name} is global`}
                  checked={book.global}
                  onChange={(g) => void setGlobal(book, g)}
                />
                <a
                  className="button"
                  href={hrefFor({ page: 'lorebook-edit', id: book.id })}
                  aria-label={`Edit ${book.name}`}
                >
                  Edit
                </a>
                <button
                  type="button"
                  className="danger"
                  onClick={() => setDeleting(book)}
                  aria-label={`Delete ${book.name}`}
                >
                  Delete
                </button>
              </div>
            </div>
          </li>
        ))}
      </ul>
      {deleting && (
        <ConfirmDialog
          title="Delete lorebook"
          message={
            <p>
              Delete <strong>{deleting.name}</strong> and its {deleting.entryCount} entries? Chats that use it
              carry on without it.
            </p>
          }
          confirmLabel="Delete"
          danger
          error={deleteError}
          onConfirm={remove}
          onCancel={() => {
            setDeleting(null);
            setDeleteError(null);
          }}
        />
      )}
    </section>
  );
}
