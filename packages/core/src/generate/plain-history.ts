import type { ChatMessage, ImagePart } from '../providers/types.js';

/** True when a history carries tool traffic (assistant calls or tool results). */
export function hasToolTraffic(messages: readonly ChatMessage[]): boolean {
  return messages.some(
    (m) => m.role === 'tool' || (m.role === 'assistant' && (m.toolCalls?.length ?? 0) > 0),
  );
}

/**
 * Canonical history for a request that carries no tools: calls and results become ordinary prose, so no
 * provider sees tool history without tool definitions (Anthropic and others refuse that) and the model
 * never sees a calling protocol it could imitate — no trigger line, no `<function_calls>`, no JSON envelope.
 * Consecutive results share one user message so roles keep alternating.
 */
export function renderHistoryPlain(messages: readonly ChatMessage[]): ChatMessage[] {
  const out: ChatMessage[] = [];
  let results: string[] = [];
  let images: ImagePart[] = [];
  const flush = () => {
    if (results.length === 0) return;
    const content = results.join('\n\n');
    out.push(images.length ? { role: 'user', content, images } : { role: 'user', content });
    results = [];
    images = [];
  };
  for (const message of messages) {
    if (message.role === 'tool') {
      const label = message.isError ? `[Tool error] ${message.name}` : `[Tool result] ${message.name}`;
      results.push(`${label}\n${message.content}`);
      if (message.images?.length) images.push(...message.images);
      continue;
    }
    flush();
    if (message.role === 'assistant') {
      const calls = (message.toolCalls ?? []).map(
        (c) => `[Tool call] ${c.name} ${JSON.stringify(c.args ?? {})}`,
      );
      const content = [message.content.trimEnd(), ...calls].filter((part) => part !== '').join('\n\n');
      out.push({ role: 'assistant', content });
    } else out.push(message);
  }
  flush();
  return out;
}
