import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ServerConfig } from '../config/config.js';
import type { Connector, Resolver } from '../executors/webhook/index.js';
import type { McpToolInfo, StoredMcpServer } from '../storage/mcp-types.js';
import type { Storage } from '../storage/types.js';
import { commandFingerprint } from './mcp-command.js';
import { McpConnection, type McpLoadResult, type McpStatus, McpUnavailableError } from './mcp-connection.js';

export interface McpManagerOptions {
  storage: Storage;
  config: Pick<ServerConfig, 'webhookLocalUrlsEnabled' | 'customToolTimeoutMs'>;
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
  /** tests: name → addresses for Streamable HTTP servers */
  resolve?: Resolver;
  /** tests: the connector for Streamable HTTP servers */
  connect?: Connector;
  /** handshake and tools/list deadline (default 30 s) */
  connectTimeoutMs?: number;
}

export interface McpServerState {
  status: McpStatus;
  error?: string;
  /** stdio, while connected: the server's process id */
  pid?: number;
}

export const MSG_NEEDS_APPROVAL =
  'This stdio server has not been approved to start: review its command and approve it (POST /api/mcp/servers/:id/approve).';
export const MSG_COMMAND_CHANGED =
  'The command changed since it was approved: review the new command and approve it again.';
export const MSG_DISABLED = 'This MCP server is switched off.';

/** Why a stored server may not be started or reached now, or undefined when it may. */
export function blockedState(server: StoredMcpServer, envSeal: string): McpServerState | undefined {
  if (!server.enabled) return { status: 'disabled', error: MSG_DISABLED };
  if (server.transport !== 'stdio') return undefined;
  if (!server.approval) return { status: 'needs_approval', error: MSG_NEEDS_APPROVAL };
  if (server.approval.fingerprint !== commandFingerprint(server, envSeal))
    return { status: 'needs_approval', error: MSG_COMMAND_CHANGED };
  return undefined;
}

/**
 * The live MCP clients of the server process, one per stored MCP server, created on first use. Edits to a
 * server drop its connection (`forget`), so the next use starts it with the new settings. `close()` at
 * shutdown stops every server process.
 */
export class McpManager {
  readonly #options: McpManagerOptions;
  readonly #connections = new Map<string, McpConnection>();
  #closed = false;

  constructor(options: McpManagerOptions) {
    this.#options = options;
  }

  /** How a server stands without starting it. */
  state(server: StoredMcpServer, envSeal: string): McpServerState {
    const blocked = blockedState(server, envSeal);
    if (blocked) return blocked;
    const connection = this.#connections.get(server.id);
    if (!connection) return { status: 'idle' };
    const pid = connection.pid;
    return {
      status: connection.status,
      ...(connection.error ? { error: connection.error } : {}),
      ...(pid !== undefined ? { pid } : {}),
    };
  }

  /** Reaches the server (starting it if needed) and lists its tools; `force` skips the backoff wait. */
  async listTools(id: string, force = false): Promise<McpToolInfo[]> {
    return this.#connection(id).listTools(force);
  }

  async callTool(
    id: string,
    toolName: string,
    args: Record<string, unknown>,
    options: { signal?: AbortSignal; timeoutMs?: number } = {},
  ): Promise<CallToolResult> {
    return this.#connection(id).callTool(toolName, args, {
      signal: options.signal,
      timeoutMs: options.timeoutMs ?? this.#options.config.customToolTimeoutMs,
    });
  }

  /** Stops a server's connection (after an edit, a switch-off or a delete); the next use starts afresh. */
  async forget(id: string): Promise<void> {
    const connection = this.#connections.get(id);
    this.#connections.delete(id);
    await connection?.close();
  }

  /** Stops every server process and HTTP session. */
  async close(): Promise<void> {
    this.#closed = true;
    const all = [...this.#connections.values()];
    this.#connections.clear();
    await Promise.all(all.map((c) => c.close()));
  }

  #connection(id: string): McpConnection {
    if (this.#closed) throw new McpUnavailableError('The server is shutting down.', 'error');
    let connection = this.#connections.get(id);
    if (!connection) {
      const { storage, config, log } = this.#options;
      connection = new McpConnection({
        load: () => this.#load(id),
        onTools: (tools) => storage.mcpServers.setTools(id, tools, new Date().toISOString()),
        fetchOptions: {
          localUrlsEnabled: config.webhookLocalUrlsEnabled,
          resolve: this.#options.resolve,
          connect: this.#options.connect,
          connectTimeoutMs: this.#options.connectTimeoutMs ?? 30_000,
        },
        connectTimeoutMs: this.#options.connectTimeoutMs ?? 30_000,
        log,
      });
      this.#connections.set(id, connection);
    }
    return connection;
  }

  async #load(id: string): Promise<McpLoadResult> {
    const { storage } = this.#options;
    const server = await storage.mcpServers.get(id);
    const secrets = server ? await storage.mcpServers.getSecrets(id) : undefined;
    if (!server || !secrets) return { ok: false, status: 'disabled', error: 'This MCP server was deleted.' };
    const blocked = blockedState(server, secrets.envSeal);
    if (blocked)
      return { ok: false, status: blocked.status as 'disabled' | 'needs_approval', error: blocked.error! };
    return { ok: true, server, secrets };
  }
}
