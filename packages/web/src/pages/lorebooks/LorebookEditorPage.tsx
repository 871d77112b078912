import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, api, errorMessage } from '../../api/client';
import type { Lorebook, LorebookEntry } from '../../api/types';
import { usePageTitle } from '../../app/page-title';
import { ConfirmDialog } from '../../components/Dialog';
import { downloadFromApi } from '../../components/download';
import { ErrorBanner } from '../../components/ErrorBanner';
import { navigateUnguarded, useLeaveGuard } from '../../components/leave-guard';
import { Switch } from '../../components/Switch';
import { EntryEditor } from './EntryEditor';
import {
  draftFromEntry,
  type EntryDraft,
  emptyEntryDraft,
  entryFromDraft,
  type Tristate,
} from './entry-form';
import './lorebooks.css';

interface BookDraft {
  name: string;
  description: string;
  global: boolean;
  disabled: boolean;
  scanDepth: string;
  caseSensitive: Tristate;
  matchWholeWords: Tristate;
  entries: EntryDraft[];
}

const tri = (v: boolean | null): Tristate => (v === null ? '' : v ? 'yes' : 'no');
const fromTri = (v: Tristate): boolean | null => (v === '' ? null : v === 'yes');

function draftFrom(book: Lorebook): BookDraft {
  return {
    name: book.name,
    description: book.description,
    global: book.global,
    disabled: book.disabled,
    scanDepth: book.scanDepth === null ? '' : String(book.scanDepth),
    caseSensitive: tri(book.caseSensitive),
    matchWholeWords: tri(book.matchWholeWords),
    entries: book.entries.map(draftFromEntry),
  };
}

/** Maps the server's `entries[3].keys` style field names onto the editor's entries. */
function serverEntryErrors(error: ApiError): Record<number, Record<string, string>> {
  const out: Record<number, Record<string, string>> = {};
  for (const { field, message } of error.fieldErrors) {
    const match = /^entries\[(\d+)\](?:\.(\w+))?/.exec(field);
    if (!match) continue;
    const index = Number(match[1]);
    out[index] = { ...out[index], [match[2] ?? 'keys']: message };
  }
  return out;
}

/** Edits one lorebook: its defaults, global flag and every entry; saved as a whole with Save. */
export function LorebookEditorPage({ id }: { id: string }) {
  const { t } = useTranslation();
  const path = `/api/lorebooks/${encodeURIComponent(id)}`;
  const [draft, setDraft] = useState<BookDraft | null>(null);
  const [dirty, setDirty] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [entryErrors, setEntryErrors] = useState<Record<number, Record<string, string>>>({});
  const [open, setOpen] = useState<Set<string>>(new Set());
  const [saving, setSaving] = useState(false);
  const [leaving, setLeaving] = useState<string | null>(null);

  useEffect(() => {
    api
      .get<Lorebook>(path)
      .then((book) => {
        const fresh = draftFrom(book);
        setDraft(fresh);
        // a small book opens its entries; a big one stays collapsed
        if (fresh.entries.length <= 3) setOpen(new Set(fresh.entries.map((e) => e.key)));
      })
      .catch((e) => setLoadError(errorMessage(e)));
  }, [path]);

  useLeaveGuard(dirty, (target) => setLeaving(target));
  usePageTitle(draft?.name);

  const change = (next: Partial<BookDraft>) => {
    setDraft((d) => (d ? { ...d, ...next } : d));
    setDirty(true);
    setStatus(null);
  };
  const changeEntry = (index: number, entry: EntryDraft) => {
    if (!draft) return;
    change({ entries: draft.entries.map((e, i) => (i === index ? entry : e)) });
  };
  const addEntry = () => {
    if (!draft) return;
    const entry = emptyEntryDraft();
    change({ entries: [...draft.entries, entry] });
    setOpen((o) => new Set(o).add(entry.key));
  };
  const removeEntry = (index: number) => {
    if (!draft) return;
    change({ entries: draft.entries.filter((_, i) => i !== index) });
    setEntryErrors({});
  };

  const save = async (): Promise<boolean> => {
    if (!draft) return false;
    setError(null);
    setStatus(null);
    const errors: Record<number, Record<string, string>> = {};
    const entries: LorebookEntry[] = [];
    draft.entries.forEach((d, i) => {
      const result = entryFromDraft(d);
      if (result.ok) entries.push(result.entry);
      else errors[i] = result.errors;
    });
    const scanDepth = draft.scanDepth.trim() === '' ? null : Number(draft.scanDepth);
    if (scanDepth !== null && (!Number.isInteger(scanDepth) || scanDepth < 0 || scanDepth > 1000)) {
      setError(t('lorebooks.editor.scanDepthInvalid'));
      return false;
    }
    if (Object.keys(errors).length > 0) {
      setEntryErrors(errors);
      setOpen((o) => new Set([...o, ...Object.keys(errors).map((i) => draft.entries[Number(i)].key)]));
      setError(t('lorebooks.editor.entriesNeedFixing'));
      return false;
    }
    setSaving(true);
    try {
      const saved = await api.patch<Lorebook>(path, {
        name: draft.name.trim(),
        description: draft.description,
        global: draft.global,
        disabled: draft.disabled,
        scanDepth,
        caseSensitive: fromTri(draft.caseSensitive),
        matchWholeWords: fromTri(draft.matchWholeWords),
        entries,
      });
      // keep the editor's entry keys (open/closed state) while taking the stored values
      const fresh = draftFrom(saved);
      fresh.entries = fresh.entries.map((e, i) => ({ ...e, key: draft.entries[i]?.key ?? e.key }));
      setDraft(fresh);
      setEntryErrors({});
      setDirty(false);
      setStatus(t('common.saved'));
      return true;
    } catch (e) {
      setError(errorMessage(e));
      if (e instanceof ApiError) setEntryErrors(serverEntryErrors(e));
      return false;
    } finally {
      setSaving(false);
    }
  };

  const exportBook = async () => {
    setError(null);
    try {
      await downloadFromApi(`${path}/export`, `${draft?.name || 'lorebook'}.json`);
    } catch (e) {
      setError(t('lorebooks.editor.exportFailed', { message: errorMessage(e) }));
    }
  };

  if (loadError) {
    return (
      <section>
        <a href="#/lorebooks" className="back-link">
          {t('lorebooks.editor.back')}
        </a>
        <ErrorBanner error={t('lorebooks.editor.loadFailed', { message: loadError })} />
      </section>
    );
  }
  if (!draft) return <p className="hint">{t('common.loading')}</p>;

  return (
    <section className="lorebook-editor">
      <div className="spread">
        <div className="row">
          <a href="#/lorebooks" className="back-link">
            {t('lorebooks.editor.back')}
          </a>
          <h1 translate="no">{draft.name || t('title.lorebook')}</h1>
          {dirty && <span className="pill amber">{t('lorebooks.editor.unsaved')}</span>}
        </div>
        <div className="row">
          <button type="button" onClick={exportBook}>
            {t('lorebooks.editor.export')}
          </button>
          <button type="button" className="primary" onClick={() => void save()} disabled={saving}>
            {saving ? t('lorebooks.editor.saving') : t('lorebooks.editor.save')}
          </button>
        </div>
      </div>
      <ErrorBanner error={error} onDismiss={() => setError(null)} />
      {status && (
        <p className="banner info" role="status">
          {status}
        </p>
      )}
      <fieldset className="panel form-grid book-settings" aria-label={t('lorebooks.editor.settings')}>
        <label>
          {t('lorebooks.editor.name')}
          <input value={draft.name} onChange={(e) => change({ name: e.target.value })} maxLength={256} />
        </label>
        <label>
          {t('lorebooks.editor.scanDepth')}
          <input
            type="number"
            min={0}
            max={1000}
            placeholder={t('lorebooks.editor.scanDepthDefault')}
            value={draft.scanDepth}
            onChange={(e) => change({ scanDepth: e.target.value })}
          />
        </label>
        <label className="wide">
          {t('lorebooks.editor.description')}
          <textarea
            rows={2}
            value={draft.description}
            onChange={(e) => change({ description: e.target.value })}
          />
        </label>
        <label>
          {t('lorebooks.editor.caseSensitive')}
          <select
            value={draft.caseSensitive}
            onChange={(e) => change({ caseSensitive: e.target.value as Tristate })}
          >
            <option value="">{t('lorebooks.editor.defaultNo')}</option>
            <option value="yes">{t('lorebooks.editor.yes')}</option>
            <option value="no">{t('lorebooks.editor.no')}</option>
          </select>
        </label>
        <label>
          {t('lorebooks.editor.wholeWords')}
          <select
            value={draft.matchWholeWords}
            onChange={(e) => change({ matchWholeWords: e.target.value as Tristate })}
          >
            <option value="">{t('lorebooks.editor.defaultNo')}</option>
            <option value="yes">{t('lorebooks.editor.yes')}</option>
            <option value="no">{t('lorebooks.editor.no')}</option>
          </select>
        </label>
        <div className="switch-row">
          <div>
            <div className="switch-title">{t('lorebooks.global')}</div>
            <div className="hint">{t('lorebooks.editor.globalHint')}</div>
          </div>
          <Switch
            label={t('lorebooks.editor.globalLabel')}
            checked={draft.global}
            onChange={(global) => change({ global })}
          />
        </div>
        <div className="switch-row">
          <div>
            <div className="switch-title">{t('lorebooks.editor.enabled')}</div>
            <div className="hint">{t('lorebooks.editor.enabledHint')}</div>
          </div>
          <Switch
            label={t('lorebooks.editor.enabledLabel')}
            checked={!draft.disabled}
            onChange={(on) => change({ disabled: !on })}
          />
        </div>
      </fieldset>
      <div className="spread">
        <h2>{t('lorebooks.editor.entriesHeading', { count: draft.entries.length })}</h2>
        <button type="button" onClick={addEntry}>
          {t('lorebooks.editor.addEntry')}
        </button>
      </div>
      {draft.entries.length === 0 && <p className="empty">{t('lorebooks.editor.noEntries')}</p>}
      <ul className="lore-entries" aria-label={t('lorebooks.editor.entriesList')}>
        {draft.entries.map((entry, index) => (
          <EntryEditor
            key={entry.key}
            draft={entry}
            index={index}
            errors={entryErrors[index] ?? {}}
            open={open.has(entry.key)}
            onToggle={() =>
              setOpen((o) => {
                const next = new Set(o);
                if (next.has(entry.key)) next.delete(entry.key);
                else next.add(entry.key);
                return next;
              })
            }
            onChange={(next) => changeEntry(index, next)}
            onRemove={() => removeEntry(index)}
          />
        ))}
      </ul>
      {draft.entries.length > 0 && (
        <div className="row end">
          <button type="button" className="primary" onClick={() => void save()} disabled={saving}>
            {saving ? t('lorebooks.editor.saving') : t('lorebooks.editor.save')}
          </button>
        </div>
      )}
      {leaving && (
        <ConfirmDialog
          title={t('lorebooks.editor.unsaved')}
          message={<p>{t('lorebooks.editor.leaveQuestion')}</p>}
          confirmLabel={t('lorebooks.editor.discard')}
          danger
          onConfirm={() => {
            const target = leaving;
            setDirty(false);
            setLeaving(null);
            navigateUnguarded(target);
          }}
          onCancel={() => setLeaving(null)}
        />
      )}
    </section>
  );
}
