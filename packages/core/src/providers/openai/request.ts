import type { JsonSchema } from '../../tools/types.js';
import type { ChatMessage, ProviderRequest, ToolChoice, ToolSpec } from '../types.js';

export type OpenAIWireMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string; name?: string }
  | {
      role: 'assistant';
      content: string | null;
      reasoning_content?: string;
      tool_calls?: Array<{ id: string; type: 'function'; function: { name: string; arguments: string } }>;
    }
  | { role: 'tool'; tool_call_id: string; content: string };

/** Canonical history → Chat Completions messages (tool arguments travel as JSON text). */
export function toOpenAIMessages(messages: ChatMessage[]): OpenAIWireMessage[] {
  return messages.map((message): OpenAIWireMessage => {
    switch (message.role) {
      case 'system':
        return { role: 'system', content: message.content };
      case 'user':
        return message.name
          ? { role: 'user', content: message.content, name: message.name }
          : { role: 'user', content: message.content };
      case 'assistant': {
        const calls = message.toolCalls ?? [];
        if (calls.length === 0) return { role: 'assistant', content: message.content };
        const wire: OpenAIWireMessage = {
          role: 'assistant',
          // OpenAI documents `content` as optional when `tool_calls` is present; null is the usual form.
          content: message.content === '' ? null : message.content,
          tool_calls: calls.map((call) => ({
            id: call.id,
            type: 'function' as const,
            function: { name: call.name, arguments: JSON.stringify(call.args ?? {}) },
          })),
        };
        // DeepSeek's thinking mode answers HTTP 400 unless the reasoning of a tool-calling turn comes back
        // with it; only models that produced reasoning text have any to send.
        const reasoning = (message.reasoning ?? []).map((part) => part.text).join('');
        if (reasoning) wire.reasoning_content = reasoning;
        return wire;
      }
      default:
        return { role: 'tool', tool_call_id: message.toolCallId, content: message.content };
    }
  });
}

export function toOpenAITools(tools: ToolSpec[]) {
  return tools.map((tool) => ({
    type: 'function' as const,
    function: { name: tool.name, description: tool.description, parameters: tool.parameters },
  }));
}

export function toOpenAIToolChoice(choice: ToolChoice) {
  if (typeof choice === 'string') return choice;
  return { type: 'function' as const, function: { name: choice.name } };
}

/**
 * OpenAI's strict structured outputs accept only schemas where every object lists all its properties
 * as required and sets `additionalProperties: false`; anything else is sent non-strict rather than refused.
 */
export function isOpenAIStrictSchema(schema: unknown): boolean {
  if (schema === null || typeof schema !== 'object') return true;
  if (Array.isArray(schema)) return schema.every(isOpenAIStrictSchema);
  const s = schema as Record<string, unknown>;
  const isObject = s.type === 'object' || (Array.isArray(s.type) && s.type.includes('object'));
  if (isObject || s.properties) {
    if (s.additionalProperties !== false) return false;
    const keys = Object.keys((s.properties as Record<string, unknown>) ?? {});
    const required = Array.isArray(s.required) ? (s.required as unknown[]) : [];
    if (!keys.every((key) => required.includes(key))) return false;
  }
  for (const [key, value] of Object.entries(s)) {
    if (key === 'enum' || key === 'const' || key === 'default' || key === 'examples') continue;
    if (value && typeof value === 'object' && !isOpenAIStrictSchema(value)) return false;
  }
  return true;
}

/** `response_format.json_schema.name` must match ^[a-zA-Z0-9_-]{1,64}$. */
function schemaName(name: string): string {
  const cleaned = name.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 64);
  return cleaned || 'response';
}

export function toOpenAIResponseFormat(jsonSchema: { name: string; schema: JsonSchema }) {
  return {
    type: 'json_schema' as const,
    json_schema: {
      name: schemaName(jsonSchema.name),
      schema: jsonSchema.schema,
      strict: isOpenAIStrictSchema(jsonSchema.schema),
    },
  };
}

/** The Chat Completions request body for a ProviderRequest. */
export function buildOpenAIBody(request: ProviderRequest): Record<string, unknown> {
  const body: Record<string, unknown> = {
    model: request.connection.model,
    messages: toOpenAIMessages(request.messages),
  };
  const tools = request.tools ?? [];
  if (tools.length > 0) {
    body.tools = toOpenAITools(tools);
    if (request.toolChoice !== undefined) body.tool_choice = toOpenAIToolChoice(request.toolChoice);
    if (request.parallelToolCalls !== undefined) body.parallel_tool_calls = request.parallelToolCalls;
  }
  if (request.jsonSchema) body.response_format = toOpenAIResponseFormat(request.jsonSchema);
  const p = request.params ?? {};
  if (p.temperature !== undefined) body.temperature = p.temperature;
  if (p.topP !== undefined) body.top_p = p.topP;
  if (p.maxTokens !== undefined) body.max_tokens = p.maxTokens;
  if (p.stop && p.stop.length > 0) body.stop = p.stop;
  if (p.frequencyPenalty !== undefined) body.frequency_penalty = p.frequencyPenalty;
  if (p.presencePenalty !== undefined) body.presence_penalty = p.presencePenalty;
  if (p.seed !== undefined) body.seed = p.seed;
  if (request.stream) {
    body.stream = true;
    body.stream_options = { include_usage: true };
  }
  return body;
}

export function openaiHeaders(request: ProviderRequest): Record<string, string> {
  const headers: Record<string, string> = {
    accept: request.stream ? 'text/event-stream' : 'application/json',
  };
  if (request.connection.apiKey) headers.authorization = `Bearer ${request.connection.apiKey}`;
  return { ...headers, ...request.connection.headers };
}
