import type { ModeSwitches, ProfileSubAgent } from '../../../api/types';
import { AgentSlotFields } from './AgentSlotFields';
import { useEditorData } from './editor-data';
import { freeName, isRef, newAgent, pinnedOf } from './profile-model';
import { OverridesPanel } from './ToolPanels';

/** A director's sub-agents or an agenda's agents: name, description, agent slot, tool overrides. */
export function SubAgentList({
  what,
  items,
  switches,
  onChange,
}: {
  /** "Sub-agent" or "Agenda agent" */
  what: string;
  items: ProfileSubAgent[];
  switches: ModeSwitches;
  onChange: (next: ProfileSubAgent[]) => void;
}) {
  const { agents } = useEditorData();
  const set = (i: number, patch: Partial<ProfileSubAgent>) =>
    onChange(items.map((item, j) => (j === i ? { ...item, ...patch } : item)));
  const rename = (i: number, name: string) => {
    const agent = items[i].agent;
    set(i, { name, ...(isRef(agent) ? {} : { agent: { ...agent, name } }) });
  };
  return (
    <div className="node-list">
      {items.map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: names change while typing (a name key would remount the inputs)
        <section key={i} className="node-card" aria-label={`${what} ${item.name || i + 1}`}>
          <div className="spread">
            <h4>
              {what} {item.name}
            </h4>
            <button
              type="button"
              className="danger"
              onClick={() => onChange(items.filter((_, j) => j !== i))}
              aria-label={`Remove ${what.toLowerCase()} ${item.name}`}
            >
              Remove
            </button>
          </div>
          <div className="agent-fields">
            <label>
              Name
              <input value={item.name} maxLength={64} onChange={(e) => rename(i, e.target.value)} />
            </label>
            <label>
              Description
              <input
                value={item.description ?? ''}
                onChange={(e) => set(i, { description: e.target.value || undefined })}
                placeholder="what the lead agent reads about it"
              />
            </label>
          </div>
          <AgentSlotFields
            title={`Agent of ${item.name}`}
            slot={item.agent}
            nodeName={item.name}
            onChange={(agent) => set(i, { agent })}
          />
          <OverridesPanel
            owner={item.name}
            switches={switches}
            pinned={pinnedOf(item.agent, agents)}
            overrides={item.toolOverrides}
            onChange={(toolOverrides) => set(i, { toolOverrides })}
          />
        </section>
      ))}
      <button
        type="button"
        onClick={() => {
          const name = freeName(
            what === 'Sub-agent' ? 'helper' : 'worker',
            items.map((s) => s.name),
          );
          onChange([...items, { name, agent: newAgent(name) }]);
        }}
      >
        Add {what.toLowerCase()}
      </button>
    </div>
  );
}
