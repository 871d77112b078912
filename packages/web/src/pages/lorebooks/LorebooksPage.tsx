import type { LorebookImportPlanAnswer } from '@toolsmith/core/api-schema';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorMessage } from '../../api/client';
import type { Lorebook, LorebookSummary } from '../../api/types';
import { hrefFor, navigate } from '../../app/router';
import { EditableListPage } from '../../components/EditableListPage';
import { namedItemLabels } from '../../components/named-item-labels';
import { Switch } from '../../components/Switch';
import { useEditableList } from '../../components/use-editable-list';
import { appliedNote, type PendingFile, planLorebookImport } from './import-review';
import { LorebookImportReview } from './LorebookImportReview';
import '../connections/settings-pages.css';
import './lorebooks.css';

/** Lorebooks (world info): the list, creating and deleting books, the global switch, SillyTavern import. */
export function LorebooksPage() {
  const { t } = useTranslation();
  const list = useEditableList<LorebookSummary>('/api/lorebooks', 'lorebooks');
  const { setItems: setBooks, setError, setNotice: setStatus } = list;
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState<(PendingFile & { plan: LorebookImportPlanAnswer }) | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const create = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError(t('lorebooks.nameRequired'));
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

  // the file is planned on the server (nothing written); the review below stores what the user chooses
  const importFile = async (file: File) => {
    setBusy(true);
    setError(null);
    setStatus(null);
    try {
      let parsed: unknown;
      try {
        parsed = JSON.parse(await file.text());
      } catch {
        throw new Error(t('lorebooks.notJson', { name: file.name }));
      }
      // named after the file, as SillyTavern names a world
      const next: PendingFile = {
        fileName: file.name,
        file: parsed,
        name: file.name.replace(/\.json$/i, ''),
      };
      setPending({ ...next, plan: await planLorebookImport(next) });
    } catch (e) {
      setError(t('lorebooks.importFailed', { message: errorMessage(e) }));
    } finally {
      setBusy(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const setGlobal = async (book: LorebookSummary, global: boolean) => {
    setError(null);
    try {
      await api.patch(`/api/lorebooks/${encodeURIComponent(book.id)}`, { global });
      setBooks((books) => books?.map((b) => (b.id === book.id ? { ...b, global } : b)) ?? null);
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  return (
    <EditableListPage
      list={list}
      title={t('nav.lorebooks')}
      headerActions={
        <>
          <button
            type="button"
            onClick={() => fileInput.current?.click()}
            disabled={busy || pending !== null}
          >
            {t('lorebooks.import')}
          </button>
          <input
            ref={fileInput}
            type="file"
            accept=".json,application/json"
            className="lore-file-input"
            tabIndex={-1}
            aria-label={t('lorebooks.importFile')}
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void importFile(file);
            }}
          />
        </>
      }
      intro={
        <form className="row new-book" onSubmit={create}>
          <label className="lore-grow">
            <span className="lore-hidden">{t('lorebooks.newName')}</span>
            <input
              placeholder={t('lorebooks.newName')}
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
          </label>
          <button type="submit" className="primary" disabled={busy}>
            {t('lorebooks.create')}
          </button>
        </form>
      }
      beforeList={
        pending && (
          <LorebookImportReview
            pending={pending}
            initialPlan={pending.plan}
            onApplied={(outcome) => {
              setPending(null);
              setStatus(appliedNote(outcome));
              void list.reload();
            }}
            onClose={() => setPending(null)}
          />
        )
      }
      empty={t('lorebooks.empty')}
      listLabel={t('nav.lorebooks')}
      renderCard={(book, buttons) => (
        <div className="spread">
          <div>
            <h2 className="card-title" translate="no">
              <a href={hrefFor({ page: 'lorebook-edit', id: book.id })}>{book.name}</a>
            </h2>
            <div className="hint">
              {t('lorebooks.entries', { count: book.entryCount })}
              {book.description ? <span translate="no"> · {book.description.slice(0, 120)}</span> : null}
            </div>
          </div>
          <div className="row">
            {book.disabled && <span className="pill amber">{t('lorebooks.disabled')}</span>}
            <span className="hint">{t('lorebooks.global')}</span>
            <Switch
              label={t('lorebooks.isGlobal', { name: book.name })}
              checked={book.global}
              onChange={(g) => void setGlobal(book, g)}
            />
            {buttons.edit}
            {buttons.delete}
          </div>
        </div>
      )}
      {...namedItemLabels<LorebookSummary>(t, 'lorebooks', { count: (book) => book.entryCount })}
      editHref={(book) => hrefFor({ page: 'lorebook-edit', id: book.id })}
    />
  );
}
