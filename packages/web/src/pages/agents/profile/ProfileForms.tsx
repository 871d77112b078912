import {
  ORCHESTRATION_MODE_LABELS,
  type OrchestrationMode,
  type OrchestrationProfile,
} from '../../../api/types';
import { LimitsFields, ModeSection } from './ModeSection';
import { ProfileToolsSection } from './ProfileToolsSection';
import { ModeToolsPanel } from './ToolPanels';

const MODE_HINTS: Record<OrchestrationMode, string> = {
  loop: 'One agent runs a tool loop before each reply.',
  director: 'A director delegates tasks to named sub-agents.',
  spec: 'A fixed graph of nodes, run in dependency order.',
  agenda: 'A planner keeps an agenda and assigns each item to an agent.',
};

/** The profile as forms: mode, the mode's agents, the mode's tools, the profile's own tools, limits. */
export function ProfileForms({
  profile,
  onChange,
  reservedNames,
  catalogNames,
}: {
  profile: OrchestrationProfile;
  onChange: (next: OrchestrationProfile) => void;
  reservedNames: ReadonlySet<string>;
  catalogNames: ReadonlySet<string>;
}) {
  const label = ORCHESTRATION_MODE_LABELS[profile.mode];
  return (
    <div className="profile-forms">
      <fieldset className="mode-picker" aria-label="Mode">
        <legend>Mode</legend>
        {(Object.keys(ORCHESTRATION_MODE_LABELS) as OrchestrationMode[]).map((mode) => (
          <label key={mode} className={profile.mode === mode ? 'mode-choice selected' : 'mode-choice'}>
            <input
              type="radio"
              name="orchestration-mode"
              value={mode}
              checked={profile.mode === mode}
              onChange={() => onChange({ ...profile, mode })}
            />
            <span>
              <strong>{ORCHESTRATION_MODE_LABELS[mode]}</strong>
              <span className="hint">{MODE_HINTS[mode]}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <p className="hint">
        The mode chats run by default (a chat may pick another in Chat Settings). Each mode keeps its own
        agents and tool switches.
      </p>
      <section className="mode-section" aria-label={`${label} agents`}>
        <h3>{label}: agents</h3>
        <ModeSection profile={profile} onChange={onChange} />
      </section>
      <ModeToolsPanel
        modeLabel={label}
        switches={profile.modes[profile.mode]}
        onChange={(switches) =>
          onChange({ ...profile, modes: { ...profile.modes, [profile.mode]: switches } })
        }
      />
      <ProfileToolsSection
        tools={profile.tools}
        reservedNames={reservedNames}
        catalogNames={catalogNames}
        onChange={(tools) => onChange({ ...profile, tools })}
      />
      <LimitsFields limits={profile.limits} onChange={(limits) => onChange({ ...profile, limits })} />
    </div>
  );
}
