import { GLOBAL_SCOPE, type ToolRegistry } from '@toolsmith/core';

/**
 * A dry run is how a tool is tried before it is switched on, so it may run a disabled tool: an enabled copy
 * goes into this run's registry only (a disabled definition is otherwise final — no scope switch turns it on).
 */
export function enableForDryRun(registry: ToolRegistry, name: string, scope: string = GLOBAL_SCOPE): void {
  const tool = registry.resolve(name, scope);
  if (!tool) return;
  if (tool.definition.enabled === false) {
    registry.register(
      { ...tool.definition, enabled: true },
      {
        layer: tool.layer,
        scope: tool.scope,
        run: tool.run,
        simulate: tool.simulate,
        formatMessage: tool.formatMessage,
        shouldRegister: tool.shouldRegister,
        stealth: tool.stealth,
      },
    );
  }
  registry.setToolEnabled(scope, name, true);
}
