import type { BuiltinCallContext, VariableScope } from './builtin-context.js';

/** The context a builtin needs, or a clear error when the caller gave none. */
export function requireContext(context: BuiltinCallContext | undefined, tool: string): BuiltinCallContext {
  if (!context) throw new Error(`${tool} needs the server's chat data, which this caller does not provide.`);
  return context;
}

export function scopeFromArgs(args: Record<string, unknown>): VariableScope {
  return args.scope === 'global' ? 'global' : 'chat';
}

export async function getVariable(args: Record<string, unknown>, context?: BuiltinCallContext) {
  const ctx = requireContext(context, 'get_variable');
  const name = String(args.name);
  const scope = scopeFromArgs(args);
  const value = await ctx.variables.get(scope, name);
  return { name, scope, exists: value !== undefined, value: value ?? null };
}

/** Writes only in real runs: in simulation the tool loop answers with its placeholder instead of calling this. */
export async function setVariable(args: Record<string, unknown>, context?: BuiltinCallContext) {
  const ctx = requireContext(context, 'set_variable');
  if (ctx.simulate) throw new Error('set_variable does not write during a simulation.');
  const name = String(args.name);
  const scope = scopeFromArgs(args);
  const previous = await ctx.variables.get(scope, name);
  await ctx.variables.set(scope, name, args.value);
  return { name, scope, value: args.value, previous: previous ?? null };
}
