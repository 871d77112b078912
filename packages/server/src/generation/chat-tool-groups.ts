// What a chat's tool picker shows: every source of tools in its group (global, builtin, extension, each of
// the chat's characters, the orchestration), each tool marked with whether the model is offered it on the
// next turn and, when not, why. "Offered" comes from the same functions a generation uses, so the picker
// can never disagree with what the model gets.
import type { ToolKind } from '@toolsmith/core';
import type { ChatToolEntry, ChatToolGroup, ChatToolList } from '@toolsmith/core/api-schema';
import { OUTCOME_TOOL_INFO } from '@toolsmith/core/internal';
import type { AppContext } from '../app/context.js';
import { addCharacterTools, loadChatCharacters } from '../characters/chat-characters.js';
import { listMcpTools } from '../mcp/mcp-tools.js';
import { loadGlobalProfile } from '../orchestration/profile-store.js';
import { characterToolScope, GLOBAL_SCOPE, type StoredChat, type StoredTool } from '../storage/types.js';
import { loadChatTools } from './chat-tools.js';

export type { ChatToolEntry, ChatToolGroup, ChatToolList };

type Context = Pick<AppContext, 'storage' | 'builtins' | 'config' | 'mcp'>;

function entry(
  tool: Pick<StoredTool, 'name' | 'displayName' | 'description' | 'mode' | 'enabled'> & {
    kind: ToolKind;
  },
): Omit<ChatToolEntry, 'offered'> {
  return {
    name: tool.name,
    ...(tool.displayName ? { displayName: tool.displayName } : {}),
    description: tool.description,
    kind: tool.kind,
    mode: tool.mode,
    enabled: tool.enabled,
  };
}

export async function chatToolList(context: Context, chat: StoredChat): Promise<ChatToolList> {
  const { storage, builtins, config } = context;
  const connection = chat.connectionId ? await storage.connections.get(chat.connectionId) : undefined;
  const functionCalling = connection?.functionCalling.enabled !== false;

  // exactly what a generation computes
  const chatTools = await loadChatTools(context, chat);
  const characters = await loadChatCharacters(storage, chat);
  const specs = await addCharacterTools(context, chat, characters, chatTools.registry, chatTools.tools);
  const offered = functionCalling ? specs.map((s) => s.name) : [];
  const offeredSet = new Set(offered);

  const chosen = new Set(chat.settings.tools);
  const off = new Set(chat.settings.characterToolsOff ?? []);
  const reserved = new Set(builtins.map((b) => b.name));
  /** the reason shared by every tool, when there is one */
  const common = !chat.settings.toolUse
    ? 'Tool use is off in this chat.'
    : !functionCalling
      ? `The connection ${connection?.name ?? ''} has function calling off.`.replace('  ', ' ')
      : undefined;
  const why = (tool: Omit<ChatToolEntry, 'offered'>, own: () => string | undefined): ChatToolEntry => {
    if (offeredSet.has(tool.name)) return { ...tool, offered: true };
    const reason =
      common ??
      (tool.kind === 'script' && !config.customToolScriptEnabled
        ? 'Script tools are disabled on this server (CUSTOM_TOOL_SCRIPT_ENABLED).'
        : own()) ??
      'Not offered.';
    return { ...tool, offered: false, reason };
  };
  const narrowed = (tool: Omit<ChatToolEntry, 'offered'>, offWhere: string) =>
    why(tool, () => {
      if (!tool.enabled) return `Switched off ${offWhere}.`;
      if (chosen.size > 0 && !chosen.has(tool.name)) return 'Not picked for this chat.';
      return undefined;
    });

  const groups: ChatToolGroup[] = [];
  const global = (await storage.tools.list(GLOBAL_SCOPE)).filter((t) => !reserved.has(t.name));
  groups.push({
    id: 'global',
    kind: 'global',
    label: 'Global functions',
    tools: global.map((t) => narrowed(entry(t), 'on the Functions page')),
  });
  const states = await storage.builtinTools.list(GLOBAL_SCOPE);
  const builtinEntry = (b: (typeof builtins)[number]) =>
    narrowed(
      entry({ ...b, kind: 'native', enabled: states.get(b.name) ?? b.defaultEnabled }),
      'on the Functions page',
    );
  groups.push({
    id: 'builtin',
    kind: 'builtin',
    label: 'Built-in',
    tools: builtins.filter((b) => !b.extension).map(builtinEntry),
  });
  const extensions = builtins.filter((b) => b.extension);
  if (extensions.length > 0) {
    groups.push({
      id: 'extension',
      kind: 'extension',
      label: 'From extensions',
      tools: extensions.map(builtinEntry),
    });
  }

  // one group per MCP server, narrowed by the chat's list like global tools
  const mcpTools = await listMcpTools(context);
  const mcpServers = new Map<string, typeof mcpTools>();
  for (const tool of mcpTools)
    mcpServers.set(tool.serverId, [...(mcpServers.get(tool.serverId) ?? []), tool]);
  for (const [serverId, tools] of mcpServers) {
    groups.push({
      id: `mcp:${serverId}`,
      kind: 'mcp',
      label: `MCP: ${tools[0]?.serverName ?? serverId}`,
      tools: tools.map((t) =>
        narrowed(
          {
            name: t.modelName,
            ...(t.displayName !== t.modelName ? { displayName: t.displayName } : {}),
            description: t.description,
            kind: 'native',
            mode: t.mode,
            enabled: t.enabled,
          },
          'on the MCP servers page',
        ),
      ),
    });
    const unavailable = tools[0] && !tools[0].available;
    if (unavailable) {
      const last = groups[groups.length - 1];
      if (last) {
        last.tools = last.tools.map((t) => ({
          ...t,
          offered: false,
          reason: common ?? 'The MCP server is switched off or waits for approval (MCP servers page).',
        }));
      }
    }
  }

  // a name held earlier (global, builtin, or an earlier character of the group) stays with that tool
  const taken = new Set([
    ...global.map((t) => t.name),
    ...builtins.map((b) => b.name),
    ...mcpTools.filter((t) => t.available).map((t) => t.modelName),
  ]);
  for (const character of characters) {
    const stored = await storage.tools.list(characterToolScope(character.id));
    groups.push({
      id: `character:${character.id}`,
      kind: 'character',
      label: `${character.card.name}’s tools`,
      character: { id: character.id, name: character.card.name },
      tools: stored.map((t) => {
        const shadowed = taken.has(t.name);
        taken.add(t.name);
        return why(entry(t), () => {
          if (shadowed) return 'Another tool of this name is used instead.';
          if (!t.enabled) return 'Switched off on the Characters page.';
          if (off.has(t.name)) return 'Switched off for this chat.';
          return undefined;
        });
      }),
    });
  }

  if (chat.settings.orchestration?.enabled) {
    const profile = await loadGlobalProfile(storage);
    const reason = 'Offered to the orchestration’s agents (Agents page), not to the reply.';
    groups.push({
      id: 'orchestration',
      kind: 'orchestration',
      label: 'Orchestration',
      tools: [
        ...(profile?.tools ?? []).map((t) => ({
          ...entry({ ...t, displayName: t.displayName ?? '', kind: t.kind }),
          enabled: t.enabled !== false,
          offered: false,
          reason,
        })),
        ...OUTCOME_TOOL_INFO.map((t) => ({
          name: t.name,
          description: t.description,
          kind: 'native' as const,
          mode: t.mode,
          enabled: true,
          offered: false,
          reason,
        })),
      ],
    });
  }
  return { toolUse: chat.settings.toolUse, functionCalling, offered, groups };
}
