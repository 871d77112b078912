import { useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { api, errorMessage } from '../../api/client';
import type { Preset } from '../../api/types';
import { ConfirmDialog } from '../../components/Dialog';
import { ErrorBanner } from '../../components/ErrorBanner';
import { StatusNotice } from '../../components/StatusNotice';
import { useEditableList } from '../../components/use-editable-list';
import { PresetForm } from './PresetForm';
import { presetSummary } from './preset-form';
import '../connections/settings-pages.css';

/** Presets: named sets of generation parameters a chat can use. */
export function PresetsPage() {
  const { t } = useTranslation();
  const {
    items: presets,
    setItems: setPresets,
    editing,
    setEditing,
    deleting,
    setDeleting,
    deleteError,
    setDeleteError,
    saved,
    remove,
    notice,
    setNotice,
  } = useEditableList<Preset>('/api/presets');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    api
      .get<{ presets: Preset[] }>('/api/presets')
      .then((answer) => setPresets(answer.presets))
      .catch((e) => setError(errorMessage(e)));
  }, [setPresets]);

  return (
    <section>
      <div className="spread">
        <h1>{t('nav.presets')}</h1>
        <button
          type="button"
          className="primary"
          onClick={() => setEditing('new')}
          disabled={editing === 'new'}
        >
          {t('presets.new')}
        </button>
      </div>
      <ErrorBanner error={error} onDismiss={() => setError(null)} />
      <StatusNotice message={notice} onDismiss={() => setNotice(null)} />
      {editing === 'new' && <PresetForm preset={null} onSaved={saved} onCancel={() => setEditing(null)} />}
      {presets === null && !error && <p className="hint">{t('common.loading')}</p>}
      {presets?.length === 0 && editing !== 'new' && <p className="empty">{t('presets.empty')}</p>}
      <ul className="card-list" aria-label={t('presets.list')}>
        {presets?.map((preset) =>
          editing !== 'new' && editing?.id === preset.id ? (
            <li key={preset.id}>
              <PresetForm preset={preset} onSaved={saved} onCancel={() => setEditing(null)} />
            </li>
          ) : (
            <li key={preset.id} className="panel" aria-label={preset.name}>
              <div className="spread">
                <div>
                  <h2 className="card-title" translate="no">
                    {preset.name}
                  </h2>
                  <div className="hint">{presetSummary(preset)}</div>
                </div>
                <div className="row">
                  <button
                    type="button"
                    onClick={() => setEditing(preset)}
                    aria-label={t('presets.editNamed', { name: preset.name })}
                  >
                    {t('common.edit')}
                  </button>
                  <button
                    type="button"
                    className="danger"
                    onClick={() => setDeleting(preset)}
                    aria-label={t('presets.deleteNamed', { name: preset.name })}
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
          title={t('presets.deleteTitle')}
          message={
            <p>
              <Trans
                i18nKey="presets.deleteConfirm"
                values={{ name: deleting.name }}
                components={{ strong: <strong /> }}
              />
            </p>
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
