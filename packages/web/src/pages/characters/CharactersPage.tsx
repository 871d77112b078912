import { useCallback, useEffect, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { api, errorMessage, request } from '../../api/client';
import { startChat } from '../../api/start-chat';
import type {
  CardImportAnswer,
  CardImportReviewData,
  Character,
  Chat,
  LorebookAction,
} from '../../api/types';
import { navigate } from '../../app/router';
import { ConfirmDialog } from '../../components/Dialog';
import { downloadExport, exportedMessage } from '../../components/download';
import { ErrorBanner } from '../../components/ErrorBanner';
import { portraitUrl } from '../../components/portrait';
import { useEditableList } from '../../components/use-editable-list';
import { i18n } from '../../i18n/i18n';
import { CardImportReview } from './CardImportReview';
import { CharacterForm } from './CharacterForm';
import { cardContentType } from './character-form';
import '../connections/settings-pages.css';
import './characters.css';

type Pending = { importId: string; review: CardImportReviewData };

/** "Imported X." plus what the server skipped or warned about. */
function savedMessage(answer: Extract<CardImportAnswer, { status: 'saved' }>): string {
  const name = answer.character.name;
  const parts = [
    answer.tools.length > 0
      ? i18n.t('characters.importedWithTools', { name, count: answer.tools.length })
      : i18n.t('characters.imported', { name }),
  ];
  const off = answer.tools.filter((tool) => !tool.enabled).length;
  if (off > 0) parts.push(i18n.t('characters.toolsOff', { count: off }));
  if (answer.lorebookId) parts.push(i18n.t('characters.lorebookToo'));
  for (const s of answer.skipped)
    parts.push(i18n.t('characters.skipped', { name: s.name, reason: s.reason }));
  for (const w of answer.warnings) parts.push(w);
  return `${parts.join('; ')}.`;
}

/** Characters: the list, create and edit, delete, card import with review of the tools a card carries, export. */
export function CharactersPage() {
  const { t } = useTranslation();
  const {
    items: characters,
    setItems: setCharacters,
    editing,
    setEditing,
    deleting,
    setDeleting,
    deleteError,
    setDeleteError,
    saved: savedInList,
    remove,
  } = useEditableList<Character>('/api/characters');
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const [exportFormat, setExportFormat] = useState<Record<string, string>>({});
  const fileInput = useRef<HTMLInputElement>(null);
  /** titles of the chats the character to delete takes part in (the confirmation says so) */
  const [usedBy, setUsedBy] = useState<string[] | null>(null);
  useEffect(() => {
    setUsedBy(null);
    if (!deleting) return;
    let current = true;
    api
      .get<{ chats: Array<Chat & { characterIds?: string[] }> }>('/api/chats')
      .then((a) => {
        if (current)
          setUsedBy(a.chats.filter((c) => c.characterIds?.includes(deleting.id)).map((c) => c.title));
      })
      .catch(() => {});
    return () => {
      current = false;
    };
  }, [deleting]);
  // one status line for imports and saves (a create closes its form, so "Saved" says it worked)
  const saved = (character: Character) => {
    savedInList(character);
    setStatus(t('common.savedName', { name: character.name }));
  };

  const chatWith = async (character: Character) => {
    setError(null);
    try {
      const chat = await startChat({ title: character.name, characterIds: [character.id] });
      navigate({ page: 'chat', id: chat.id });
    } catch (e) {
      setError(t('characters.startChatFailed', { message: errorMessage(e) }));
    }
  };

  const load = useCallback(
    () =>
      api
        .get<{ characters: Character[] }>('/api/characters')
        .then((a) => setCharacters(a.characters))
        .catch((e) => setError(errorMessage(e))),
    [setCharacters],
  );
  useEffect(() => {
    void load();
  }, [load]);

  const afterSaved = async (answer: Extract<CardImportAnswer, { status: 'saved' }>) => {
    setStatus(savedMessage(answer));
    await load();
    // show the new character's tools (with their switches) right away
    if (answer.tools.length > 0) setEditing(answer.character);
  };

  const importFile = async (file: File) => {
    setBusy(true);
    setError(null);
    setStatus(t('characters.reading', { name: file.name }));
    setPending(null);
    try {
      const response = await request('POST', '/api/characters/import', {
        body: file,
        contentType: cardContentType(file),
      });
      const answer = (await response.json()) as CardImportAnswer;
      if (answer.status === 'review') {
        setStatus(null);
        setPending({ importId: answer.importId, review: answer.review });
      } else {
        await afterSaved(answer);
      }
    } catch (e) {
      setStatus(null);
      setError(t('characters.importFailed', { message: errorMessage(e) }));
    } finally {
      setBusy(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const apply = async (withTools: boolean, lorebook?: LorebookAction, tools?: string[]) => {
    if (!pending) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await api.post<CardImportAnswer>(
        `/api/characters/import/${encodeURIComponent(pending.importId)}/apply`,
        { withTools, ...(lorebook ? { lorebook } : {}), ...(tools ? { tools } : {}) },
      );
      setPending(null);
      if (answer.status === 'saved') await afterSaved(answer);
    } catch (e) {
      setError(t('characters.applyFailed', { message: errorMessage(e) }));
    } finally {
      setBusy(false);
    }
  };

  const cancel = async () => {
    if (!pending) return;
    setBusy(true);
    setError(null);
    try {
      await api.del(`/api/characters/import/${encodeURIComponent(pending.importId)}`);
      setStatus(t('characters.cancelled', { name: pending.review.card.name }));
    } catch (e) {
      // An expired import is gone anyway: nothing was saved either way.
      setError(t('characters.cancelFailed', { message: errorMessage(e) }));
    } finally {
      setPending(null);
      setBusy(false);
    }
  };

  const exportCharacter = async (character: Character) => {
    const choice = exportFormat[character.id] ?? 'json-v3';
    // `luker` / `luker-png`: a card for Luker (its orchestrator extension instead of Toolsmith's)
    const [format, version] = choice.startsWith('luker') ? [choice, 'v3'] : choice.split('-');
    setError(null);
    try {
      const { name, secrets, notes } = await downloadExport(
        `/api/characters/${encodeURIComponent(character.id)}/export?format=${format}&version=${version}`,
        `${character.name}.${format.endsWith('png') ? 'png' : 'card.json'}`,
      );
      const lossy = notes ? ` ${t('characters.exportNotes', { count: notes })}` : '';
      setStatus(exportedMessage(name, secrets) + lossy);
    } catch (e) {
      setError(t('characters.exportFailed', { message: errorMessage(e) }));
    }
  };

  return (
    <section>
      <div className="spread">
        <h1>{t('characters.heading')}</h1>
        <div className="row">
          <button
            type="button"
            onClick={() => fileInput.current?.click()}
            disabled={busy || pending !== null}
          >
            {t('characters.import')}
          </button>
          <input
            ref={fileInput}
            type="file"
            accept=".json,.png,application/json,image/png"
            className="char-file-input"
            tabIndex={-1}
            aria-label={t('characters.importFile')}
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void importFile(file);
            }}
          />
          <button
            type="button"
            className="primary"
            onClick={() => setEditing('new')}
            disabled={editing === 'new'}
          >
            {t('characters.new')}
          </button>
        </div>
      </div>
      <ErrorBanner error={error} onDismiss={() => setError(null)} />
      {status && (
        <p className="banner info" role="status">
          {status}
        </p>
      )}
      {pending && (
        <CardImportReview
          review={pending.review}
          busy={busy}
          onApply={(w, lorebook, tools) => void apply(w, lorebook, tools)}
          onCancel={() => void cancel()}
        />
      )}
      {editing === 'new' && (
        <CharacterForm character={null} onSaved={saved} onCancel={() => setEditing(null)} />
      )}
      {characters === null && !error && <p className="hint">{t('common.loading')}</p>}
      {characters?.length === 0 && editing !== 'new' && !pending && (
        <p className="empty">{t('characters.empty')}</p>
      )}
      <ul className="card-list" aria-label={t('characters.list')}>
        {characters?.map((character) =>
          editing !== 'new' && editing?.id === character.id ? (
            <li key={character.id}>
              <CharacterForm character={character} onSaved={saved} onCancel={() => setEditing(null)} />
            </li>
          ) : (
            <li key={character.id} className="panel" aria-label={character.name}>
              <div className="spread">
                <div className="row character-head">
                  {character.hasAvatar && (
                    <img
                      className="character-avatar"
                      src={portraitUrl('characters', character)}
                      alt=""
                      width={48}
                      height={48}
                    />
                  )}
                  <div>
                    <h2 className="card-title">{character.name}</h2>
                    <div className="hint">
                      {character.description.slice(0, 140) || t('characters.noDescription')}
                      {character.tags.length > 0 ? ` · ${character.tags.join(', ')}` : ''}
                    </div>
                  </div>
                </div>
                <div className="row">
                  <button
                    type="button"
                    className="primary"
                    onClick={() => void chatWith(character)}
                    aria-label={t('characters.startChatWith', { name: character.name })}
                  >
                    {t('characters.startChat')}
                  </button>
                  <button
                    type="button"
                    onClick={() => setEditing(character)}
                    aria-label={t('characters.editNamed', { name: character.name })}
                  >
                    {t('common.edit')}
                  </button>
                  <label className="char-export">
                    <span className="char-hidden">
                      {t('characters.exportFormatFor', { name: character.name })}
                    </span>
                    <select
                      value={exportFormat[character.id] ?? 'json-v3'}
                      onChange={(e) => setExportFormat((f) => ({ ...f, [character.id]: e.target.value }))}
                    >
                      <option value="json-v3">JSON, V3</option>
                      <option value="json-v2">JSON, V2</option>
                      <option value="png-v3">PNG, V3</option>
                      <option value="png-v2">PNG, V2</option>
                      <option value="luker">{t('characters.exportLukerJson')}</option>
                      <option value="luker-png">{t('characters.exportLukerPng')}</option>
                    </select>
                  </label>
                  <button
                    type="button"
                    onClick={() => void exportCharacter(character)}
                    aria-label={t('characters.exportNamed', { name: character.name })}
                  >
                    {t('characters.export')}
                  </button>
                  <button
                    type="button"
                    className="danger"
                    onClick={() => setDeleting(character)}
                    aria-label={t('characters.deleteNamed', { name: character.name })}
                  >
                    {t('common.delete')}
                  </button>
                </div>
              </div>
            </li>
          ),
        )}
      </ul>
      {deleting && (
        <ConfirmDialog
          title={t('characters.deleteTitle')}
          message={
            <>
              <p>
                <Trans
                  i18nKey="characters.deleteConfirm"
                  values={{ name: deleting.name }}
                  components={{ strong: <strong /> }}
                />
              </p>
              {usedBy !== null && usedBy.length > 0 && (
                <p className="banner info">
                  {t('characters.usedByChats', { count: usedBy.length, titles: usedBy.join(', ') })}
                </p>
              )}
            </>
          }
          confirmLabel={t('common.delete')}
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
