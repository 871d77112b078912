// What /mcp offers MCP clients: the enabled global tools (stored, builtin and, when the user allows
// re-export, those of Toolsmith's own MCP servers), run through the same executors, validation, timeouts
// and simulation rules as a chat's tool calls.

import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { executeToolCall, type ToolDefinition, type ToolResultEnvelope } from '@toolsmith/core';
import type { AppContext } from '../app/context.js';
import { toolExecutors } from '../executors/tool-executors.js';
import { loadToolRegistry } from '../executors/tool-registry.js';
import { GLOBAL_SCOPE } from '../storage/types.js';
import { loadMcpSettings } from './mcp-settings.js';
import { listMcpTools } from './mcp-tools.js';

type Context = Pick<
  AppContext,
  'config' | 'storage' | 'builtins' | 'mcp' | 'sandbox' | 'webhookExecutor' | 'shutdownSignal'
>;

export interface OfferedTools {
  registry: Awaited<ReturnType<typeof loadToolRegistry>>;
  definitions: ToolDefinition[];
}

/** The tools an MCP client may list and call right now (built per request, so edits apply at once). */
export async function offeredTools(context: Context): Promise<OfferedTools> {
  const registry = await loadToolRegistry(context);
  const { reexportServerTools } = await loadMcpSettings(context.storage);
  const mcpNames = reexportServerTools
    ? new Set<string>()
    : new Set((await listMcpTools(context)).map((t) => t.modelName));
  const definitions: ToolDefinition[] = [];
  for (const spec of await registry.toolSpecsForModel(GLOBAL_SCOPE)) {
    if (mcpNames.has(spec.name)) continue;
    const tool = registry.resolve(spec.name, GLOBAL_SCOPE);
    if (!tool) continue;
    if (tool.definition.kind === 'script' && !context.config.customToolScriptEnabled) continue;
    definitions.push(tool.definition);
  }
  return { registry, definitions };
}

/** A Toolsmith tool as an MCP tool: its JSON Schema as inputSchema, read tools marked read-only. */
export function toMcpTool(definition: ToolDefinition): Tool {
  return {
    name: definition.name,
    ...(definition.displayName ? { title: definition.displayName } : {}),
    description: definition.description,
    inputSchema: { ...definition.parameters, type: 'object' } as Tool['inputSchema'],
    annotations: {
      ...(definition.displayName ? { title: definition.displayName } : {}),
      readOnlyHint: definition.mode === 'read',
    },
  };
}

/** A tool envelope as an MCP result: text (JSON for values), structured content for objects, images. */
export function toCallToolResult(envelope: ToolResultEnvelope): CallToolResult {
  if (!envelope.ok) {
    const { code, message, hint } = envelope.error;
    return {
      isError: true,
      content: [{ type: 'text', text: hint ? `${message} (${code}) ${hint}` : `${message} (${code})` }],
    };
  }
  const result = envelope.result;
  const text = typeof result === 'string' ? result : (JSON.stringify(result) ?? 'null');
  const content: CallToolResult['content'] = [{ type: 'text', text }];
  for (const file of envelope.attachments ?? []) {
    if (file.type === 'image' || file.type === 'audio') {
      content.push({ type: file.type, data: file.data, mimeType: file.mimeType });
    } else {
      content.push({
        type: 'resource',
        resource: { uri: file.uri ?? 'toolsmith:attachment', mimeType: file.mimeType, blob: file.data },
      });
    }
  }
  const out: CallToolResult = { content };
  if (result !== null && typeof result === 'object' && !Array.isArray(result)) {
    out.structuredContent = result as Record<string, unknown>;
  }
  const meta: Record<string, unknown> = {};
  if (envelope.simulated) meta['toolsmith/simulated'] = true;
  if (envelope.unvalidated) meta['toolsmith/unvalidated'] = true;
  if (Object.keys(meta).length > 0) out._meta = meta;
  return out;
}

/**
 * Runs one call by name for an MCP client. Tools that are not offered (unknown, switched off, scripts while
 * they are disabled, MCP servers' tools without re-export) are refused before anything runs.
 */
export async function callOfferedTool(
  context: Context,
  name: string,
  args: unknown,
  options: { signal: AbortSignal; simulate: boolean },
): Promise<ToolResultEnvelope | undefined> {
  const { registry, definitions } = await offeredTools(context);
  const definition = definitions.find((d) => d.name === name);
  if (!definition) return undefined;
  return executeToolCall(
    { name, args: args ?? {} },
    {
      registry,
      scope: GLOBAL_SCOPE,
      // no chat behind an MCP call: like the gateway, tools get no chat snapshot and no hidden context
      ctx: { chat: null, mcp: true },
      simulate: options.simulate,
      signal: options.signal,
      timeoutMs: context.config.customToolTimeoutMs,
      sandbox: definition.kind === 'script' ? context.sandbox() : undefined,
      executors: toolExecutors(context.webhookExecutor),
      allowedNames: definitions.map((d) => d.name),
    },
  );
}
