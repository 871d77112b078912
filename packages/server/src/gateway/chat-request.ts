import type {
  ChatMessage,
  GenerateTaskOptions,
  GenerationParams,
  ImagePart,
  JsonSchema,
  OpenAiStyleTool,
} from '@toolsmith/core';
import { IMAGE_MEDIA_TYPES, mediaTypeOfUrl, parseImageDataUrl } from '@toolsmith/core/internal';
import { invalidRequest } from './openai-errors.js';
import { readSamplers } from './sampler-fields.js';

/** A Chat Completions request, checked and turned into what generateTask takes. */
export interface GatewayChatRequest {
  /** the `model` field as sent (echoed back in answers) */
  model: string;
  connectionName: string;
  /** the part after the first `/`, overriding the connection's model */
  modelOverride?: string;
  stream: boolean;
  includeUsage: boolean;
  messages: ChatMessage[];
  tools: OpenAiStyleTool[];
  toolChoice?: GenerateTaskOptions['toolChoice'];
  parallelToolCalls?: boolean;
  params: GenerationParams;
  /** sampler fields without a common name (typical_p, mirostat, dry_*, …), passed to backends that take them */
  samplerExtras: Record<string, unknown>;
  jsonSchema?: GenerateTaskOptions['jsonSchema'];
  /** the model was `NAME+tools` */
  toolsAlias?: true;
  /** `toolsmith: { serverTools, execute }` */
  serverTools: boolean;
  execute: boolean;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The model alias suffix that turns on the server's tools (run on the server) for clients that cannot send fields. */
export const TOOLS_ALIAS_SUFFIX = '+tools';

/**
 * `CONNECTION`, `CONNECTION/MODEL`, and either with `+tools` after the connection name (connection names never
 * contain `/`; model names may).
 */
export function splitModel(model: string): {
  connectionName: string;
  modelOverride?: string;
  toolsAlias?: true;
} {
  const slash = model.indexOf('/');
  let connectionName = slash < 0 ? model : model.slice(0, slash);
  const modelOverride = slash < 0 ? '' : model.slice(slash + 1);
  let toolsAlias = false;
  if (connectionName.endsWith(TOOLS_ALIAS_SUFFIX) && connectionName.length > TOOLS_ALIAS_SUFFIX.length) {
    connectionName = connectionName.slice(0, -TOOLS_ALIAS_SUFFIX.length);
    toolsAlias = true;
  }
  return {
    connectionName,
    ...(modelOverride ? { modelOverride } : {}),
    ...(toolsAlias ? { toolsAlias: true as const } : {}),
  };
}

/** An `image_url` part's image: a `data:` URL of a supported type, or an http(s) link the provider fetches. */
function imageOf(part: Json, param: string): ImagePart {
  const raw = isObject(part.image_url) ? part.image_url.url : part.image_url;
  if (typeof raw !== 'string' || raw === '')
    throw invalidRequest(
      'An image_url part needs image_url.url (a data: URL or an https link).',
      `${param}.image_url.url`,
    );
  if (raw.startsWith('data:')) {
    const image = parseImageDataUrl(raw);
    if (!image || !IMAGE_MEDIA_TYPES.includes(image.mediaType)) {
      throw invalidRequest(
        `An image must be a base64 data: URL of ${IMAGE_MEDIA_TYPES.join(', ')} (data:image/png;base64,...).`,
        `${param}.image_url.url`,
        'invalid_image',
      );
    }
    return image;
  }
  if (!/^https?:\/\//i.test(raw)) {
    throw invalidRequest(
      'image_url.url must be a data: URL or an http(s) link.',
      `${param}.image_url.url`,
      'invalid_image',
    );
  }
  return { mediaType: mediaTypeOfUrl(raw), url: raw };
}

/**
 * A message's content: a string, null, or a list of parts — text (and an assistant's refusal) everywhere,
 * `image_url` where `images` allows it (user and tool messages).
 */
function readContent(
  value: unknown,
  param: string,
  options: { allowNull: boolean; images: boolean },
): { text: string; images: ImagePart[] } {
  if (typeof value === 'string') return { text: value, images: [] };
  if ((value === null || value === undefined) && options.allowNull) return { text: '', images: [] };
  if (!Array.isArray(value))
    throw invalidRequest('Message content must be a string or a list of content parts.', param);
  const texts: string[] = [];
  const images: ImagePart[] = [];
  value.forEach((part, i) => {
    const partParam = `${param}[${i}]`;
    if (
      isObject(part) &&
      (part.type === 'text' || part.type === 'input_text') &&
      typeof part.text === 'string'
    )
      texts.push(part.text);
    // a refusal part in an assistant message carries text too
    else if (isObject(part) && part.type === 'refusal' && typeof part.refusal === 'string')
      texts.push(part.refusal);
    else if (isObject(part) && part.type === 'image_url') {
      if (!options.images) {
        throw invalidRequest(
          'Images go in user messages and tool results; this message takes text only.',
          partParam,
          'unsupported_content',
        );
      }
      images.push(imageOf(part, partParam));
    } else {
      const type = isObject(part) ? String(part.type) : typeof part;
      throw invalidRequest(
        `Content parts of type "${type}" are not supported by this gateway; send text or image_url parts.`,
        partParam,
        'unsupported_content',
      );
    }
  });
  return { text: texts.join(''), images };
}

function contentText(value: unknown, param: string, allowNull: boolean): string {
  return readContent(value, param, { allowNull, images: false }).text;
}

function toolArguments(value: unknown, param: string): Record<string, unknown> {
  if (value === undefined || value === null || value === '') return {};
  let parsed: unknown = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      throw invalidRequest('Tool call arguments must be a JSON object encoded as a string.', param);
    }
  }
  if (!isObject(parsed)) throw invalidRequest('Tool call arguments must be a JSON object.', param);
  return parsed;
}

/** OpenAI messages → the core's canonical history. */
export function toCanonicalMessages(raw: unknown): ChatMessage[] {
  if (!Array.isArray(raw) || raw.length === 0) {
    throw invalidRequest('messages must be a non-empty list of messages.', 'messages');
  }
  const callNames = new Map<string, string>();
  return raw.map((message, i): ChatMessage => {
    const param = `messages[${i}]`;
    if (!isObject(message)) throw invalidRequest('Each message must be an object.', param);
    const role = message.role;
    switch (role) {
      case 'system':
      case 'developer':
        return { role: 'system', content: contentText(message.content, `${param}.content`, false) };
      case 'user': {
        const { text, images } = readContent(message.content, `${param}.content`, {
          allowNull: false,
          images: true,
        });
        const user: ChatMessage = { role: 'user', content: text };
        if (typeof message.name === 'string' && message.name) user.name = message.name;
        if (images.length > 0) user.images = images;
        return user;
      }
      case 'assistant': {
        const content = contentText(message.content, `${param}.content`, true);
        const rawCalls = message.tool_calls;
        if (rawCalls === undefined || rawCalls === null) return { role: 'assistant', content };
        if (!Array.isArray(rawCalls))
          throw invalidRequest('tool_calls must be a list.', `${param}.tool_calls`);
        const toolCalls = rawCalls.map((call, j) => {
          const callParam = `${param}.tool_calls[${j}]`;
          if (!isObject(call) || !isObject(call.function) || typeof call.function.name !== 'string') {
            throw invalidRequest('Each tool call needs function.name.', callParam);
          }
          if (typeof call.id !== 'string' || call.id === '')
            throw invalidRequest('Each tool call needs an id.', `${callParam}.id`);
          callNames.set(call.id, call.function.name);
          return {
            id: call.id,
            name: call.function.name,
            args: toolArguments(call.function.arguments, `${callParam}.function.arguments`),
          };
        });
        return toolCalls.length > 0
          ? { role: 'assistant', content, toolCalls }
          : { role: 'assistant', content };
      }
      case 'tool': {
        const id = message.tool_call_id;
        if (typeof id !== 'string' || id === '')
          throw invalidRequest('A tool message needs tool_call_id.', `${param}.tool_call_id`);
        const name = callNames.get(id);
        if (name === undefined) {
          throw invalidRequest(
            `The tool message's tool_call_id "${id}" does not match a tool call of an earlier assistant message.`,
            `${param}.tool_call_id`,
          );
        }
        const { text, images } = readContent(message.content, `${param}.content`, {
          allowNull: true,
          images: true,
        });
        return images.length > 0
          ? { role: 'tool', toolCallId: id, name, content: text, images }
          : { role: 'tool', toolCallId: id, name, content: text };
      }
      default:
        throw invalidRequest(
          `Unsupported message role "${String(role)}"; use system, developer, user, assistant or tool.`,
          `${param}.role`,
        );
    }
  });
}

function toTools(raw: unknown): OpenAiStyleTool[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) throw invalidRequest('tools must be a list of function tools.', 'tools');
  return raw.map((tool, i) => {
    if (
      !isObject(tool) ||
      tool.type !== 'function' ||
      !isObject(tool.function) ||
      typeof tool.function.name !== 'string'
    ) {
      throw invalidRequest(
        'Each tool must be { type: "function", function: { name, description?, parameters? } }.',
        `tools[${i}]`,
      );
    }
    const fn = tool.function;
    const parameters = fn.parameters === undefined ? { type: 'object', properties: {} } : fn.parameters;
    if (!isObject(parameters))
      throw invalidRequest(
        'function.parameters must be a JSON Schema object.',
        `tools[${i}].function.parameters`,
      );
    return {
      type: 'function' as const,
      function: {
        name: fn.name as string,
        description: typeof fn.description === 'string' ? fn.description : '',
        parameters: parameters as JsonSchema,
      },
    };
  });
}

function toToolChoice(raw: unknown): GenerateTaskOptions['toolChoice'] {
  if (raw === undefined || raw === null) return undefined;
  if (raw === 'auto' || raw === 'none' || raw === 'required') return raw;
  if (
    isObject(raw) &&
    raw.type === 'function' &&
    isObject(raw.function) &&
    typeof raw.function.name === 'string'
  ) {
    return { name: raw.function.name };
  }
  throw invalidRequest(
    'tool_choice must be "auto", "none", "required" or { type: "function", function: { name } }.',
    'tool_choice',
  );
}

export function numberField(
  body: Json,
  key: string,
  params: GenerationParams,
  target: keyof GenerationParams,
) {
  const value = body[key];
  if (value === undefined || value === null) return;
  if (typeof value !== 'number' || !Number.isFinite(value))
    throw invalidRequest(`${key} must be a number.`, key);
  (params as Record<string, unknown>)[target] = value;
}

export function toParams(body: Json): GenerationParams {
  const params: GenerationParams = {};
  numberField(body, 'temperature', params, 'temperature');
  numberField(body, 'top_p', params, 'topP');
  numberField(body, 'max_tokens', params, 'maxTokens');
  // the newer name wins when both are sent
  numberField(body, 'max_completion_tokens', params, 'maxTokens');
  numberField(body, 'frequency_penalty', params, 'frequencyPenalty');
  numberField(body, 'presence_penalty', params, 'presencePenalty');
  numberField(body, 'seed', params, 'seed');
  numberField(body, 'top_k', params, 'topK');
  numberField(body, 'min_p', params, 'minP');
  numberField(body, 'repetition_penalty', params, 'repetitionPenalty');
  // llama.cpp's spelling
  numberField(body, 'repeat_penalty', params, 'repetitionPenalty');
  const stop = body.stop;
  if (typeof stop === 'string') params.stop = [stop];
  else if (Array.isArray(stop) && stop.every((s) => typeof s === 'string')) params.stop = stop as string[];
  else if (stop !== undefined && stop !== null)
    throw invalidRequest('stop must be a string or a list of strings.', 'stop');
  return params;
}

function toJsonSchema(raw: unknown): GenerateTaskOptions['jsonSchema'] {
  if (raw === undefined || raw === null) return undefined;
  if (!isObject(raw)) throw invalidRequest('response_format must be an object.', 'response_format');
  if (raw.type === 'text' || raw.type === 'json_object') return undefined;
  if (raw.type === 'json_schema' && isObject(raw.json_schema) && isObject(raw.json_schema.schema)) {
    const spec = raw.json_schema;
    return {
      schema: spec.schema as JsonSchema,
      ...(typeof spec.name === 'string' ? { name: spec.name } : {}),
      ...(typeof spec.strict === 'boolean' ? { strict: spec.strict } : {}),
    };
  }
  throw invalidRequest(
    'response_format must be { type: "json_schema", json_schema: { name, schema } }, "json_object" or "text".',
    'response_format',
  );
}

function toToolsmithOptions(raw: unknown): { serverTools: boolean; execute: boolean } {
  if (raw === undefined || raw === null) return { serverTools: false, execute: false };
  if (!isObject(raw))
    throw invalidRequest(
      'toolsmith must be an object such as { serverTools: true, execute: true }.',
      'toolsmith',
    );
  for (const key of ['serverTools', 'execute']) {
    if (raw[key] !== undefined && typeof raw[key] !== 'boolean')
      throw invalidRequest(`toolsmith.${key} must be true or false.`, `toolsmith.${key}`);
  }
  const execute = raw.execute === true;
  if (execute && raw.serverTools === false) {
    throw invalidRequest(
      "toolsmith.execute runs the server's tools, so it cannot be combined with serverTools: false.",
      'toolsmith.serverTools',
    );
  }
  return { serverTools: raw.serverTools === true || execute, execute };
}

/** Checks a Chat Completions body; throws a 400 GatewayError naming the offending field. */
export function parseChatRequest(body: unknown): GatewayChatRequest {
  if (!isObject(body)) throw invalidRequest('The request body must be a JSON object.');
  const model = body.model;
  if (typeof model !== 'string' || model.trim() === '') {
    throw invalidRequest('model is required: a connection name, or CONNECTION_NAME/MODEL.', 'model');
  }
  if (body.n !== undefined && body.n !== null && body.n !== 1) {
    throw invalidRequest('Only n = 1 is supported.', 'n');
  }
  if (body.stream !== undefined && body.stream !== null && typeof body.stream !== 'boolean') {
    throw invalidRequest('stream must be true or false.', 'stream');
  }
  const streamOptions = isObject(body.stream_options) ? body.stream_options : {};
  const tools = toTools(body.tools);
  const options = toToolsmithOptions(body.toolsmith);
  if (options.execute && tools.length > 0) {
    throw invalidRequest(
      'toolsmith.execute runs the tool loop on the server with its own tools; send client tools without execute (their calls come back as tool_calls).',
      'tools',
    );
  }
  const request: GatewayChatRequest = {
    model,
    ...splitModel(model),
    stream: body.stream === true,
    includeUsage: streamOptions.include_usage === true,
    messages: toCanonicalMessages(body.messages),
    tools,
    params: toParams(body),
    samplerExtras: readSamplers(body),
    ...options,
  };
  if (request.toolsAlias) {
    // NAME+tools: the server's tools, run on the server, for clients that cannot send `toolsmith`
    if (tools.length > 0) {
      throw invalidRequest(
        `The model "${model}" runs the server's tools on the server; send client tools to "${request.connectionName}" instead.`,
        'tools',
      );
    }
    request.serverTools = true;
    request.execute = true;
  }
  const toolChoice = toToolChoice(body.tool_choice);
  if (toolChoice !== undefined) request.toolChoice = toolChoice;
  if (typeof body.parallel_tool_calls === 'boolean') request.parallelToolCalls = body.parallel_tool_calls;
  const jsonSchema = toJsonSchema(body.response_format);
  if (jsonSchema !== undefined) request.jsonSchema = jsonSchema;
  return request;
}
