import { useTranslation } from 'react-i18next';
import type { ModeSwitches } from '../../../api/types';
import { useEditorData } from './editor-data';
import { modeOffers, nodeInherits, nodeOffers, toggleModeTool, toggleNodeTool } from './profile-model';
import { ToolSwitchPanel } from './ToolSwitchPanel';

/** Which tools a mode offers: the two category defaults, then a checkbox per tool (a switch where it differs). */
export function ModeToolsPanel({
  modeLabel,
  switches,
  onChange,
}: {
  modeLabel: string;
  switches: ModeSwitches;
  onChange: (next: ModeSwitches) => void;
}) {
  const { t } = useTranslation();
  const { tools } = useEditorData();
  const label = t('agents.profile.tools.modeTools', { mode: modeLabel });
  return (
    <section className="mode-tools" aria-label={label}>
      <h3>{label}</h3>
      <div className="row wrap">
        <label className="tool-check">
          <input
            type="checkbox"
            checked={switches.custom}
            onChange={(e) => onChange({ ...switches, custom: e.target.checked })}
          />
          {t('agents.profile.tools.customDefault')}
        </label>
        <label className="tool-check">
          <input
            type="checkbox"
            checked={switches.builtin}
            onChange={(e) => onChange({ ...switches, builtin: e.target.checked })}
          />
          {t('agents.profile.tools.builtinDefault')}
        </label>
      </div>
      <ToolSwitchPanel
        label={label}
        tools={tools}
        isOn={(tool) => modeOffers(tool, switches)}
        marked={(tool) => switches.tools?.[tool.name] !== undefined}
        markLabel={t('agents.profile.tools.switchedHere')}
        onToggle={(tool, on) => onChange(toggleModeTool(switches, tool, on))}
      />
    </section>
  );
}

/** A node's or agent's overrides: they shadow the mode's switches and its pinned list, on or off. */
export function OverridesPanel({
  owner,
  switches,
  pinned,
  overrides,
  onChange,
}: {
  owner: string;
  switches: ModeSwitches;
  pinned: string[];
  overrides: Record<string, boolean> | undefined;
  onChange: (next: Record<string, boolean> | undefined) => void;
}) {
  const { t } = useTranslation();
  const { tools } = useEditorData();
  const count = Object.keys(overrides ?? {}).length;
  return (
    <details className="overrides">
      <summary>
        {t('agents.profile.tools.overridesOf', { owner })}
        {count > 0 ? ` (${count})` : ''}
      </summary>
      <p className="hint">{t('agents.profile.tools.overridesHint', { owner })}</p>
      <ToolSwitchPanel
        label={t('agents.profile.tools.overridesOf', { owner })}
        tools={tools}
        isOn={(tool) => nodeOffers(tool, switches, pinned, overrides)}
        marked={(tool) => overrides?.[tool.name] !== undefined}
        markLabel={t('agents.profile.tools.override')}
        onToggle={(tool, on) =>
          onChange(toggleNodeTool(overrides, tool, on, nodeInherits(tool, switches, pinned)))
        }
      />
    </details>
  );
}
