import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorMessage } from '../../api/client';
import type { Character, LorebookSummary } from '../../api/types';
import { ErrorBanner } from '../../components/ErrorBanner';
import { base64Of, PORTRAIT_TYPES, portraitUrl } from '../../components/portrait';
import { useFormSave } from '../../components/use-form-save';
import { CharacterOrchestration } from './CharacterOrchestration';
import { CharacterTools } from './CharacterTools';
import { type CharacterDraft, characterBody, draftFromCharacter, TEXT_FIELDS } from './character-form';

/** Create or edit a character's card fields, its lorebook, and (when saved) switch its tools on or off. */
export function CharacterForm({
  character,
  onSaved,
  onCancel,
}: {
  character: Character | null;
  onSaved: (saved: Character) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const creating = character === null;
  const [draft, setDraft] = useState<CharacterDraft>(() => draftFromCharacter(character));
  const [books, setBooks] = useState<LorebookSummary[] | null>(null);
  const { error, setError, fieldErrors, setFieldErrors, saving, submit } = useFormSave();
  // undefined: keep the portrait; null: remove it; a string: the new image as base64
  const [avatar, setAvatar] = useState<string | null | undefined>(undefined);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    api
      .get<{ lorebooks: LorebookSummary[] }>('/api/lorebooks')
      .then((a) => setBooks(a.lorebooks))
      .catch((e) => setError(t('characterForm.couldNotLoadBooks', { message: errorMessage(e) })));
  }, [t, setError]);

  const set = (field: keyof CharacterDraft, value: string) => setDraft((d) => ({ ...d, [field]: value }));

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!draft.name.trim()) {
      setFieldErrors({ name: t('characterForm.nameRequired') });
      return;
    }
    await submit(async () => {
      const body = { ...characterBody(draft), ...(avatar === undefined ? {} : { avatar }) };
      onSaved(
        creating
          ? await api.post<Character>('/api/characters', body)
          : await api.patch<Character>(`/api/characters/${encodeURIComponent(character.id)}`, body),
      );
    });
  };

  const title = creating ? t('characters.new') : t('characters.editNamed', { name: character.name });
  const fieldError = (field: string) =>
    fieldErrors[field] ? <span className="error hint">{fieldErrors[field]}</span> : null;

  return (
    <div className="panel">
      <form className="form-grid" noValidate onSubmit={save} aria-label={title}>
        <h2>{title}</h2>
        <ErrorBanner error={error} onDismiss={() => setError(null)} />
        <label>
          {t('characterForm.name')}
          <input
            value={draft.name}
            maxLength={256}
            onChange={(e) => set('name', e.target.value)}
            aria-invalid={fieldErrors.name ? true : undefined}
          />
          {fieldError('name')}
        </label>
        <label>
          {t('characterForm.lorebook')}
          <select
            value={draft.lorebookId}
            onChange={(e) => set('lorebookId', e.target.value)}
            disabled={books === null}
          >
            <option value="">{t('characterForm.noLorebook')}</option>
            {draft.lorebookId && books && !books.some((b) => b.id === draft.lorebookId) && (
              <option value={draft.lorebookId}>{t('characterForm.currentLorebook')}</option>
            )}
            {books?.map((b) => (
              <option key={b.id} value={b.id}>
                {b.name}
              </option>
            ))}
          </select>
          {fieldError('lorebookId')}
        </label>
        {TEXT_FIELDS.map((f) => (
          <label key={f.key} className="wide">
            {t(`characterForm.field.${f.key}`)}
            <textarea rows={f.rows} value={draft[f.key]} onChange={(e) => set(f.key, e.target.value)} />
            {fieldError(f.key)}
          </label>
        ))}
        <label className="wide">
          {t('characterForm.alternateGreetings')}
          <textarea
            rows={3}
            value={draft.alternateGreetings}
            onChange={(e) => set('alternateGreetings', e.target.value)}
          />
          <span className="hint">{t('characterForm.greetingsHint')}</span>
        </label>
        <div className="wide portrait-field">
          {(preview ??
            (character?.hasAvatar && avatar !== null ? portraitUrl('characters', character) : null)) && (
            <img
              className="character-avatar"
              src={preview ?? portraitUrl('characters', character!)}
              alt={t('characterForm.portraitPreview')}
              width={64}
              height={64}
            />
          )}
          <label>
            {t('characterForm.portrait')}
            <input
              type="file"
              accept={PORTRAIT_TYPES}
              onChange={async (e) => {
                const file = e.target.files?.[0];
                const base64 = file ? await base64Of(file) : undefined;
                setAvatar(base64);
                // a data: URL (the page's CSP allows those for images, not blob:)
                setPreview(file && base64 ? `data:${file.type || 'image/png'};base64,${base64}` : null);
              }}
            />
            <span className="hint">{t('characterForm.portraitHint')}</span>
            {fieldError('avatar')}
          </label>
          {character?.hasAvatar && avatar !== null && (
            <button
              type="button"
              className="link"
              onClick={() => {
                setAvatar(null);
                setPreview(null);
              }}
            >
              {t('characterForm.removePortrait')}
            </button>
          )}
        </div>
        <label>
          {t('characterForm.tags')}
          <input value={draft.tags} onChange={(e) => set('tags', e.target.value)} />
          <span className="hint">{t('characterForm.tagsHint')}</span>
        </label>
        <label>
          {t('characterForm.creator')}
          <input value={draft.creator} onChange={(e) => set('creator', e.target.value)} />
        </label>
        <label>
          {t('characterForm.version')}
          <input value={draft.characterVersion} onChange={(e) => set('characterVersion', e.target.value)} />
        </label>
        <div className="row end">
          <button type="button" onClick={onCancel}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="primary" disabled={saving}>
            {saving
              ? t('characterForm.saving')
              : creating
                ? t('characterForm.create')
                : t('characterForm.save')}
          </button>
        </div>
      </form>
      {!creating && <CharacterTools characterId={character.id} name={character.name} />}
      {!creating && <CharacterOrchestration characterId={character.id} />}
    </div>
  );
}
