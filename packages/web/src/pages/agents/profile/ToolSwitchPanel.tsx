import { GROUPS, type PanelTool } from './profile-model';

/**
 * Checkboxes for tools, in the groups Custom, Builtin, From extensions, From characters. `isOn` says what the
 * box shows, `marked` flags the ones set here (a mode's switch, a node's override).
 */
export function ToolSwitchPanel({
  label,
  tools,
  isOn,
  marked,
  markLabel,
  onToggle,
}: {
  label: string;
  tools: PanelTool[];
  isOn: (tool: PanelTool) => boolean;
  marked: (tool: PanelTool) => boolean;
  /** what a mark means ("switched here", "override") */
  markLabel: string;
  onToggle: (tool: PanelTool, on: boolean) => void;
}) {
  return (
    <fieldset className="tool-panel" aria-label={label}>
      {GROUPS.map((group) => {
        const inGroup = tools.filter((t) => t.group === group.id);
        return (
          <fieldset key={group.id} className="tool-group" aria-label={`${label}: ${group.label}`}>
            <legend>{group.label}</legend>
            {inGroup.length === 0 && <p className="hint">None.</p>}
            {inGroup.map((tool) => (
              <label
                key={`${group.id}:${tool.name}:${tool.character ?? ''}`}
                className="tool-check"
                title={tool.description}
              >
                <input
                  type="checkbox"
                  checked={isOn(tool)}
                  onChange={(e) => onToggle(tool, e.target.checked)}
                />
                <span className="tool-check-text">
                  <span className="tool-check-name">{tool.name}</span>
                  {tool.profile && <span className="pill">profile</span>}
                  {tool.character && <span className="hint"> {tool.character}</span>}
                  {marked(tool) && <span className="pill amber">{markLabel}</span>}
                </span>
              </label>
            ))}
          </fieldset>
        );
      })}
    </fieldset>
  );
}
