// Shapes of /api/mcp (docs/api.md, "MCP"): servers Toolsmith uses, their tools, and what /mcp shares.

export type McpStatus = 'disabled' | 'needs_approval' | 'idle' | 'connecting' | 'connected' | 'error';

/** What must be approved before a stdio server starts: exactly what will run. */
export interface McpReview {
  command: string;
  args: string[];
  commandLine: string;
  cwd: string;
  envKeys: string[];
  fingerprint: string;
}

export interface McpServer {
  id: string;
  name: string;
  transport: 'stdio' | 'http';
  command: string;
  args: string[];
  cwd: string;
  url: string;
  enabled: boolean;
  /** names only: the values are secrets and never come back */
  envKeys: string[];
  headerKeys: string[];
  review: McpReview | null;
  approved: boolean;
  approvedAt: string | null;
  status: McpStatus;
  error?: string;
  pid?: number;
  toolCount: number;
  toolsListedAt: string | null;
}

export interface McpServerTool {
  name: string;
  modelName: string;
  displayName: string;
  description: string;
  mode: 'read' | 'write';
  enabled: boolean;
}

export interface McpServerTools {
  status: McpStatus;
  error?: string;
  tools: McpServerTool[];
}

export interface McpSettings {
  reexportServerTools: boolean;
}
