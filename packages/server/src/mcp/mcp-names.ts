import { createHash } from 'node:crypto';
import { TOOL_NAME_PATTERN } from '@toolsmith/core/internal';

/** What a model calls an MCP server's tool, per server id and the server's own tool name. */
export type McpModelNames = Map<string, Map<string, string>>;

const MAX_NAME = 64;

/** Letters, digits and underscores only, no leading/trailing/repeated underscores. */
function slug(text: string): string {
  return text
    .replace(/[^A-Za-z0-9_]+/g, '_')
    .replace(/_{2,}/g, '_')
    .replace(/^_+|_+$/g, '');
}

/** A `server_tool` name that passes the name rule: starts with a letter, at most 64 characters. */
export function sanitizedToolName(serverName: string, toolName: string): string {
  let name = [slug(serverName), slug(toolName)].filter(Boolean).join('_') || 'tool';
  if (!/^[A-Za-z]/.test(name)) name = `mcp_${name}`;
  if (name.length > MAX_NAME) {
    // long names keep their start and get a short hash of the whole, so two long names stay apart
    const hash = createHash('sha256').update(`${serverName}\0${toolName}`).digest('hex').slice(0, 8);
    name = `${name.slice(0, MAX_NAME - 9).replace(/_+$/, '')}_${hash}`;
  }
  return name;
}

function withSuffix(name: string, n: number): string {
  const suffix = `_${n}`;
  return name.slice(0, MAX_NAME - suffix.length) + suffix;
}

/**
 * Model names for every MCP tool, servers in creation order and tools in listed order: the tool's own name
 * when it passes the name rule and no builtin, stored custom tool or earlier MCP tool has it; otherwise the
 * sanitized `server_tool` form (with `_2`, `_3`, ... if even that is taken). First come keeps its name, so
 * adding a server never renames the tools of one added before.
 */
export function assignModelNames(
  servers: ReadonlyArray<{ id: string; name: string; tools: ReadonlyArray<{ name: string }> }>,
  taken: Iterable<string>,
): McpModelNames {
  const used = new Set(taken);
  const out: McpModelNames = new Map();
  for (const server of servers) {
    const names = new Map<string, string>();
    for (const tool of server.tools) {
      if (names.has(tool.name)) continue;
      let name = tool.name;
      if (!TOOL_NAME_PATTERN.test(name) || used.has(name)) {
        const base = sanitizedToolName(server.name, tool.name);
        name = base;
        for (let n = 2; used.has(name); n++) name = withSuffix(base, n);
      }
      used.add(name);
      names.set(tool.name, name);
    }
    out.set(server.id, names);
  }
  return out;
}
