import type { ToolRegistry, ToolSpec } from '@toolsmith/core';
import type { AppContext } from '../app/context.js';
import type { BuiltinServices } from '../builtins/builtin-context.js';
import { loadToolRegistry } from '../executors/tool-registry.js';
import type { StoredChat } from '../storage/types.js';

export interface ChatTools {
  registry: ToolRegistry;
  /** what the model is offered; the tool loop also refuses every other name (`not_allowed`) */
  tools: ToolSpec[];
}

/**
 * The tools a chat may use: none while tool use is off; otherwise every globally enabled tool (builtins
 * included), narrowed to the chat's own list when it has one. Script tools count only while scripts are
 * enabled on this server.
 */
export async function loadChatTools(
  context: Pick<AppContext, 'storage' | 'builtins' | 'config' | 'mcp'>,
  chat: Pick<StoredChat, 'settings'>,
  /** the chat's data for builtins (variables, lorebooks, this turn's world info) */
  services?: BuiltinServices,
): Promise<ChatTools> {
  const registry = await loadToolRegistry(context, services);
  if (!chat.settings.toolUse) return { registry, tools: [] };
  const chosen = chat.settings.tools.length > 0 ? new Set(chat.settings.tools) : undefined;
  const tools = (await registry.toolSpecsForModel()).filter((spec) => {
    if (chosen && !chosen.has(spec.name)) return false;
    const kind = registry.resolve(spec.name)?.definition.kind;
    return kind !== 'script' || context.config.customToolScriptEnabled;
  });
  return { registry, tools };
}
