import type { JsonSchema } from '../../tools/types.js';
import { imageUrl, requestMessages } from '../images.js';
import { applyExtraBody, effectiveThinking } from '../request-settings.js';
import type { ChatMessage, ImagePart, ProviderRequest, ToolChoice, ToolSpec } from '../types.js';
import { isOpenAIReasoningModel, OPENAI_PROFILES, type OpenAIProfile, openaiProfile } from './profile.js';

export interface OpenAIWireToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
  /** Gemini (OpenAI-compatible): the call's thought signature */
  extra_content?: { google: { thought_signature: string } };
}

export type OpenAIWireMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string | OpenAIContentPart[]; name?: string }
  | {
      role: 'assistant';
      content: string | null;
      reasoning_content?: string;
      reasoning?: string;
      reasoning_details?: Array<Record<string, unknown>>;
      tool_calls?: OpenAIWireToolCall[];
      extra_content?: { google: { thought_signature: string } };
    }
  | { role: 'tool'; tool_call_id: string; content: string };

export type OpenAIContentPart =
  | { type: 'text'; text: string }
  | { type: 'image_url'; image_url: { url: string } };

/** A user turn with images: its text part (when there is text) and an `image_url` part per image. */
function userContent(text: string, images: ImagePart[] | undefined): string | OpenAIContentPart[] {
  if (!images?.length) return text;
  const parts: OpenAIContentPart[] = text === '' ? [] : [{ type: 'text', text }];
  for (const image of images) parts.push({ type: 'image_url', image_url: { url: imageUrl(image) } });
  return parts;
}

type AssistantMessage = Extract<ChatMessage, { role: 'assistant' }>;
type AssistantWire = Extract<OpenAIWireMessage, { role: 'assistant' }>;

/**
 * An assistant turn's reasoning, written back the way the provider wants it (docs/providers.md): OpenRouter's
 * `reasoning_details` as they came; DeepSeek's `reasoning_content` on every tool-calling turn (HTTP 400 without
 * it in thinking mode, even when the model thought nothing); elsewhere the text in the field it came in, on
 * tool-calling turns only (a new user turn does not need it).
 */
function addReasoning(wire: AssistantWire, message: AssistantMessage, profile: OpenAIProfile): void {
  const parts = message.reasoning ?? [];
  const hasCalls = (message.toolCalls?.length ?? 0) > 0;
  if (profile.reasoningDetails) {
    const details = parts.flatMap((part) => part.details ?? []);
    if (details.length > 0) {
      wire.reasoning_details = details;
      return;
    }
  }
  if (!hasCalls || profile.reasoningBack === 'never') return;
  // Anthropic-signed or Responses parts are other providers' formats: only plain reasoning text travels here.
  const plain = parts.filter((part) => !part.redactedData && !part.item);
  const text = plain.map((part) => part.text).join('');
  if (profile.reasoningBack === 'always') wire.reasoning_content = text;
  else if (text) wire[plain.find((part) => part.field)?.field ?? 'reasoning_content'] = text;
}

/**
 * Canonical history → Chat Completions messages (tool arguments travel as JSON text). A tool message carries
 * text only, so a tool result's images follow the run of tool messages as one user message (docs/providers.md).
 */
export function toOpenAIMessages(
  messages: ChatMessage[],
  profile: OpenAIProfile = OPENAI_PROFILES.generic,
): OpenAIWireMessage[] {
  const out: OpenAIWireMessage[] = [];
  let toolImages: OpenAIContentPart[] = [];
  const flushToolImages = () => {
    if (toolImages.length > 0) out.push({ role: 'user', content: toolImages });
    toolImages = [];
  };
  for (const message of messages) {
    if (message.role !== 'tool') flushToolImages();
    switch (message.role) {
      case 'system':
        out.push({ role: 'system', content: message.content });
        break;
      case 'user': {
        const content = userContent(message.content, message.images);
        out.push(
          message.name && profile.messageName
            ? { role: 'user', content, name: message.name }
            : { role: 'user', content },
        );
        break;
      }
      case 'assistant': {
        const calls = message.toolCalls ?? [];
        const wire: AssistantWire = { role: 'assistant', content: message.content };
        if (calls.length > 0) {
          // OpenAI documents `content` as optional when `tool_calls` is present; null is the usual form.
          wire.content = message.content === '' ? null : message.content;
          wire.tool_calls = calls.map((call) => {
            const out: OpenAIWireToolCall = {
              id: call.id,
              type: 'function',
              function: { name: call.name, arguments: JSON.stringify(call.args ?? {}) },
            };
            const signature = call.providerMetadata?.thoughtSignature;
            if (signature && profile.extraContent) {
              out.extra_content = { google: { thought_signature: signature } };
            }
            return out;
          });
        }
        const textSignature = message.providerMetadata?.thoughtSignature;
        if (textSignature && profile.extraContent) {
          wire.extra_content = { google: { thought_signature: textSignature } };
        }
        addReasoning(wire, message, profile);
        out.push(wire);
        break;
      }
      default:
        out.push({ role: 'tool', tool_call_id: message.toolCallId, content: message.content });
        if (message.images?.length) {
          toolImages.push({
            type: 'text',
            text: `Images returned by the tool ${message.name} (call ${message.toolCallId}):`,
          });
          for (const image of message.images)
            toolImages.push({ type: 'image_url', image_url: { url: imageUrl(image) } });
        }
    }
  }
  flushToolImages();
  return out;
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

/** Reasoning effort and budget in the profile's spelling (docs/providers.md, "Thinking"). */
function addThinking(body: Record<string, unknown>, request: ProviderRequest, profile: OpenAIProfile) {
  const { effort, budgetTokens, includeThoughts } = effectiveThinking(request);
  if (profile.reasoningStyle === 'openrouter') {
    const reasoning: Record<string, unknown> = {};
    // OpenRouter takes one of effort or max_tokens.
    if (effort !== undefined) reasoning.effort = effort;
    else if (budgetTokens !== undefined) reasoning.max_tokens = budgetTokens;
    if (includeThoughts === false) reasoning.exclude = true;
    if (Object.keys(reasoning).length > 0) body.reasoning = reasoning;
    return;
  }
  if (effort !== undefined) body.reasoning_effort = effort;
  if (profile.reasoningStyle === 'gemini' && effort === undefined) {
    // Gemini's compatibility layer takes a budget only through its own extension (and never with an effort).
    const config: Record<string, unknown> = {};
    if (budgetTokens !== undefined) config.thinking_budget = budgetTokens;
    if (includeThoughts !== undefined) config.include_thoughts = includeThoughts;
    if (Object.keys(config).length > 0) body.extra_body = { google: { thinking_config: config } };
  }
}

/** The Chat Completions request body for a ProviderRequest. */
export function buildOpenAIBody(request: ProviderRequest): Record<string, unknown> {
  const profile = openaiProfile(request.connection);
  const body: Record<string, unknown> = {
    model: request.connection.model,
    messages: toOpenAIMessages(requestMessages(request), profile),
  };
  const tools = request.tools ?? [];
  if (tools.length > 0) {
    body.tools = toOpenAITools(tools);
    if (request.toolChoice !== undefined) body.tool_choice = toOpenAIToolChoice(request.toolChoice);
    if (request.parallelToolCalls !== undefined && profile.parallelToolCalls)
      body.parallel_tool_calls = request.parallelToolCalls;
  }
  if (request.jsonSchema) body.response_format = toOpenAIResponseFormat(request.jsonSchema);
  const p = request.params ?? {};
  // o-series and gpt-5 refuse sampling parameters and stop sequences, and count output in max_completion_tokens.
  const reasoningModel = isOpenAIReasoningModel(request.connection.model);
  if (!reasoningModel) {
    if (p.temperature !== undefined) body.temperature = p.temperature;
    if (p.topP !== undefined) body.top_p = p.topP;
    if (p.stop && p.stop.length > 0) body.stop = p.stop;
    if (p.frequencyPenalty !== undefined) body.frequency_penalty = p.frequencyPenalty;
    if (p.presencePenalty !== undefined) body.presence_penalty = p.presencePenalty;
  }
  if (p.maxTokens !== undefined) {
    body[reasoningModel ? 'max_completion_tokens' : profile.maxTokensField] = p.maxTokens;
  }
  if (p.seed !== undefined) body.seed = p.seed;
  // local servers and OpenRouter read these; OpenAI and the other hosted APIs refuse unknown fields
  if (profile.samplers && !reasoningModel) {
    if (p.topK !== undefined) body.top_k = p.topK;
    if (p.minP !== undefined) body.min_p = p.minP;
    if (p.repetitionPenalty !== undefined) body.repetition_penalty = p.repetitionPenalty;
  }
  addThinking(body, request, profile);
  if (request.stream) {
    body.stream = true;
    if (profile.streamOptions) body.stream_options = { include_usage: true };
  }
  return applyExtraBody(body, request);
}

export function openaiHeaders(request: ProviderRequest): Record<string, string> {
  const headers: Record<string, string> = {
    accept: request.stream ? 'text/event-stream' : 'application/json',
  };
  if (request.connection.apiKey) headers.authorization = `Bearer ${request.connection.apiKey}`;
  return { ...headers, ...request.connection.headers };
}
