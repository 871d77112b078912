// `toolsmith tools export --format marinara|luker`: that app's file, what it cannot hold listed, and it
// imports back here.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { createSqliteStorage } from '../storage/sqlite/sqlite-storage.js';
import { captureCli } from '../test-support/cli-capture.js';
import { storedTool } from '../test-support/stored-tool.js';
import { makeTempDir } from '../test-support/temp-dir.js';
import { runCli } from './run-cli.js';

describe('toolsmith tools export --format', () => {
  const temp = makeTempDir();
  afterAll(() => temp.remove());
  const source = join(temp.dir, 'source');

  it('writes Marinara’s function ZIP to its default name and lists the renames', async () => {
    const storage = createSqliteStorage(source);
    await storage.tools.create(storedTool('StoreHours'));
    await storage.tools.create(
      storedTool('lookup', {
        kind: 'webhook',
        mode: 'write',
        staticResult: '',
        webhookUrl: 'https://h.example/x?token=t0ps3cret',
      }),
    );
    await storage.close();
    const run = captureCli({ DATA_DIR: source });
    const cwd = process.cwd();
    process.chdir(temp.dir);
    try {
      expect(await runCli(['tools', 'export', '--format', 'marinara'], run.cli)).toBe(0);
    } finally {
      process.chdir(cwd);
    }
    expect(run.io.out).toContain('Exported 2 tools for Marinara Engine to marinara-functions.zip');
    expect(run.io.out).toContain('Not carried over as it is (1):\n  StoreHours: Renamed to storehours');
    const files = unzipSync(readFileSync(join(temp.dir, 'marinara-functions.zip')));
    const root = JSON.parse(strFromU8(files['marinara-functions.json']));
    expect(root.kind).toBe('marinara.function-folder');
    expect(strFromU8(files['Function Calls/lookup/manifest.json'])).not.toContain('t0ps3cret');

    const target = join(temp.dir, 'target');
    const back = captureCli({ DATA_DIR: target });
    expect(await runCli(['tools', 'import', join(temp.dir, 'marinara-functions.zip')], back.cli)).toBe(0);
    expect(back.io.out).toContain('Imported 2 tools');
  });

  it('writes a Luker preset and says the webhook was left out; an unknown format is a usage error', async () => {
    const file = join(temp.dir, 'for-luker.json');
    const run = captureCli({ DATA_DIR: source });
    expect(await runCli(['tools', 'export', file, '--format', 'luker'], run.cli)).toBe(0);
    expect(run.io.out).toContain('lookup: Luker has no webhook tools: this tool is left out of the file.');
    const doc = JSON.parse(readFileSync(file, 'utf8'));
    expect(doc.format).toBe('luker_orchestrator_profile_v4');
    expect(doc.profile.customTools.map((t: { name: string }) => t.name)).toEqual(['StoreHours']);

    const bad = captureCli({ DATA_DIR: source });
    expect(await runCli(['tools', 'export', '--format', 'xml'], bad.cli)).toBe(2);
    expect(bad.io.err).toContain('--format must be toolsmith, marinara (Marinara Engine) or luker; got xml.');
  });
});
