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
  const { tools } = useEditorData();
  const label = `Tools of the ${modeLabel} mode`;
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
          Custom and character tools on by default
        </label>
        <label className="tool-check">
          <input
            type="checkbox"
            checked={switches.builtin}
            onChange={(e) => onChange({ ...switches, builtin: e.target.checked })}
          />
          Builtin and extension tools on by default
        </label>
      </div>
      <ToolSwitchPanel
        label={label}
        tools={tools}
        isOn={(t) => modeOffers(t, switches)}
        marked={(t) => switches.tools?.[t.name] !== undefined}
        markLabel="switched here"
        onToggle={(t, on) => onChange(toggleModeTool(switches, t, on))}
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
  const { tools } = useEditorData();
  const count = Object.keys(overrides ?? {}).length;
  return (
    <details className="overrides">
      <summary>
        Tool overrides of {owner}
        {count > 0 ? ` (${count})` : ''}
      </summary>
      <p className="hint">
        Checked = offered to {owner}. A change here shadows the mode’s switches and the pinned tools, either
        way.
      </p>
      <ToolSwitchPanel
        label={`Tool overrides of ${owner}`}
        tools={tools}
        isOn={(t) => nodeOffers(t, switches, pinned, overrides)}
        marked={(t) => overrides?.[t.name] !== undefined}
        markLabel="override"
        onToggle={(t, on) => onChange(toggleNodeTool(overrides, t, on, nodeInherits(t, switches, pinned)))}
      />
    </details>
  );
}
