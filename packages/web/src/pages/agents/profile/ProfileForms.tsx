import { useTranslation } from 'react-i18next';
import {
  ORCHESTRATION_MODE_LABELS,
  type OrchestrationMode,
  type OrchestrationProfile,
} from '../../../api/types';
import { LimitsFields, ModeSection } from './ModeSection';
import { ProfileToolsSection } from './ProfileToolsSection';
import { ModeToolsPanel } from './ToolPanels';

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
  const { t } = useTranslation();
  const label = t(`chatSettings.orchestration.modes.${profile.mode}`);
  return (
    <div className="profile-forms">
      <fieldset className="mode-picker" aria-label={t('agents.profile.mode')}>
        <legend>{t('agents.profile.mode')}</legend>
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
              <strong>{t(`chatSettings.orchestration.modes.${mode}`)}</strong>
              <span className="hint">{t(`agents.profile.modeHint.${mode}`)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <p className="hint">{t('agents.profile.modeDefault')}</p>
      <section className="mode-section" aria-label={t('agents.profile.modeAgents', { mode: label })}>
        <h3>{t('agents.profile.modeAgentsTitle', { mode: label })}</h3>
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
