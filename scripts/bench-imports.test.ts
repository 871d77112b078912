// The benchmarks are not run by the test suite (they time things), so an export they use that moved or was
// renamed would only show when someone runs `npm run bench`. This test checks every name each benchmark
// imports from a Toolsmith package against what the built package exports (`npm test` builds first).

import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..');

function benchFiles(): string[] {
  const files: string[] = [];
  for (const pkg of readdirSync(join(repo, 'packages'))) {
    const dir = join(repo, 'packages', pkg, 'bench');
    let names: string[] = [];
    try {
      names = readdirSync(dir);
    } catch {
      continue;
    }
    for (const name of names) if (name.endsWith('.bench.mjs')) files.push(join(dir, name));
  }
  return files;
}

/** `import { a, b as c } from '@toolsmith/x'` → [['@toolsmith/x', ['a', 'b']]] */
function toolsmithImports(source: string): [string, string[]][] {
  const found: [string, string[]][] = [];
  for (const m of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*'(@toolsmith\/[^']+)'/g)) {
    const names = m[1]
      .split(',')
      .map((part) => part.trim().split(/\s+as\s+/)[0])
      .filter(Boolean);
    found.push([m[2], names]);
  }
  return found;
}

describe('benchmarks', () => {
  const files = benchFiles();

  it('are found', () => {
    expect(files.length).toBeGreaterThan(3);
  });

  it.each(files.map((f) => [f.slice(repo.length + 1), f]))(
    '%s imports only names its Toolsmith packages export',
    async (_label, file) => {
      for (const [specifier, names] of toolsmithImports(readFileSync(file, 'utf8'))) {
        const exported = Object.keys(await import(specifier));
        const missing = names.filter((n) => !exported.includes(n));
        expect({ specifier, missing }).toEqual({ specifier, missing: [] });
      }
    },
  );
});
