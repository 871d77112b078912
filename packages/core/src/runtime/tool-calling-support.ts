import { getProviderAdapter } from '../providers/registry.js';
import type { Connection, ProviderAdapter } from '../providers/types.js';

/** SillyTavern's request types that never run tools (its ToolManager.canPerformToolCalls). */
export const NO_TOOL_CALL_TYPES: readonly string[] = Object.freeze(['impersonate', 'quiet', 'continue']);

/**
 * Whether requests on this connection can carry tools: function calling is switched on and its mode can be
 * served — every family can use the text protocol, `native` needs a family with native tools.
 */
export function connectionCanCallTools(
  connection: Connection | undefined,
  adapters?: Partial<Record<string, ProviderAdapter>>,
): boolean {
  if (!connection || connection.functionCalling?.enabled === false) return false;
  let adapter: ProviderAdapter | undefined;
  try {
    adapter = adapters
      ? Object.hasOwn(adapters, connection.api)
        ? adapters[connection.api]
        : undefined
      : getProviderAdapter(connection.api);
  } catch {
    return false;
  }
  if (!adapter) return false;
  return connection.functionCalling?.mode !== 'native' || adapter.nativeTools;
}
