import {
  isToolCallFormat,
  NativeContentFilter,
  type NativeContentOptions,
  openReasoningTag,
  type ToolCallFormat,
  templateOpenReasoning,
} from '../protocols/index.js';
import { replyStart } from '../providers/reply-start.js';
import type { ChatMessage, Connection, ProviderAdapter, StreamEvent } from '../providers/types.js';

/**
 * How to read a reply's text: the connection's `toolCallFormat` (when valid), its model name, and the
 * reasoning block the prompt leaves open for the reply (a DeepSeek-R1 template, a prefilled `<think>`, or
 * the server's own template: as the connection says with `replyStartsInReasoning`, or Apriel's always).
 */
export function markupOf(
  connection: Connection,
  messages: readonly ChatMessage[],
): { format?: ToolCallFormat; model: string; openReasoning?: string } {
  const format = connection.toolCallFormat;
  const start = replyStart(connection, messages);
  const openReasoning =
    openReasoningTag(start) ??
    templateOpenReasoning(connection.model, connection.replyStartsInReasoning === true, start);
  return {
    format: isToolCallFormat(format) ? format : undefined,
    model: connection.model,
    ...(openReasoning ? { openReasoning } : {}),
  };
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
