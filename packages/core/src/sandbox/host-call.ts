// Runs one `ctx.NAME(...)` call from a guest on the host. JSON text in, JSON text out; a failure
// crosses back as its message only, never a host object or stack.
import { MAX_HOST_CALL_ARGS_CHARS, MAX_LOG_ENTRY_CHARS } from './limits.js';
import type { HostFunction } from './types.js';

export type HostCallReply = { ok: true; json: string } | { ok: false; message: string };

export async function callHostFunction(
  functions: Record<string, HostFunction> | undefined,
  name: string,
  argsJson: string,
): Promise<HostCallReply> {
  const fn = functions && Object.hasOwn(functions, name) ? functions[name] : undefined;
  if (typeof fn !== 'function') return { ok: false, message: `ctx.${name} is not a host function.` };
  let args: unknown;
  try {
    args = JSON.parse(argsJson);
  } catch {
    return { ok: false, message: `The arguments of ctx.${name} are not valid JSON.` };
  }
  if (!Array.isArray(args)) return { ok: false, message: `The arguments of ctx.${name} are not a list.` };
  let value: unknown;
  try {
    value = await fn(...args);
  } catch (error) {
    return { ok: false, message: messageOf(error) };
  }
  try {
    const json = JSON.stringify(value === undefined ? null : value);
    if (json === undefined) throw new Error(`found a ${typeof value}`);
    if (json.length > MAX_HOST_CALL_ARGS_CHARS) {
      return {
        ok: false,
        message: `The result of ctx.${name} is too large (limit ${MAX_HOST_CALL_ARGS_CHARS} characters).`,
      };
    }
    return { ok: true, json };
  } catch (error) {
    return { ok: false, message: `The result of ctx.${name} is not JSON-serialisable: ${messageOf(error)}` };
  }
}

/** A readable message for any thrown value, without running anything that could throw again. */
export function messageOf(error: unknown): string {
  let text: string;
  try {
    if (error instanceof Error)
      text = typeof error.message === 'string' && error.message ? error.message : error.name;
    else if (typeof error === 'string') text = error;
    else if (error === null || error === undefined) text = `threw ${error}`;
    else text = String(error);
  } catch {
    text = 'failed with a value that could not be described';
  }
  return text.length > MAX_LOG_ENTRY_CHARS ? `${text.slice(0, MAX_LOG_ENTRY_CHARS)}… (cut)` : text;
}
