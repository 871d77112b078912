import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../test-support/temp-dir.js';

/**
 * The packages as users get them: `npm pack` the workspace packages (their prepack scripts add the LICENSE and,
 * for the server, the built UI), unpack the tarballs into an empty folder outside the repository, and start the
 * server from there. Third-party dependencies are linked from the repository's node_modules one by one, and only
 * those each package.json declares, so an undeclared import fails here as it would after `npm install` — without
 * the test reaching the npm registry (tests talk to loopback only). Needs `npm run build` first (`npm test` does).
 */
const run = promisify(execFile);
const repo = fileURLToPath(new URL('../../../../', import.meta.url));
const PACKAGES = ['@toolsmith/core', '@toolsmith/server', '@toolsmith/emulator'] as const;

interface PackResult {
  name: string;
  filename: string;
  files: Array<{ path: string }>;
}

describe('installable packages', () => {
  const temp = makeTempDir();
  let packed: PackResult[] = [];
  const app = () => join(temp.dir, 'app');
  let child: ChildProcess | undefined;

  beforeAll(async () => {
    const args = ['pack', '--json', '--pack-destination', temp.dir, ...PACKAGES.flatMap((p) => ['-w', p])];
    const { stdout } = await run('npm', args, { cwd: repo, maxBuffer: 64 * 1024 * 1024 });
    packed = JSON.parse(stdout) as PackResult[];
  }, 120_000);
  afterAll(async () => {
    child?.kill('SIGKILL');
    temp.remove();
  });

  const filesOf = (name: string) => packed.find((p) => p.name === name)?.files.map((f) => f.path) ?? [];

  it('each tarball holds its build, README and LICENSE, and no test code', () => {
    expect(packed.map((p) => p.name).sort()).toEqual([...PACKAGES].sort());
    for (const name of PACKAGES) {
      const files = filesOf(name);
      expect(files, name).toContain('LICENSE');
      expect(files, name).toContain('README.md');
      expect(files, name).toContain('dist/index.js');
      expect(
        files.filter((f) => /\.test\.|__fixtures__|test-support|\/src\//.test(f)),
        name,
      ).toEqual([]);
    }
    expect(filesOf('@toolsmith/server')).toContain('dist/bin/toolsmith.js');
    expect(filesOf('@toolsmith/server')).toContain('ui/index.html');
    expect(filesOf('@toolsmith/server').some((f) => /^ui\/assets\/index-[\w-]+\.js$/.test(f))).toBe(true);
    expect(readFileSync(join(repo, 'LICENSE'), 'utf8')).toContain('Apache License');
  });

  it('package.json files declare license, engines, repository, and the server depends on @toolsmith/core', () => {
    for (const name of PACKAGES) {
      const manifest = JSON.parse(
        readFileSync(join(repo, 'packages', name.split('/')[1], 'package.json'), 'utf8'),
      ) as Record<string, any>;
      expect(manifest.license, name).toBe('Apache-2.0');
      expect(manifest.engines?.node, name).toBe('>=20.18');
      expect(manifest.repository?.directory, name).toBe(`packages/${name.split('/')[1]}`);
      expect(manifest.private, name).toBeUndefined();
    }
    const server = JSON.parse(readFileSync(join(repo, 'packages/server/package.json'), 'utf8'));
    const core = JSON.parse(readFileSync(join(repo, 'packages/core/package.json'), 'utf8'));
    expect(server.dependencies['@toolsmith/core']).toBe(core.version);
  });

  it('installed in an empty folder, the server starts with its UI and answers /api/health', async () => {
    const modules = join(app(), 'node_modules');
    mkdirSync(join(modules, '@toolsmith'), { recursive: true });
    writeFileSync(join(app(), 'package.json'), '{ "name": "toolsmith-install-check", "private": true }\n');
    const declared = new Set<string>();
    for (const name of ['@toolsmith/core', '@toolsmith/server']) {
      const tarball = join(temp.dir, packed.find((p) => p.name === name)!.filename);
      const target = join(modules, name);
      mkdirSync(target, { recursive: true });
      await run('tar', ['-xzf', tarball, '-C', target, '--strip-components=1']);
      const manifest = JSON.parse(readFileSync(join(target, 'package.json'), 'utf8'));
      for (const dep of Object.keys(manifest.dependencies ?? {})) declared.add(dep);
    }
    for (const dep of declared) {
      if (dep.startsWith('@toolsmith/')) continue; // unpacked above, not linked from the workspace
      const link = join(modules, dep);
      mkdirSync(join(link, '..'), { recursive: true });
      symlinkSync(join(repo, 'node_modules', dep), link, 'dir');
    }
    const bin = join(modules, '@toolsmith/server/dist/bin/toolsmith.js');
    // no arguments but flags, as `npx @toolsmith/server --port 0` runs it
    child = spawn(process.execPath, [bin, '--port', '0', '--data-dir', join(app(), 'data')], {
      cwd: app(),
      env: { PATH: process.env.PATH, LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const url = await new Promise<string>((resolve, reject) => {
      const collect = (chunk: Buffer) => {
        output += chunk;
        const match = /Toolsmith is listening on (http:\/\/[\d.:]+)/.exec(output);
        if (match) resolve(match[1]);
      };
      child!.stdout!.on('data', collect);
      child!.stderr!.on('data', collect);
      child!.on('exit', (code) => reject(new Error(`the packed server exited (${code}): ${output}`)));
    });
    const health = await fetch(`${url}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ ok: true });
    const page = await fetch(`${url}/`);
    const html = await page.text();
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(html).toContain('<div id="root">');
    const script = /src="(\/assets\/index-[\w-]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    expect((await fetch(`${url}${script}`)).status).toBe(200);
    expect(existsSync(join(app(), 'data', 'toolsmith.db'))).toBe(true);

    // the Dockerfile's HEALTHCHECK and CMD, run against this install (no container runtime in tests)
    const dockerfile = readFileSync(join(repo, 'Dockerfile'), 'utf8');
    const healthcheck = JSON.parse(/HEALTHCHECK[^\n]*\\\n\s*CMD (\[.*\])/.exec(dockerfile)![1]) as string[];
    expect(healthcheck[0]).toBe('node');
    const probe = (port: string) =>
      run(process.execPath, healthcheck.slice(1), { env: { PORT: port } }).then(
        () => 0,
        (error: { code?: number }) => error.code ?? -1,
      );
    expect(await probe(new URL(url).port)).toBe(0);
    child!.kill('SIGTERM');
    await new Promise((resolve) => child!.once('exit', resolve));
    expect(await probe(new URL(url).port)).toBe(1); // nothing listens any more
    const cmd = JSON.parse(/^CMD (\[.*\])$/m.exec(dockerfile)![1]) as string[];
    expect(cmd[1]).toBe('/app/node_modules/@toolsmith/server/dist/bin/toolsmith.js');
    expect(existsSync(join(app(), cmd[1].slice('/app/'.length)))).toBe(true);
    expect(dockerfile).toMatch(/^USER node$/m);
  }, 60_000);
});
