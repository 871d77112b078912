import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { describeThrown } from '@toolsmith/core/internal';
import type { McpServerSecrets, McpToolInfo, StoredMcpServer } from '../storage/mcp-types.js';
import { SERVER_VERSION } from '../version.js';
import type * as McpClientSdkModule from './mcp-client-sdk.js';
import { createMcpFetch, type McpFetch, type McpFetchOptions } from './mcp-http-fetch.js';

/** the MCP SDK's client side, as `#connect` loads it */
type McpClientSdk = typeof McpClientSdkModule;

/** Where a server stands: switched off, waiting for its command's approval, or the live connection's state. */
export type McpStatus = 'disabled' | 'needs_approval' | 'idle' | 'connecting' | 'connected' | 'error';

/** The first retry waits 1 s, each next one twice as long, at most a minute. */
export const MCP_BACKOFF_BASE_MS = 1_000;
export const MCP_BACKOFF_MAX_MS = 60_000;
/** After this many failed attempts in a row, retries wait for the next use instead of running on a timer. */
const BACKGROUND_RETRIES = 6;
const STDERR_TAIL = 2_000;

export function backoffDelay(failures: number): number {
  return Math.min(MCP_BACKOFF_MAX_MS, MCP_BACKOFF_BASE_MS * 2 ** Math.max(0, failures - 1));
}

/** A server as it may be started right now (enabled, approved) with its secrets; otherwise why not. */
export type McpLoadResult =
  | { ok: true; server: StoredMcpServer; secrets: McpServerSecrets }
  | { ok: false; status: 'disabled' | 'needs_approval'; error: string };

export interface McpConnectionDeps {
  /** reads the server fresh from storage before each start (edits apply to the next start) */
  load(): Promise<McpLoadResult>;
  /** the tools the server listed (on connect and when it says its list changed) */
  onTools(tools: McpToolInfo[]): Promise<void>;
  fetchOptions: McpFetchOptions;
  /** deadline of the handshake and of tools/list */
  connectTimeoutMs: number;
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
}

/** A failure to reach or use a server; `status` says how the server stands. */
export class McpUnavailableError extends Error {
  constructor(
    message: string,
    readonly status: McpStatus,
  ) {
    super(message);
    this.name = 'McpUnavailableError';
  }
}

/** One MCP server's live client: started on first use, restarted with backoff when it dies. */
export class McpConnection {
  status: McpStatus = 'idle';
  error: string | undefined;
  readonly #deps: McpConnectionDeps;
  #client: Client | undefined;
  #fetch: McpFetch | undefined;
  #connecting: Promise<Client> | undefined;
  #failures = 0;
  #nextAttemptAt = 0;
  #timer: NodeJS.Timeout | undefined;
  #closed = false;
  #stderr = '';
  #name = '';
  /** the stdio transport of the current connection (for its process id) */
  #stdio: { pid: number | null } | undefined;

  constructor(deps: McpConnectionDeps) {
    this.#deps = deps;
  }

  /** The connected client; starts or reaches the server when needed. During backoff, the last error (unless `force`). */
  async ensure(force = false): Promise<Client> {
    if (this.#closed) throw new McpUnavailableError('The MCP connection is closed.', 'error');
    if (this.#client) return this.#client;
    if (this.#connecting) return this.#connecting;
    const wait = this.#nextAttemptAt - Date.now();
    if (!force && wait > 0 && this.error) {
      throw new McpUnavailableError(
        `${this.error} (next attempt in ${Math.ceil(wait / 1000)} s)`,
        this.status,
      );
    }
    this.#connecting = this.#connect().finally(() => {
      this.#connecting = undefined;
    });
    return this.#connecting;
  }

  /** stdio: the process id of the running server */
  get pid(): number | undefined {
    return this.#client ? (this.#stdio?.pid ?? undefined) : undefined;
  }

  /** Lists every tool (all pages) and hands the list on. */
  async listTools(force = false): Promise<McpToolInfo[]> {
    const client = await this.ensure(force);
    return this.#listAll(client);
  }

  async callTool(
    name: string,
    args: Record<string, unknown>,
    options: { signal?: AbortSignal; timeoutMs?: number },
  ): Promise<CallToolResult> {
    const client = await this.ensure();
    const result = await client.callTool({ name, arguments: args }, undefined, {
      signal: options.signal,
      timeout: options.timeoutMs,
    });
    return result as CallToolResult;
  }

  /** Stops the server (or the HTTP session) and any retry; the connection cannot be used again. */
  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#timer);
    const client = this.#client;
    this.#client = undefined;
    await client?.close().catch(() => {});
    await this.#fetch?.close();
  }

  async #connect(): Promise<Client> {
    this.status = 'connecting';
    const loaded = await this.#deps.load();
    if (!loaded.ok) {
      this.status = loaded.status;
      this.error = loaded.error;
      throw new McpUnavailableError(loaded.error, loaded.status);
    }
    const { server, secrets } = loaded;
    this.#name = server.name;
    this.#stderr = '';
    // the SDK's client loads with the first connection: most servers never connect to one
    const sdk = await import('./mcp-client-sdk.js');
    const client = new sdk.Client(
      { name: 'toolsmith', version: SERVER_VERSION },
      {
        capabilities: {},
        listChanged: {
          tools: {
            onChanged: (error, tools) => {
              if (error || !tools || this.#client !== client) return;
              this.#deps.onTools(tools.map(toToolInfo)).catch(() => {});
            },
          },
        },
      },
    );
    try {
      const transport = this.#transport(sdk, server, secrets);
      await client.connect(transport, { timeout: this.#deps.connectTimeoutMs });
      const tools = await this.#listAll(client);
      if (this.#closed) {
        await client.close().catch(() => {});
        throw new McpUnavailableError('The MCP connection is closed.', 'error');
      }
      this.#client = client;
      client.onclose = () => this.#dropped(client);
      this.status = 'connected';
      this.error = undefined;
      this.#failures = 0;
      this.#nextAttemptAt = 0;
      this.#deps.log.info({ mcpServer: server.name, tools: tools.length }, 'MCP server connected');
      return client;
    } catch (error) {
      await client.close().catch(() => {});
      await this.#fetch?.close();
      this.#fetch = undefined;
      if (error instanceof McpUnavailableError) throw error;
      this.#failed(this.#describe(`Could not connect to the MCP server "${server.name}"`, error));
      throw new McpUnavailableError(this.error!, 'error');
    }
  }

  #transport(sdk: McpClientSdk, server: StoredMcpServer, secrets: McpServerSecrets): Transport {
    this.#stdio = undefined;
    if (server.transport === 'stdio') {
      const transport = new sdk.StdioClientTransport({
        command: server.command,
        args: server.args,
        // the SDK adds only HOME, LOGNAME, PATH, SHELL, TERM and USER: none of this server's own secrets leak
        env: secrets.env,
        cwd: server.cwd || undefined,
        stderr: 'pipe',
      });
      transport.stderr?.on('data', (chunk: Buffer) => {
        this.#stderr = (this.#stderr + chunk.toString('utf8')).slice(-STDERR_TAIL);
      });
      this.#stdio = transport;
      return transport;
    }
    this.#fetch = createMcpFetch(this.#deps.fetchOptions);
    return new sdk.StreamableHTTPClientTransport(new URL(server.url), {
      fetch: this.#fetch,
      requestInit: { headers: secrets.headers },
      reconnectionOptions: {
        initialReconnectionDelay: MCP_BACKOFF_BASE_MS,
        maxReconnectionDelay: MCP_BACKOFF_MAX_MS,
        reconnectionDelayGrowFactor: 2,
        maxRetries: 2,
      },
    });
  }

  async #listAll(client: Client): Promise<McpToolInfo[]> {
    const tools: McpToolInfo[] = [];
    let cursor: string | undefined;
    // a server that pages forever is cut off; 100 pages is far beyond any real tool list
    for (let page = 0; page < 100; page++) {
      const answer = await client.listTools(cursor ? { cursor } : undefined, {
        timeout: this.#deps.connectTimeoutMs,
      });
      tools.push(...answer.tools.map(toToolInfo));
      cursor = answer.nextCursor;
      if (!cursor) break;
    }
    await this.#deps.onTools(tools);
    return tools;
  }

  /** The connection ended without our asking: the server died or the session was lost. */
  #dropped(client: Client): void {
    if (this.#client !== client || this.#closed) return;
    this.#client = undefined;
    this.#failed(this.#describe(`The MCP server "${this.#name}" closed the connection`));
    this.#deps.log.warn({ mcpServer: this.#name, error: this.error }, 'MCP server connection lost');
  }

  #failed(message: string): void {
    this.status = 'error';
    this.error = message;
    this.#failures++;
    const delay = backoffDelay(this.#failures);
    this.#nextAttemptAt = Date.now() + delay;
    clearTimeout(this.#timer);
    if (this.#failures > BACKGROUND_RETRIES || this.#closed) return;
    this.#timer = setTimeout(() => {
      this.ensure(true).catch(() => {});
    }, delay);
    this.#timer.unref();
  }

  #describe(prefix: string, error?: unknown): string {
    const reason = error === undefined ? '' : `: ${describeThrown(error)}`;
    const stderr = this.#stderr.trim();
    const tail = stderr ? ` (stderr: ${stderr.split('\n').slice(-5).join(' | ').slice(-500)})` : '';
    return `${prefix}${reason}${tail}`;
  }
}

function toToolInfo(tool: Tool): McpToolInfo {
  const info: McpToolInfo = {
    name: tool.name,
    description: tool.description ?? '',
    inputSchema: tool.inputSchema as Record<string, unknown>,
  };
  if (tool.title) info.title = tool.title;
  if (tool.outputSchema) info.outputSchema = tool.outputSchema as Record<string, unknown>;
  if (tool.annotations) {
    const { readOnlyHint, destructiveHint, title } = tool.annotations;
    info.annotations = {
      ...(readOnlyHint !== undefined ? { readOnlyHint } : {}),
      ...(destructiveHint !== undefined ? { destructiveHint } : {}),
      ...(title !== undefined ? { title } : {}),
    };
  }
  return info;
}
