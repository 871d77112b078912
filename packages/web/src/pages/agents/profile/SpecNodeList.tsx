import { useTranslation } from 'react-i18next';
import type { ModeSwitches, ProfileSpecNode } from '../../../api/types';
import { AgentSlotFields } from './AgentSlotFields';
import { useEditorData } from './editor-data';
import { freeName, isRef, newAgent, pinnedOf, removeSpecNode, renameSpecNode } from './profile-model';
import { OverridesPanel } from './ToolPanels';

/** A spec's nodes: name, task, the nodes it reads, its agent and tool overrides. */
export function SpecNodeList({
  nodes,
  switches,
  onChange,
}: {
  nodes: ProfileSpecNode[];
  switches: ModeSwitches;
  onChange: (next: ProfileSpecNode[]) => void;
}) {
  const { t } = useTranslation();
  const nodeWord = t('agents.profile.list.node');
  const { agents } = useEditorData();
  const set = (i: number, patch: Partial<ProfileSpecNode>) =>
    onChange(nodes.map((n, j) => (j === i ? { ...n, ...patch } : n)));
  const rename = (i: number, name: string) => {
    const renamed = renameSpecNode(nodes, i, name);
    const agent = renamed[i].agent;
    if (!isRef(agent)) renamed[i] = { ...renamed[i], agent: { ...agent, name } };
    onChange(renamed);
  };
  return (
    <div className="node-list">
      {nodes.map((node, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: names change while typing (a name key would remount the inputs)
        <section key={i} className="node-card" aria-label={`${nodeWord} ${node.name || i + 1}`}>
          <div className="spread">
            <h4>
              {t('agents.profile.list.node')} {node.name}
            </h4>
            <button
              type="button"
              className="danger"
              onClick={() => onChange(removeSpecNode(nodes, i))}
              aria-label={t('agents.profile.list.removeNode', { name: node.name })}
            >
              {t('agents.profile.list.remove')}
            </button>
          </div>
          <div className="agent-fields">
            <label>
              {t('agents.profile.list.name')}
              <input value={node.name} maxLength={64} onChange={(e) => rename(i, e.target.value)} />
            </label>
            <label className="wide">
              {t('agents.profile.list.task')}
              <textarea
                rows={2}
                value={node.task ?? ''}
                onChange={(e) => set(i, { task: e.target.value || undefined })}
                placeholder={t('agents.profile.list.taskPlaceholder')}
              />
            </label>
          </div>
          <fieldset className="inputs" aria-label={t('agents.profile.list.inputsOf', { name: node.name })}>
            <legend>{t('agents.profile.list.reads')}</legend>
            {nodes.length === 1 && <p className="hint">{t('agents.profile.list.noOtherNodes')}</p>}
            {nodes
              .filter((_, j) => j !== i)
              .map((other) => (
                <label key={other.name} className="tool-check">
                  <input
                    type="checkbox"
                    checked={node.inputs.includes(other.name)}
                    onChange={(e) =>
                      set(i, {
                        inputs: e.target.checked
                          ? [...node.inputs, other.name]
                          : node.inputs.filter((x) => x !== other.name),
                      })
                    }
                  />
                  {other.name}
                </label>
              ))}
          </fieldset>
          <AgentSlotFields
            title={t('agents.profile.agent.of', { name: node.name })}
            slot={node.agent}
            nodeName={node.name}
            onChange={(agent) => set(i, { agent })}
          />
          <OverridesPanel
            owner={node.name}
            switches={switches}
            pinned={pinnedOf(node.agent, agents)}
            overrides={node.toolOverrides}
            onChange={(toolOverrides) => set(i, { toolOverrides })}
          />
        </section>
      ))}
      <button
        type="button"
        onClick={() => {
          const name = freeName(
            'step',
            nodes.map((n) => n.name),
          );
          onChange([...nodes, { name, agent: newAgent(name), inputs: [] }]);
        }}
      >
        {t('agents.profile.list.addNode')}
      </button>
    </div>
  );
}
