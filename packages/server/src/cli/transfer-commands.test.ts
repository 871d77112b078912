import { readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { IMPORT_BODY_LIMIT } from '../routes/tools-transfer.js';
import { createSqliteStorage } from '../storage/sqlite/sqlite-storage.js';
import { captureCli } from '../test-support/cli-capture.js';
import { storedTool } from '../test-support/stored-tool.js';
import { makeTempDir } from '../test-support/temp-dir.js';
import { runCli } from './run-cli.js';

async function storedTools(dataDir: string) {
  const storage = createSqliteStorage(dataDir);
  try {
    return (await storage.tools.list()).map(({ id: _i, createdAt: _c, updatedAt: _u, ...rest }) => rest);
  } finally {
    await storage.close();
  }
}

describe('toolsmith tools import / export', () => {
  const temp = makeTempDir();
  afterAll(() => temp.remove());
  const source = join(temp.dir, 'source');

  it('exports every tool as a ZIP, refuses to overwrite without --force, and imports it elsewhere', async () => {
    const storage = createSqliteStorage(source);
    await storage.tools.create(storedTool('store_hours'));
    await storage.tools.create(
      storedTool('lookup', { kind: 'webhook', webhookUrl: 'https://hooks.example.com/x', staticResult: '' }),
    );
    await storage.close();
    const zipPath = join(temp.dir, 'all.zip');

    const exported = captureCli({ DATA_DIR: source });
    expect(await runCli(['tools', 'export', zipPath], exported.cli)).toBe(0);
    expect(exported.io.out).toMatch(
      /^Exported 2 tools to .*all\.zip \(\d+\.\d KiB; credentials in webhook URLs masked; --include-secrets keeps them\)\.\n$/,
    );
    expect(Object.keys(unzipSync(readFileSync(zipPath)))).toContain('tools/store_hours/tool.json');

    const again = captureCli({ DATA_DIR: source });
    expect(await runCli(['tools', 'export', zipPath], again.cli)).toBe(1);
    expect(again.io.err).toContain('already exists. Pass --force to overwrite it');
    expect(await runCli(['tools', 'export', zipPath, '--force'], captureCli({ DATA_DIR: source }).cli)).toBe(
      0,
    );

    const target = join(temp.dir, 'target');
    const imported = captureCli({ DATA_DIR: target });
    expect(await runCli(['tools', 'import', zipPath], imported.cli)).toBe(0);
    expect(imported.io.out).toBe(
      [
        `Imported 2 tools from ${zipPath}.`,
        'Stored disabled for review (1); check them before switching them on:',
        '  lookup (webhook, https://hooks.example.com): asked to be enabled',
        '',
      ].join('\n'),
    );
    expect(imported.io.err).toBe('');
    const back = await storedTools(target);
    expect(back.map((t) => [t.name, t.enabled])).toEqual([
      ['store_hours', true],
      ['lookup', false],
    ]);

    // a second import of the same file skips every tool, with the reason
    const twice = captureCli({ DATA_DIR: target });
    expect(await runCli(['tools', 'import', zipPath], twice.cli)).toBe(0);
    expect(twice.io.out).toContain('Imported 0 tools');
    expect(twice.io.out).toContain('  store_hours: A tool named "store_hours" already exists.');
  });

  it('exports to FILE.json as one JSON document that imports back', async () => {
    const jsonPath = join(temp.dir, 'all.json');
    expect(await runCli(['tools', 'export', jsonPath], captureCli({ DATA_DIR: source }).cli)).toBe(0);
    const doc = JSON.parse(readFileSync(jsonPath, 'utf8'));
    expect(doc).toMatchObject({ kind: 'toolsmith.tools', version: 1 });
    expect(doc.tools.map((t: { name: string }) => t.name)).toEqual(['store_hours', 'lookup']);
    expect(doc.tools[0]).not.toHaveProperty('id');
    const target = join(temp.dir, 'json-target');
    expect(await runCli(['tools', 'import', jsonPath], captureCli({ DATA_DIR: target }).cli)).toBe(0);
    expect((await storedTools(target)).map((t) => t.name)).toEqual(['store_hours', 'lookup']);
  });

  it('masks webhook credentials unless --include-secrets, in ZIP and JSON alike', async () => {
    const dir = join(temp.dir, 'secrets');
    const storage = createSqliteStorage(dir);
    await storage.tools.create(
      storedTool('keyed', {
        kind: 'webhook',
        webhookUrl: 'https://hooks.example.com/x?token=t0ps3cret',
        staticResult: '',
      }),
    );
    await storage.close();
    for (const file of ['s.zip', 's.json']) {
      const masked = join(temp.dir, `masked-${file}`);
      expect(await runCli(['tools', 'export', masked], captureCli({ DATA_DIR: dir }).cli)).toBe(0);
      expect(readFileSync(masked).includes('t0ps3cret')).toBe(false);
      const full = join(temp.dir, `full-${file}`);
      const run = captureCli({ DATA_DIR: dir });
      expect(await runCli(['tools', 'export', full, '--include-secrets'], run.cli)).toBe(0);
      expect(run.io.out).toContain('webhook credentials included');
      const text = file.endsWith('.zip')
        ? Object.values(unzipSync(readFileSync(full)))
            .map((b) => Buffer.from(b).toString())
            .join('')
        : readFileSync(full, 'utf8');
      expect(text).toContain('t0ps3cret');
    }
  });

  it('shows reading progress for a large file', async () => {
    const bigPath = join(temp.dir, 'big.json');
    // the extra field is ignored by the reader; it only makes the file large
    writeFileSync(
      bigPath,
      JSON.stringify({
        kind: 'toolsmith.tools',
        tools: [{ name: 'big_one', description: 'Big.', kind: 'static', staticResult: 'x' }],
        padding: 'x'.repeat(600 * 1024),
      }),
    );
    const run = captureCli({ DATA_DIR: join(temp.dir, 'big-target') });
    expect(await runCli(['tools', 'import', bigPath], run.cli)).toBe(0);
    const progress = run.io.err.split('\n').filter((l) => l.startsWith('Reading '));
    expect(progress.length).toBeGreaterThanOrEqual(2);
    expect(progress.at(-1)).toMatch(/: 100% \(600\.\d KiB of 600\.\d KiB\)$/);
    expect(run.io.err).toContain('Checking and storing the tools of');
    expect(run.io.out).toContain('Imported 1 tool from');
  });

  it('reports refusals with a non-zero exit code', async () => {
    const dataDir = join(temp.dir, 'refusals');
    const missing = captureCli({ DATA_DIR: dataDir });
    expect(await runCli(['tools', 'import', join(temp.dir, 'nope.json')], missing.cli)).toBe(1);
    expect(missing.io.err).toContain('no such file');

    const badPath = join(temp.dir, 'bad.json');
    writeFileSync(badPath, '{oops');
    const bad = captureCli({ DATA_DIR: dataDir });
    expect(await runCli(['tools', 'import', badPath], bad.cli)).toBe(1);
    expect(bad.io.err).toMatch(/^Import refused: .*not valid JSON/);

    const hugePath = join(temp.dir, 'huge.zip');
    writeFileSync(hugePath, '');
    truncateSync(hugePath, IMPORT_BODY_LIMIT + 1);
    const huge = captureCli({ DATA_DIR: dataDir });
    expect(await runCli(['tools', 'import', hugePath], huge.cli)).toBe(1);
    expect(huge.io.err).toContain('larger than 10 MiB');

    const usage = captureCli({ DATA_DIR: dataDir });
    expect(await runCli(['tools', 'import'], usage.cli)).toBe(2);
    expect(usage.io.err).toContain('tools import needs FILE.\nUsage: toolsmith tools import FILE');
    expect(await storedTools(dataDir)).toEqual([]);
  });
});
