import { GenerateTaskError } from '../base/errors.js';
import type { ChatMessage, FunctionCallMode, ToolChoice, ToolSpec } from '../providers/types.js';
import type { JsonSchema } from '../tools/types.js';
import type {
  FunctionCallOptions,
  GenerateTaskOptions,
  ProtocolStyleOption,
  WorldInfoSource,
} from './types.js';

const MODES: readonly FunctionCallMode[] = ['native', 'prompt_xml', 'prompt_json', 'auto'];
const SOURCES: readonly WorldInfoSource[] = ['none', 'task', 'chat', 'custom'];
const ROLES = new Set(['system', 'user', 'assistant', 'tool']);
export const DEFAULT_TEXT_RETRIES = 1;
export const MAX_TEXT_RETRIES = 3;

/** The options after checking, with defaults filled in and the accepted spellings unified. */
export interface NormalizedOptions {
  taskMessages: ChatMessage[];
  tools: ToolSpec[];
  toolChoice: ToolChoice | undefined;
  jsonSchema: { name: string; schema: JsonSchema; strict?: boolean } | undefined;
  functionCallMode: FunctionCallMode | undefined;
  protocolStyle: ProtocolStyleOption | undefined;
  retries: number;
  worldInfoSource: WorldInfoSource;
  substituteMacros: boolean;
}

function invalid(message: string, details: Record<string, unknown> = {}): GenerateTaskError {
  return new GenerateTaskError('invalid_input', message, { details });
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function normalizeTools(tools: unknown): ToolSpec[] {
  if (tools === undefined || tools === null) return [];
  if (!Array.isArray(tools)) throw invalid('`tools` must be an array.');
  const seen = new Set<string>();
  return tools.map((tool, i) => {
    const fn = isObject(tool) && isObject(tool.function) ? tool.function : tool;
    if (!isObject(fn) || typeof fn.name !== 'string' || fn.name === '') {
      throw invalid(`tools[${i}] needs a name.`, { index: i });
    }
    if (seen.has(fn.name)) throw invalid(`Two tools are named "${fn.name}".`, { name: fn.name });
    seen.add(fn.name);
    const parameters = fn.parameters === undefined ? { type: 'object', properties: {} } : fn.parameters;
    if (!isObject(parameters))
      throw invalid(`tools[${i}].parameters must be a JSON Schema object.`, { index: i });
    return {
      name: fn.name,
      description: typeof fn.description === 'string' ? fn.description : '',
      parameters: parameters as JsonSchema,
    };
  });
}

function normalizeToolChoice(choice: unknown): ToolChoice | undefined {
  if (choice === undefined || choice === null) return undefined;
  if (choice === 'auto' || choice === 'none' || choice === 'required') return choice;
  if (isObject(choice)) {
    if (typeof choice.name === 'string' && choice.name) return { name: choice.name };
    if (isObject(choice.function) && typeof choice.function.name === 'string' && choice.function.name) {
      return { name: choice.function.name };
    }
  }
  throw invalid(
    `Unknown toolChoice ${JSON.stringify(choice)}: use "auto", "none", "required" or { name: "TOOL" }.`,
    { toolChoice: choice },
  );
}

function normalizeJsonSchema(value: unknown): NormalizedOptions['jsonSchema'] {
  if (value === undefined || value === null) return undefined;
  if (!isObject(value)) throw invalid('`jsonSchema` must be a JSON Schema object or { name, schema }.');
  // `{ name?, schema }` wrapper vs a bare schema: a bare schema never has an object-valued `schema` keyword
  if (isObject(value.schema) && value.type === undefined && value.properties === undefined) {
    const name =
      typeof value.name === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(value.name) ? value.name : 'response';
    return {
      name,
      schema: value.schema as JsonSchema,
      strict: typeof value.strict === 'boolean' ? value.strict : undefined,
    };
  }
  return { name: 'response', schema: value as JsonSchema };
}

function checkMessages(messages: unknown): ChatMessage[] {
  if (!Array.isArray(messages) || messages.length === 0) {
    throw invalid('`taskMessages` must be a non-empty array of messages.');
  }
  messages.forEach((m, i) => {
    if (!isObject(m) || typeof m.role !== 'string' || !ROLES.has(m.role)) {
      throw invalid(`taskMessages[${i}] needs a role of system, user, assistant or tool.`, { index: i });
    }
    if (typeof m.content !== 'string')
      throw invalid(`taskMessages[${i}].content must be a string.`, { index: i });
  });
  return messages as ChatMessage[];
}

/** Checks the options (every failure is `invalid_input`) and fills in the defaults. */
export function validateGenerateOptions(options: GenerateTaskOptions): NormalizedOptions {
  if (!isObject(options)) throw invalid('generateTask needs an options object.');
  const taskMessages = checkMessages(options.taskMessages);
  const tools = normalizeTools(options.tools);
  const jsonSchema = normalizeJsonSchema(options.jsonSchema);
  if (tools.length > 0 && jsonSchema) {
    throw invalid(
      '`tools` and `jsonSchema` cannot be used together: ask for tool calls or for a JSON answer.',
    );
  }
  if (options.functionCallMode !== undefined && !MODES.includes(options.functionCallMode)) {
    throw invalid(
      `Unknown functionCallMode "${String(options.functionCallMode)}": use ${MODES.join(', ')}.`,
      {
        functionCallMode: options.functionCallMode,
      },
    );
  }
  let toolChoice = normalizeToolChoice(options.toolChoice);
  if (options.functionCallOptions !== undefined && !isObject(options.functionCallOptions)) {
    throw invalid('`functionCallOptions` must be an object.');
  }
  const fco: FunctionCallOptions = options.functionCallOptions ?? {};
  if (fco.protocolStyle !== undefined && fco.protocolStyle !== 'xml' && fco.protocolStyle !== 'json') {
    throw invalid(`Unknown protocolStyle "${String(fco.protocolStyle)}": use "xml" or "json".`);
  }
  const retries: number = fco.retries ?? DEFAULT_TEXT_RETRIES;
  if (
    typeof retries !== 'number' ||
    !Number.isInteger(retries) ||
    retries < 0 ||
    retries > MAX_TEXT_RETRIES
  ) {
    throw invalid(`functionCallOptions.retries must be an integer from 0 to ${MAX_TEXT_RETRIES}.`, {
      retries,
    });
  }
  if (fco.requiredFunctionName !== undefined) {
    if (typeof fco.requiredFunctionName !== 'string' || fco.requiredFunctionName === '') {
      throw invalid('functionCallOptions.requiredFunctionName must be a tool name.');
    }
    toolChoice = { name: fco.requiredFunctionName };
  }
  if (toolChoice && typeof toolChoice === 'object' && !tools.some((t) => t.name === toolChoice.name)) {
    throw invalid(`The required function "${toolChoice.name}" is not among the tools sent.`, {
      requiredFunctionName: toolChoice.name,
    });
  }
  if (toolChoice === 'required' && tools.length === 0) {
    throw invalid('`toolChoice: "required"` needs at least one tool.');
  }
  const worldInfoSource = options.worldInfoSource ?? (options.runtimeWorldInfo?.length ? 'task' : 'none');
  if (!SOURCES.includes(worldInfoSource)) {
    throw invalid(`Unknown worldInfoSource "${String(worldInfoSource)}": use ${SOURCES.join(', ')}.`);
  }
  if (
    worldInfoSource === 'custom' &&
    (!Array.isArray(options.customWorldInfoMessages) || options.customWorldInfoMessages.length === 0)
  ) {
    throw invalid('`worldInfoSource: "custom"` needs `customWorldInfoMessages`.');
  }
  if (options.runtimeWorldInfo !== undefined && !Array.isArray(options.runtimeWorldInfo)) {
    throw invalid('`runtimeWorldInfo` must be an array of world-info entries.');
  }
  const signal = options.abortSignal as { aborted?: unknown; addEventListener?: unknown } | undefined;
  if (
    signal !== undefined &&
    (typeof signal?.aborted !== 'boolean' || typeof signal.addEventListener !== 'function')
  ) {
    throw invalid('`abortSignal` must be an AbortSignal.');
  }
  return {
    taskMessages,
    tools,
    toolChoice,
    jsonSchema,
    functionCallMode: options.functionCallMode,
    protocolStyle: fco.protocolStyle,
    retries,
    worldInfoSource,
    substituteMacros: options.substituteMacros !== false,
  };
}
