import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
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
import { downloadExport, exportedMessage } from '../../components/download';
import { EditableListPage } from '../../components/EditableListPage';
import { namedItemLabels } from '../../components/named-item-labels';
import { portraitUrl } from '../../components/portrait';
import { useApiGet } from '../../components/use-api-get';
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
  const list = useEditableList<Character>('/api/characters', 'characters');
  const { setEditing, setError } = list;
  // one status line for imports, exports and saves (a create closes its form, so "Saved" says it worked)
  const setStatus = list.setNotice;
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const [exportFormat, setExportFormat] = useState<Record<string, string>>({});
  const fileInput = useRef<HTMLInputElement>(null);

  const chatWith = async (character: Character) => {
    setError(null);
    try {
      const chat = await startChat({ title: character.name, characterIds: [character.id] });
      navigate({ page: 'chat', id: chat.id });
    } catch (e) {
      setError(t('characters.startChatFailed', { message: errorMessage(e) }));
    }
  };

  const afterSaved = async (answer: Extract<CardImportAnswer, { status: 'saved' }>) => {
    setStatus(savedMessage(answer));
    await list.reload();
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
    <EditableListPage
      list={list}
      title={t('characters.heading')}
      newLabel={t('characters.new')}
      headerActions={
        <>
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
        </>
      }
      beforeList={
        pending && (
          <CardImportReview
            review={pending.review}
            busy={busy}
            onApply={(w, lorebook, tools) => void apply(w, lorebook, tools)}
            onCancel={() => void cancel()}
          />
        )
      }
      empty={pending ? null : t('characters.empty')}
      listLabel={t('characters.list')}
      renderForm={(character) => (
        <CharacterForm character={character} onSaved={list.saved} onCancel={() => setEditing(null)} />
      )}
      renderCard={(character, buttons) => (
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
            {buttons.edit}
            <label className="char-export">
              <span className="char-hidden">{t('characters.exportFormatFor', { name: character.name })}</span>
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
            {buttons.delete}
          </div>
        </div>
      )}
      {...namedItemLabels<Character>(t, 'characters', {
        after: (character) => <CharacterUsedBy character={character} />,
      })}
    />
  );
}

const pickChats = (a: { chats: Array<Chat & { characterIds?: string[] }> }) => a.chats;

/** The chats the character about to be deleted takes part in (loaded each time the confirmation opens). */
function CharacterUsedBy({ character }: { character: Character }) {
  const { t } = useTranslation();
  const chats = useApiGet('/api/chats', { select: pickChats }).data;
  const titles = chats?.filter((c) => c.characterIds?.includes(character.id)).map((c) => c.title) ?? [];
  if (titles.length === 0) return null;
  return (
    <p className="banner info">
      {t('characters.usedByChats', { count: titles.length, titles: titles.join(', ') })}
    </p>
  );
}
