import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createSqliteStorage } from '../storage/sqlite/sqlite-storage.js';
import { captureCli } from '../test-support/cli-capture.js';
import { makeTempDir } from '../test-support/temp-dir.js';
import { runCli } from './run-cli.js';

const BIN = fileURLToPath(new URL('../bin/toolsmith.ts', import.meta.url));
const SOURCE_ALIASES = fileURLToPath(new URL('../test-support/source-aliases.mjs', import.meta.url));
const MODULE_LOG = fileURLToPath(new URL('../test-support/module-log.mjs', import.meta.url));

/** Runs the CLI from source in its own process; returns its exit code and the modules it loaded. */
async function cliModules(argv: string[], dataDir: string, log: string) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--import', SOURCE_ALIASES, '--import', MODULE_LOG, BIN, ...argv],
    {
      env: { ...process.env, DATA_DIR: dataDir, MODULE_LOG: log },
      stdio: 'ignore',
    },
  );
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { code, modules: readFileSync(log, 'utf8').split('\n') };
}

describe('toolsmith CLI', () => {
  const temp = makeTempDir();
  afterAll(() => temp.remove());

  it('tools list shows stored and built-in tools', async () => {
    const storage = createSqliteStorage(temp.dir);
    await storage.tools.create({
      name: 'store_hours',
      displayName: '',
      description: 'Opening hours of the shop.',
      parameters: { type: 'object', properties: {} },
      mode: 'read',
      kind: 'static',
      body: '',
      simulateBody: '',
      staticResult: 'Open 9-5',
      webhookUrl: '',
      includeHiddenContext: false,
      enabled: false,
    });
    await storage.close();
    const { io, cli } = captureCli({ DATA_DIR: temp.dir });
    expect(await runCli(['tools', 'list'], cli)).toBe(0);
    expect(io.out).toContain('Custom tools (1)');
    expect(io.out).toMatch(/store_hours\s+static\s+read\s+off\s+Opening hours of the shop\./);
    expect(io.out).toMatch(/roll_dice\s+native\s+read\s+on/);
  });

  it('tools dry-run runs a tool with --args and reports failures with a non-zero code', async () => {
    const ok = captureCli({ DATA_DIR: temp.dir });
    expect(await runCli(['tools', 'dry-run', 'store_hours', '--args', '{}'], ok.cli)).toBe(0);
    expect(JSON.parse(ok.io.out)).toMatchObject({ ok: true, result: 'Open 9-5' });
    const dice = captureCli({ DATA_DIR: temp.dir });
    expect(
      await runCli(['tools', 'dry-run', 'roll_dice', '--args', '{"count": 2, "sides": 4}'], dice.cli),
    ).toBe(0);
    expect(JSON.parse(dice.io.out).result.rolls).toHaveLength(2);
    const invalid = captureCli({ DATA_DIR: temp.dir });
    expect(await runCli(['tools', 'dry-run', 'roll_dice', '--args', '{"count": 0}'], invalid.cli)).toBe(1);
    expect(JSON.parse(invalid.io.out).code).toBe('invalid_arguments');
    const missing = captureCli({ DATA_DIR: temp.dir });
    expect(await runCli(['tools', 'dry-run', 'nope'], missing.cli)).toBe(1);
    expect(missing.io.err).toContain('No tool named "nope".');
    const badJson = captureCli({ DATA_DIR: temp.dir });
    expect(await runCli(['tools', 'dry-run', 'roll_dice', '--args', '{nope'], badJson.cli)).toBe(2);
    expect(badJson.io.err).toContain('--args is not valid JSON');
  });

  it('dry-run passes the configured admin secret when loopback needs it too', async () => {
    const { io, cli } = captureCli({
      DATA_DIR: temp.dir,
      ADMIN_SECRET: 'cli-secret-123',
      ADMIN_SECRET_ON_LOOPBACK: 'true',
    });
    expect(await runCli(['tools', 'dry-run', 'store_hours'], cli)).toBe(0);
    expect(JSON.parse(io.out).result).toBe('Open 9-5');
  });

  it('reports configuration errors and unknown commands', async () => {
    const bad = captureCli({ DATA_DIR: temp.dir, PORT: 'eighty' });
    expect(await runCli(['tools', 'list'], bad.cli)).toBe(78);
    expect(bad.io.err).toContain('Configuration error: PORT must be a whole number');
    const unknown = captureCli({});
    expect(await runCli(['tools', 'frobnicate', 'x.zip'], unknown.cli)).toBe(2);
    expect(unknown.io.err).toContain('Unknown command');
    // a word naming an Object member is no command either (it found Object.prototype's function)
    for (const word of ['constructor', 'toString']) {
      const member = captureCli({});
      expect(await runCli([word], member.cli)).toBe(2);
      expect(member.io.err).toContain(`Unknown command: ${word}`);
    }
    const help = captureCli({});
    expect(await runCli(['help'], help.cli)).toBe(0);
    expect(help.io.out).toContain('toolsmith tools dry-run NAME --args JSON');
  });

  it('tools list --json, show, enable, disable and delete work by name', async () => {
    const list = captureCli({ DATA_DIR: temp.dir });
    expect(await runCli(['tools', 'list', '--json'], list.cli)).toBe(0);
    const body = JSON.parse(list.io.out) as {
      tools: Array<{ name: string }>;
      builtin: Array<{ name: string }>;
    };
    expect(body.tools.map((t) => t.name)).toContain('store_hours');
    expect(body.builtin.map((t) => t.name)).toContain('roll_dice');

    const show = captureCli({ DATA_DIR: temp.dir });
    expect(await runCli(['tools', 'show', 'store_hours'], show.cli)).toBe(0);
    expect(JSON.parse(show.io.out)).toMatchObject({ name: 'store_hours', kind: 'static', enabled: false });

    const on = captureCli({ DATA_DIR: temp.dir });
    expect(await runCli(['tools', 'enable', 'store_hours'], on.cli)).toBe(0);
    expect(on.io.out).toBe('store_hours is on.\n');
    const off = captureCli({ DATA_DIR: temp.dir });
    expect(await runCli(['tools', 'disable', 'roll_dice'], off.cli)).toBe(0);
    const after = captureCli({ DATA_DIR: temp.dir });
    await runCli(['tools', 'list', '--json'], after.cli);
    const state = JSON.parse(after.io.out) as {
      tools: Array<{ name: string; enabled: boolean }>;
      builtin: Array<{ name: string; enabled: boolean }>;
    };
    expect(state.tools.find((t) => t.name === 'store_hours')?.enabled).toBe(true);
    expect(state.builtin.find((t) => t.name === 'roll_dice')?.enabled).toBe(false);
    await runCli(['tools', 'enable', 'roll_dice'], captureCli({ DATA_DIR: temp.dir }).cli);

    const builtinDelete = captureCli({ DATA_DIR: temp.dir });
    expect(await runCli(['tools', 'delete', 'roll_dice'], builtinDelete.cli)).toBe(1);
    expect(builtinDelete.io.err).toContain('roll_dice is a built-in tool and cannot be deleted');
    const missing = captureCli({ DATA_DIR: temp.dir });
    expect(await runCli(['tools', 'enable', 'nope'], missing.cli)).toBe(1);
    expect(missing.io.err).toContain('No tool named "nope"');

    const storage = createSqliteStorage(temp.dir);
    await storage.tools.create({
      name: 'scratch',
      displayName: '',
      description: 'To be deleted.',
      parameters: { type: 'object', properties: {} },
      mode: 'read',
      kind: 'static',
      body: '',
      simulateBody: '',
      staticResult: 'x',
      webhookUrl: '',
      includeHiddenContext: false,
      enabled: true,
    });
    await storage.close();
    const del = captureCli({ DATA_DIR: temp.dir });
    expect(await runCli(['tools', 'delete', 'scratch'], del.cli)).toBe(0);
    expect(del.io.out).toBe('Deleted scratch.\n');
    const gone = captureCli({ DATA_DIR: temp.dir });
    expect(await runCli(['tools', 'show', 'scratch'], gone.cli)).toBe(1);
  });

  it('refuses unknown flags and stray arguments instead of ignoring them (strict parsing)', async () => {
    const cases: Array<[string[], string]> = [
      [['start', '--prot', '1'], "Unknown option '--prot'"],
      [['--prot', '1'], "Unknown option '--prot'"], // flags alone mean start (npx @toolsmith/server --port 8080)
      [['start', 'now'], 'Unexpected argument for start: now'],
      [['start', '--port', 'eighty'], '--port must be a whole number from 0 to 65535 (got "eighty")'],
      [['start', '--port', '70000'], '--port must be a whole number'],
      [['tools', 'list', '--all'], "Unknown option '--all'"],
      [['tools', 'list', 'extra'], 'Unexpected argument for tools list: extra'],
      [['tools', 'show'], 'tools show needs NAME'],
      [['tools', 'dry-run', 'roll_dice', '--arg', '{}'], "Unknown option '--arg'"],
      [['tools', 'export', 'a.zip', 'b.zip'], 'Unexpected argument for tools export: b.zip'],
      [['tools', 'import', '--verbose', 'x.json'], "Unknown option '--verbose'"],
    ];
    for (const [argv, message] of cases) {
      const run = captureCli({ DATA_DIR: temp.dir });
      expect(await runCli(argv, run.cli), argv.join(' ')).toBe(2);
      expect(run.io.err, argv.join(' ')).toContain(message);
      expect(run.io.err).toContain('Usage: toolsmith');
    }
  });

  it('help, the version and a mistyped command answer without loading the server; the app loads without the MCP SDK or the DOM', async () => {
    const loadsServer = (modules: string[]) =>
      modules.some((url) => url.includes('/node_modules/fastify/') || url.endsWith('/app/build-app.ts'));
    for (const [k, argv, code] of [
      [1, ['--help'], 0],
      [2, ['--version'], 0],
      [3, ['start', '--prot', '1'], 2],
      [4, ['tools', 'lsit'], 2],
    ] as const) {
      const run = await cliModules([...argv], temp.dir, join(temp.dir, `modules-${k}.log`));
      expect(run.code, argv.join(' ')).toBe(code);
      expect(loadsServer(run.modules), argv.join(' ')).toBe(false);
    }
    // a command that runs the app loads it (the log sees it)
    const list = await cliModules(['tools', 'list'], temp.dir, join(temp.dir, 'modules-list.log'));
    expect(list.code).toBe(0);
    expect(loadsServer(list.modules)).toBe(true);
    // ...but not what only some requests need: the MCP SDK, the DOM and Readability load on first use
    const onFirstUse = ['/@modelcontextprotocol/sdk/', '/linkedom/', '/@mozilla/readability/'];
    expect(list.modules.filter((url) => onFirstUse.some((dir) => url.includes(dir)))).toEqual([]);
  });

  it('start --port/--host/--data-dir win over the environment; it serves until SIGTERM, then shuts down cleanly', async () => {
    const flagDir = join(temp.dir, 'from-flag');
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', BIN, 'start', '--port', '0', '--host', '127.0.0.1', '--data-dir', flagDir],
      {
        // the environment asks for port 3000 and another folder: the flags must win
        env: {
          ...process.env,
          DATA_DIR: join(temp.dir, 'from-env'),
          PORT: '3000',
          HOST: '::1',
          LOG_LEVEL: 'info',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk) => {
        output += chunk;
        const match = /Toolsmith is listening on (http:\/\/[\d.:]+)/.exec(output);
        if (match) resolve(match[1]);
      });
      child.on('exit', () => reject(new Error(`server exited: ${output}`)));
    });
    expect(new URL(url).port).not.toBe('3000');
    expect(new URL(url).hostname).toBe('127.0.0.1');
    const health = await fetch(`${url}/api/health`);
    expect(await health.json()).toMatchObject({ ok: true });
    expect(existsSync(flagDir)).toBe(true);
    expect(existsSync(join(temp.dir, 'from-env'))).toBe(false);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).toContain('shutting down');
    await expect(fetch(`${url}/api/health`)).rejects.toThrow();
  });
});
