// The README's library example must compile in strict TypeScript as a user writes it: `sides` is typed from
// the tool's parameters (tools/tool-arguments.ts), not `unknown`. The block is compiled as it stands in the
// README, against this package's source, with the options of a strict ESM project.

import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const srcDir = dirname(fileURLToPath(import.meta.url));
const readmePath = join(srcDir, '..', '..', '..', 'README.md');

function readmeExample(): string {
  const readme = readFileSync(readmePath, 'utf8');
  const block = /## Using the library\s+```ts\n([\s\S]*?)```/.exec(readme);
  if (!block) throw new Error('README.md has no ```ts block under "## Using the library"');
  return block[1];
}

/** Type errors of `code` compiled as a file of a strict ESM project that imports `@toolsmith/core`. */
function typeErrors(code: string): string[] {
  const file = join(srcDir, '__readme_example__.ts');
  const options: ts.CompilerOptions = {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: ['node'],
    paths: { '@toolsmith/core': [join(srcDir, 'index.ts')] },
  };
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile } = host;
  host.getSourceFile = (name, language, ...rest) =>
    name === file ? ts.createSourceFile(name, code, language) : getSourceFile(name, language, ...rest);
  host.fileExists = (name) => name === file || fileExists(name);
  host.readFile = (name) => (name === file ? code : readFile(name));
  const program = ts.createProgram([file], options, host);
  return ts
    .getPreEmitDiagnostics(program, program.getSourceFile(file))
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

describe('README library example', () => {
  it('compiles in strict TypeScript, and a misuse of a typed argument does not', () => {
    const code = readmeExample();
    expect(code).toContain("from '@toolsmith/core'");
    expect(code).toContain('({ sides })');
    expect(typeErrors(code)).toEqual([]);
    const misuse = code.replace('Math.random() * sides', 'Math.random() * sides.length');
    expect(misuse).not.toBe(code);
    expect(typeErrors(misuse)).toEqual([expect.stringMatching(/'length' does not exist on type 'number'/)]);
  }, 120_000); // builds a TypeScript program over the whole core: slow on a busy machine
});
