import { GenerateTaskError } from '../../base/errors.js';
import { normalizeFinishReason } from '../finish-reason.js';
import type { StreamEvent } from '../types.js';
import { finishWithReasoning, toUsage } from './chunk-reader.js';
import { OpenAIReasoningCollector } from './reasoning-collector.js';
import { isErrorPayload, streamPayloadError } from './stream-error.js';
import { OpenAIToolCallAccumulator, type OpenAIToolCallDeltaWire } from './tool-call-accumulator.js';

/** Message content as a string: compatible servers sometimes answer with an array of text parts. */
function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  let text = '';
  for (const part of content) {
    if (part && typeof part === 'object' && typeof (part as { text?: unknown }).text === 'string') {
      text += (part as { text: string }).text;
    }
  }
  return text;
}

/**
 * Replays a non-streaming `chat.completion` body as normalized events: reasoning, text, each tool call
 * (start, its whole arguments as one delta, the call), then `finish` with the parsed body as `raw`.
 */
export function replayOpenAIResponse(body: unknown): StreamEvent[] {
  if (!body || typeof body !== 'object') {
    throw new GenerateTaskError('no_response', 'The provider sent no completion.', { details: { body } });
  }
  const b = body as Record<string, any>;
  if (isErrorPayload(b)) throw streamPayloadError(b);
  const choice = Array.isArray(b.choices) ? b.choices[0] : undefined;
  if (!choice || typeof choice !== 'object') {
    throw new GenerateTaskError('no_response', 'The provider answered without any choices.', {
      details: { body },
    });
  }
  const message = (choice.message ?? {}) as Record<string, any>;
  const out: StreamEvent[] = [];
  const collector = new OpenAIReasoningCollector();
  const reasoning = collector.read(message);
  if (reasoning) out.push({ type: 'reasoning-delta', text: reasoning });
  const text = contentText(message.content);
  if (text) out.push({ type: 'text-delta', text });
  if (typeof message.refusal === 'string' && message.refusal)
    out.push({ type: 'text-delta', text: message.refusal });

  const rawReason: string | null = typeof choice.finish_reason === 'string' ? choice.finish_reason : null;
  let reason = normalizeFinishReason(rawReason);
  const toolCalls = Array.isArray(message.tool_calls)
    ? (message.tool_calls as OpenAIToolCallDeltaWire[])
    : [];
  if (toolCalls.length > 0) {
    const calls = new OpenAIToolCallAccumulator();
    // Whole calls carry no index; their position is their index.
    calls.push(
      toolCalls.map((call, index) => ({ ...call, index })),
      out,
    );
    if (rawReason === null) reason = 'tool_calls';
    calls.finish(out, { skipInvalid: reason === 'length' || reason === 'content_filter' });
  }
  finishWithReasoning(out, collector, {
    type: 'finish',
    reason,
    rawReason,
    usage: toUsage(b.usage),
    raw: body,
  });
  return out;
}
