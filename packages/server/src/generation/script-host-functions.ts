import type { HostFunction } from '@toolsmith/core';
import type { BuiltinServices } from '../builtins/builtin-context.js';
import type { OutboundFetch } from '../executors/outbound-fetch.js';
import { SCRIPT_FETCH_FUNCTION, scriptFetchFunction } from './script-fetch.js';

/** APIs that trusted server extensions expose to scripts: `ctx.getExtensionApi(name).method(...)`. */
export type ExtensionApis = Record<string, Record<string, HostFunction>>;

export interface ScriptEvent {
  name: string;
  payload: unknown;
}

export interface ScriptHostFunctionOptions {
  variables: BuiltinServices['variables'];
  /** simulated runs read variables but never write them */
  simulate: boolean;
  /** ctx.eventSource.emit(name, payload): recorded and sent to the chat's stream */
  onEvent(event: ScriptEvent): void;
  extensionApis?: ExtensionApis;
  /** scripts' `fetch` (only tools with allowFetch get it: see sandboxWithHiddenContextGate) */
  fetch?: OutboundFetch;
  /** the run's signal: an abort ends pending fetches */
  signal?: AbortSignal;
}

const scopeOf = (value: unknown): 'chat' | 'global' => (value === 'global' ? 'global' : 'chat');

function eventName(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '' || value.length > 128) {
    throw new Error('ctx.eventSource.emit(name, payload) needs a name: text of 1–128 characters.');
  }
  return value;
}

/**
 * The async host functions a script tool sees on `ctx` during a chat generation, shaped after Luker's
 * context: `ctx.variables.get/set(name[, value], scope?)`, `ctx.eventSource.emit(name, payload)` and
 * `ctx.getExtensionApi(name)`. The sandbox nests dotted names; values cross as JSON only.
 */
export function scriptHostFunctions(options: ScriptHostFunctionOptions): Record<string, HostFunction> {
  const functions: Record<string, HostFunction> = {
    'variables.get': (name, scope) => options.variables.get(scopeOf(scope), String(name)),
    'variables.set': async (name, value, scope) => {
      // writes only in non-simulated runs; a simulation says what it would have done
      if (options.simulate) return { simulated: true, written: false };
      await options.variables.set(scopeOf(scope), String(name), value ?? null);
      return { written: true };
    },
    'eventSource.emit': (name, payload) => {
      options.onEvent({ name: eventName(name), payload: payload ?? null });
      return true;
    },
  };
  if (options.fetch) {
    functions[SCRIPT_FETCH_FUNCTION] = scriptFetchFunction(options.fetch, {
      signal: options.signal,
      simulate: options.simulate,
    });
  }
  for (const [api, methods] of Object.entries(options.extensionApis ?? {})) {
    for (const [method, fn] of Object.entries(methods)) functions[`__extensions.${api}.${method}`] = fn;
  }
  return functions;
}
