// An agent's pinned tools in the shared tool picker: the profile editor's tools in the picker's groups
// (custom and profile tools, built-in, the orchestration's outcome tools, extensions, each character's tools,
// and any other source the catalog names, such as an MCP server).
import type { PickerGroup, PickerTool } from '../../../components/tool-picker/tool-groups';
import { i18n } from '../../../i18n/i18n';
import type { PanelTool } from './profile-model';

const label = (group: string, name?: string) => i18n.t(`agents.profile.tools.group.${group}`, { name });

function groupOf(tool: PanelTool): { id: string; label: string } {
  if (tool.group === 'custom') return { id: 'custom', label: label('custom') };
  if (tool.group === 'builtin')
    return tool.origin === 'orchestration'
      ? { id: 'orchestration', label: label('orchestration') }
      : { id: 'builtin', label: label('builtin') };
  if (tool.group === 'extension') return { id: 'extension', label: label('extension') };
  if (tool.group === 'character')
    return {
      id: `character:${tool.character ?? ''}`,
      label: label('characterNamed', tool.character ?? label('aCharacter')),
    };
  const other = String(tool.group);
  return { id: other, label: other };
}

const ORDER = ['custom', 'builtin', 'extension'];

/** Groups in the order Custom, Built-in, From extensions, the characters' and other sources, Orchestration. */
export function pinnedPickerGroups(tools: readonly PanelTool[]): PickerGroup[] {
  const groups = new Map<string, PickerGroup>();
  for (const tool of tools) {
    const { id, label } = groupOf(tool);
    const group = groups.get(id) ?? { id, label, tools: [] };
    if (group.tools.some((t) => t.name === tool.name)) continue;
    const entry: PickerTool = {
      name: tool.name,
      displayName: tool.displayName,
      description: tool.description,
      kind: tool.kind ?? (tool.group === 'custom' ? 'static' : 'native'),
      enabled: tool.enabled,
      ...(tool.profile ? { tag: i18n.t('agents.profile.tools.profileTag') } : {}),
    };
    group.tools.push(entry);
    groups.set(id, group);
  }
  const rank = (id: string) => {
    const known = ORDER.indexOf(id);
    if (known >= 0) return known;
    return id === 'orchestration' ? ORDER.length + 1 : ORDER.length;
  };
  return [...groups.values()].sort((a, b) => rank(a.id) - rank(b.id));
}
