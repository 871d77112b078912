import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app/build-app.js';
import type { ServerConfig } from '../config/config.js';
import type { CliIo } from './run-cli.js';

/**
 * CLI tool commands go through the same routes as the API (in-process, no port opened), so validation,
 * executors and messages are identical. The database may be in use by a running server: WAL allows it.
 */
async function withApp<T>(config: ServerConfig, fn: (app: FastifyInstance) => Promise<T>): Promise<T> {
  const app = await buildApp({ ...config, logLevel: 'silent' });
  try {
    return await fn(app);
  } finally {
    await app.close();
  }
}

function headers(config: ServerConfig): Record<string, string> {
  const out: Record<string, string> = { 'x-toolsmith-request': '1' };
  if (config.adminSecret) out['x-admin-secret'] = config.adminSecret;
  return out;
}

interface ToolRow {
  id?: string;
  name: string;
  kind: string;
  mode: string;
  enabled: boolean;
  description: string;
}

function table(rows: ToolRow[]): string {
  const cells = rows.map((r) => [
    r.name,
    r.kind,
    r.mode,
    r.enabled ? 'on' : 'off',
    r.description.split('\n')[0],
  ]);
  const head = ['NAME', 'KIND', 'MODE', 'ENABLED', 'DESCRIPTION'];
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c: string[]) =>
    c
      .map((v, i) => (i === c.length - 1 ? v.slice(0, 80) : v.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  return [line(head), ...cells.map(line)].join('\n') + '\n';
}

async function listTools(app: FastifyInstance): Promise<{ tools: ToolRow[]; builtin: ToolRow[] }> {
  const response = await app.inject({ method: 'GET', url: '/api/tools' });
  return response.json() as { tools: ToolRow[]; builtin: ToolRow[] };
}

/** Finds a custom or built-in tool by its name; undefined (with the message written) when there is none. */
async function findTool(
  app: FastifyInstance,
  name: string,
  io: CliIo,
): Promise<{ row: ToolRow; builtin: boolean } | undefined> {
  const { tools, builtin } = await listTools(app);
  const custom = tools.find((t) => t.name === name);
  if (custom) return { row: custom, builtin: false };
  const native = builtin.find((t) => t.name === name);
  if (native) return { row: native, builtin: true };
  io.err(`No tool named "${name}". "toolsmith tools list" shows every tool's name.\n`);
  return undefined;
}

function refused(response: { statusCode: number; json(): unknown }, io: CliIo): number {
  const body = response.json() as { error?: string };
  io.err(`${body.error ?? `The server answered ${response.statusCode}.`}\n`);
  return 1;
}

export async function toolsListCommand(
  config: ServerConfig,
  io: CliIo,
  options: { json: boolean },
): Promise<number> {
  return withApp(config, async (app) => {
    const body = await listTools(app);
    if (options.json) {
      io.out(`${JSON.stringify(body, null, 2)}\n`);
      return 0;
    }
    io.out(`Custom tools (${body.tools.length}):\n`);
    io.out(body.tools.length > 0 ? table(body.tools) : '  (none)\n');
    io.out(`\nBuilt-in tools (${body.builtin.length}):\n`);
    io.out(table(body.builtin));
    return 0;
  });
}

/** `tools show NAME`: the tool as the API answers it (JSON). */
export async function toolsShowCommand(config: ServerConfig, name: string, io: CliIo): Promise<number> {
  return withApp(config, async (app) => {
    const found = await findTool(app, name, io);
    if (!found) return 1;
    if (found.builtin) {
      io.out(`${JSON.stringify(found.row, null, 2)}\n`);
      return 0;
    }
    const response = await app.inject({ method: 'GET', url: `/api/tools/${found.row.id}` });
    if (response.statusCode !== 200) return refused(response, io);
    io.out(`${JSON.stringify(response.json(), null, 2)}\n`);
    return 0;
  });
}

/** `tools enable NAME` / `tools disable NAME`: custom tools through PATCH, built-in ones through PUT. */
export async function toolsSetEnabledCommand(
  config: ServerConfig,
  name: string,
  enabled: boolean,
  io: CliIo,
): Promise<number> {
  return withApp(config, async (app) => {
    const found = await findTool(app, name, io);
    if (!found) return 1;
    const response = await app.inject({
      method: found.builtin ? 'PUT' : 'PATCH',
      url: found.builtin ? `/api/tools/builtin/${encodeURIComponent(name)}` : `/api/tools/${found.row.id}`,
      headers: headers(config),
      payload: { enabled },
    });
    if (response.statusCode !== 200) return refused(response, io);
    io.out(`${name} is ${enabled ? 'on' : 'off'}.\n`);
    return 0;
  });
}

/** `tools delete NAME`: custom tools only (built-in ones can be switched off). */
export async function toolsDeleteCommand(config: ServerConfig, name: string, io: CliIo): Promise<number> {
  return withApp(config, async (app) => {
    const found = await findTool(app, name, io);
    if (!found) return 1;
    if (found.builtin) {
      io.err(
        `${name} is a built-in tool and cannot be deleted; "toolsmith tools disable ${name}" switches it off.\n`,
      );
      return 1;
    }
    const response = await app.inject({
      method: 'DELETE',
      url: `/api/tools/${found.row.id}`,
      headers: headers(config),
    });
    if (response.statusCode !== 204) return refused(response, io);
    io.out(`Deleted ${name}.\n`);
    return 0;
  });
}

/** `tools dry-run NAME --args JSON [--simulate]` */
export async function dryRunCommand(
  config: ServerConfig,
  name: string,
  io: CliIo,
  options: { argsText: string; simulate: boolean },
): Promise<number> {
  let args: unknown;
  try {
    args = JSON.parse(options.argsText);
  } catch (error) {
    io.err(`--args is not valid JSON: ${(error as Error).message}\n`);
    return 2;
  }
  return withApp(config, async (app) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/tools/dry-run',
      headers: headers(config),
      payload: { name, args, simulate: options.simulate },
    });
    const body = response.json();
    if (response.statusCode !== 200) {
      io.err(`${body.error}\n`);
      return 1;
    }
    io.out(JSON.stringify(body, null, 2) + '\n');
    return body.ok ? 0 : 1;
  });
}
