import type { ChatMessage, ImagePart } from '../providers/types.js';
import { type ProtocolStyle, renderCalls } from './render-calls.js';

export type TextProtocolMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string; name?: string; images?: ImagePart[] }
  | { role: 'assistant'; content: string };

export interface RenderHistoryOptions {
  style: ProtocolStyle;
  trigger: string;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** One tool result as the text protocol shows it; a closing tag inside the content is defused. */
export function renderToolResult(name: string, content: string, isError = false): string {
  const body = content.replace(/<\/tool_result/gi, '&lt;/tool_result');
  const status = isError ? ' status="error"' : '';
  return `<tool_result name="${escapeAttribute(name)}"${status}>\n${body}\n</tool_result>`;
}

/**
 * Turns canonical history into plain system/user/assistant messages for a model without native tools:
 * assistant calls are written back in the protocol form (with the live trigger, so the model sees the
 * format it must use), and tool results become user messages. Consecutive results share one user message
 * so roles keep alternating.
 */
export function renderHistoryForTextProtocol(
  messages: ChatMessage[],
  options: RenderHistoryOptions,
): TextProtocolMessage[] {
  const out: TextProtocolMessage[] = [];
  let pendingResults: string[] = [];
  let pendingImages: ImagePart[] = [];
  const flushResults = () => {
    if (pendingResults.length === 0) return;
    const content = pendingResults.join('\n');
    // a result's images travel with the user message that carries the results
    out.push(
      pendingImages.length ? { role: 'user', content, images: pendingImages } : { role: 'user', content },
    );
    pendingResults = [];
    pendingImages = [];
  };
  for (const message of messages) {
    if (message.role === 'tool') {
      pendingResults.push(renderToolResult(message.name, message.content, message.isError));
      if (message.images?.length) pendingImages.push(...message.images);
      continue;
    }
    flushResults();
    if (message.role === 'assistant') {
      const calls = message.toolCalls ?? [];
      const block = calls.length ? renderCalls(calls, options.style, options.trigger) : '';
      const content = [message.content.trimEnd(), block].filter(Boolean).join('\n');
      out.push({ role: 'assistant', content });
    } else if (message.role === 'user') {
      const user: TextProtocolMessage = { role: 'user', content: message.content };
      if (message.name !== undefined) user.name = message.name;
      if (message.images?.length) user.images = message.images;
      out.push(user);
    } else {
      out.push({ role: 'system', content: message.content });
    }
  }
  flushResults();
  return out;
}
