import { GenerateTaskError } from '../../base/errors.js';
import { normalizeFinishReason } from '../finish-reason.js';
import type { StreamEvent, Usage } from '../types.js';
import { OpenAIReasoningCollector } from './reasoning-collector.js';
import { isErrorPayload, streamPayloadError } from './stream-error.js';
import { OpenAIToolCallAccumulator, type OpenAIToolCallDeltaWire } from './tool-call-accumulator.js';

/** OpenAI `usage` → normalized usage. */
export function toUsage(raw: unknown): Usage | undefined {
  if (!raw || typeof raw !== 'object') return undefined;
  const u = raw as Record<string, any>;
  const usage: Usage = {};
  if (typeof u.prompt_tokens === 'number') usage.inputTokens = u.prompt_tokens;
  if (typeof u.completion_tokens === 'number') usage.outputTokens = u.completion_tokens;
  if (typeof u.total_tokens === 'number') usage.totalTokens = u.total_tokens;
  const reasoning = u.completion_tokens_details?.reasoning_tokens;
  if (typeof reasoning === 'number') usage.reasoningTokens = reasoning;
  return usage;
}

/**
 * The reasoning text of a delta or message. `reasoning_content` (DeepSeek) wins over `reasoning`
 * (OpenRouter, vLLM, Ollama); `reasoning_details` text is used only when neither is present, because
 * OpenRouter repeats the same text in both.
 */
export function reasoningText(delta: Record<string, any>): string {
  const content = delta.reasoning_content;
  if (typeof content === 'string' && content !== '') return content;
  const reasoning = delta.reasoning;
  if (typeof reasoning === 'string' && reasoning !== '') return reasoning;
  const details = delta.reasoning_details;
  if (!Array.isArray(details)) return '';
  let text = '';
  for (const d of details) {
    if (!d || typeof d !== 'object') continue;
    if (d.type === 'reasoning.text' && typeof d.text === 'string') text += d.text;
    else if (d.type === 'reasoning.summary' && typeof d.summary === 'string') text += d.summary;
  }
  return text;
}

/**
 * Queues the answer's reasoning as one `reasoning-part` (what goes back next round), then `finish` carrying
 * Gemini's text signature when there was one.
 */
export function finishWithReasoning(
  out: StreamEvent[],
  reasoning: OpenAIReasoningCollector,
  finish: Extract<StreamEvent, { type: 'finish' }>,
): void {
  const part = reasoning.part();
  if (part) out.push({ type: 'reasoning-part', part });
  if (reasoning.signature) finish.providerMetadata = { thoughtSignature: reasoning.signature };
  out.push(finish);
}

/** Queues text, merged into the previous event of the same kind: one event per network read, not per chunk. */
function pushText(out: StreamEvent[], type: 'text-delta' | 'reasoning-delta', text: string): void {
  const last = out.length > 0 ? out[out.length - 1] : undefined;
  if (last !== undefined && last.type === type) last.text += text;
  else out.push({ type, text });
}

/** Finish reasons after which a half-written tool call is expected, not an error. */
const TRUNCATING = new Set(['length', 'content_filter', 'error']);

/**
 * Turns parsed `chat.completion.chunk` payloads into normalized events. Tool calls are finalized at the
 * end of the stream (after the finish reason and the usage chunk), so late empty deltas cannot create calls.
 */
export class OpenAIChunkReader {
  private readonly calls = new OpenAIToolCallAccumulator();
  private readonly reasoning = new OpenAIReasoningCollector();
  private rawReason: string | null | undefined;
  private usage: Usage | undefined;
  private chunks = 0;

  get sawFinishReason(): boolean {
    return this.rawReason !== undefined;
  }

  /** Handles one parsed chunk; events are pushed onto `out`. */
  handle(chunk: Record<string, any>, out: StreamEvent[]): void {
    this.chunks++;
    if (isErrorPayload(chunk)) throw streamPayloadError(chunk);
    if (chunk.usage) this.usage = toUsage(chunk.usage);
    // Groq reports streamed usage under `x_groq` in the last chunk.
    else if (chunk.x_groq?.usage) this.usage = toUsage(chunk.x_groq.usage);
    const choices = chunk.choices;
    if (!Array.isArray(choices) || choices.length === 0) return;
    // One completion is requested (n = 1): choice 0 is the answer.
    const choice = choices[0];
    if (!choice) return;
    const delta = choice.delta ?? choice.message;
    if (delta) {
      const reasoning = this.reasoning.read(delta);
      if (reasoning) pushText(out, 'reasoning-delta', reasoning);
      const content = delta.content;
      if (typeof content === 'string' && content !== '') pushText(out, 'text-delta', content);
      const refusal = delta.refusal;
      if (typeof refusal === 'string' && refusal !== '') pushText(out, 'text-delta', refusal);
      const toolCalls = delta.tool_calls;
      if (Array.isArray(toolCalls) && toolCalls.length > 0)
        this.calls.push(toolCalls as OpenAIToolCallDeltaWire[], out);
    }
    const reason = choice.finish_reason;
    if (typeof reason === 'string' && reason !== '') this.rawReason = reason;
  }

  /**
   * Ends the stream: finalizes the tool calls and emits `finish`. Without `[DONE]` and without any finish
   * reason the stream was cut off (`network`); a stream without a single chunk is `no_response`.
   */
  end(sawDone: boolean, out: StreamEvent[]): void {
    if (this.chunks === 0) {
      throw new GenerateTaskError('no_response', 'The provider ended the stream without sending anything.', {
        details: { sawDone },
      });
    }
    if (!sawDone && this.rawReason === undefined) {
      throw new GenerateTaskError('network', 'The stream ended before the model finished its answer.', {
        details: { cutOff: true },
      });
    }
    const rawReason = this.rawReason ?? null;
    let reason = normalizeFinishReason(rawReason);
    if (rawReason === null && this.calls.size > 0) reason = 'tool_calls';
    this.calls.finish(out, { skipInvalid: TRUNCATING.has(reason) });
    finishWithReasoning(out, this.reasoning, { type: 'finish', reason, rawReason, usage: this.usage });
  }
}
