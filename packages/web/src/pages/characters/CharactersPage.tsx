import { useCallback, useEffect, useRef, useState } from 'react';
import { api, errorMessage, request } from '../../api/client';
import { startChat } from '../../api/start-chat';
import type { CardImportAnswer, CardImportReviewData, Character } from '../../api/types';
import { navigate } from '../../app/router';
import { ConfirmDialog } from '../../components/Dialog';
import { downloadExport, exportedMessage } from '../../components/download';
import { ErrorBanner } from '../../components/ErrorBanner';
import { useEditableList } from '../../components/use-editable-list';
import { CardImportReview } from './CardImportReview';
import { CharacterForm } from './CharacterForm';
import { cardContentType } from './character-form';
import '../connections/settings-pages.css';
import './characters.css';

type Pending = { importId: string; review: CardImportReviewData };

/** "Imported X." plus what the server skipped or warned about. */
function savedMessage(answer: Extract<CardImportAnswer, { status: 'saved' }>): string {
  const parts = [`Imported “${answer.character.name}”`];
  if (answer.tools.length > 0) {
    const off = answer.tools.filter((t) => !t.enabled).length;
    parts[0] += ` with ${answer.tools.length} tool${answer.tools.length === 1 ? '' : 's'}`;
    if (off > 0) parts.push(`${off} disabled until you switch ${off === 1 ? 'it' : 'them'} on`);
  }
  if (answer.lorebookId) parts.push('its lorebook was imported too');
  for (const s of answer.skipped) parts.push(`skipped ${s.name}: ${s.reason}`);
  for (const w of answer.warnings) parts.push(w);
  return `${parts.join('; ')}.`;
}

/** Characters: the list, create and edit, delete, card import with review of the tools a card carries, export. */
export function CharactersPage() {
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
  // one status line for imports and saves (a create closes its form, so "Saved" says it worked)
  const saved = (character: Character) => {
    savedInList(character);
    setStatus(`Saved “${character.name}”.`);
  };

  const chatWith = async (character: Character) => {
    setError(null);
    try {
      const chat = await startChat({ title: character.name, characterIds: [character.id] });
      navigate({ page: 'chat', id: chat.id });
    } catch (e) {
      setError(`Could not start a chat: ${errorMessage(e)}`);
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
    setStatus(`Reading ${file.name}…`);
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
      setError(`Import failed: ${errorMessage(e)}`);
    } finally {
      setBusy(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const apply = async (withTools: boolean) => {
    if (!pending) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await api.post<CardImportAnswer>(
        `/api/characters/import/${encodeURIComponent(pending.importId)}/apply`,
        { withTools },
      );
      setPending(null);
      if (answer.status === 'saved') await afterSaved(answer);
    } catch (e) {
      setError(`Apply failed: ${errorMessage(e)}`);
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
      setStatus(`Cancelled: nothing from “${pending.review.card.name}” was saved.`);
    } catch (e) {
      // An expired import is gone anyway: nothing was saved either way.
      setError(`Cancel: ${errorMessage(e)}`);
    } finally {
      setPending(null);
      setBusy(false);
    }
  };

  const exportCharacter = async (character: Character) => {
    const choice = exportFormat[character.id] ?? 'json-v3';
    const [format, version] = choice.split('-');
    setError(null);
    try {
      const { name, secrets } = await downloadExport(
        `/api/characters/${encodeURIComponent(character.id)}/export?format=${format}&version=${version}`,
        `${character.name}.${format === 'png' ? 'png' : 'card.json'}`,
      );
      setStatus(exportedMessage(name, secrets));
    } catch (e) {
      setError(`Export failed: ${errorMessage(e)}`);
    }
  };

  return (
    <section>
      <div className="spread">
        <h1>Characters</h1>
        <div className="row">
          <button
            type="button"
            onClick={() => fileInput.current?.click()}
            disabled={busy || pending !== null}
          >
            Import card (JSON or PNG)
          </button>
          <input
            ref={fileInput}
            type="file"
            accept=".json,.png,application/json,image/png"
            className="char-file-input"
            tabIndex={-1}
            aria-label="Character card file to import"
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
            New character
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
          onApply={(w) => void apply(w)}
          onCancel={() => void cancel()}
        />
      )}
      {editing === 'new' && (
        <CharacterForm character={null} onSaved={saved} onCancel={() => setEditing(null)} />
      )}
      {characters === null && !error && <p className="hint">Loading…</p>}
      {characters?.length === 0 && editing !== 'new' && !pending && (
        <p className="empty">
          No characters yet. Create one, or import a Character Card (V2 or V3, JSON or PNG).
        </p>
      )}
      <ul className="card-list" aria-label="Characters">
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
                      src={`/api/characters/${encodeURIComponent(character.id)}/avatar`}
                      alt=""
                      width={48}
                      height={48}
                    />
                  )}
                  <div>
                    <h2 className="card-title">{character.name}</h2>
                    <div className="hint">
                      {character.description.slice(0, 140) || 'No description.'}
                      {character.tags.length > 0 ? ` · ${character.tags.join(', ')}` : ''}
                    </div>
                  </div>
                </div>
                <div className="row">
                  <button
                    type="button"
                    className="primary"
                    onClick={() => void chatWith(character)}
                    aria-label={`Start chat with ${character.name}`}
                  >
                    Start chat
                  </button>
                  <button
                    type="button"
                    onClick={() => setEditing(character)}
                    aria-label={`Edit ${character.name}`}
                  >
                    Edit
                  </button>
                  <label className="char-export">
                    <span className="char-hidden">Export format for {character.name}</span>
                    <select
                      value={exportFormat[character.id] ?? 'json-v3'}
                      onChange={(e) => setExportFormat((f) => ({ ...f, [character.id]: e.target.value }))}
                    >
                      <option value="json-v3">JSON, V3</option>
                      <option value="json-v2">JSON, V2</option>
                      <option value="png-v3">PNG, V3</option>
                      <option value="png-v2">PNG, V2</option>
                    </select>
                  </label>
                  <button
                    type="button"
                    onClick={() => void exportCharacter(character)}
                    aria-label={`Export ${character.name}`}
                  >
                    Export
                  </button>
                  <button
                    type="button"
                    className="danger"
                    onClick={() => setDeleting(character)}
                    aria-label={`Delete ${character.name}`}
                  >
                    Delete
                  </button>
                </div>
              </div>
            </li>
          ),
        )}
      </ul>
      {deleting && (
        <ConfirmDialog
          title="Delete character"
          message={
            <p>
              Delete <strong>{deleting.name}</strong> and its tools? Its lorebook stays as a normal lorebook.
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
