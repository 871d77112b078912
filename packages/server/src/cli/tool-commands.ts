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

export async function toolsListCommand(config: ServerConfig, io: CliIo): Promise<number> {
  return withApp(config, async (app) => {
    const response = await app.inject({ method: 'GET', url: '/api/tools' });
    const body = response.json() as { tools: ToolRow[]; builtin: ToolRow[] };
    io.out(`Custom tools (${body.tools.length}):\n`);
    io.out(body.tools.length > 0 ? table(body.tools) : '  (none)\n');
    io.out(`\nBuilt-in tools (${body.builtin.length}):\n`);
    io.out(table(body.builtin));
    return 0;
  });
}

/** `tools dry-run NAME --args JSON [--simulate]` */
export async function dryRunCommand(config: ServerConfig, argv: string[], io: CliIo): Promise<number> {
  let name: string | undefined;
  let argsText = '{}';
  let simulate = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--args') {
      if (argv[i + 1] === undefined) {
        io.err('--args needs a JSON object, for example --args \'{"x": 1}\'.\n');
        return 2;
      }
      argsText = argv[++i];
    } else if (arg.startsWith('--args=')) argsText = arg.slice('--args='.length);
    else if (arg === '--simulate') simulate = true;
    else if (name === undefined && !arg.startsWith('--')) name = arg;
    else {
      io.err(`Unexpected argument: ${arg}\nUsage: toolsmith tools dry-run NAME --args JSON [--simulate]\n`);
      return 2;
    }
  }
  if (!name) {
    io.err('Usage: toolsmith tools dry-run NAME --args JSON [--simulate]\n');
    return 2;
  }
  let args: unknown;
  try {
    args = JSON.parse(argsText);
  } catch (error) {
    io.err(`--args is not valid JSON: ${(error as Error).message}\n`);
    return 2;
  }
  return withApp(config, async (app) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/tools/dry-run',
      headers: headers(config),
      payload: { name, args, simulate },
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
