import { useEffect, useState } from 'react';
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
        <h1>Presets</h1>
        <button
          type="button"
          className="primary"
          onClick={() => setEditing('new')}
          disabled={editing === 'new'}
        >
          New preset
        </button>
      </div>
      <ErrorBanner error={error} onDismiss={() => setError(null)} />
      <StatusNotice message={notice} onDismiss={() => setNotice(null)} />
      {editing === 'new' && <PresetForm preset={null} onSaved={saved} onCancel={() => setEditing(null)} />}
      {presets === null && !error && <p className="hint">Loading…</p>}
      {presets?.length === 0 && editing !== 'new' && (
        <p className="empty">No presets yet. Without one, each provider's defaults apply.</p>
      )}
      <ul className="card-list" aria-label="Presets">
        {presets?.map((preset) =>
          editing !== 'new' && editing?.id === preset.id ? (
            <li key={preset.id}>
              <PresetForm preset={preset} onSaved={saved} onCancel={() => setEditing(null)} />
            </li>
          ) : (
            <li key={preset.id} className="panel" aria-label={preset.name}>
              <div className="spread">
                <div>
                  <h2 className="card-title">{preset.name}</h2>
                  <div className="hint">{presetSummary(preset)}</div>
                </div>
                <div className="row">
                  <button type="button" onClick={() => setEditing(preset)} aria-label={`Edit ${preset.name}`}>
                    Edit
                  </button>
                  <button
                    type="button"
                    className="danger"
                    onClick={() => setDeleting(preset)}
                    aria-label={`Delete ${preset.name}`}
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
          title="Delete preset"
          message={
            <p>
              Delete <strong>{deleting.name}</strong>? Chats that use it fall back to the provider's defaults.
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
