import { ToolRegistry } from '@toolsmith/core';
import type { BuiltinTool } from '../builtins/builtin-tools.js';

/** A registry holding the server's builtin tools with their stored on/off states. */
export function registryWithBuiltins(builtins: BuiltinTool[], states: Map<string, boolean>): ToolRegistry {
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
      { layer: 'builtin', run: (args) => builtin.run(args) },
    );
  }
  return registry;
}
