import { useTranslation } from 'react-i18next';
import type { ModeSwitches, OrchestrationProfile } from '../../../api/types';
import { AgentSlotFields } from './AgentSlotFields';
import { SpecNodeList } from './SpecNodeList';
import { SubAgentList } from './SubAgentList';

const numberOrUndefined = (text: string) => (text.trim() === '' ? undefined : Number(text));

/** The agents of the chosen mode: the loop agent, the director and its sub-agents, the spec's nodes, or the agenda. */
export function ModeSection({
  profile,
  onChange,
}: {
  profile: OrchestrationProfile;
  onChange: (next: OrchestrationProfile) => void;
}) {
  const { t } = useTranslation();
  const switches: ModeSwitches = profile.modes[profile.mode];
  switch (profile.mode) {
    case 'loop':
      return (
        <AgentSlotFields
          title={t('agents.profile.agent.loop')}
          slot={profile.loop.agent}
          onChange={(agent) => onChange({ ...profile, loop: { agent } })}
        />
      );
    case 'director':
      return (
        <>
          <AgentSlotFields
            title={t('agents.profile.agent.director')}
            slot={profile.director.agent}
            onChange={(agent) => onChange({ ...profile, director: { ...profile.director, agent } })}
          />
          <h3>{t('agents.profile.subAgents')}</h3>
          <p className="hint">{t('agents.profile.subAgentsHint')}</p>
          <SubAgentList
            what="Sub-agent"
            items={profile.director.subAgents}
            switches={switches}
            onChange={(subAgents) => onChange({ ...profile, director: { ...profile.director, subAgents } })}
          />
        </>
      );
    case 'spec':
      return (
        <>
          <p className="hint">{t('agents.profile.specHint')}</p>
          <SpecNodeList
            nodes={profile.spec.nodes}
            switches={switches}
            onChange={(nodes) => onChange({ ...profile, spec: { nodes } })}
          />
        </>
      );
    case 'agenda': {
      const agenda = profile.agenda;
      const set = (patch: Partial<OrchestrationProfile['agenda']>) =>
        onChange({ ...profile, agenda: { ...agenda, ...patch } });
      return (
        <>
          <AgentSlotFields
            title={t('agents.profile.agent.planner')}
            slot={agenda.planner}
            onChange={(planner) => set({ planner })}
          />
          <label className="wide">
            {t('agents.profile.agendaItems')}
            <textarea
              rows={3}
              value={agenda.items.join('\n')}
              onChange={(e) =>
                set({ items: e.target.value.split('\n').filter((line) => line.trim() !== '') })
              }
            />
          </label>
          <div className="agent-fields">
            <label>
              {t('agents.profile.maxItems')}
              <input
                type="number"
                min={1}
                max={100}
                value={agenda.maxItems ?? ''}
                placeholder="20"
                onChange={(e) => set({ maxItems: numberOrUndefined(e.target.value) })}
              />
            </label>
            <label>
              {t('agents.profile.maxAssignments')}
              <input
                type="number"
                min={1}
                max={100}
                value={agenda.maxAssignments ?? ''}
                placeholder="20"
                onChange={(e) => set({ maxAssignments: numberOrUndefined(e.target.value) })}
              />
            </label>
          </div>
          <h3>{t('agents.profile.agendaAgents')}</h3>
          <p className="hint">{t('agents.profile.agendaAgentsHint')}</p>
          <SubAgentList
            what="Agenda agent"
            items={agenda.agents}
            switches={switches}
            onChange={(agents) => set({ agents })}
          />
        </>
      );
    }
  }
}

/** Round, budget and repetition limits for every agent of a run (empty = the server's defaults). */
export function LimitsFields({
  limits,
  onChange,
}: {
  limits: OrchestrationProfile['limits'];
  onChange: (next: OrchestrationProfile['limits']) => void;
}) {
  const { t } = useTranslation();
  const field = (key: keyof OrchestrationProfile['limits'], label: string, placeholder: string) => (
    <label>
      {label}
      <input
        type="number"
        min={0}
        value={limits[key] ?? ''}
        placeholder={placeholder}
        onChange={(e) => {
          const next = { ...limits, [key]: numberOrUndefined(e.target.value) };
          if (next[key] === undefined) delete next[key];
          onChange(next);
        }}
      />
    </label>
  );
  return (
    <fieldset className="agent-fields limits" aria-label={t('agents.profile.limits.title')}>
      <legend>{t('agents.profile.limits.title')}</legend>
      {field('maxRounds', t('agents.profile.limits.maxRounds'), t('agents.profile.limits.maxRoundsEmpty'))}
      {field('wallClockBudgetMs', t('agents.profile.limits.budget'), t('agents.profile.limits.budgetEmpty'))}
      {field('repeatLimit', t('agents.profile.limits.repeat'), '3')}
    </fieldset>
  );
}
