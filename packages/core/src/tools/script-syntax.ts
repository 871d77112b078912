import { parse } from 'acorn';

/** The wrapper every script body runs in; the body starts on the wrapper's second line. */
const PREFIX = 'async (args, ctx) => {\n';
const SUFFIX = '\n}';

export type ScriptSyntaxResult =
  | { ok: true }
  | { ok: false; kind: 'syntax'; line: number; column: number; message: string }
  | { ok: false; kind: 'escapes' };

/**
 * Checks that a script body compiles as the inside of `async (args, ctx) => { ... }`, without running it.
 * Line and column (both 1-based) point into the user's body, not the wrapper. A body that closes the
 * wrapper early (`}); other(); (() => {`) parses as several statements and is reported as escaping.
 */
export function checkScriptSyntax(body: string): ScriptSyntaxResult {
  const source = PREFIX + body + SUFFIX;
  let program: ReturnType<typeof parse>;
  try {
    program = parse(source, { ecmaVersion: 'latest', sourceType: 'script', locations: true });
  } catch (error) {
    const loc = (error as { loc?: { line: number; column: number } }).loc;
    const raw = error instanceof Error ? error.message : String(error);
    const message = raw.replace(/\s*\(\d+:\d+\)$/, '');
    if (!loc) return { ok: false, kind: 'syntax', line: 1, column: 1, message };
    const bodyLines = body.split(/\r\n|\r|\n|\u2028|\u2029/).length;
    // An error on the suffix line (e.g. an unclosed brace) is reported just past the body's last line.
    const line = Math.min(Math.max(loc.line - 1, 1), bodyLines + 1);
    const column = loc.line - 1 < 1 ? 1 : loc.column + 1;
    return { ok: false, kind: 'syntax', line, column, message };
  }
  const only = program.body.length === 1 ? program.body[0] : undefined;
  if (
    only?.type !== 'ExpressionStatement' ||
    only.expression.type !== 'ArrowFunctionExpression' ||
    only.expression.start !== 0 ||
    only.expression.end !== source.length
  ) {
    return { ok: false, kind: 'escapes' };
  }
  return { ok: true };
}
