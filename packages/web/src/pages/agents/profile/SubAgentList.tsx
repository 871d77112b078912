import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation();
  const sub = what === 'Sub-agent';
  const whatWords = sub ? t('agents.profile.list.subAgent') : t('agents.profile.list.agendaAgent');
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
        <section key={i} className="node-card" aria-label={`${whatWords} ${item.name || i + 1}`}>
          <div className="spread">
            <h4>
              {whatWords} {item.name}
            </h4>
            <button
              type="button"
              className="danger"
              onClick={() => onChange(items.filter((_, j) => j !== i))}
              aria-label={t(
                sub ? 'agents.profile.list.removeSubAgent' : 'agents.profile.list.removeAgendaAgent',
                {
                  name: item.name,
                },
              )}
            >
              {t('agents.profile.list.remove')}
            </button>
          </div>
          <div className="agent-fields">
            <label>
              {t('agents.profile.list.name')}
              <input value={item.name} maxLength={64} onChange={(e) => rename(i, e.target.value)} />
            </label>
            <label>
              {t('agents.profile.list.description')}
              <input
                value={item.description ?? ''}
                onChange={(e) => set(i, { description: e.target.value || undefined })}
                placeholder={t('agents.profile.list.descriptionPlaceholder')}
              />
            </label>
          </div>
          <AgentSlotFields
            title={t('agents.profile.agent.of', { name: item.name })}
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
            sub ? 'helper' : 'worker',
            items.map((s) => s.name),
          );
          onChange([...items, { name, agent: newAgent(name) }]);
        }}
      >
        {sub ? t('agents.profile.list.addSubAgent') : t('agents.profile.list.addAgendaAgent')}
      </button>
    </div>
  );
}
