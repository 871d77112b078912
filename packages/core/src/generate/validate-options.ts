import { GenerateTaskError } from '../base/errors.js';
import type { ChatMessage, FunctionCallMode, ToolChoice, ToolSpec } from '../providers/types.js';
import type { JsonSchema } from '../tools/types.js';
import type { WorldInfoEntry } from '../worldinfo/types.js';
import type {
  FunctionCallOptions,
  GenerateTaskOptions,
  ProtocolStyleOption,
  WorldInfoSnapshot,
  WorldInfoSource,
} from './types.js';

const MODES: readonly FunctionCallMode[] = ['native', 'prompt_xml', 'prompt_json', 'auto'];
const SOURCES: readonly WorldInfoSource[] = ['none', 'task', 'chat', 'custom'];
const ROLES = new Set(['system', 'user', 'assistant', 'tool']);
export const DEFAULT_TEXT_RETRIES = 1;
/** SillyTavern's generation type for background requests, and Luker's generateTask default */
export const DEFAULT_WORLD_INFO_TYPE = 'quiet';
const PROTOCOL_STYLES = ['xml', 'json', 'json_schema', 'table'];
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
  /** `runtimeWorldInfo` given as entries */
  runtimeEntries: WorldInfoEntry[];
  /** `runtimeWorldInfo` given as a ready snapshot object */
  worldInfoSnapshot: WorldInfoSnapshot | undefined;
  worldInfoType: string;
  includeCharacterCard: boolean;
  /** the connection and preset names; empty or null = the runtime's first */
  apiPresetName: string | undefined;
  llmPresetName: string | undefined;
  abortSignal: AbortSignal | undefined;
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
  const functionCallMode = options.functionCallMode ?? undefined;
  if (functionCallMode !== undefined && !MODES.includes(functionCallMode)) {
    throw invalid(
      `Unknown functionCallMode "${String(options.functionCallMode)}": use ${MODES.join(', ')}.`,
      {
        functionCallMode: options.functionCallMode,
      },
    );
  }
  let toolChoice = normalizeToolChoice(options.toolChoice);
  const fcoRaw = options.functionCallOptions ?? undefined;
  if (fcoRaw !== undefined && !isObject(fcoRaw)) {
    throw invalid('`functionCallOptions` must be an object.');
  }
  const fco: FunctionCallOptions = fcoRaw ?? {};
  if (
    fco.protocolStyle !== undefined &&
    fco.protocolStyle !== null &&
    !PROTOCOL_STYLES.includes(fco.protocolStyle)
  ) {
    throw invalid(
      `Unknown protocolStyle "${String(fco.protocolStyle)}": use "xml" or "json" (Luker's "json_schema" and "table" mean "xml").`,
    );
  }
  // Luker's guide styles describe parameters; here the guide always does, with the XML call format
  const protocolStyle: ProtocolStyleOption | undefined =
    fco.protocolStyle === 'json' ? 'json' : fco.protocolStyle ? 'xml' : undefined;
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
  if (fco.requiredFunctionName !== undefined && fco.requiredFunctionName !== null) {
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
  const runtimeWorldInfo = options.runtimeWorldInfo ?? undefined;
  if (runtimeWorldInfo !== undefined && !Array.isArray(runtimeWorldInfo) && !isObject(runtimeWorldInfo)) {
    throw invalid(
      '`runtimeWorldInfo` must be a list of world-info entries or a snapshot { worldInfoBefore, worldInfoAfter, worldInfoDepth }.',
    );
  }
  const runtimeEntries = Array.isArray(runtimeWorldInfo) ? runtimeWorldInfo : [];
  const worldInfoSnapshot = isObject(runtimeWorldInfo) ? checkSnapshot(runtimeWorldInfo) : undefined;
  const worldInfoSource = options.worldInfoSource ?? (runtimeEntries.length ? 'task' : 'none');
  if (!SOURCES.includes(worldInfoSource)) {
    throw invalid(`Unknown worldInfoSource "${String(worldInfoSource)}": use ${SOURCES.join(', ')}.`);
  }
  if (
    worldInfoSource === 'custom' &&
    (!Array.isArray(options.customWorldInfoMessages) || options.customWorldInfoMessages.length === 0)
  ) {
    throw invalid('`worldInfoSource: "custom"` needs `customWorldInfoMessages`.');
  }
  const worldInfoType = options.worldInfoType ?? DEFAULT_WORLD_INFO_TYPE;
  if (typeof worldInfoType !== 'string' || worldInfoType.trim() === '') {
    throw invalid('`worldInfoType` must be a generation type such as "quiet" or "normal".');
  }
  for (const key of ['apiPresetName', 'llmPresetName'] as const) {
    const value = options[key];
    if (value !== undefined && value !== null && typeof value !== 'string') {
      throw invalid(`\`${key}\` must be a name (text), or empty for the first one.`);
    }
  }
  const signal = (options.abortSignal ?? undefined) as
    | { aborted?: unknown; addEventListener?: unknown }
    | undefined;
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
    functionCallMode,
    protocolStyle,
    retries,
    worldInfoSource,
    runtimeEntries,
    worldInfoSnapshot,
    worldInfoType: worldInfoType.trim(),
    includeCharacterCard: options.includeCharacterCard !== false,
    apiPresetName: options.apiPresetName || undefined,
    llmPresetName: options.llmPresetName || undefined,
    abortSignal: options.abortSignal ?? undefined,
    substituteMacros: options.substituteMacros !== false,
  };
}

const SNAPSHOT_ROLES: Record<string, 'system' | 'user' | 'assistant'> = {
  system: 'system',
  user: 'user',
  assistant: 'assistant',
  '0': 'system',
  '1': 'user',
  '2': 'assistant',
};

/** A ready world-info snapshot, checked: the texts are text and every depth block names a depth. */
function checkSnapshot(raw: Record<string, unknown>): WorldInfoSnapshot {
  const text = (key: 'worldInfoBefore' | 'worldInfoAfter') => {
    const value = raw[key] ?? '';
    if (typeof value !== 'string') throw invalid(`runtimeWorldInfo.${key} must be text.`);
    return value;
  };
  const depthRaw = raw.worldInfoDepth ?? [];
  if (!Array.isArray(depthRaw)) throw invalid('runtimeWorldInfo.worldInfoDepth must be a list.');
  const worldInfoDepth = depthRaw.map((block, i) => {
    const at = `runtimeWorldInfo.worldInfoDepth[${i}]`;
    if (!isObject(block)) throw invalid(`${at} must be { depth, role, entries }.`);
    const depth = block.depth;
    if (typeof depth !== 'number' || !Number.isInteger(depth) || depth < 0) {
      throw invalid(`${at}.depth must be a whole number, 0 or more.`);
    }
    const role = SNAPSHOT_ROLES[String(block.role ?? 'system')];
    if (!role) throw invalid(`${at}.role must be system, user, assistant (or 0, 1, 2).`);
    const entries = block.entries ?? [];
    if (!Array.isArray(entries) || entries.some((e) => typeof e !== 'string')) {
      throw invalid(`${at}.entries must be a list of text.`);
    }
    return { depth, role, entries: entries as string[] };
  });
  return { worldInfoBefore: text('worldInfoBefore'), worldInfoAfter: text('worldInfoAfter'), worldInfoDepth };
}
