import type { ToolRegistry } from '../tools/registry.js';

/**
 * The text shown while a call runs (SillyTavern/Luker `formatMessage`): the tool's own formatter, or
 * `Invoking tool: NAME` when it has none, fails or returns nothing usable — as SillyTavern's ToolManager does.
 * `custom` says whether the tool's formatter produced it.
 */
export async function toolCallMessage(
  registry: ToolRegistry,
  scope: string | undefined,
  name: string,
  args: Record<string, unknown>,
): Promise<{ message: string; custom: boolean }> {
  const tool = registry.resolve(name, scope);
  const fallback = `Invoking tool: ${tool?.definition.displayName || name}`;
  if (!tool?.formatMessage) return { message: fallback, custom: false };
  try {
    const value = await tool.formatMessage(args);
    if (value === undefined || value === null || value === '') return { message: fallback, custom: false };
    return { message: typeof value === 'string' ? value : JSON.stringify(value), custom: true };
  } catch {
    return { message: fallback, custom: false };
  }
}
