import type { Storage } from '../storage/types.js';

/** Settings of the MCP side of Toolsmith (stored in the settings table). */
export interface McpSettings {
  /** `/mcp` also offers the tools of the MCP servers Toolsmith uses (off: only Toolsmith's own tools) */
  reexportServerTools: boolean;
}

const KEY = 'mcp.settings';

export async function loadMcpSettings(storage: Storage): Promise<McpSettings> {
  const stored = await storage.settings.get<Partial<McpSettings>>(KEY);
  return { reexportServerTools: stored?.reexportServerTools === true };
}

export async function saveMcpSettings(storage: Storage, settings: McpSettings): Promise<void> {
  await storage.settings.set(KEY, settings);
}
