import type { JsonSchema, ToolMode, ToolRegistry } from '@toolsmith/core';
import { OUTCOME_TOOL_INFO } from '@toolsmith/core/internal';
import type { AppContext } from '../app/context.js';
import type { McpToolInfo, StoredMcpServer } from '../storage/mcp-types.js';
import { GLOBAL_SCOPE } from '../storage/types.js';
import type { McpManager } from './mcp-manager.js';
import { blockedState } from './mcp-manager.js';
import { assignModelNames } from './mcp-names.js';
import { mapCallToolResult } from './mcp-result.js';

/** One MCP server's tool as the rest of Toolsmith sees it. */
export interface McpToolEntry {
  serverId: string;
  serverName: string;
  /** the name the MCP server gave it */
  toolName: string;
  /** the name models call it by (see assignModelNames) */
  modelName: string;
  displayName: string;
  description: string;
  parameters: JsonSchema;
  /** `read` when the server marks it read-only (readOnlyHint), else `write` (not run in simulations) */
  mode: ToolMode;
  /** the tool's own switch on the MCP page */
  enabled: boolean;
  /** the server is switched on and (stdio) approved: only then are its tools offered */
  available: boolean;
}

/** Names MCP tools must not take as they are: builtins, stored global custom tools, orchestration's own. */
async function takenNames(context: Pick<AppContext, 'storage' | 'builtins'>): Promise<Set<string>> {
  const taken = new Set<string>(context.builtins.map((b) => b.name));
  for (const tool of await context.storage.tools.list(GLOBAL_SCOPE)) taken.add(tool.name);
  for (const info of OUTCOME_TOOL_INFO) taken.add(info.name);
  return taken;
}

/** An MCP input schema as a tool's parameters: the object schema, without a `$schema` of another draft. */
export function toParameters(inputSchema: Record<string, unknown> | undefined): JsonSchema {
  if (!inputSchema || typeof inputSchema !== 'object') return { type: 'object', properties: {} };
  const { $schema: _ignored, ...rest } = inputSchema;
  return { ...rest, type: 'object' };
}

function entryFor(
  server: StoredMcpServer,
  tool: McpToolInfo,
  modelName: string,
  available: boolean,
): McpToolEntry {
  return {
    serverId: server.id,
    serverName: server.name,
    toolName: tool.name,
    modelName,
    displayName: tool.title ?? tool.annotations?.title ?? tool.name,
    description:
      tool.description.trim() === ''
        ? `The "${tool.name}" tool of the MCP server "${server.name}".`
        : tool.description.slice(0, 8192),
    parameters: toParameters(tool.inputSchema),
    mode: tool.annotations?.readOnlyHint === true ? 'read' : 'write',
    enabled: server.toolStates[tool.name] ?? true,
    available,
  };
}

/** Every stored MCP server's last-listed tools with their model names, servers in creation order. */
export async function listMcpTools(
  context: Pick<AppContext, 'storage' | 'builtins'>,
  servers?: StoredMcpServer[],
): Promise<McpToolEntry[]> {
  const all = servers ?? (await context.storage.mcpServers.list());
  if (all.length === 0) return [];
  const names = assignModelNames(all, await takenNames(context));
  const out: McpToolEntry[] = [];
  for (const server of all) {
    const secrets = await context.storage.mcpServers.getSecrets(server.id);
    const available = blockedState(server, secrets?.envSeal ?? '') === undefined;
    for (const tool of server.tools) {
      const modelName = names.get(server.id)?.get(tool.name);
      if (modelName) out.push(entryFor(server, tool, modelName, available));
    }
  }
  return out;
}

/**
 * Registers the tools of every available MCP server in the registry's bridged layer under their model
 * names, each with its own switch. A call goes to the live server; a server that is down or dies makes the
 * call a tool error the model sees, never a failed run.
 */
export async function registerMcpTools(
  registry: ToolRegistry,
  context: Pick<AppContext, 'storage' | 'builtins'> & { mcp: McpManager },
): Promise<McpToolEntry[]> {
  const entries = (await listMcpTools(context)).filter((e) => e.available);
  for (const entry of entries) {
    registry.register(
      {
        name: entry.modelName,
        displayName: entry.displayName,
        description: entry.description,
        parameters: entry.parameters,
        mode: entry.mode,
        kind: 'native',
        enabled: entry.enabled,
      },
      {
        layer: 'bridged',
        run: async (args, native) =>
          mapCallToolResult(
            await context.mcp.callTool(entry.serverId, entry.toolName, args, { signal: native.signal }),
          ),
      },
    );
  }
  return entries;
}
