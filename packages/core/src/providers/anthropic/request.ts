import { GenerateTaskError } from '../../base/errors.js';
import { requestMessages } from '../images.js';
import { applyExtraBody, effectiveThinking } from '../request-settings.js';
import type { ChatMessage, ImagePart, ProviderRequest, ToolChoice, ToolSpec } from '../types.js';
import { applyPromptCaching, type CacheControl } from './prompt-cache.js';

export const ANTHROPIC_VERSION = '2023-06-01';
export const ANTHROPIC_DEFAULT_MAX_TOKENS = 4096;
/** The forced tool that carries structured output (Anthropic has no response_format). */
export const ANTHROPIC_JSON_TOOL = 'json_output';

export type AnthropicBlock =
  | { type: 'text'; text: string; cache_control?: CacheControl }
  | { type: 'thinking'; thinking: string; signature: string }
  | { type: 'redacted_thinking'; data: string }
  | { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> }
  | AnthropicImageBlock
  | {
      type: 'tool_result';
      tool_use_id: string;
      content?: string | Array<{ type: 'text'; text: string } | AnthropicImageBlock>;
      is_error?: boolean;
    };

export interface AnthropicImageBlock {
  type: 'image';
  source: { type: 'base64'; media_type: string; data: string } | { type: 'url'; url: string };
}

/** An image as a Messages API `image` block: inline base64, or a URL Anthropic fetches. */
export function toAnthropicImage(image: ImagePart): AnthropicImageBlock {
  return image.data !== undefined
    ? { type: 'image', source: { type: 'base64', media_type: image.mediaType, data: image.data } }
    : { type: 'image', source: { type: 'url', url: image.url ?? '' } };
}

export interface AnthropicMessage {
  role: 'user' | 'assistant';
  content: AnthropicBlock[];
}

export interface AnthropicTool {
  name: string;
  description: string;
  input_schema: Record<string, unknown>;
  cache_control?: CacheControl;
}

export type AnthropicToolChoice =
  | { type: 'auto'; disable_parallel_tool_use?: boolean }
  | { type: 'any'; disable_parallel_tool_use?: boolean }
  | { type: 'tool'; name: string; disable_parallel_tool_use?: boolean }
  | { type: 'none' };

export interface AnthropicRequestBody {
  model: string;
  max_tokens: number;
  messages: AnthropicMessage[];
  system?: string | Array<{ type: 'text'; text: string; cache_control?: CacheControl }>;
  thinking?: { type: 'enabled'; budget_tokens: number };
  tools?: AnthropicTool[];
  tool_choice?: AnthropicToolChoice;
  temperature?: number;
  top_p?: number;
  top_k?: number;
  stop_sequences?: string[];
  stream?: boolean;
}

function hasToolBlocks(messages: ChatMessage[]): boolean {
  return messages.some(
    (m) => m.role === 'tool' || (m.role === 'assistant' && (m.toolCalls?.length ?? 0) > 0),
  );
}

/**
 * Converts the canonical history. Leading system messages become `system`; a system message later in the
 * conversation becomes user text (the Messages API has one system prompt). When no tools are defined, earlier
 * tool calls and results are written as text, because the API refuses tool blocks without tool definitions.
 */
export function toAnthropicMessages(
  history: ChatMessage[],
  options: { toolsDefined: boolean },
): { system?: string; messages: AnthropicMessage[] } {
  const system: string[] = [];
  const messages: AnthropicMessage[] = [];
  let leading = true;

  const push = (role: 'user' | 'assistant', blocks: AnthropicBlock[]) => {
    if (blocks.length === 0) return;
    const last = messages[messages.length - 1];
    if (last && last.role === role) last.content.push(...blocks);
    else messages.push({ role, content: blocks });
  };
  const text = (value: string): AnthropicBlock[] =>
    value.trim() === '' ? [] : [{ type: 'text', text: value }];

  for (const message of history) {
    if (message.role === 'system') {
      if (leading) system.push(message.content);
      else push('user', text(message.content));
      continue;
    }
    leading = false;
    if (message.role === 'user') {
      // Anthropic recommends images before the text that asks about them.
      push('user', [...(message.images ?? []).map(toAnthropicImage), ...text(message.content)]);
    } else if (message.role === 'assistant') {
      const blocks: AnthropicBlock[] = [];
      // Thinking blocks go first and only with their signature: the API rejects unsigned ones.
      for (const part of message.reasoning ?? []) {
        if (part.redactedData) blocks.push({ type: 'redacted_thinking', data: part.redactedData });
        else if (part.signature)
          blocks.push({ type: 'thinking', thinking: part.text, signature: part.signature });
      }
      blocks.push(...text(message.content));
      for (const call of message.toolCalls ?? []) {
        if (options.toolsDefined) {
          blocks.push({ type: 'tool_use', id: call.id, name: call.name, input: call.args });
        } else {
          blocks.push({ type: 'text', text: `[called tool ${call.name} with ${JSON.stringify(call.args)}]` });
        }
      }
      push('assistant', blocks);
    } else {
      const content = message.content;
      const images = (message.images ?? []).map(toAnthropicImage);
      if (options.toolsDefined) {
        const block: AnthropicBlock = { type: 'tool_result', tool_use_id: message.toolCallId };
        // `content` is optional; an empty one is left out rather than sent as an empty text. Images go inside
        // the result as content blocks, after its text.
        if (images.length > 0)
          block.content = [...(content !== '' ? [{ type: 'text' as const, text: content }] : []), ...images];
        else if (content !== '') block.content = content;
        if (message.isError) block.is_error = true;
        push('user', [block]);
      } else {
        const label = message.isError ? 'error from' : 'result of';
        push('user', [{ type: 'text', text: `[${label} tool ${message.name}: ${content}]` }, ...images]);
      }
    }
  }
  // tool_result blocks must open their user turn, before any text merged into it.
  for (const message of messages) {
    if (message.role !== 'user') continue;
    const results = message.content.filter((b) => b.type === 'tool_result');
    if (results.length === 0) continue;
    message.content = [...results, ...message.content.filter((b) => b.type !== 'tool_result')];
  }
  // A final assistant turn is a prefill, which the API refuses with trailing whitespace.
  const last = messages[messages.length - 1];
  const tail = last?.role === 'assistant' ? last.content[last.content.length - 1] : undefined;
  if (tail?.type === 'text') tail.text = tail.text.trimEnd();
  return { system: system.length ? system.join('\n\n') : undefined, messages };
}

function toAnthropicTools(tools: ToolSpec[]): AnthropicTool[] {
  return tools.map((tool) => ({
    name: tool.name,
    description: tool.description,
    input_schema: { type: 'object', ...tool.parameters },
  }));
}

function toAnthropicToolChoice(choice: ToolChoice | undefined, parallel: boolean | undefined) {
  const extra = parallel === false ? { disable_parallel_tool_use: true } : {};
  if (choice === undefined || choice === 'auto') return { type: 'auto' as const, ...extra };
  if (choice === 'required') return { type: 'any' as const, ...extra };
  if (choice === 'none') return { type: 'none' as const };
  return { type: 'tool' as const, name: choice.name, ...extra };
}

/** Builds the Messages API body for a request. */
export function buildAnthropicBody(request: ProviderRequest): AnthropicRequestBody {
  const { connection, params = {} } = request;
  let tools: AnthropicTool[] | undefined;
  let toolChoice: AnthropicToolChoice | undefined;

  if (request.jsonSchema) {
    tools = [
      {
        name: ANTHROPIC_JSON_TOOL,
        description: `Respond with the ${request.jsonSchema.name} object. Put the whole answer in this tool's input.`,
        input_schema: { type: 'object', ...request.jsonSchema.schema },
      },
    ];
    toolChoice = { type: 'tool', name: ANTHROPIC_JSON_TOOL };
  } else if (request.tools?.length) {
    if (request.toolChoice === 'none') {
      // `none` drops the tools, unless the history holds tool blocks, which need their definitions.
      if (hasToolBlocks(request.messages)) {
        tools = toAnthropicTools(request.tools);
        toolChoice = { type: 'none' };
      }
    } else {
      tools = toAnthropicTools(request.tools);
      toolChoice = toAnthropicToolChoice(request.toolChoice, request.parallelToolCalls);
    }
  }

  const { system, messages } = toAnthropicMessages(requestMessages(request), {
    toolsDefined: tools !== undefined,
  });
  if (messages.length === 0) {
    throw new GenerateTaskError(
      'invalid_input',
      'The Messages API needs at least one user or assistant message.',
    );
  }

  // Extended thinking: not with a forced tool (the API refuses it; structured output forces its own tool).
  const forced = toolChoice?.type === 'any' || toolChoice?.type === 'tool';
  const budget = forced ? undefined : effectiveThinking(request).budgetTokens;
  let maxTokens = params.maxTokens ?? ANTHROPIC_DEFAULT_MAX_TOKENS;
  if (budget !== undefined) {
    if (params.maxTokens === undefined) maxTokens = budget + ANTHROPIC_DEFAULT_MAX_TOKENS;
    else if (params.maxTokens <= budget) {
      throw new GenerateTaskError(
        'invalid_input',
        `The thinking budget (${budget} tokens) must be below maxTokens (${params.maxTokens}): raise the preset's maxTokens or lower the budget.`,
        { details: { budgetTokens: budget, maxTokens: params.maxTokens } },
      );
    }
  }

  const body: AnthropicRequestBody = {
    model: connection.model,
    max_tokens: maxTokens,
    messages,
  };
  if (system !== undefined) body.system = system;
  if (budget !== undefined) body.thinking = { type: 'enabled', budget_tokens: budget };
  if (tools) body.tools = tools;
  if (toolChoice) body.tool_choice = toolChoice;
  // With thinking on, the API refuses temperature and top_k, and top_p below 0.95.
  if (params.temperature !== undefined && budget === undefined) body.temperature = params.temperature;
  if (params.topP !== undefined && (budget === undefined || params.topP >= 0.95)) body.top_p = params.topP;
  if (params.topK !== undefined && budget === undefined) body.top_k = params.topK;
  if (params.stop?.length) body.stop_sequences = params.stop;
  if (request.stream) body.stream = true;
  applyPromptCaching(body, connection.promptCaching);
  return applyExtraBody(body, request);
}
