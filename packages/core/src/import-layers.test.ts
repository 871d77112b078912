// Imports inside core flow one way: from the front doors (cards, orchestration, runtime, the tool loop,
// generateTask) down to protocols, providers, tools, the sandbox and the shared base — never back up
// (docs/design.md, "Layers"). This test reads the import graph of packages/core/src and fails on an upward
// or sideways import, naming the file, the import and the fix.

import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The layers, top first. A file may import from its own area and from areas in LOWER layers only; areas that
 * share a layer are peers and may not import each other. A new folder under src/ must be placed here.
 */
const LAYERS: readonly (readonly string[])[] = [
  ['index.ts', 'internal.ts', 'schema.ts', 'api-schema.ts', 'test.ts'], // the package entries (public, internal, shapes, HTTP API schemas, tests)
  ['api'], // the HTTP API's route schemas (TypeBox), over the shapes below
  ['testing'], // test helpers: a scripted provider adapter
  ['cards'], // character cards: tools bundled with orchestration profiles
  ['transfer'], // tool import/export; Luker's orchestrator profiles read into orchestration's shapes
  ['orchestration', 'connections'], // multi-agent runs; connection setup help (presets, models, probes)
  ['runtime'], // createRuntime: the long-lived front door over generateTask and the loop
  ['loop'], // runToolLoop
  ['generate'], // generateTask
  ['protocols'], // tool-calling in text: prompts, parsers, retries
  ['providers'], // wire formats of each provider API
  ['tools'], // tool definitions, registry, execution
  ['sandbox'], // QuickJS isolation for script tools
  ['macros', 'worldinfo'], // text macros; lorebook activation (self-contained)
  ['regex'], // linear-time matching of user regexes (re2js)
  ['base'], // errors and shapes every layer shares
];

const srcDir = dirname(fileURLToPath(import.meta.url));

function layerOf(area: string): number {
  return LAYERS.findIndex((layer) => layer.includes(area));
}

/** The top-level area a path inside src/ belongs to: its first folder, or the file name at the top. */
function areaOf(pathInSrc: string): string {
  return pathInSrc.split(sep)[0];
}

interface ImportProblem {
  file: string;
  specifier: string;
  message: string;
}

/** Checks one file's imports against LAYERS. `file` is relative to src/. */
function checkImports(file: string, source: string): ImportProblem[] {
  const problems: ImportProblem[] = [];
  const from = areaOf(file);
  if (layerOf(from) < 0) {
    return [{ file, specifier: '', message: `${from} is not in LAYERS: place it in import-layers.test.ts` }];
  }
  for (const { fileName: specifier } of ts.preProcessFile(source, true, true).importedFiles) {
    if (specifier.startsWith('@toolsmith/')) {
      problems.push({ file, specifier, message: 'core imports no other Toolsmith package' });
      continue;
    }
    if (!specifier.startsWith('.')) continue; // a library
    const target = relative(srcDir, resolve(srcDir, dirname(file), specifier));
    if (target.startsWith('..')) {
      problems.push({ file, specifier, message: 'imports from outside packages/core/src' });
      continue;
    }
    const to = areaOf(target);
    if (to === from) continue;
    if (layerOf(to) > layerOf(from)) continue;
    problems.push({
      file,
      specifier,
      message:
        layerOf(to) === layerOf(from)
          ? `${from} and ${to} are peers and may not import each other`
          : `${from} may not import ${to}, a higher layer: move the shared piece down (e.g. to base/) and import it from there`,
    });
  }
  return problems;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '__fixtures__' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test(-d)?\.ts$/.test(entry.name) ? [path] : [];
  });
}

describe('core import layers', () => {
  const files = sourceFiles(srcDir).map((path) => relative(srcDir, path));

  it('every import points down the layer order', () => {
    const problems = files.flatMap((file) => checkImports(file, readFileSync(join(srcDir, file), 'utf8')));
    expect(problems.map((p) => `${p.file}: import '${p.specifier}': ${p.message}`)).toEqual([]);
  });

  it('reads the real graph: every area is placed, and the front doors import lower layers', () => {
    const areas = new Set(files.map(areaOf));
    expect([...areas].filter((area) => layerOf(area) < 0)).toEqual([]);
    const loop = readFileSync(join(srcDir, 'loop', 'run-tool-loop.ts'), 'utf8');
    const imported = ts.preProcessFile(loop, true, true).importedFiles.map((f) => f.fileName);
    expect(imported).toEqual(expect.arrayContaining(['../generate/attempt.js']));
  });

  it('refuses an upward import, a peer import, a new unplaced folder and an import out of core', () => {
    const up = checkImports(
      join('providers', 'http.ts'),
      "import { attempt } from '../generate/attempt.js';",
    );
    expect(up).toEqual([
      expect.objectContaining({
        specifier: '../generate/attempt.js',
        message: expect.stringMatching(/base\//),
      }),
    ]);
    const upType = checkImports(
      join('sandbox', 'x.ts'),
      "export type { ToolDefinition } from '../tools/types.js';",
    );
    expect(upType).toHaveLength(1);
    const dynamic = checkImports(join('tools', 'x.ts'), "const m = await import('../loop/index.js');");
    expect(dynamic).toHaveLength(1);
    const peer = checkImports(join('macros', 'x.ts'), "import { activate } from '../worldinfo/activate.js';");
    expect(peer[0].message).toMatch(/peers/);
    expect(checkImports(join('newarea', 'x.ts'), '')[0].message).toMatch(/not in LAYERS/);
    const serverPackage = '@toolsmith/server'; // a core file importing the server package is refused
    expect(checkImports(join('tools', 'x.ts'), `import { app } from '${serverPackage}';`)).toHaveLength(1);
    expect(checkImports(join('tools', 'x.ts'), "import { x } from '../../../server/src/x.js';")).toHaveLength(
      1,
    );
    expect(
      checkImports(join('generate', 'x.ts'), "import { GenerateTaskError } from '../base/errors.js';"),
    ).toEqual([]);
  });
});
