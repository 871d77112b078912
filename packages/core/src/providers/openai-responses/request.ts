import { imageUrl, requestMessages } from '../images.js';
import { isOpenAIReasoningModel } from '../openai/profile.js';
import { isOpenAIStrictSchema } from '../openai/request.js';
import { applyExtraBody, effectiveThinking } from '../request-settings.js';
import type {
  ChatMessage,
  ImagePart,
  ProviderRequest,
  ReasoningPart,
  ToolChoice,
  ToolSpec,
} from '../types.js';

/** One item of the Responses API `input` array (the subset Toolsmith writes). */
export type ResponsesInputItem =
  | { role: 'user' | 'assistant' | 'system'; content: string | ResponsesContentPart[] }
  | { type: 'function_call'; call_id: string; name: string; arguments: string; id?: string }
  | { type: 'function_call_output'; call_id: string; output: string | ResponsesContentPart[] }
  | Record<string, unknown>;

type AssistantMessage = Extract<ChatMessage, { role: 'assistant' }>;

export type ResponsesContentPart =
  | { type: 'input_text'; text: string }
  | { type: 'input_image'; image_url: string; detail: 'auto' };

/** Text and images as Responses content parts (`input_text`, `input_image` with a data: or http URL). */
function contentParts(text: string, images: ImagePart[]): ResponsesContentPart[] {
  const parts: ResponsesContentPart[] = text === '' ? [] : [{ type: 'input_text', text }];
  for (const image of images) parts.push({ type: 'input_image', image_url: imageUrl(image), detail: 'auto' });
  return parts;
}

/** The reasoning items of a turn, by the number of calls that came before each. */
function reasoningItems(parts: ReasoningPart[] | undefined): Map<number, Array<Record<string, unknown>>> {
  const byPosition = new Map<number, Array<Record<string, unknown>>>();
  for (const part of parts ?? []) {
    if (!part.item) continue;
    const at = part.position ?? 0;
    const list = byPosition.get(at) ?? [];
    list.push(part.item);
    byPosition.set(at, list);
  }
  return byPosition;
}

/**
 * An assistant turn as input items. A turn that called tools carries its reasoning items back (stateless: their
 * `encrypted_content` holds the thinking), each right before the call it led to, as the API requires; its text
 * goes first. A turn without calls is its text alone (the model does not use earlier turns' reasoning).
 */
function assistantItems(message: AssistantMessage): ResponsesInputItem[] {
  const calls = message.toolCalls ?? [];
  const items: ResponsesInputItem[] = [];
  if (message.content !== '') items.push({ role: 'assistant', content: message.content });
  if (calls.length === 0) return items;
  const reasoning = reasoningItems(message.reasoning);
  calls.forEach((call, index) => {
    for (const item of reasoning.get(index) ?? []) items.push(item);
    const wire: ResponsesInputItem = {
      type: 'function_call',
      call_id: call.id,
      name: call.name,
      arguments: JSON.stringify(call.args ?? {}),
    };
    if (call.providerMetadata?.itemId) wire.id = call.providerMetadata.itemId;
    items.push(wire);
  });
  return items;
}

/**
 * Canonical history → `instructions` (the leading system messages) and `input` items: user and later system
 * messages as role messages, assistant turns with their reasoning items and `function_call`s, tool results as
 * `function_call_output`. Nothing refers to a stored response (`previous_response_id` is never used).
 */
export function toResponsesInput(history: ChatMessage[]): {
  instructions?: string;
  input: ResponsesInputItem[];
} {
  const system: string[] = [];
  const input: ResponsesInputItem[] = [];
  let leading = true;
  for (const message of history) {
    if (message.role === 'system') {
      if (leading) system.push(message.content);
      else input.push({ role: 'system', content: message.content });
      continue;
    }
    leading = false;
    if (message.role === 'user') {
      const content = message.images?.length
        ? contentParts(message.content, message.images)
        : message.content;
      input.push({ role: 'user', content });
    } else if (message.role === 'assistant') input.push(...assistantItems(message));
    else {
      // A function_call_output takes a list of input parts when the result has images.
      const output = message.images?.length ? contentParts(message.content, message.images) : message.content;
      input.push({ type: 'function_call_output', call_id: message.toolCallId, output });
    }
  }
  return { instructions: system.length ? system.join('\n\n') : undefined, input };
}

export function toResponsesTools(tools: ToolSpec[]) {
  // Responses function tools are strict unless told otherwise; only schemas that meet the rules can be.
  return tools.map((tool) => ({
    type: 'function' as const,
    name: tool.name,
    description: tool.description,
    parameters: tool.parameters,
    strict: isOpenAIStrictSchema(tool.parameters),
  }));
}

export function toResponsesToolChoice(choice: ToolChoice) {
  if (typeof choice === 'string') return choice;
  return { type: 'function' as const, name: choice.name };
}

/** `text.format.name` must match ^[a-zA-Z0-9_-]{1,64}$. */
function formatName(name: string): string {
  return name.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 64) || 'response';
}

/**
 * The `POST /responses` body. Stateless by design: `store: false`, and for reasoning models the reasoning comes
 * back encrypted (`include: ["reasoning.encrypted_content"]`) to be replayed next round. Sampling parameters are
 * left out for reasoning models; the Responses API has no stop sequences, penalties or seed.
 */
export function buildResponsesBody(request: ProviderRequest): Record<string, unknown> {
  const { instructions, input } = toResponsesInput(requestMessages(request));
  const body: Record<string, unknown> = { model: request.connection.model };
  if (instructions !== undefined) body.instructions = instructions;
  body.input = input;
  const tools = request.tools ?? [];
  if (tools.length > 0) {
    body.tools = toResponsesTools(tools);
    if (request.toolChoice !== undefined) body.tool_choice = toResponsesToolChoice(request.toolChoice);
    if (request.parallelToolCalls !== undefined) body.parallel_tool_calls = request.parallelToolCalls;
  }
  if (request.jsonSchema) {
    body.text = {
      format: {
        type: 'json_schema',
        name: formatName(request.jsonSchema.name),
        schema: request.jsonSchema.schema,
        strict: isOpenAIStrictSchema(request.jsonSchema.schema),
      },
    };
  }
  const p = request.params ?? {};
  const reasoningModel = isOpenAIReasoningModel(request.connection.model);
  if (!reasoningModel) {
    if (p.temperature !== undefined) body.temperature = p.temperature;
    if (p.topP !== undefined) body.top_p = p.topP;
  }
  if (p.maxTokens !== undefined) body.max_output_tokens = p.maxTokens;
  const { effort, includeThoughts } = effectiveThinking(request);
  const reasoning: Record<string, unknown> = {};
  if (effort !== undefined) reasoning.effort = effort;
  if (includeThoughts) reasoning.summary = 'auto';
  if (Object.keys(reasoning).length > 0) body.reasoning = reasoning;
  body.store = false;
  if (reasoningModel || effort !== undefined) body.include = ['reasoning.encrypted_content'];
  if (request.stream) body.stream = true;
  return applyExtraBody(body, request);
}
