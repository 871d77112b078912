import { useTranslation } from 'react-i18next';
import type { Preset } from '../../api/types';
import { EditableListPage } from '../../components/EditableListPage';
import { namedItemLabels } from '../../components/named-item-labels';
import { useEditableList } from '../../components/use-editable-list';
import { PresetForm } from './PresetForm';
import { presetSummary } from './preset-form';
import '../connections/settings-pages.css';

/** Presets: named sets of generation parameters a chat can use. */
export function PresetsPage() {
  const { t } = useTranslation();
  const list = useEditableList<Preset>('/api/presets', 'presets');

  return (
    <EditableListPage
      list={list}
      title={t('nav.presets')}
      newLabel={t('presets.new')}
      empty={t('presets.empty')}
      listLabel={t('presets.list')}
      renderForm={(preset) => (
        <PresetForm preset={preset} onSaved={list.saved} onCancel={() => list.setEditing(null)} />
      )}
      renderCard={(preset, buttons) => (
        <div className="spread">
          <div>
            <h2 className="card-title" translate="no">
              {preset.name}
            </h2>
            <div className="hint">{presetSummary(preset)}</div>
          </div>
          <div className="row">
            {buttons.edit}
            {buttons.delete}
          </div>
        </div>
      )}
      {...namedItemLabels(t, 'presets')}
    />
  );
}
