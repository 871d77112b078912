import { ToolRegistry } from '@toolsmith/core';
import type { BuiltinServices } from '../builtins/builtin-context.js';
import type { BuiltinTool } from '../builtins/builtin-tools.js';

/**
 * A registry holding the server's builtin tools with their stored on/off states. `services` is the chat
 * data builtins may use during this run (variables, lorebooks, the turn's world info); without it, builtins
 * that need chat data answer with an error.
 */
export function registryWithBuiltins(
  builtins: BuiltinTool[],
  states: Map<string, boolean>,
  services?: BuiltinServices,
): ToolRegistry {
  const registry = new ToolRegistry({ logger: { warn: () => {} } });
  for (const builtin of builtins) {
    registry.register(
      {
        name: builtin.name,
        displayName: builtin.displayName,
        description: builtin.description,
        parameters: builtin.parameters,
        mode: builtin.mode,
        kind: 'native',
        enabled: states.get(builtin.name) ?? builtin.defaultEnabled,
      },
      {
        layer: 'builtin',
        run: (args, native) =>
          builtin.run(
            args,
            services ? { ...services, simulate: native.simulate, signal: native.signal } : undefined,
          ),
      },
    );
  }
  return registry;
}
