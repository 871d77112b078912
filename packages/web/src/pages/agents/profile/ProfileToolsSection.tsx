import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProfileTool } from '../../../api/types';
import { Switch } from '../../../components/Switch';
import { AddToolDialog } from './AddToolDialog';

/** The profile's own tools (seen only by its agents): listed, edited and added through the tool editor dialog. */
export function ProfileToolsSection({
  tools,
  reservedNames,
  catalogNames,
  onChange,
}: {
  tools: ProfileTool[];
  /** builtin and orchestration names: a profile tool cannot take them */
  reservedNames: ReadonlySet<string>;
  /** names of other tools (a profile tool of the same name shadows a stored one; allowed, but said) */
  catalogNames: ReadonlySet<string>;
  onChange: (next: ProfileTool[]) => void;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const others = (skip: number | null) =>
    new Set(tools.filter((_, i) => i !== skip).map((tool) => tool.name));
  return (
    <section className="profile-tools" aria-label={t('agents.profile.tools.own.title')}>
      <div className="spread">
        <h3>{t('agents.profile.tools.own.title')}</h3>
        <button type="button" onClick={() => setEditing('new')}>
          {t('agents.profile.tools.own.add')}
        </button>
      </div>
      {tools.length === 0 ? (
        <p className="hint">{t('agents.profile.tools.own.none')}</p>
      ) : (
        <ul className="card-list">
          {tools.map((tool, i) => (
            <li
              key={tool.name}
              className="profile-tool"
              aria-label={t('agents.profile.tools.own.label', { name: tool.name })}
            >
              <div>
                <strong translate="no">{tool.name}</strong>{' '}
                <span className="pill">{t(`functions.kind.${tool.kind}`, { defaultValue: tool.kind })}</span>{' '}
                <span className="pill">{t(`agents.profile.tools.modeValue.${tool.mode}`)}</span>
                {catalogNames.has(tool.name) && (
                  <span className="hint"> · {t('agents.profile.tools.own.shadows')}</span>
                )}
                <div className="hint" translate="no">
                  {tool.description}
                </div>
              </div>
              <div className="row">
                <Switch
                  checked={tool.enabled}
                  label={t('agents.profile.tools.own.enable', { name: tool.name })}
                  onChange={(enabled) => onChange(tools.map((x, j) => (j === i ? { ...x, enabled } : x)))}
                />
                <button
                  type="button"
                  onClick={() => setEditing(i)}
                  aria-label={t('agents.profile.tools.own.editNamed', { name: tool.name })}
                >
                  {t('common.edit')}
                </button>
                <button
                  type="button"
                  className="danger"
                  onClick={() => onChange(tools.filter((_, j) => j !== i))}
                  aria-label={t('agents.profile.tools.own.removeNamed', { name: tool.name })}
                >
                  {t('agents.profile.tools.own.remove')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {editing !== null && (
        <AddToolDialog
          editing={editing === 'new' ? null : tools[editing]}
          reservedNames={reservedNames}
          otherNames={others(editing === 'new' ? null : editing)}
          onCancel={() => setEditing(null)}
          onDone={(tool) => {
            onChange(editing === 'new' ? [...tools, tool] : tools.map((x, i) => (i === editing ? tool : x)));
            setEditing(null);
          }}
        />
      )}
    </section>
  );
}
