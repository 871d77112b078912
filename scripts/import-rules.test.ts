// Imports flow one way: web → server → core (docs/design.md, "Layers"). This test reads the import graph of
// every package and fails on an import cycle, an import against the package order, a web folder importing
// upward, or a Toolsmith package used without being declared — naming the file, the import and the fix.
// Inside core the finer layer order is checked by packages/core/src/import-layers.test.ts.

import { readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  findCycles,
  importSpecifiers,
  readSources,
  resolveRelative,
  type SourceFile,
} from './import-graph.js';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..');

interface PackageRule {
  /** folder under packages/ */
  folder: string;
  /** the Toolsmith entries its shipped code may import */
  uses: readonly string[];
  /** what its tests and fixtures may import besides */
  testsUse: readonly string[];
}

/** The package order, top first. Only the browser-safe `@toolsmith/core/schema` and `/api-schema` entries may reach the web bundle. */
const PACKAGES: readonly PackageRule[] = [
  {
    folder: 'web',
    uses: ['@toolsmith/core/schema', '@toolsmith/core/api-schema'],
    testsUse: ['@toolsmith/emulator'],
  },
  {
    folder: 'server',
    uses: ['@toolsmith/core', '@toolsmith/core/internal', '@toolsmith/core/api-schema'],
    testsUse: ['@toolsmith/core/test', '@toolsmith/emulator'],
  },
  {
    folder: 'core',
    uses: [],
    testsUse: ['@toolsmith/core', '@toolsmith/core/test', '@toolsmith/emulator', '@toolsmith/server'],
  },
  { folder: 'emulator', uses: [], testsUse: [] },
];

/**
 * The web's folders, top first: a file may import its own folder and lower ones. `app/router.ts` (the hash
 * routes every page links with) and `app/page-title.ts` sit at the bottom with the API client, below the pages
 * that use them, so they may never import a page or a component.
 * Page folders may use each other's pieces, but never in a circle (checked below).
 */
const WEB_LAYERS: readonly (readonly string[])[] = [
  ['main.tsx', 'app/App.tsx', 'app/LanguageSwitch.tsx'],
  ['pages'],
  ['components', 'editor'],
  // i18n: the languages and their texts, which every layer above translates with
  ['api', 'app/router.ts', 'app/page-title.ts', 'i18n'],
];

interface Problem {
  file: string;
  specifier: string;
  message: string;
}

const show = (problems: Problem[]) => problems.map((p) => `${p.file}: import '${p.specifier}': ${p.message}`);

/** Checks the Toolsmith packages a file imports and that no relative import leaves its package. */
function checkPackageImports(
  rule: PackageRule,
  file: string,
  test: boolean,
  specifiers: readonly string[],
  declared: ReadonlySet<string>,
): Problem[] {
  const problems: Problem[] = [];
  for (const specifier of specifiers) {
    if (specifier.startsWith('.')) {
      if (test) continue; // a test may read another package's fixtures
      const target = join(dirname(file), specifier);
      if (target.startsWith(`..${sep}`) || target === '..') {
        problems.push({
          file,
          specifier,
          message: `leaves packages/${rule.folder}: import the other package by its name (@toolsmith/...)`,
        });
      }
      continue;
    }
    if (!specifier.startsWith('@toolsmith/')) continue;
    const allowed = test ? [...rule.uses, ...rule.testsUse] : rule.uses;
    if (!allowed.includes(specifier)) {
      problems.push({
        file,
        specifier,
        message:
          rule.uses.length === 0
            ? `packages/${rule.folder} imports no other Toolsmith package (web → server → core only)`
            : `packages/${rule.folder} may import only ${allowed.join(', ')} (web → server → core only)`,
      });
      continue;
    }
    const name = specifier.split('/').slice(0, 2).join('/');
    if (!test && name !== `@toolsmith/${rule.folder}` && !declared.has(name)) {
      problems.push({
        file,
        specifier,
        message: `${name} is not in packages/${rule.folder}/package.json dependencies: add it`,
      });
    }
  }
  return problems;
}

function webLayerOf(pathInSrc: string): number {
  const posix = pathInSrc.split(sep).join('/');
  return WEB_LAYERS.findIndex((layer) =>
    layer.some((entry) => posix === entry || posix.startsWith(`${entry}/`)),
  );
}

/** A web file's relative import against WEB_LAYERS; `file` and `target` are relative to web/src. */
function checkWebImport(file: string, specifier: string, target: string): Problem | null {
  const from = webLayerOf(file);
  if (from < 0)
    return { file, specifier, message: `${file} is in no web layer: place it in import-rules.test.ts` };
  const to = webLayerOf(target);
  if (to < 0 || to >= from) return null; // an unplaced target is reported as its own file
  return {
    file,
    specifier,
    message: `${WEB_LAYERS[from].join(', ')} may not import ${target}, a higher layer: move the shared piece down (e.g. to components/)`,
  };
}

/** Folder-level edges between page folders (pages/chats → pages/personas), for the cycle check. */
function pageFolder(pathInSrc: string): string | null {
  const parts = pathInSrc.split(sep);
  return parts[0] === 'pages' && parts.length > 2 ? parts[1] : null;
}

function declaredDependencies(folder: string): Set<string> {
  const manifest = JSON.parse(readFileSync(join(repo, 'packages', folder, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
    peerDependencies?: Record<string, string>;
  };
  return new Set([
    ...Object.keys(manifest.dependencies ?? {}),
    ...Object.keys(manifest.peerDependencies ?? {}),
  ]);
}

/** The run-time graph: `import type` edges are erased by the compiler and load nothing. */
function runtimeGraphOf(files: readonly SourceFile[]): Map<string, string[]> {
  return new Map(
    files.map((f) => [
      f.path,
      f.runtimeSpecifiers.map((s) => resolveRelative(f.path, s)).filter((t): t is string => t !== null),
    ]),
  );
}

describe('import rules across packages', () => {
  const sources = new Map(
    PACKAGES.map((rule) => [rule.folder, readSources(join(repo, 'packages', rule.folder, 'src'))]),
  );

  it('reads the real graph', () => {
    const server = sources.get('server')!;
    expect(server.length).toBeGreaterThan(50);
    const uses = server.filter((f) => !f.test).flatMap((f) => f.specifiers);
    expect(uses).toContain('@toolsmith/core');
    const web = sources.get('web')!.flatMap((f) => f.specifiers);
    expect(web).toContain('@toolsmith/core/schema');
  });

  it('no package has an import cycle at run time', () => {
    const cycles = PACKAGES.flatMap((rule) => {
      const shipped = sources.get(rule.folder)!.filter((f) => !f.test);
      return findCycles(runtimeGraphOf(shipped)).map(
        (cycle) => `packages/${rule.folder}: ${cycle.map((p) => relative(repo, p)).join(' → ')} → (back)`,
      );
    });
    expect(cycles).toEqual([]);
  });

  it('every Toolsmith import follows web → server → core and is declared', () => {
    const problems = PACKAGES.flatMap((rule) => {
      const root = join(repo, 'packages', rule.folder);
      const declared = declaredDependencies(rule.folder);
      return sources
        .get(rule.folder)!
        .flatMap((f) => checkPackageImports(rule, relative(root, f.path), f.test, f.specifiers, declared));
    });
    expect(show(problems)).toEqual([]);
  });

  it('web folders import downward and page folders never in a circle', () => {
    const src = join(repo, 'packages', 'web', 'src');
    const problems: Problem[] = [];
    const pageEdges = new Map<string, string[]>();
    for (const f of sources.get('web')!) {
      if (f.test) continue;
      const file = relative(src, f.path);
      for (const specifier of f.specifiers) {
        const resolved = resolveRelative(f.path, specifier);
        if (!resolved) continue;
        const target = relative(src, resolved);
        const problem = checkWebImport(file, specifier, target);
        if (problem) problems.push(problem);
        const [a, b] = [pageFolder(file), pageFolder(target)];
        if (a && b && a !== b) pageEdges.set(a, [...(pageEdges.get(a) ?? []), b]);
      }
    }
    expect(show(problems)).toEqual([]);
    expect(findCycles(pageEdges).map((cycle) => `pages: ${cycle.join(' → ')} → (back)`)).toEqual([]);
  });
});

describe('the import rule checker', () => {
  const server = PACKAGES.find((rule) => rule.folder === 'server')!;
  const web = PACKAGES.find((rule) => rule.folder === 'web')!;
  const core = PACKAGES.find((rule) => rule.folder === 'core')!;

  it('refuses an import up the package order, out of the package, undeclared or test-only in shipped code', () => {
    const declared = new Set(['@toolsmith/core']);
    const check = (rule: PackageRule, source: string, test = false, deps = declared) =>
      checkPackageImports(rule, join('src', 'x.ts'), test, importSpecifiers(source), deps);
    expect(check(core, "import { buildApp } from '@toolsmith/server';")[0].message).toMatch(
      /no other Toolsmith/,
    );
    expect(check(web, "import { runToolLoop } from '@toolsmith/core';")[0].message).toMatch(/core\/schema/);
    expect(check(web, "import type { App } from '@toolsmith/server';")).toHaveLength(1);
    expect(check(server, "const w = await import('@toolsmith/web');")).toHaveLength(1);
    expect(check(server, "import { startEmulator } from '@toolsmith/emulator';")).toHaveLength(1);
    expect(check(server, "import { startEmulator } from '@toolsmith/emulator';", true)).toEqual([]);
    expect(check(server, "import { x } from '../../core/src/index.js';")[0].message).toMatch(/leaves/);
    expect(check(server, "import { x } from '../../core/src/__fixtures__/x.js';", true)).toEqual([]);
    expect(check(server, "import { x } from '@toolsmith/core';", false, new Set())[0].message).toMatch(
      /not in packages\/server\/package.json/,
    );
    expect(
      check(server, "import { x } from './y.js'; import { z } from '@toolsmith/core/internal';"),
    ).toEqual([]);
  });

  it('refuses a web import up the folders, also from the router at the bottom', () => {
    expect(checkWebImport(join('api', 'client.ts'), '../pages/x', join('pages', 'x.ts'))?.message).toMatch(
      /higher layer/,
    );
    expect(
      checkWebImport(join('components', 'X.tsx'), '../app/App', join('app', 'App.tsx'))?.message,
    ).toMatch(/higher layer/);
    expect(
      checkWebImport(join('app', 'router.ts'), '../pages/a/A', join('pages', 'a', 'A.tsx'))?.message,
    ).toMatch(/higher layer/);
    expect(checkWebImport(join('app', 'page-title.ts'), './router', join('app', 'router.ts'))).toBeNull();
    expect(
      checkWebImport(join('pages', 'a', 'A.tsx'), '../../app/router', join('app', 'router.ts')),
    ).toBeNull();
    expect(checkWebImport(join('pages', 'a', 'A.tsx'), '../b/B', join('pages', 'b', 'B.tsx'))).toBeNull();
    expect(
      checkWebImport(join('widgets', 'W.tsx'), '../api/types', join('api', 'types.ts'))?.message,
    ).toMatch(/no web layer/);
  });

  it('finds a cycle, a self-import and none in a chain', () => {
    expect(
      findCycles(
        new Map([
          ['a', ['b']],
          ['b', ['c']],
          ['c', ['a']],
          ['d', ['a']],
        ]),
      ),
    ).toEqual([['a', 'b', 'c']]);
    expect(findCycles(new Map([['a', ['a']]]))).toEqual([['a']]);
    expect(
      findCycles(
        new Map([
          ['a', ['b']],
          ['b', ['c']],
          ['c', []],
        ]),
      ),
    ).toEqual([]);
  });

  it('resolves ESM .js specifiers to .ts files and bundler paths without an extension', () => {
    const present = new Set(['/p/src/a.ts', '/p/src/B.tsx', '/p/src/dir/index.ts']);
    const exists = (path: string) => present.has(path);
    expect(resolveRelative('/p/src/x.ts', './a.js', exists)).toBe('/p/src/a.ts');
    expect(resolveRelative('/p/src/x.ts', './B', exists)).toBe('/p/src/B.tsx');
    expect(resolveRelative('/p/src/x.ts', './dir', exists)).toBe('/p/src/dir/index.ts');
    expect(resolveRelative('/p/src/x.ts', 'react', exists)).toBeNull();
  });
});
