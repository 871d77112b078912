import './profile.css';
import { useState } from 'react';
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
  const data = useEditorData();
  const tools = given ?? data.tools;
  const [picking, setPicking] = useState(false);
  const known = new Set(tools.map((t) => t.name));
  const groups = pinnedPickerGroups(tools);
  return (
    <fieldset className="pinned-picker" aria-label={label}>
      <legend className="pinned-head">{label}</legend>
      {value.length === 0 ? (
        <p className="hint">None pinned: the agent gets whatever its mode and overrides offer.</p>
      ) : (
        <ul className="pinned-list" aria-label={`${label}: pinned`}>
          {value.map((name) => (
            <li key={name} className={known.has(name) ? 'chip' : 'chip unknown'}>
              <span>{name}</span>
              {!known.has(name) && <span className="pill danger">unknown tool</span>}
              <button
                type="button"
                className="link"
                aria-label={`Unpin ${name}`}
                onClick={() => onChange(value.filter((v) => v !== name))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <div>
        <button type="button" onClick={() => setPicking(true)} aria-label={`${label}: choose tools`}>
          Choose tools…
        </button>
      </div>
      {picking && (
        <ToolPickerDialog
          title={label}
          intro="Ticked tools are the agent’s own list: it gets exactly these (and the overrides below)."
          groups={groups}
          empty="No tools exist yet. Create one on the Functions page or add a profile tool."
          initial={groups.flatMap((g) =>
            g.tools.filter((t) => value.includes(t.name)).map((t) => itemKey(g.id, t.name)),
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
            Tool use is off in{' '}
            {data.toolUseOffChats.map((c, i) => (
              <span key={c.id}>
                {i > 0 ? ', ' : ''}
                <a href={hrefFor({ page: 'chat', id: c.id })}>{c.title}</a>
              </span>
            ))}
            , which run{data.toolUseOffChats.length === 1 ? 's' : ''} this orchestration: the agent still gets
            its pinned tools before each reply, but the reply itself calls none. Switch tool use on in Chat
            Settings if the reply should use them too.
          </span>
        </p>
      )}
    </fieldset>
  );
}
