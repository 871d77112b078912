import type { JsonSchema, ToolSpec } from '../tools/types.js';

// ToolSpec lives with the tool shapes (tools sit below providers); re-exported here where callers look for it.
export type { ToolSpec } from '../tools/types.js';

export type ConnectionApi = 'openai' | 'openai-responses' | 'anthropic' | 'google' | 'text-completion';
export type FunctionCallMode = 'native' | 'prompt_xml' | 'prompt_json' | 'auto';

/** A stored connection profile (design.md, "generateTask"). */
export interface Connection {
  name: string;
  api: ConnectionApi;
  baseUrl: string;
  model: string;
  apiKey?: string;
  functionCalling: { enabled: boolean; mode: FunctionCallMode };
  /** text-completion only: which instruct template builds the prompt (chatml, llama3, mistral, alpaca) */
  instructTemplate?: string;
  /** text-completion only: which backend wire format (koboldcpp, openai-completions, ollama, llamacpp) */
  textBackend?: 'koboldcpp' | 'openai-completions' | 'ollama' | 'llamacpp';
  /** extra HTTP headers sent with every request */
  headers?: Record<string, string>;
  /**
   * which model family's call markup to read from text (text mode, and native responses that carry calls
   * as content): `auto` (default) reads every family, preferring the one the model name identifies; else
   * one of TOOL_CALL_FORMATS (protocols: the list lives with the parser, above this layer)
   */
  toolCallFormat?: string;
  /** provider-specific body fields merged into every request (deep merge for objects; a preset's win) */
  extraBody?: Record<string, unknown>;
  /** reasoning / thinking defaults for this connection; a preset's `thinking` wins key by key */
  thinking?: ThinkingSettings;
  /** Anthropic prompt caching: where `cache_control` breakpoints go (off unless set) */
  promptCaching?: PromptCachingSettings;
  /** OpenAI-compatible servers: which provider's quirks apply and which fields to leave out */
  quirks?: QuirkSettings;
  /**
   * whether the model reads images. `false` (a text-only model) turns every image into a short note saying it
   * was not shown; unset: images are sent wherever the wire format can carry them (docs/providers.md, "Images")
   */
  vision?: boolean;
  /**
   * The model's replies start inside `<think>`: the server's chat template opens the block (DeepSeek-R1, QwQ and
   * Qwen3 Thinking served without a reasoning parser), so the text up to `</think>` is reasoning.
   */
  replyStartsInReasoning?: boolean;
  /**
   * The model's own reasoning tags, read besides the known ones (`<think>`, `<thinking>`, …): SillyTavern's
   * reasoning prefix and suffix, for a fine-tune that reasons in `<reasoning>` … `</reasoning>`.
   */
  reasoningTags?: ReasoningTags;
}

/** A pair of reasoning tags: what opens a model's reasoning and what closes it. */
export interface ReasoningTags {
  open: string;
  close: string;
}

/** Reasoning effort levels as OpenAI names them (`none` and `xhigh` only on newer models). */
export type ReasoningEffort = 'none' | 'minimal' | 'low' | 'medium' | 'high' | 'xhigh';

/**
 * Reasoning / thinking controls, read by each adapter in its provider's terms (docs/providers.md):
 * OpenAI `reasoning_effort` / Responses `reasoning.effort`, Anthropic `thinking.budget_tokens`,
 * Gemini `thinkingConfig` (`thinkingLevel` from the effort, `thinkingBudget`, `includeThoughts`).
 */
export interface ThinkingSettings {
  effort?: ReasoningEffort;
  /** Anthropic: turns extended thinking on with this budget (≥ 1024); Gemini: thinkingBudget (0 off, -1 dynamic) */
  budgetTokens?: number;
  /** Gemini: includeThoughts; OpenAI Responses: reasoning summaries (`summary: "auto"`) */
  includeThoughts?: boolean;
}

/** Anthropic `cache_control` breakpoints (at most 4 per request). */
export interface PromptCachingSettings {
  /** after the last tool definition */
  tools?: boolean;
  /** after the system prompt */
  system?: boolean;
  /** on the last message (and the user turn before it), so the conversation so far is read from cache */
  history?: boolean;
  /** cache lifetime: 5 minutes (default) or 1 hour */
  ttl?: '5m' | '1h';
}

/** Known OpenAI-compatible providers whose documented quirks are applied. */
export type QuirkProfile =
  | 'auto'
  | 'openai'
  | 'mistral'
  | 'deepseek'
  | 'openrouter'
  | 'gemini'
  | 'groq'
  | 'generic';

/** Request fields a connection can ask never to send. */
export type OmittableField = 'stream_options' | 'parallel_tool_calls' | 'message_name' | 'reasoning_content';

export interface QuirkSettings {
  /** `auto` (default) picks the profile from the base URL */
  profile?: QuirkProfile;
  /** leave these out of every request, whatever the profile says */
  omit?: OmittableField[];
}

/** Generation parameters from a preset. */
export interface GenerationParams {
  temperature?: number;
  topP?: number;
  topK?: number;
  maxTokens?: number;
  stop?: string[];
  frequencyPenalty?: number;
  presencePenalty?: number;
  seed?: number;
  /** min-p sampling (llama.cpp, vLLM, KoboldCpp, Ollama, OpenRouter) */
  minP?: number;
  /** repetition penalty, 1 = off (llama.cpp `repeat_penalty`, KoboldCpp `rep_pen`, vLLM, OpenRouter) */
  repetitionPenalty?: number;
  /** the context window a local backend should use (KoboldCpp `max_context_length`, Ollama `num_ctx`) */
  contextLength?: number;
  /** reasoning / thinking controls; override the connection's key by key */
  thinking?: ThinkingSettings;
  /** provider-specific body fields; merged over the connection's `extraBody` */
  extraBody?: Record<string, unknown>;
}

export interface Preset extends GenerationParams {
  name: string;
}

export type ToolChoice = 'auto' | 'none' | 'required' | { name: string };

/** Provider-specific data that must travel back with a call or a reasoning block on the next turn. */
export interface ProviderMetadata {
  /** Gemini: thoughtSignature of the part (native), or `extra_content.google.thought_signature` (OpenAI-compatible) */
  thoughtSignature?: string;
  /** OpenAI Responses: the output item id of a function call (`fc_…`), sent back with it */
  itemId?: string;
}

export interface AssistantToolCall {
  id: string;
  name: string;
  args: Record<string, unknown>;
  providerMetadata?: ProviderMetadata;
}

export interface ReasoningPart {
  text: string;
  /** Anthropic thinking signature */
  signature?: string;
  /** Anthropic redacted_thinking data */
  redactedData?: string;
  /** OpenAI-compatible: the message field the reasoning came in, and goes back in */
  field?: 'reasoning_content' | 'reasoning';
  /** OpenRouter: the `reasoning_details` entries (stream fragments merged), sent back as they came */
  details?: Array<Record<string, unknown>>;
  /** OpenAI Responses: the reasoning item (id, summary, encrypted_content), replayed in the next request */
  item?: Record<string, unknown>;
  /** OpenAI Responses: how many of the turn's tool calls came before this reasoning item (it goes back there) */
  position?: number;
}

/**
 * An image in a user message or a tool result: inline bytes (`data`, base64 without a `data:` prefix) or an
 * http(s) `url` the provider fetches itself. Exactly one of `data` and `url` is set.
 */
export interface ImagePart {
  /** image/png, image/jpeg, image/webp or image/gif */
  mediaType: string;
  data?: string;
  url?: string;
}

/** The canonical chat history every adapter converts to and from its wire format. */
export type ChatMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string; name?: string; images?: ImagePart[] }
  | {
      role: 'assistant';
      content: string;
      toolCalls?: AssistantToolCall[];
      reasoning?: ReasoningPart[];
      /** Gemini: signature on a text part */
      providerMetadata?: ProviderMetadata;
    }
  | {
      role: 'tool';
      toolCallId: string;
      name: string;
      content: string;
      isError?: boolean;
      /** images the tool returned (an MCP image, a screenshot), after its text result */
      images?: ImagePart[];
    };

export type FinishReason = 'stop' | 'tool_calls' | 'length' | 'content_filter' | 'error' | 'other';

export interface Usage {
  inputTokens?: number;
  outputTokens?: number;
  totalTokens?: number;
  reasoningTokens?: number;
}

/** Normalized stream events (design.md, "Function-calling protocols"). */
export type StreamEvent =
  | { type: 'text-delta'; text: string }
  | { type: 'reasoning-delta'; text: string }
  /** a complete reasoning block with what must be sent back next turn (Anthropic signature / redacted data) */
  | { type: 'reasoning-part'; part: ReasoningPart }
  | { type: 'tool-call-start'; id: string; index: number; name: string }
  | { type: 'tool-call-delta'; id: string; index: number; argsDelta: string }
  | {
      type: 'tool-call';
      id: string;
      index: number;
      name: string;
      args: Record<string, unknown>;
      rawArgs: string;
      providerMetadata?: ProviderMetadata;
    }
  | {
      type: 'finish';
      reason: FinishReason;
      rawReason: string | null;
      usage?: Usage;
      raw?: unknown;
      /** Gemini: the thoughtSignature of the answer's text, to keep on the assistant message (`providerMetadata`) */
      providerMetadata?: ProviderMetadata;
    }
  | { type: 'error'; code: string; message: string };

/** A text-mode tool call the model must make: the protocol's style, this request's trigger, the allowed names. */
export interface RequiredTextCall {
  style: 'xml' | 'json';
  /** the live trigger line of this request */
  trigger: string;
  /** the tools the call may name: every sent tool for `required`, one for a named tool */
  names: string[];
}

export interface ProviderRequest {
  connection: Connection;
  messages: ChatMessage[];
  tools?: ToolSpec[];
  toolChoice?: ToolChoice;
  parallelToolCalls?: boolean;
  /** structured output: the provider's native form where it has one */
  jsonSchema?: { name: string; schema: JsonSchema };
  /**
   * text mode with a call the model must make (tool choice `required` or a named tool): backends that decode
   * under a grammar (KoboldCpp, llama.cpp) are held to the protocol's form (docs/providers.md)
   */
  requiredTextCall?: RequiredTextCall;
  params?: GenerationParams;
  stream: boolean;
  signal?: AbortSignal;
  /** injectable for tests; defaults to globalThis.fetch */
  fetch?: typeof fetch;
}

/**
 * One provider family's wire format. `send` yields normalized events for both streaming and non-streaming
 * requests (a non-streaming answer is replayed as events); the last event is `finish` (with `raw`, the parsed
 * body, for non-streaming requests). HTTP and transport failures throw GenerateTaskError.
 */
export interface ProviderAdapter {
  api: ConnectionApi;
  /** whether this family can carry tools natively */
  nativeTools: boolean;
  send(request: ProviderRequest): AsyncIterable<StreamEvent>;
}
