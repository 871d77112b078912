// The import graph of one package's source, read with TypeScript's own pre-parser (static imports, re-exports,
// `import type` and dynamic `import()` alike). scripts/import-rules.test.ts checks it against the layer rules.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import ts from 'typescript';

export interface SourceFile {
  /** absolute path */
  path: string;
  /** a test, a type test or a test fixture: may use test-only packages */
  test: boolean;
  /** every specifier the file imports, as written */
  specifiers: string[];
  /** the specifiers imported for their values (not `import type` only): these load at run time */
  runtimeSpecifiers: string[];
}

const TEST_FILE = /\.test(-d)?\.tsx?$/;

const TEST_FOLDERS = new Set(['__fixtures__', 'test-support']);

/** Every .ts/.tsx file under `dir` (tests included, marked), with its imports. */
export function readSources(dir: string): SourceFile[] {
  const walk = (folder: string, inFixtures: boolean): SourceFile[] =>
    readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
      const path = join(folder, entry.name);
      // __fixtures__ and test-support folders hold test-only code (the build excludes them)
      if (entry.isDirectory()) return walk(path, inFixtures || TEST_FOLDERS.has(entry.name));
      if (!/\.tsx?$/.test(entry.name) || entry.name.endsWith('.d.ts')) return [];
      const imports = readImports(path, readFileSync(path, 'utf8'));
      return [
        {
          path,
          test: inFixtures || TEST_FILE.test(entry.name),
          specifiers: imports.map((i) => i.specifier),
          runtimeSpecifiers: imports.filter((i) => !i.typeOnly).map((i) => i.specifier),
        },
      ];
    });
  return walk(dir, false);
}

export interface ImportRef {
  specifier: string;
  /** `import type`, `export type` or only `type` names: erased, never loaded */
  typeOnly: boolean;
}

/** Static imports and re-exports, `import x = require()`, and dynamic `import()` anywhere in the file. */
export function readImports(fileName: string, source: string): ImportRef[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false);
  const refs: ImportRef[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      refs.push({ specifier: node.moduleSpecifier.text, typeOnly: importIsTypeOnly(node.importClause) });
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      const named =
        node.exportClause && ts.isNamedExports(node.exportClause) ? node.exportClause.elements : null;
      const typeOnly =
        node.isTypeOnly || (named !== null && named.length > 0 && named.every((e) => e.isTypeOnly));
      refs.push({ specifier: node.moduleSpecifier.text, typeOnly });
    } else if (
      ts.isImportEqualsDeclaration(node) &&
      ts.isExternalModuleReference(node.moduleReference) &&
      ts.isStringLiteral(node.moduleReference.expression)
    ) {
      refs.push({ specifier: node.moduleReference.expression.text, typeOnly: node.isTypeOnly });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments.length > 0 &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      refs.push({ specifier: node.arguments[0].text, typeOnly: false });
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      const literal = node.argument.literal;
      if (ts.isStringLiteral(literal)) refs.push({ specifier: literal.text, typeOnly: true });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return refs;
}

function importIsTypeOnly(clause: ts.ImportClause | undefined): boolean {
  if (!clause) return false; // `import './side-effect.js'` runs the module
  if (clause.isTypeOnly) return true;
  if (clause.name) return false;
  const bindings = clause.namedBindings;
  if (!bindings || ts.isNamespaceImport(bindings)) return false;
  return bindings.elements.length > 0 && bindings.elements.every((e) => e.isTypeOnly);
}

export function importSpecifiers(source: string): string[] {
  return readImports('x.ts', source).map((i) => i.specifier);
}

/**
 * The file a relative specifier names: ESM `.js` written for a `.ts` file, or a bundler-style path without an
 * extension (the web). Null for a library or a file that does not exist.
 */
export function resolveRelative(
  from: string,
  specifier: string,
  exists: (path: string) => boolean = existsSync,
): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier);
  const stem = base.replace(/\.(js|jsx|ts|tsx)$/, '');
  const candidates = [base, `${stem}.ts`, `${stem}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return candidates.find((candidate) => exists(candidate) && /\.tsx?$/.test(candidate)) ?? null;
}

/** Each import cycle among `files` (a strongly connected set of two or more files, or a self-import). */
export function findCycles(edges: ReadonlyMap<string, readonly string[]>): string[][] {
  // Tarjan's algorithm, iterative enough for our depth (a few hundred files).
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || (edges.get(node) ?? []).includes(node)) cycles.push(component.reverse());
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return cycles;
}
