// @toolsmith/core/schema is what the web bundle imports, so everything it loads at run time must be
// browser-safe: no Node modules and no libraries (Ajv, QuickJS, re2js stay out of the UI). This test follows
// every import that survives compilation (type-only imports are erased) from schema.ts and lists what it reaches.

import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import * as schema from './schema.js';

const srcDir = dirname(fileURLToPath(import.meta.url));

/** The specifiers of a module's imports and re-exports that stay in the compiled JavaScript. */
function runtimeImports(source: string): string[] {
  const file = ts.createSourceFile('x.ts', source, ts.ScriptTarget.Latest);
  const specifiers: string[] = [];
  for (const node of file.statements) {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      if (clause?.isTypeOnly) continue;
      const named = clause?.namedBindings;
      const allTypes =
        clause &&
        !clause.name &&
        named &&
        ts.isNamedImports(named) &&
        named.elements.every((e) => e.isTypeOnly);
      if (!allTypes) specifiers.push((node.moduleSpecifier as ts.StringLiteral).text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && !node.isTypeOnly) {
      const named = node.exportClause;
      if (named && ts.isNamedExports(named) && named.elements.every((e) => e.isTypeOnly)) continue;
      specifiers.push((node.moduleSpecifier as ts.StringLiteral).text);
    }
  }
  return specifiers;
}

/** Every module schema.ts loads, and every import that is not a relative module of the core. */
function closure(entry: string): { modules: string[]; outside: string[] } {
  const modules = new Set<string>();
  const outside = new Set<string>();
  const visit = (file: string) => {
    if (modules.has(file)) return;
    modules.add(file);
    for (const specifier of runtimeImports(readFileSync(join(srcDir, file), 'utf8'))) {
      if (!specifier.startsWith('.')) outside.add(`${file} → ${specifier}`);
      else visit(relative(srcDir, resolve(srcDir, dirname(file), specifier.replace(/\.js$/, '.ts'))));
    }
  };
  visit(entry);
  return { modules: [...modules].sort(), outside: [...outside] };
}

describe('@toolsmith/core/schema', () => {
  it('loads no Node module and no library, only pure core modules', () => {
    const { modules, outside } = closure('schema.ts');
    expect(outside).toEqual([]);
    // the modules that carry values: a new one here is reviewed for browser safety
    expect(modules).toEqual([
      'orchestration/modes.ts',
      'protocols/tool-call-formats.ts',
      'providers/provider-settings.ts',
      'providers/reasoning-tag-check.ts',
      'providers/text-completion/template-names.ts',
      'schema.ts',
      'tools/field-rules.ts',
      'tools/messages.ts',
      'tools/parameter-rows.ts',
      'tools/plain-schema.ts',
      'tools/reserved-names.ts',
    ]);
  });

  it('@toolsmith/core/api-schema (route schemas) loads only TypeBox and pure core modules', () => {
    const { modules, outside } = closure('api-schema.ts');
    expect(outside.map((o) => o.split(' → ')[1]).filter((name) => name !== 'typebox')).toEqual([]);
    expect(modules.filter((m) => !m.startsWith('api/') && m !== 'api-schema.ts')).toEqual([
      'orchestration/modes.ts',
      'orchestration/profile-checker.ts',
      'protocols/tool-call-formats.ts',
      'providers/provider-settings.ts',
      'providers/reasoning-tag-check.ts',
      'tools/messages.ts',
    ]);
  });

  it('the follower sees through type-only imports but not value imports', () => {
    expect(runtimeImports("import type { A } from 'node:fs';")).toEqual([]);
    expect(runtimeImports("import { type A, type B } from 'ajv';")).toEqual([]);
    expect(runtimeImports("import { type A, b } from 'ajv';")).toEqual(['ajv']);
    expect(runtimeImports("export type * from './x.js';")).toEqual([]);
    expect(runtimeImports("export * from './x.js';")).toEqual(['./x.js']);
    expect(runtimeImports("import 'node:fs';")).toEqual(['node:fs']);
  });

  it('offers the rules the web uses', () => {
    expect(schema.TOOL_NAME_PATTERN.test('roll_dice')).toBe(true);
    expect(
      schema.rowsFromParameters(schema.normalizeParametersSchema({}) as Record<string, unknown>),
    ).toEqual({
      advanced: false,
      rows: [],
    });
    expect(schema.ORCHESTRATION_MODES).toContain('agenda');
    expect(schema.TOOL_CALL_FORMATS[0]).toBe('auto');
  });
});
