import {
  isToolCallFormat,
  NativeContentFilter,
  type NativeContentOptions,
  type ToolCallFormat,
} from '../protocols/index.js';
import type { Connection, ProviderAdapter, StreamEvent } from '../providers/types.js';

/** Which markup to read for a connection: its `toolCallFormat` (when valid) and its model name. */
export function markupOf(connection: Connection): { format?: ToolCallFormat; model: string } {
  const format = connection.toolCallFormat;
  return { format: isToolCallFormat(format) ? format : undefined, model: connection.model };
}

async function* filtered(events: AsyncIterable<StreamEvent>, filter: NativeContentFilter) {
  for await (const event of events) yield* filter.push(event);
}

/**
 * A native-mode adapter whose content is read for call markup and reasoning tags (see
 * NativeContentFilter): for servers that return a model's calls as text.
 */
export function withContentToolCalls(
  adapter: ProviderAdapter,
  options: NativeContentOptions,
): ProviderAdapter {
  return { ...adapter, send: (request) => filtered(adapter.send(request), new NativeContentFilter(options)) };
}
