/** How Toolsmith reaches an MCP server: a process it starts (stdio) or a Streamable HTTP endpoint. */
export type McpTransport = 'stdio' | 'http';

/** A tool as the MCP server listed it (tools/list), kept so a server that is down still shows its tools. */
export interface McpToolInfo {
  name: string;
  title?: string;
  description: string;
  /** the tool's JSON Schema for its arguments (`type: "object"` at the root) */
  inputSchema: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
  /** MCP tool annotations; `readOnlyHint: true` makes the tool a read tool (it runs in simulations) */
  annotations?: { readOnlyHint?: boolean; destructiveHint?: boolean; title?: string };
}

/** The approval of a stdio server's exact command: what was shown on the review screen, and when. */
export interface McpApproval {
  fingerprint: string;
  approvedAt: string;
}

/** An MCP server as stored. `env` and `headers` values are secrets: only their keys are ever read back. */
export interface StoredMcpServer {
  id: string;
  name: string;
  transport: McpTransport;
  /** stdio: the program to start, its arguments and working directory ('' = the server's own) */
  command: string;
  args: string[];
  cwd: string;
  /** http: the Streamable HTTP endpoint */
  url: string;
  enabled: boolean;
  /** names of the environment variables (stdio) and request headers (http) that are set */
  envKeys: string[];
  headerKeys: string[];
  /** stdio: the approved command's fingerprint; null until approved, cleared when the command changes */
  approval: McpApproval | null;
  /** per-tool switches by the server's tool name; absent = on */
  toolStates: Record<string, boolean>;
  /** the tools the server listed last time it was reached */
  tools: McpToolInfo[];
  toolsListedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** Secret maps: on create the whole map; on update a string sets a key, null removes it, absent keys stay. */
export type SecretMapChanges = Record<string, string | null>;

export interface McpServerInput {
  name: string;
  transport: McpTransport;
  command: string;
  args: string[];
  cwd: string;
  url: string;
  enabled: boolean;
  env?: SecretMapChanges;
  headers?: SecretMapChanges;
}

export interface McpServerSecrets {
  env: Record<string, string>;
  headers: Record<string, string>;
  /** changes whenever env is written (random IV): part of a stdio command's fingerprint, reveals nothing */
  envSeal: string;
}

export interface McpServerRepository {
  list(): Promise<StoredMcpServer[]>;
  get(id: string): Promise<StoredMcpServer | undefined>;
  create(input: McpServerInput): Promise<StoredMcpServer>;
  update(id: string, changes: Partial<McpServerInput>): Promise<StoredMcpServer | undefined>;
  delete(id: string): Promise<boolean>;
  /** decrypted env and headers: server-side use only (starting or reaching the server) */
  getSecrets(id: string): Promise<McpServerSecrets | undefined>;
  setApproval(id: string, approval: McpApproval | null): Promise<void>;
  setToolState(id: string, toolName: string, enabled: boolean | undefined): Promise<void>;
  setTools(id: string, tools: McpToolInfo[], listedAt: string): Promise<void>;
}
