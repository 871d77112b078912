import './profile.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hrefFor } from '../../../app/router';
import { ToolPickerDialog } from '../../../components/tool-picker/ToolPickerDialog';
import { itemKey, tickedNames } from '../../../components/tool-picker/tool-groups';
import { useEditorData } from './editor-data';
import { pinnedPickerGroups } from './pinned-groups';
import type { PanelTool } from './profile-model';

/**
 * An agent's pinned tools, chosen in the shared tool picker from the tools that exist (a name that does not
 * exist cannot be typed; one left over from JSON is flagged and can be removed). Empty = the agent gets what
 * its scope offers.
 */
export function PinnedToolsPicker({
  label,
  value,
  onChange,
  tools: given,
}: {
  label: string;
  value: string[];
  onChange: (next: string[]) => void;
  /** default: every tool the editor knows */
  tools?: PanelTool[];
}) {
  const { t } = useTranslation();
  const data = useEditorData();
  const tools = given ?? data.tools;
  const [picking, setPicking] = useState(false);
  const known = new Set(tools.map((tool) => tool.name));
  const groups = pinnedPickerGroups(tools);
  return (
    <fieldset className="pinned-picker" aria-label={label}>
      <legend className="pinned-head">{label}</legend>
      {value.length === 0 ? (
        <p className="hint">{t('agents.profile.tools.pinned.none')}</p>
      ) : (
        <ul className="pinned-list" aria-label={t('agents.profile.tools.pinned.list', { label })}>
          {value.map((name) => (
            <li key={name} className={known.has(name) ? 'chip' : 'chip unknown'}>
              <span translate="no">{name}</span>
              {!known.has(name) && (
                <span className="pill danger">{t('agents.profile.tools.pinned.unknown')}</span>
              )}
              <button
                type="button"
                className="link"
                aria-label={t('agents.profile.tools.pinned.unpin', { name })}
                onClick={() => onChange(value.filter((v) => v !== name))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <div>
        <button
          type="button"
          onClick={() => setPicking(true)}
          aria-label={t('agents.profile.tools.pinned.chooseLabel', { label })}
        >
          {t('agents.profile.tools.pinned.choose')}
        </button>
      </div>
      {picking && (
        <ToolPickerDialog
          title={label}
          intro={t('agents.profile.tools.pinned.intro')}
          groups={groups}
          empty={t('agents.profile.tools.pinned.empty')}
          initial={groups.flatMap((g) =>
            g.tools.filter((tool) => value.includes(tool.name)).map((tool) => itemKey(g.id, tool.name)),
          )}
          onCancel={() => setPicking(false)}
          onApply={(ticked) => {
            setPicking(false);
            // names the picker does not know (left over from JSON) stay until unpinned
            const unknown = value.filter((name) => !known.has(name)).map((n) => itemKey('unknown', n));
            onChange(tickedNames([...ticked, ...unknown], value));
          }}
        />
      )}
      {value.length > 0 && data.toolUseOffChats.length > 0 && (
        <p className="banner info" role="note">
          <span>
            {t('agents.profile.tools.pinned.toolUseOffIn', { count: data.toolUseOffChats.length })}{' '}
            {data.toolUseOffChats.map((c, i) => (
              <span key={c.id} translate="no">
                {i > 0 ? ', ' : ''}
                <a href={hrefFor({ page: 'chat', id: c.id })}>{c.title}</a>
              </span>
            ))}
            {t('agents.profile.tools.pinned.toolUseOffRest', { count: data.toolUseOffChats.length })}
          </span>
        </p>
      )}
    </fieldset>
  );
}
