import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import type { Persona } from '../../api/types';
import { Avatar } from '../../components/Avatar';
import { EditableListPage } from '../../components/EditableListPage';
import { ErrorBanner } from '../../components/ErrorBanner';
import { namedItemLabels } from '../../components/named-item-labels';
import { base64Of, PORTRAIT_TYPES } from '../../components/portrait';
import { useEditableList } from '../../components/use-editable-list';
import { useFormSave } from '../../components/use-form-save';
import '../connections/settings-pages.css';

function PersonaForm({
  persona,
  onSaved,
  onCancel,
}: {
  persona: Persona | null;
  onSaved: (saved: Persona) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const creating = persona === null;
  const [name, setName] = useState(persona?.name ?? '');
  const [description, setDescription] = useState(persona?.description ?? '');
  const { error, setError, fieldErrors, setFieldErrors, saving, submit } = useFormSave();
  // undefined: keep the portrait; null: remove it; a string: the new PNG as base64
  const [avatar, setAvatar] = useState<string | null | undefined>(undefined);

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!name.trim()) {
      setFieldErrors({ name: t('personas.nameRequired', { user: '{{user}}' }) });
      return;
    }
    await submit(async () => {
      const body = { name: name.trim(), description, ...(avatar === undefined ? {} : { avatar }) };
      onSaved(
        creating
          ? await api.post<Persona>('/api/personas', body)
          : await api.patch<Persona>(`/api/personas/${encodeURIComponent(persona.id)}`, body),
      );
    });
  };

  const title = creating ? t('personas.new') : t('personas.editNamed', { name: persona.name });
  return (
    <form className="panel form-grid" noValidate onSubmit={save} aria-label={title}>
      <h2>{title}</h2>
      <ErrorBanner error={error} onDismiss={() => setError(null)} />
      <label className="wide">
        {t('personas.name')}
        <input
          value={name}
          maxLength={256}
          onChange={(e) => setName(e.target.value)}
          aria-invalid={fieldErrors.name ? true : undefined}
        />
        {fieldErrors.name && <span className="error hint">{fieldErrors.name}</span>}
      </label>
      <label className="wide">
        {t('personas.description')}
        <textarea rows={5} value={description} onChange={(e) => setDescription(e.target.value)} />
        <span className="hint">{t('personas.descriptionHint')}</span>
        {fieldErrors.description && <span className="error hint">{fieldErrors.description}</span>}
      </label>
      <label className="wide">
        {t('personas.portrait')}
        <input
          type="file"
          accept={PORTRAIT_TYPES}
          onChange={async (e) => {
            const file = e.target.files?.[0];
            setAvatar(file ? await base64Of(file) : undefined);
          }}
        />
        <span className="hint">{t('personas.portraitHint')}</span>
        {fieldErrors.avatar && <span className="error hint">{fieldErrors.avatar}</span>}
      </label>
      {persona?.hasAvatar && avatar !== null && (
        <button type="button" className="link" onClick={() => setAvatar(null)}>
          {t('personas.removePortrait')}
        </button>
      )}
      <div className="row end">
        <button type="button" onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="primary" disabled={saving}>
          {saving ? t('personas.saving') : creating ? t('personas.create') : t('personas.save')}
        </button>
      </div>
    </form>
  );
}

/** Personas: who the user plays ({{user}}); a chat picks one in Chat Settings. */
export function PersonasPage() {
  const { t } = useTranslation();
  const list = useEditableList<Persona>('/api/personas', 'personas');

  return (
    <EditableListPage
      list={list}
      title={t('personas.heading')}
      newLabel={t('personas.new')}
      empty={t('personas.empty')}
      listLabel={t('personas.list')}
      renderForm={(persona) => (
        <PersonaForm persona={persona} onSaved={list.saved} onCancel={() => list.setEditing(null)} />
      )}
      renderCard={(persona, buttons) => (
        <div className="spread">
          <div className="row">
            <Avatar
              name={persona.name}
              src={
                persona.hasAvatar
                  ? `/api/personas/${encodeURIComponent(persona.id)}/avatar?v=${encodeURIComponent(persona.updatedAt ?? '')}`
                  : null
              }
            />
            <div>
              <h2 className="card-title">{persona.name}</h2>
              <div className="hint">{persona.description.slice(0, 160) || t('personas.noDescription')}</div>
            </div>
          </div>
          <div className="row">
            {buttons.edit}
            {buttons.delete}
          </div>
        </div>
      )}
      {...namedItemLabels(t, 'personas')}
    />
  );
}
