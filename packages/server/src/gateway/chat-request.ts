import type {
  ChatMessage,
  GenerateTaskOptions,
  GenerationParams,
  JsonSchema,
  OpenAiStyleTool,
} from '@toolsmith/core';
import { toCanonicalMessages } from './chat-messages.js';
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
