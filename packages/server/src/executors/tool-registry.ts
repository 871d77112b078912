import type { ToolRegistry } from '@toolsmith/core';
import type { AppContext } from '../app/context.js';
import { type BuiltinServices, createBuiltinServices } from '../builtins/builtin-context.js';
import { registerMcpTools } from '../mcp/mcp-tools.js';
import { storedToDefinition } from '../routes/tool-input.js';
import { GLOBAL_SCOPE } from '../storage/types.js';
import { registryWithBuiltins } from './builtin-registry.js';

/**
 * A registry with every builtin (with its stored on/off state), every stored custom tool of the global
 * scope and the tools of available MCP servers (bridged layer), as generation and the gateway need it. Built per run so edits apply to the next run. Builtins
 * get `services` (a chat's data) or, by default, the data outside any chat (global variables and books).
 */
export async function loadToolRegistry(
  context: Pick<AppContext, 'storage' | 'builtins' | 'mcp'>,
  services: BuiltinServices = createBuiltinServices(context.storage),
): Promise<ToolRegistry> {
  const states = await context.storage.builtinTools.list(GLOBAL_SCOPE);
  const registry = registryWithBuiltins(context.builtins, states, services);
  const reserved = new Set(context.builtins.map((b) => b.name));
  for (const tool of await context.storage.tools.list(GLOBAL_SCOPE)) {
    // A stored tool that clashes with a newer builtin stays in the database but cannot run.
    if (reserved.has(tool.name)) continue;
    registry.register(storedToDefinition(tool), { layer: 'custom', scope: GLOBAL_SCOPE });
  }
  await registerMcpTools(registry, context);
  return registry;
}
