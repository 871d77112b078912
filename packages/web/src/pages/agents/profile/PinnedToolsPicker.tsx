import './profile.css';
import { useId } from 'react';
import { hrefFor } from '../../../app/router';
import { useEditorData } from './editor-data';
import { GROUPS, type PanelTool } from './profile-model';

/**
 * An agent's pinned tools, chosen from the tools that exist (a name that does not exist cannot be typed; one
 * left over from JSON is flagged and can be removed). Empty = the agent gets what its scope offers.
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
  const selectId = useId();
  const known = new Set(tools.map((t) => t.name));
  const choices = tools.filter(
    (t, i) => !value.includes(t.name) && tools.findIndex((x) => x.name === t.name) === i,
  );
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
      <select
        id={selectId}
        aria-label={`${label}: add a tool`}
        value=""
        onChange={(e) => {
          if (e.target.value) onChange([...value, e.target.value]);
        }}
      >
        <option value="">Pin a tool…</option>
        {GROUPS.map((group) => {
          const inGroup = choices.filter((t) => t.group === group.id);
          return inGroup.length === 0 ? null : (
            <optgroup key={group.id} label={group.label}>
              {inGroup.map((t) => (
                <option key={t.name} value={t.name}>
                  {t.name}
                  {t.character ? ` (${t.character})` : ''}
                </option>
              ))}
            </optgroup>
          );
        })}
      </select>
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
