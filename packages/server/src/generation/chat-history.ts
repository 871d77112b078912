import {
  type ChatMessage,
  type ImagePart,
  type ToolError,
  type ToolResultEnvelope,
  toolResultContent,
} from '@toolsmith/core';
import type { ImageInput, StoredMessage, StoredToolInvocation } from '../storage/types.js';

/** What goes before a greeting that opens the chat (SillyTavern's "new chat" prompt). */
export const NEW_CHAT_LINE = '[Start a new Chat]';

/** A stored tool failure: the envelope's error (code, message, hint). */
export function storedToolError(error: ToolError): { code: string; message: string; hint?: string } {
  return error.hint === undefined
    ? { code: error.code, message: error.message }
    : { code: error.code, message: error.message, hint: error.hint };
}

/** The envelope a stored invocation came from, so the model reads exactly what it read the first time. */
export function invocationEnvelope(invocation: StoredToolInvocation): ToolResultEnvelope {
  if (invocation.ok) return { ok: true, result: invocation.result, durationMs: invocation.durationMs };
  const raw = invocation.error;
  const error: ToolError =
    raw && typeof raw === 'object'
      ? {
          code: String((raw as { code?: unknown }).code ?? 'tool_error') as ToolError['code'],
          message: String((raw as { message?: unknown }).message ?? 'The tool failed.'),
          ...(typeof (raw as { hint?: unknown }).hint === 'string'
            ? { hint: (raw as { hint: string }).hint }
            : {}),
        }
      : { code: 'tool_error', message: typeof raw === 'string' ? raw : 'The tool failed.' };
  return { ok: false, error, durationMs: invocation.durationMs };
}

/**
 * The canonical history for the model, rebuilt from stored messages: each assistant message with its
 * tool calls, followed by one `tool` message per result. Every adapter writes that in its own provider's
 * form (with the reasoning of tool-calling turns, which some providers require back). Empty assistant messages are left out and back-to-back user messages (after an aborted run) are
 * joined, since some providers insist on alternating turns.
 */
export function historyFromMessages(
  messages: readonly StoredMessage[],
  images: ReadonlyMap<string, ImageInput[]> = new Map(),
): ChatMessage[] {
  const history: ChatMessage[] = [];
  for (const message of messages) {
    if (message.role === 'user') {
      const parts = (images.get(message.id) ?? []).map(imagePart);
      const last = history[history.length - 1];
      if (last?.role === 'user') {
        last.content = [last.content, message.content].filter((text) => text !== '').join('\n\n');
        if (parts.length > 0) last.images = [...(last.images ?? []), ...parts];
      } else {
        history.push({
          role: 'user',
          content: message.content,
          ...(parts.length > 0 ? { images: parts } : {}),
        });
      }
      continue;
    }
    const invocations = message.toolInvocations;
    if (message.content === '' && invocations.length === 0) continue;
    if (invocations.length === 0) {
      history.push({ role: 'assistant', content: message.content });
      continue;
    }
    history.push({
      role: 'assistant',
      content: message.content,
      toolCalls: invocations.map((inv) => ({ id: inv.callId, name: inv.name, args: argsObject(inv.args) })),
      // DeepSeek's thinking mode wants the reasoning of every tool-calling turn back, in later turns too
      ...(message.reasoning ? { reasoning: [{ text: message.reasoning }] } : {}),
    });
    for (const inv of invocations) {
      const envelope = invocationEnvelope(inv);
      history.push({
        role: 'tool',
        toolCallId: inv.callId,
        name: inv.name,
        content: toolResultContent(envelope),
        isError: !envelope.ok,
      });
    }
  }
  // a chat that opens with the character's greeting: providers want a user turn first (SillyTavern's
  // new-chat line)
  if (history[0]?.role === 'assistant') history.unshift({ role: 'user', content: NEW_CHAT_LINE });
  return history;
}

/** The ids of the messages whose images the model reads (user messages with images). */
export function imageMessageIds(messages: readonly StoredMessage[]): string[] {
  return messages.filter((m) => m.role === 'user' && m.images.length > 0).map((m) => m.id);
}

function imagePart(image: ImageInput): ImagePart {
  return { mediaType: image.mediaType, data: Buffer.from(image.data).toString('base64') };
}

function argsObject(args: unknown): Record<string, unknown> {
  return args && typeof args === 'object' && !Array.isArray(args) ? (args as Record<string, unknown>) : {};
}
