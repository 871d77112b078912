import { useState } from 'react';
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
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const others = (skip: number | null) => new Set(tools.filter((_, i) => i !== skip).map((t) => t.name));
  return (
    <section className="profile-tools" aria-label="Profile tools">
      <div className="spread">
        <h3>Profile tools</h3>
        <button type="button" onClick={() => setEditing('new')}>
          Add custom tool
        </button>
      </div>
      {tools.length === 0 ? (
        <p className="hint">None: the agents use your Functions, the builtins and what characters bring.</p>
      ) : (
        <ul className="card-list">
          {tools.map((tool, i) => (
            <li key={tool.name} className="profile-tool" aria-label={`Profile tool ${tool.name}`}>
              <div>
                <strong>{tool.name}</strong> <span className="pill">{tool.kind}</span>{' '}
                <span className="pill">{tool.mode}</span>
                {catalogNames.has(tool.name) && (
                  <span className="hint"> · shadows the Functions tool of this name</span>
                )}
                <div className="hint">{tool.description}</div>
              </div>
              <div className="row">
                <Switch
                  checked={tool.enabled}
                  label={`Enable ${tool.name}`}
                  onChange={(enabled) => onChange(tools.map((t, j) => (j === i ? { ...t, enabled } : t)))}
                />
                <button type="button" onClick={() => setEditing(i)} aria-label={`Edit ${tool.name}`}>
                  Edit
                </button>
                <button
                  type="button"
                  className="danger"
                  onClick={() => onChange(tools.filter((_, j) => j !== i))}
                  aria-label={`Remove ${tool.name}`}
                >
                  Remove
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
            onChange(editing === 'new' ? [...tools, tool] : tools.map((t, i) => (i === editing ? tool : t)));
            setEditing(null);
          }}
        />
      )}
    </section>
  );
}
