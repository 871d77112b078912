// The public surface of @toolsmith/core, written to packages/core/api-report.txt (checked in), so adding,
// removing or retyping an export shows in review. After a deliberate change, refresh the report with
//   npx vitest run packages/core/src/api-report.test.ts -u
// and commit it with the change (docs/public-api.md says what belongs in which entry).

import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const srcDir = dirname(fileURLToPath(import.meta.url));

/** The entries the report covers (`@toolsmith/core/internal` is deliberately unstable and left out). */
const ENTRIES: Record<string, string> = {
  '@toolsmith/core': 'index.ts',
  '@toolsmith/core/schema': 'schema.ts',
  '@toolsmith/core/api-schema': 'api-schema.ts',
  '@toolsmith/core/test': 'test.ts',
};

function kindOf(symbol: ts.Symbol): string {
  const F = ts.SymbolFlags;
  if (symbol.flags & F.Class) return 'class';
  if (symbol.flags & F.Function) return 'function';
  if (symbol.flags & F.Variable) return 'const';
  if (symbol.flags & F.Enum) return 'enum';
  if (symbol.flags & F.Interface) return 'interface';
  if (symbol.flags & F.TypeAlias) return 'type';
  return 'other';
}

function report(): string {
  const files = Object.values(ENTRIES).map((file) => join(srcDir, file));
  const program = ts.createProgram(files, {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: ['node'],
  });
  const checker = program.getTypeChecker();
  const sections = Object.entries(ENTRIES).map(([entry, file]) => {
    const source = program.getSourceFile(join(srcDir, file));
    const moduleSymbol = source && checker.getSymbolAtLocation(source);
    if (!moduleSymbol) throw new Error(`${file} has no module symbol`);
    const lines = checker.getExportsOfModule(moduleSymbol).map((symbol) => {
      const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      return `${symbol.name} (${kindOf(target)})`;
    });
    return [`## ${entry}`, '', ...lines.sort()].join('\n');
  });
  return `${sections.join('\n\n')}\n`;
}

describe('public API report', () => {
  it('matches the checked-in api-report.txt (refresh it with -u after a deliberate change)', async () => {
    const text = report();
    expect(text).toMatch(/^createRuntime \(function\)$/m);
    expect(text).toMatch(/^ToolDefinition \(interface\)$/m);
    expect(text).not.toMatch(/^crc32 /m);
    await expect(text).toMatchFileSnapshot('../api-report.txt');
  }, 120_000); // builds a TypeScript program over the whole core: slow on a busy machine
});
