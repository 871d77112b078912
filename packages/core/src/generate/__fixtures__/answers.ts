// Wire answers for generateTask / tool-loop tests, built from the emulator's provider fixtures.
import {
  contentCallChunks,
  contentCallCompletion,
  openaiChunk,
  openaiCompletion,
  openaiStream,
  openaiToolCall,
  openaiUsage,
  openaiUsageChunk,
  type RecordedRequest,
  type ScriptedResponse,
} from '@toolsmith/emulator';
import type { Connection } from '../../providers/types.js';

export const TRIGGER_RE = /<Function_[A-Za-z0-9]{4}_Start\/>/;

export function openaiConnection(url: string, extra: Partial<Connection> = {}): Connection {
  return {
    name: 'oa',
    api: 'openai',
    baseUrl: `${url}/v1`,
    model: 'gpt-test',
    apiKey: 'sk-test',
    functionCalling: { enabled: true, mode: 'auto' },
    ...extra,
  };
}

type Body = { stream?: boolean; messages: Array<{ role: string; content: unknown }> };

export function body(request: RecordedRequest): Body {
  return request.body as Body;
}

/** The live trigger a text-mode request put in its system message. */
export function triggerOf(request: RecordedRequest): string {
  const system = body(request).messages.find((m) => m.role === 'system');
  const match = TRIGGER_RE.exec(String(system?.content ?? ''));
  if (!match) throw new Error('no trigger in the system message');
  return match[0];
}

export function xmlCalls(trigger: string, calls: Array<{ name: string; args: unknown }>): string {
  const inner = calls
    .map(
      (c) =>
        `<function_call><tool>${c.name}</tool><args_json><![CDATA[${typeof c.args === 'string' ? c.args : JSON.stringify(c.args)}]]></args_json></function_call>`,
    )
    .join('\n');
  return `${trigger}\n<function_calls>\n${inner}\n</function_calls>`;
}

export function jsonCalls(trigger: string, calls: Array<{ name: string; args: unknown }>): string {
  return `${trigger}\n${JSON.stringify({ tool_calls: calls.map((c) => ({ name: c.name, arguments: c.args })) })}`;
}

/**
 * A server that passes the model's reply on as content (LM Studio, Ollama, vLLM or llama.cpp without a parser for
 * the model), in the form the request asked for: streamed token by token, or one body.
 */
export function contentAnswer(request: RecordedRequest, reply: string): ScriptedResponse {
  return body(request).stream
    ? openaiStream(contentCallChunks(reply))
    : { json: contentCallCompletion(reply) };
}

export interface OpenAIAnswer {
  text?: string;
  toolCalls?: Array<{ id: string; name: string; args: unknown }>;
  finishReason?: string;
}

/** An OpenAI answer in the form the request asked for: streamed in small pieces, or one body. */
export function openaiAnswer(request: RecordedRequest, answer: OpenAIAnswer): ScriptedResponse {
  const finishReason = answer.finishReason ?? (answer.toolCalls?.length ? 'tool_calls' : 'stop');
  if (!body(request).stream) {
    return {
      json: openaiCompletion(
        {
          content: answer.text ?? null,
          ...(answer.toolCalls?.length
            ? { tool_calls: answer.toolCalls.map((c) => openaiToolCall(c.id, c.name, c.args)) }
            : {}),
        },
        { finishReason, usage: openaiUsage(10, 5) },
      ),
    };
  }
  const chunks: unknown[] = [openaiChunk({ role: 'assistant', content: '' })];
  const text = answer.text ?? '';
  for (let i = 0; i < text.length; i += 5) chunks.push(openaiChunk({ content: text.slice(i, i + 5) }));
  (answer.toolCalls ?? []).forEach((call, index) => {
    const args = typeof call.args === 'string' ? call.args : JSON.stringify(call.args);
    chunks.push(
      openaiChunk({
        tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } }],
      }),
    );
    for (let i = 0; i < args.length; i += 4) {
      chunks.push(openaiChunk({ tool_calls: [{ index, function: { arguments: args.slice(i, i + 4) } }] }));
    }
  });
  chunks.push(openaiChunk({}, { finishReason }));
  chunks.push(openaiUsageChunk(openaiUsage(10, 5)));
  return openaiStream(chunks);
}
