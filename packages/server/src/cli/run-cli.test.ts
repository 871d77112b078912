import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createSqliteStorage } from '../storage/sqlite/sqlite-storage.js';
import { makeTempDir } from '../test-support/temp-dir.js';
import { runCli } from './run-cli.js';

const BIN = fileURLToPath(new URL('../bin/toolsmith.ts', import.meta.url));

function capture(env: Record<string, string>) {
  const io = { out: '', err: '' };
  return {
    io,
    cli: {
      out: (t: string) => {
        io.out += t;
      },
      err: (t: string) => {
        io.err += t;
      },
      env: { LOG_LEVEL: 'silent', ...env },
    },
  };
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
    const { io, cli } = capture({ DATA_DIR: temp.dir });
    expect(await runCli(['tools', 'list'], cli)).toBe(0);
    expect(io.out).toContain('Custom tools (1)');
    expect(io.out).toMatch(/store_hours\s+static\s+read\s+off\s+Opening hours of the shop\./);
    expect(io.out).toMatch(/roll_dice\s+native\s+read\s+on/);
  });

  it('tools dry-run runs a tool with --args and reports failures with a non-zero code', async () => {
    const ok = capture({ DATA_DIR: temp.dir });
    expect(await runCli(['tools', 'dry-run', 'store_hours', '--args', '{}'], ok.cli)).toBe(0);
    expect(JSON.parse(ok.io.out)).toMatchObject({ ok: true, result: 'Open 9-5' });
    const dice = capture({ DATA_DIR: temp.dir });
    expect(
      await runCli(['tools', 'dry-run', 'roll_dice', '--args', '{"count": 2, "sides": 4}'], dice.cli),
    ).toBe(0);
    expect(JSON.parse(dice.io.out).result.rolls).toHaveLength(2);
    const invalid = capture({ DATA_DIR: temp.dir });
    expect(await runCli(['tools', 'dry-run', 'roll_dice', '--args', '{"count": 0}'], invalid.cli)).toBe(1);
    expect(JSON.parse(invalid.io.out).code).toBe('invalid_arguments');
    const missing = capture({ DATA_DIR: temp.dir });
    expect(await runCli(['tools', 'dry-run', 'nope'], missing.cli)).toBe(1);
    expect(missing.io.err).toContain('No tool named "nope".');
    const badJson = capture({ DATA_DIR: temp.dir });
    expect(await runCli(['tools', 'dry-run', 'roll_dice', '--args', '{nope'], badJson.cli)).toBe(2);
    expect(badJson.io.err).toContain('--args is not valid JSON');
  });

  it('dry-run passes the configured admin secret when loopback needs it too', async () => {
    const { io, cli } = capture({
      DATA_DIR: temp.dir,
      ADMIN_SECRET: 'cli-secret-123',
      ADMIN_SECRET_ON_LOOPBACK: 'true',
    });
    expect(await runCli(['tools', 'dry-run', 'store_hours'], cli)).toBe(0);
    expect(JSON.parse(io.out).result).toBe('Open 9-5');
  });

  it('reports configuration errors and unknown commands', async () => {
    const bad = capture({ DATA_DIR: temp.dir, PORT: 'eighty' });
    expect(await runCli(['tools', 'list'], bad.cli)).toBe(78);
    expect(bad.io.err).toContain('Configuration error: PORT must be a whole number');
    const unknown = capture({});
    expect(await runCli(['tools', 'frobnicate', 'x.zip'], unknown.cli)).toBe(2);
    expect(unknown.io.err).toContain('Unknown command');
    const help = capture({});
    expect(await runCli(['help'], help.cli)).toBe(0);
    expect(help.io.out).toContain('toolsmith tools dry-run NAME --args JSON');
  });

  it('start serves until SIGTERM, then shuts down cleanly', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', BIN, 'start'], {
      env: { ...process.env, DATA_DIR: temp.dir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
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
    const health = await fetch(`${url}/api/health`);
    expect(await health.json()).toMatchObject({ ok: true });
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).toContain('shutting down');
    await expect(fetch(`${url}/api/health`)).rejects.toThrow();
  });
});
