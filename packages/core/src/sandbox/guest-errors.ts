// How a guest's failures read on the host: the run envelope, interrupt messages and syntax errors.
import type { QuickJSContext, QuickJSHandle } from 'quickjs-emscripten-core';
import type { CompileOutcome, RunOutcome } from './guest-session-io.js';

export function decodeEnvelope(text: string): Omit<RunOutcome, 'droppedLogs'> {
  if (text.startsWith('R')) return { ok: true, json: text.slice(1) };
  if (text.startsWith('Eo')) return { ok: false, error: text.slice(2), errorCode: 'out_of_memory' };
  if (text.startsWith('Ee')) return { ok: false, error: text.slice(2), errorCode: 'error' };
  return { ok: false, error: 'The script produced no readable result.', errorCode: 'error' };
}

export function classify(message: string): Omit<RunOutcome, 'droppedLogs'> {
  const oom = /\bout of memory\b|\bstack overflow\b/.test(message);
  return { ok: false, error: message, errorCode: oom ? 'out_of_memory' : 'error' };
}

/** Message and body-relative position of a syntax error (one wrapper line precedes the body). */
export function readSyntaxError(vm: QuickJSContext, handle: QuickJSHandle): CompileOutcome {
  const read = (key: string): unknown => {
    const h = vm.getProp(handle, key);
    try {
      const type = vm.typeof(h);
      return type === 'string' ? vm.getString(h) : type === 'number' ? vm.getNumber(h) : undefined;
    } finally {
      h.dispose();
    }
  };
  const name = read('name');
  const message = read('message');
  const stack = read('stack');
  const at = typeof stack === 'string' ? /:(\d+):(\d+)/.exec(stack) : null;
  const lineNumber =
    typeof read('lineNumber') === 'number' ? (read('lineNumber') as number) : Number(at?.[1] ?? 2);
  const column =
    typeof read('columnNumber') === 'number' ? (read('columnNumber') as number) : Number(at?.[2] ?? 1);
  return {
    ok: false,
    error: `${typeof name === 'string' ? name : 'SyntaxError'}: ${typeof message === 'string' ? message : 'invalid syntax'}`,
    line: lineNumber - 1,
    column,
  };
}
