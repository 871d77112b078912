import { randomBytes } from 'node:crypto';
import type { FinishReason, GeneratedToolCall, ToolLoopTraceEntry, Usage } from '@toolsmith/core';

// Chat Completions answer bodies (chat.completion and chat.completion.chunk) built from the core's results.

export type OpenAIFinishReason = 'stop' | 'length' | 'tool_calls' | 'content_filter';

export interface OpenAIToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export interface OpenAIUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  completion_tokens_details?: { reasoning_tokens: number };
}

/** What the gateway reports about a server-side tool loop (`toolsmith` on the answer). */
export interface GatewayLoopReport {
  stoppedBecause: string;
  trace: Array<
    Pick<ToolLoopTraceEntry, 'round' | 'name' | 'args' | 'ok' | 'durationMs' | 'simulated'> & {
      result?: unknown;
      error?: ToolLoopTraceEntry['error'];
    }
  >;
}

export const newCompletionId = () => `chatcmpl-${randomBytes(12).toString('hex')}`;
const newCallId = () => `call_${randomBytes(12).toString('hex')}`;

/** error and other have no OpenAI counterpart: the answer simply ended. */
export function openaiFinishReason(reason: FinishReason, hasCalls: boolean): OpenAIFinishReason {
  if (hasCalls) return 'tool_calls';
  if (reason === 'length' || reason === 'content_filter') return reason;
  return 'stop';
}

export function openaiUsage(usage: Usage | undefined): OpenAIUsage {
  const prompt = usage?.inputTokens ?? 0;
  const completion = usage?.outputTokens ?? 0;
  const out: OpenAIUsage = {
    prompt_tokens: prompt,
    completion_tokens: completion,
    total_tokens: usage?.totalTokens ?? prompt + completion,
  };
  if (usage?.reasoningTokens !== undefined)
    out.completion_tokens_details = { reasoning_tokens: usage.reasoningTokens };
  return out;
}

/**
 * The arguments as JSON text. The model's own text is kept when it is a JSON object (native calls);
 * otherwise (text-protocol forms such as XML parameters, or a JSON string holding JSON) the parsed object
 * is serialized, so the client always receives a JSON object.
 */
export function argumentsText(call: Pick<GeneratedToolCall, 'args' | 'raw'>): string {
  const raw = call.raw?.trim();
  if (raw) {
    try {
      const parsed = JSON.parse(raw);
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return raw;
    } catch {
      // not JSON: serialize the parsed arguments instead
    }
  }
  return JSON.stringify(call.args ?? {});
}

export function openaiToolCall(
  call: Pick<GeneratedToolCall, 'id' | 'name' | 'args' | 'raw'>,
): OpenAIToolCall {
  return {
    id: call.id || newCallId(),
    type: 'function',
    function: { name: call.name, arguments: argumentsText(call) },
  };
}

/** The trace of a server-side loop without anything the client has no use for. */
export function loopReport(stoppedBecause: string, trace: ToolLoopTraceEntry[]): GatewayLoopReport {
  return {
    stoppedBecause,
    trace: trace.map((t) => ({
      round: t.round,
      name: t.name,
      args: t.args,
      ok: t.ok,
      ...(t.ok ? { result: t.result } : { error: t.error }),
      durationMs: t.durationMs,
      simulated: t.simulated,
    })),
  };
}

export interface CompletionParts {
  id: string;
  model: string;
  created: number;
  content: string;
  reasoning?: string;
  toolCalls: OpenAIToolCall[];
  finishReason: OpenAIFinishReason;
  usage: OpenAIUsage;
  toolsmith?: GatewayLoopReport;
}

/** A non-streaming `chat.completion`. */
export function chatCompletion(parts: CompletionParts): Record<string, unknown> {
  const message: Record<string, unknown> = {
    role: 'assistant',
    content: parts.content === '' && parts.toolCalls.length > 0 ? null : parts.content,
    refusal: null,
  };
  if (parts.reasoning) message.reasoning_content = parts.reasoning;
  if (parts.toolCalls.length > 0) message.tool_calls = parts.toolCalls;
  const body: Record<string, unknown> = {
    id: parts.id,
    object: 'chat.completion',
    created: parts.created,
    model: parts.model,
    choices: [{ index: 0, message, logprobs: null, finish_reason: parts.finishReason }],
    usage: parts.usage,
  };
  if (parts.toolsmith) body.toolsmith = parts.toolsmith;
  return body;
}

/** Builds `chat.completion.chunk` objects that share one id, model and timestamp. */
export function chunkFactory(id: string, model: string, created: number) {
  const chunk = (
    delta: Record<string, unknown>,
    finishReason: OpenAIFinishReason | null = null,
    extra: Record<string, unknown> = {},
  ) => ({
    id,
    object: 'chat.completion.chunk',
    created,
    model,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
    ...extra,
  });
  return {
    role: () => chunk({ role: 'assistant', content: '' }),
    content: (text: string) => chunk({ content: text }),
    reasoning: (text: string) => chunk({ reasoning_content: text }),
    toolCall: (index: number, call: OpenAIToolCall) => chunk({ tool_calls: [{ index, ...call }] }),
    finish: (reason: OpenAIFinishReason, extra: Record<string, unknown> = {}) => chunk({}, reason, extra),
    /** the `stream_options.include_usage` chunk: no choices */
    usage: (usage: OpenAIUsage) => ({
      id,
      object: 'chat.completion.chunk',
      created,
      model,
      choices: [],
      usage,
    }),
  };
}
