// Runs every benchmark file (packages/*/bench/*.bench.mjs) one after another, each in its own Node process,
// against the built packages. Each benchmark prints its figures and ratios against its named baseline.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const only = process.argv.slice(2);
let failed = 0;
for (const pkg of readdirSync(join(root, 'packages'))) {
  const dir = join(root, 'packages', pkg, 'bench');
  if (!existsSync(dir)) continue;
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.bench.mjs'))
    .sort()) {
    if (only.length && !only.some((o) => file.includes(o))) continue;
    console.log(`\n=== ${pkg}/bench/${file}`);
    const r = spawnSync(process.execPath, ['--expose-gc', join(dir, file)], { stdio: 'inherit', cwd: root });
    if (r.status !== 0) failed++;
  }
}
if (failed) {
  console.error(`\n${failed} benchmark file(s) failed`);
  process.exit(1);
}
