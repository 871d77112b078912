#!/usr/bin/env node
// npm pack / publish helper for the workspace packages: puts the repository's LICENSE into the package and,
// for @toolsmith/server, the built web UI into packages/server/ui (the server serves it from there when it
// runs outside this repository). `--clean` (postpack) removes the copies again.
import { cpSync, existsSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const clean = args.includes('--clean');
const name = args.find((a) => !a.startsWith('--'));
if (!['core', 'server', 'emulator'].includes(name ?? '')) {
  console.error('usage: node scripts/prepack.mjs [--clean] core|server|emulator');
  process.exit(2);
}
const pkg = join(root, 'packages', name);
const copies = [[join(root, 'LICENSE'), join(pkg, 'LICENSE')]];
if (name === 'server') copies.push([join(root, 'packages/web/dist'), join(pkg, 'ui')]);

for (const [from, to] of copies) {
  rmSync(to, { recursive: true, force: true });
  if (clean) continue;
  if (!existsSync(from)) {
    console.error(`prepack: ${from} is missing. Run "npm run build" in the repository first.`);
    process.exit(1);
  }
  cpSync(from, to, { recursive: true });
}
if (!clean && !existsSync(join(pkg, 'dist'))) {
  console.error(`prepack: packages/${name}/dist is missing. Run "npm run build" in the repository first.`);
  process.exit(1);
}
