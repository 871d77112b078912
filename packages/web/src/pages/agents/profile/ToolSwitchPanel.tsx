import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation();
  return (
    <fieldset className="tool-panel" aria-label={label}>
      {GROUPS.map((group) => {
        const inGroup = tools.filter((tool) => tool.group === group);
        const groupLabel = t(`agents.profile.tools.group.${group}`);
        return (
          <fieldset
            key={group}
            className="tool-group"
            aria-label={t('agents.profile.tools.groupOf', { label, group: groupLabel })}
          >
            <legend>{groupLabel}</legend>
            {inGroup.length === 0 && <p className="hint">{t('agents.profile.tools.none')}</p>}
            {inGroup.map((tool) => (
              <label key={`${group}:${tool.name}:${tool.character ?? ''}`} className="tool-check">
                <input
                  type="checkbox"
                  checked={isOn(tool)}
                  onChange={(e) => onToggle(tool, e.target.checked)}
                />
                <span className="tool-check-text">
                  <span className="tool-check-name" translate="no" title={tool.description}>
                    {tool.name}
                  </span>
                  {tool.profile && <span className="pill">{t('agents.profile.tools.profileTag')}</span>}
                  {tool.character && (
                    <span className="hint" translate="no">
                      {' '}
                      {tool.character}
                    </span>
                  )}
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
