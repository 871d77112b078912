import {
  isToolCallFormat,
  NativeContentFilter,
  type NativeContentOptions,
  openReasoningTag,
  type ReplyMarkup,
  reasoningTagsProblem,
  templateOpenReasoning,
} from '../protocols/index.js';
import { replyStart } from '../providers/reply-start.js';
import type { ChatMessage, Connection, ProviderAdapter, StreamEvent } from '../providers/types.js';
import { REPLY_OVER } from './attempt.js';

/**
 * How to read a reply's text: the connection's `toolCallFormat` (when valid), its model name, and the
 * reasoning block the prompt leaves open for the reply (a DeepSeek-R1 template, a prefilled `<think>`, or
 * the server's own template: as the connection says with `replyStartsInReasoning`, or Apriel's always), and
 * the model's own reasoning tags (`reasoningTags`).
 */
export function markupOf(connection: Connection, messages: readonly ChatMessage[]): ReplyMarkup {
  const format = connection.toolCallFormat;
  // tags a connection made outside the server's checks are left out rather than failing every reply
  const tags =
    connection.reasoningTags && !reasoningTagsProblem(connection.reasoningTags)
      ? connection.reasoningTags
      : undefined;
  const start = replyStart(connection, messages);
  const openReasoning =
    openReasoningTag(start, tags) ??
    templateOpenReasoning(connection.model, connection.replyStartsInReasoning === true, start, tags);
  return {
    format: isToolCallFormat(format) ? format : undefined,
    model: connection.model,
    ...(openReasoning ? { openReasoning } : {}),
    ...(tags ? { reasoningTags: tags } : {}),
  };
}

async function* filtered(events: AsyncIterable<StreamEvent>, filter: NativeContentFilter) {
  for await (const event of events) {
    yield* filter.push(event);
    if (filter.isOver()) {
      // what follows is dropped anyway: stop reading (leaving the loop cancels the download)
      yield* filter.push(REPLY_OVER);
      return;
    }
  }
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
