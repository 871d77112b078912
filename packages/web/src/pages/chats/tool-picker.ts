// Chat Settings' side of the tool picker: the chat's tool list (`GET /api/chats/:id/tools`) as picker groups,
// and the ticked boxes back as the chat's settings. Global, builtin and other sources' boxes make the chat's
// list (`settings.tools`); a character's boxes say whether its tool comes along (`settings.characterToolsOff`).
import type { Chat, ChatToolEntry, ChatToolGroup, ChatToolList } from '../../api/types';
import { itemKey, type PickerGroup } from '../../components/tool-picker/tool-groups';
import { i18n } from '../../i18n/i18n';

// group kinds with a hint (chatTools.hint.*) and with a label of their own (chatTools.group.*); an MCP
// server's group keeps the server's name
const HINTED = new Set(['global', 'mcp', 'character', 'orchestration']);
const LABELLED = new Set(['global', 'builtin', 'extension', 'character', 'orchestration']);

function groupLabel(group: ChatToolGroup): string {
  if (!LABELLED.has(group.kind)) return group.label;
  if (group.kind === 'character' && !group.character) return group.label;
  return i18n.t(`chatTools.group.${group.kind}`, { name: group.character?.name });
}

/** A ticked tool that will still not be offered: the reason, unless it is only "not picked yet". */
function noteFor(tool: ChatToolEntry): string | undefined {
  if (tool.offered || !tool.reason || tool.reason === 'Not picked for this chat.') return undefined;
  return tool.reason;
}

export function chatPickerGroups(list: ChatToolList): PickerGroup[] {
  return list.groups.map((group) => ({
    id: group.id,
    label: groupLabel(group),
    hint: HINTED.has(group.kind) ? i18n.t(`chatTools.hint.${group.kind}`) : undefined,
    readOnly: group.kind === 'orchestration',
    tools: group.tools.map((tool) => ({
      name: tool.name,
      displayName: tool.displayName,
      description: tool.description,
      kind: tool.kind,
      enabled: tool.enabled,
      note: noteFor(tool),
    })),
  }));
}

const isCharacter = (group: ChatToolGroup) => group.kind === 'character';
const listed = (group: ChatToolGroup) => !isCharacter(group) && group.kind !== 'orchestration';

/** The boxes ticked when the picker opens. */
export function chatPickerTicked(list: ChatToolList, settings: Chat['settings']): Set<string> {
  const chosen = new Set(settings.tools);
  const off = new Set(settings.characterToolsOff ?? []);
  const keys = new Set<string>();
  for (const group of list.groups) {
    for (const tool of group.tools) {
      const on = isCharacter(group) ? !off.has(tool.name) : listed(group) && chosen.has(tool.name);
      if (on) keys.add(itemKey(group.id, tool.name));
    }
  }
  return keys;
}

/**
 * The settings the ticked boxes mean. Names the picker did not show (a deleted tool still in the list, a
 * character no longer in the chat) keep their state; the list keeps its order, new names go last.
 */
export function chatSettingsFromTicked(
  list: ChatToolList,
  settings: Chat['settings'],
  ticked: Set<string>,
): Pick<Chat['settings'], 'tools' | 'characterToolsOff'> {
  const listedGroups = list.groups.filter(listed);
  const listedNames = new Set(listedGroups.flatMap((g) => g.tools.map((t) => t.name)));
  const tickedListed = new Set(
    listedGroups.flatMap((g) => g.tools.filter((t) => ticked.has(itemKey(g.id, t.name))).map((t) => t.name)),
  );
  const tools = settings.tools.filter((name) => !listedNames.has(name) || tickedListed.has(name));
  for (const name of tickedListed) if (!tools.includes(name)) tools.push(name);

  const characterGroups = list.groups.filter(isCharacter);
  const characterNames = new Set(characterGroups.flatMap((g) => g.tools.map((t) => t.name)));
  const off = new Set((settings.characterToolsOff ?? []).filter((name) => !characterNames.has(name)));
  for (const group of characterGroups)
    for (const tool of group.tools) if (!ticked.has(itemKey(group.id, tool.name))) off.add(tool.name);
  return { tools, characterToolsOff: [...off] };
}

/** The chat's characters' tools the model is offered, for the "+2 character tools" line. */
export function offeredCharacterTools(list: ChatToolList): Array<{ name: string; character: string }> {
  return list.groups
    .filter(isCharacter)
    .flatMap((g) =>
      g.tools
        .filter((t) => t.offered)
        .map((t) => ({ name: t.name, character: g.character?.name ?? g.label })),
    );
}
