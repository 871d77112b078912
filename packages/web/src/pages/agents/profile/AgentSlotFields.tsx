import { useTranslation } from 'react-i18next';
import type { AgentSlot, ProfileAgent } from '../../../api/types';
import { useEditorData } from './editor-data';
import { PinnedToolsPicker } from './PinnedToolsPicker';
import { isRef } from './profile-model';

/** A select of names that keeps a name the list lacks (so a stale value is visible, not silently dropped). */
function NameSelect({
  label,
  value,
  names,
  emptyLabel,
  onChange,
}: {
  label: string;
  value: string | undefined;
  names: string[];
  emptyLabel: string;
  onChange: (next: string | undefined) => void;
}) {
  const missing = value && !names.includes(value);
  return (
    <label>
      {label}
      <select value={value ?? ''} onChange={(e) => onChange(e.target.value || undefined)}>
        <option value="">{emptyLabel}</option>
        {missing && <option value={value}>{value} (not found)</option>}
        {names.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * One agent slot: a stored agent (by reference) or an agent written out here — connection, preset, system
 * prompt and pinned tools. `nodeName` ties a written-out agent's name to its node's.
 */
export function AgentSlotFields({
  title,
  slot,
  onChange,
  nodeName,
}: {
  title: string;
  slot: AgentSlot;
  onChange: (next: AgentSlot) => void;
  nodeName?: string;
}) {
  const { t } = useTranslation();
  const { agents, connections, presets } = useEditorData();
  const stored = isRef(slot) ? agents.find((a) => a.id === slot.agentId) : undefined;
  const agent = isRef(slot) ? undefined : slot;
  const set = (patch: Partial<ProfileAgent>) => {
    if (!agent) return;
    const next: ProfileAgent = { ...agent, ...patch };
    for (const key of ['connectionName', 'presetName'] as const) if (!next[key]) delete next[key];
    onChange(next);
  };
  const pickSource = (id: string) => {
    if (id) return onChange({ agentId: id });
    // written out: start from the stored agent it was (its prompt and pins), under the node's name
    const from = stored;
    onChange({
      name: nodeName ?? from?.name ?? 'agent',
      systemPrompt: from?.systemPrompt ?? '',
      tools: [...(from?.tools ?? [])],
      ...(from?.connectionId
        ? { connectionName: connections.find((c) => c.id === from.connectionId)?.name }
        : {}),
      ...(from?.presetId ? { presetName: presets.find((p) => p.id === from.presetId)?.name } : {}),
    });
  };

  return (
    <fieldset className="agent-slot" aria-label={title}>
      <legend>{title}</legend>
      <label>
        {t('agents.profile.agent.source')}
        <select value={isRef(slot) ? slot.agentId : ''} onChange={(e) => pickSource(e.target.value)}>
          <option value="">{t('agents.profile.agent.writtenOut')}</option>
          {isRef(slot) && !stored && (
            <option value={slot.agentId}>{t('agents.profile.agent.deleted', { id: slot.agentId })}</option>
          )}
          {agents.map((a) => (
            <option key={a.id} value={a.id}>
              {t('agents.profile.agent.stored', { name: a.name })}
            </option>
          ))}
        </select>
      </label>
      {isRef(slot) ? (
        <p className="hint">
          {stored
            ? `${t('agents.profile.agent.uses', { name: stored.name })}${
                stored.tools.length
                  ? ` ${t('agents.profile.agent.pinned', { tools: stored.tools.join(', ') })}`
                  : ''
              }`
            : t('agents.profile.agent.gone')}
        </p>
      ) : (
        agent && (
          <div className="agent-fields">
            {nodeName === undefined && (
              <label>
                {t('agents.profile.agent.name')}
                <input value={agent.name} maxLength={64} onChange={(e) => set({ name: e.target.value })} />
              </label>
            )}
            <NameSelect
              label={t('agents.profile.agent.connection')}
              value={agent.connectionName}
              names={connections.map((c) => c.name)}
              emptyLabel={t('agents.profile.agent.chatConnection')}
              onChange={(connectionName) => set({ connectionName })}
            />
            <NameSelect
              label={t('agents.profile.agent.preset')}
              value={agent.presetName}
              names={presets.map((p) => p.name)}
              emptyLabel={t('agents.profile.agent.providerDefaults')}
              onChange={(presetName) => set({ presetName })}
            />
            <label className="wide">
              {t('agents.profile.agent.systemPrompt')}
              <textarea
                rows={3}
                value={agent.systemPrompt}
                onChange={(e) => set({ systemPrompt: e.target.value })}
              />
            </label>
            <div className="wide">
              <PinnedToolsPicker
                label={t('agents.profile.agent.pinnedOf', { title })}
                value={agent.tools}
                onChange={(tools) => set({ tools })}
              />
            </div>
          </div>
        )
      )}
    </fieldset>
  );
}
