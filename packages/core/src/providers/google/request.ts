import { GenerateTaskError } from '../../base/errors.js';
import { joinUrl } from '../http.js';
import { requestMessages } from '../images.js';
import { applyExtraBody, effectiveThinking } from '../request-settings.js';
import type { ChatMessage, ImagePart, ProviderRequest, ToolChoice } from '../types.js';
import {
  convertGeminiParameters,
  convertGeminiSchema,
  type GeminiSchema,
  type GeminiSchemaConversion,
  needsGeminiDecoding,
} from './schema.js';
import { isSyntheticGeminiId } from './stream.js';

export type GeminiRequestPart =
  | { text: string; thoughtSignature?: string }
  | {
      functionCall: { name: string; args: Record<string, unknown>; id?: string };
      thoughtSignature?: string;
    }
  | { functionResponse: { name: string; response: Record<string, unknown>; id?: string } }
  | { inlineData: { mimeType: string; data: string } }
  | { fileData: { mimeType: string; fileUri: string } };

/** An image as a Gemini part: `inlineData` for bytes, `fileData` with the URL as `fileUri` otherwise. */
export function toGeminiImage(image: ImagePart): GeminiRequestPart {
  return image.data !== undefined
    ? { inlineData: { mimeType: image.mediaType, data: image.data } }
    : { fileData: { mimeType: image.mediaType, fileUri: image.url ?? '' } };
}

export interface GeminiContent {
  role: 'user' | 'model';
  parts: GeminiRequestPart[];
}

export interface GeminiFunctionDeclaration {
  name: string;
  description: string;
  parameters?: GeminiSchema;
}

export interface GeminiRequestBody {
  contents: GeminiContent[];
  systemInstruction?: { parts: Array<{ text: string }> };
  tools?: Array<{ functionDeclarations: GeminiFunctionDeclaration[] }>;
  toolConfig?: {
    functionCallingConfig: { mode: 'AUTO' | 'ANY' | 'NONE'; allowedFunctionNames?: string[] };
  };
  generationConfig?: {
    temperature?: number;
    topP?: number;
    topK?: number;
    maxOutputTokens?: number;
    stopSequences?: string[];
    presencePenalty?: number;
    frequencyPenalty?: number;
    seed?: number;
    responseMimeType?: string;
    responseSchema?: GeminiSchema;
    thinkingConfig?: GeminiThinkingConfig;
  };
}

export interface GeminiThinkingConfig {
  thinkingLevel?: 'minimal' | 'low' | 'medium' | 'high';
  thinkingBudget?: number;
  includeThoughts?: boolean;
}

/**
 * Thinking settings as Gemini's `thinkingConfig` (docs/providers.md, "Thinking"): an effort becomes Gemini 3's
 * `thinkingLevel` (`xhigh` → `high`; `none` turns thinking off with a zero budget), otherwise the budget is
 * `thinkingBudget` (0 off, -1 dynamic). Gemini refuses a level and a budget together, so the effort wins.
 */
export function geminiThinkingConfig(request: ProviderRequest): GeminiThinkingConfig | undefined {
  const { effort, budgetTokens, includeThoughts } = effectiveThinking(request);
  const config: GeminiThinkingConfig = {};
  if (effort === 'none') config.thinkingBudget = 0;
  else if (effort !== undefined) config.thinkingLevel = effort === 'xhigh' ? 'high' : effort;
  else if (budgetTokens !== undefined) config.thinkingBudget = budgetTokens;
  if (includeThoughts !== undefined) config.includeThoughts = includeThoughts;
  return Object.keys(config).length > 0 ? config : undefined;
}

/** `{baseUrl}/models/{model}:generateContent`, or `:streamGenerateContent?alt=sse` when streaming. */
export function geminiUrl(baseUrl: string, model: string, stream: boolean): string {
  const name = model.replace(/^models\//, '');
  const method = stream ? 'streamGenerateContent?alt=sse' : 'generateContent';
  return joinUrl(baseUrl, `models/${encodeURIComponent(name)}:${method}`);
}

/** A tool's text result as the `response` object Gemini wants: JSON objects as they are, anything else wrapped. */
export function toFunctionResponse(content: string, isError?: boolean): Record<string, unknown> {
  let value: unknown = content;
  try {
    value = JSON.parse(content);
  } catch {
    // plain text stays text
  }
  if (typeof value === 'object' && value !== null && !Array.isArray(value))
    return value as Record<string, unknown>;
  return isError ? { error: value } : { result: value };
}

/**
 * Converts the canonical history: leading system messages become `systemInstruction`, later ones user text;
 * assistant turns become `model` turns with `functionCall` parts (their `thoughtSignature` kept); tool results
 * become `functionResponse` parts, so consecutive results share one user turn.
 */
export function toGeminiContents(history: ChatMessage[]): { system?: string; contents: GeminiContent[] } {
  const system: string[] = [];
  const contents: GeminiContent[] = [];
  let leading = true;
  const push = (role: 'user' | 'model', parts: GeminiRequestPart[]) => {
    if (parts.length === 0) return;
    const last = contents[contents.length - 1];
    if (last && last.role === role) last.parts.push(...parts);
    else contents.push({ role, parts });
  };

  for (const message of history) {
    if (message.role === 'system') {
      if (leading) system.push(message.content);
      else if (message.content) push('user', [{ text: message.content }]);
      continue;
    }
    leading = false;
    if (message.role === 'user') {
      const images = (message.images ?? []).map(toGeminiImage);
      push('user', message.content ? [...images, { text: message.content }] : images);
    } else if (message.role === 'assistant') {
      const parts: GeminiRequestPart[] = [];
      const signature = message.providerMetadata?.thoughtSignature;
      if (message.content || signature) {
        const part: GeminiRequestPart = { text: message.content };
        if (signature) part.thoughtSignature = signature;
        parts.push(part);
      }
      for (const call of message.toolCalls ?? []) {
        const functionCall: { name: string; args: Record<string, unknown>; id?: string } = {
          name: call.name,
          args: call.args,
        };
        if (!isSyntheticGeminiId(call.id)) functionCall.id = call.id;
        const part: GeminiRequestPart = { functionCall };
        if (call.providerMetadata?.thoughtSignature)
          part.thoughtSignature = call.providerMetadata.thoughtSignature;
        parts.push(part);
      }
      push('model', parts);
    } else {
      const functionResponse: { name: string; response: Record<string, unknown>; id?: string } = {
        name: message.name,
        response: toFunctionResponse(message.content, message.isError),
      };
      if (!isSyntheticGeminiId(message.toolCallId)) functionResponse.id = message.toolCallId;
      // The result's images follow the function responses of the same user turn (moved up below).
      push('user', [{ functionResponse }, ...(message.images ?? []).map(toGeminiImage)]);
    }
  }
  // Function responses open their user turn, right after the model's calls.
  for (const content of contents) {
    if (content.role !== 'user') continue;
    const responses = content.parts.filter((p) => 'functionResponse' in p);
    if (responses.length && responses.length < content.parts.length) {
      content.parts = [...responses, ...content.parts.filter((p) => !('functionResponse' in p))];
    }
  }
  return { system: system.length ? system.join('\n\n') : undefined, contents };
}

function toolConfig(choice: ToolChoice | undefined): GeminiRequestBody['toolConfig'] {
  if (choice === undefined || choice === 'auto') return { functionCallingConfig: { mode: 'AUTO' } };
  if (choice === 'none') return { functionCallingConfig: { mode: 'NONE' } };
  if (choice === 'required') return { functionCallingConfig: { mode: 'ANY' } };
  return { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: [choice.name] } };
}

/** A request body and how to decode the answer (free-form objects sent as JSON text, see schema.ts). */
export interface GeminiRequestPlan {
  body: GeminiRequestBody;
  /** per tool name, for the tools whose arguments need decoding */
  toolCodecs: Map<string, GeminiSchemaConversion>;
  /** structured output whose answer needs decoding */
  responseCodec?: GeminiSchemaConversion;
}

/** Builds the generateContent body for a request. */
export function buildGeminiBody(request: ProviderRequest): GeminiRequestBody {
  return planGeminiRequest(request).body;
}

/** Builds the generateContent body and the decoders for its answer. */
export function planGeminiRequest(request: ProviderRequest): GeminiRequestPlan {
  const toolCodecs = new Map<string, GeminiSchemaConversion>();
  let responseCodec: GeminiSchemaConversion | undefined;
  const { system, contents } = toGeminiContents(requestMessages(request));
  if (contents.length === 0) {
    throw new GenerateTaskError('invalid_input', 'Gemini needs at least one user or assistant message.');
  }
  const body: GeminiRequestBody = { contents };
  if (system !== undefined) body.systemInstruction = { parts: [{ text: system }] };

  if (request.tools?.length) {
    body.tools = [
      {
        functionDeclarations: request.tools.map((tool) => {
          const declaration: GeminiFunctionDeclaration = { name: tool.name, description: tool.description };
          const conversion = convertGeminiParameters(tool.parameters);
          if (conversion.schema) declaration.parameters = conversion.schema;
          if (needsGeminiDecoding(conversion)) toolCodecs.set(tool.name, conversion);
          return declaration;
        }),
      },
    ];
    body.toolConfig = toolConfig(request.toolChoice);
  }

  const params = request.params ?? {};
  const config: NonNullable<GeminiRequestBody['generationConfig']> = {};
  if (params.temperature !== undefined) config.temperature = params.temperature;
  if (params.topP !== undefined) config.topP = params.topP;
  if (params.topK !== undefined) config.topK = params.topK;
  if (params.maxTokens !== undefined) config.maxOutputTokens = params.maxTokens;
  if (params.stop?.length) config.stopSequences = params.stop;
  if (params.presencePenalty !== undefined) config.presencePenalty = params.presencePenalty;
  if (params.frequencyPenalty !== undefined) config.frequencyPenalty = params.frequencyPenalty;
  if (params.seed !== undefined) config.seed = params.seed;
  if (request.jsonSchema) {
    config.responseMimeType = 'application/json';
    const conversion = convertGeminiSchema(request.jsonSchema.schema);
    config.responseSchema = conversion.schema;
    if (needsGeminiDecoding(conversion)) responseCodec = conversion;
  }
  const thinking = geminiThinkingConfig(request);
  if (thinking) config.thinkingConfig = thinking;
  if (Object.keys(config).length) body.generationConfig = config;
  return { body: applyExtraBody(body, request), toolCodecs, responseCodec };
}
