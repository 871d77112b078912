import type { VariableStore } from '../macros/substitute.js';
import type {
  ChatMessage,
  Connection,
  ConnectionApi,
  FinishReason,
  FunctionCallMode,
  GenerationParams,
  Preset,
  ProviderAdapter,
  ProviderMetadata,
  ReasoningPart,
  StreamEvent,
  ToolChoice,
  ToolSpec,
  Usage,
} from '../providers/types.js';
import type { JsonSchema } from '../tools/types.js';
import type {
  WorldInfoActivation,
  WorldInfoActivator,
  WorldInfoEntry,
  WorldInfoTraceItem,
} from '../worldinfo/types.js';
import type { ToolModeMemory, ToolModeOutcome } from './tool-mode-memory.js';

export type WorldInfoSource = 'none' | 'task' | 'chat' | 'custom';
export type ProtocolStyleOption = 'xml' | 'json';
/**
 * `protocolStyle` as callers may write it: the call format (`xml`, `json`), or Luker's names for how the
 * tool guide describes parameters (`json_schema`, `table`) — both of which use the XML call format here,
 * whose guide always lists every parameter with its schema facts.
 */
export type ProtocolStyleInput = ProtocolStyleOption | 'json_schema' | 'table';
export type ResolvedCallMode = 'native' | 'prompt_xml' | 'prompt_json';

/** An OpenAI-style tool entry, accepted as well as a ToolSpec. */
export interface OpenAiStyleTool {
  type: 'function';
  function: { name: string; description?: string; parameters?: JsonSchema };
}

export interface FunctionCallOptions {
  /** the model must call this tool (same as `toolChoice: { name }`) */
  requiredFunctionName?: string;
  /**
   * text mode: `xml` (Luker's prompt_xml, default) or `json`; `auto` falling back to text uses it too.
   * Luker's `json_schema` and `table` are accepted and mean `xml`.
   */
  protocolStyle?: ProtocolStyleInput;
  /** text mode: how many times to re-ask after a call that fails to parse or validate (0–3, default 1) */
  retries?: number;
}

/**
 * A world-info result resolved earlier (Luker's `runtimeWorldInfo` snapshot, SillyTavern's
 * getWorldInfoPrompt shape): placed as it is, without activating anything.
 */
export interface WorldInfoSnapshot {
  /** text placed before the character card */
  worldInfoBefore?: string;
  /** text placed after the character card */
  worldInfoAfter?: string;
  /** messages inserted into the chat: `depth` messages from its end, `role` a name or SillyTavern's 0/1/2 */
  worldInfoDepth?: Array<{
    depth: number;
    role?: 'system' | 'user' | 'assistant' | number;
    entries: string[];
  }>;
  /** accepted for compatibility; not placed (no slot in Toolsmith's prompt) */
  worldInfoExamples?: unknown[];
  outletEntries?: unknown;
}

/** Options of generateTask / generateTaskStream (the seed API; `null` means the default throughout). */
export interface GenerateTaskOptions {
  taskMessages: ChatMessage[];
  /** put the chat's character card (description, personality, scenario) into the system prompt (default true) */
  includeCharacterCard?: boolean | null;
  /** which name the card comes from; default the chat's character */
  characterName?: string;
  /**
   * Which text activates world info: none, the task messages, the chat's messages, or
   * `customWorldInfoMessages`. Default `none`, or `task` when `runtimeWorldInfo` is a list of entries.
   */
  worldInfoSource?: WorldInfoSource | null;
  customWorldInfoMessages?: Array<{ role?: string; content: string }> | null;
  /**
   * A ready world-info snapshot (an object, see WorldInfoSnapshot) placed as it is; or entries for this
   * call only: scanned with the others by `task` / `chat` / `custom`, and with `worldInfoSource: 'none'`
   * taken as already activated (the ready snapshot in entry form).
   */
  runtimeWorldInfo?: WorldInfoEntry[] | WorldInfoSnapshot | null;
  /** `chat` source: activate again instead of reusing the chat's last activation */
  forceWorldInfoResimulate?: boolean | null;
  /**
   * The generation type world info is activated for (SillyTavern's `normal`, `continue`, `impersonate`,
   * `swipe`, `regenerate`, `quiet`; default `quiet`): entries whose `triggers` list names other types stay off.
   */
  worldInfoType?: string | null;
  /** how many latest messages world info scans (default 2) */
  worldInfoScanDepth?: number;
  /** the connection profile's name; empty = the first (the runtime's default) */
  apiPresetName?: string | null;
  /** the preset's name; empty = the first */
  llmPresetName?: string | null;
  /** generation parameters laid over the preset */
  params?: GenerationParams;
  tools?: Array<ToolSpec | OpenAiStyleTool> | null;
  toolChoice?: ToolChoice | { type: 'function'; function: { name: string } } | null;
  parallelToolCalls?: boolean;
  /** a JSON Schema, or `{ name, schema }`; the answer is parsed and validated against it */
  jsonSchema?: JsonSchema | { name?: string; schema: JsonSchema; strict?: boolean } | null;
  functionCallMode?: FunctionCallMode | null;
  functionCallOptions?: FunctionCallOptions | null;
  abortSignal?: AbortSignal | null;
  /** default true */
  substituteMacros?: boolean | null;
}

export interface GeneratedToolCall {
  /** the provider's call id (synthesized for text mode and Gemini) */
  id: string;
  name: string;
  args: Record<string, unknown>;
  /** the arguments as the model wrote them */
  raw: string;
  providerMetadata?: ProviderMetadata;
}

export interface GenerateTaskDetails {
  /** the connection has function calling switched off: the request's tools were left out */
  functionCallingOff?: true;
  /** set when `auto` fell back from native to the text protocol: `signal` names the refusal recognised */
  fallback?: { from: 'native'; to: ResolvedCallMode; status?: number; signal: string; message: string };
  /** `auto` found an outcome remembered for this connection and model (and went straight to that mode) */
  rememberedToolMode?: ToolModeOutcome;
  /** text mode: how many re-asks were made, and why */
  retries: number;
  retryReasons: string[];
  /** text mode: problems left after the last attempt (the calls that were fine are still returned) */
  textProtocolErrors?: string[];
  /**
   * The reply's text closed a reasoning block it never opened (this closing tag, `</think>`): the text before
   * it is most likely the model's reasoning, kept as its answer. Its template opens the block for the reply:
   * set the connection's `replyStartsInReasoning` (a chat server) or use a template that opens it.
   */
  loneReasoningClose?: string;
  connection: string;
  api: ConnectionApi;
  preset?: string;
  /** `snapshot`: a ready runtimeWorldInfo was placed as it is (nothing activated) */
  worldInfo?: { source: WorldInfoSource; reused: boolean; snapshot?: true; trace: WorldInfoTraceItem[] };
}

export interface GenerateTaskResult {
  assistantText: string;
  toolCalls: GeneratedToolCall[];
  /** the parsed and validated answer when `jsonSchema` was given, else null */
  jsonData: unknown;
  reasoning: string;
  reasoningParts: ReasoningPart[];
  finishReason: FinishReason;
  rawFinishReason: string | null;
  /** summed over every request this call made (retries and fallback included) */
  usage: Usage;
  /** the provider's parsed body (non-streaming) or null */
  raw: unknown;
  mode: ResolvedCallMode;
  /** the answer as a canonical history message, ready to be appended by a tool loop */
  message: Extract<ChatMessage, { role: 'assistant' }>;
  details: GenerateTaskDetails;
}

/** Events of generateTaskStream: the normalized provider events plus the runtime's own. */
export type GenerateEvent =
  | StreamEvent
  | { type: 'retry'; attempt: number; reason: string }
  | {
      type: 'fallback';
      from: 'native';
      to: ResolvedCallMode;
      status?: number;
      signal: string;
      message: string;
    }
  | { type: 'result'; result: GenerateTaskResult };

export interface Character {
  name: string;
  description?: string;
  personality?: string;
  scenario?: string;
  /** example dialogue (SillyTavern `mes_example`) */
  exampleDialogue?: string;
}

export interface Persona {
  name: string;
  description?: string;
}

export interface ChatState {
  id?: string;
  characterName?: string;
  messages?: Array<{ role?: string; content: string }>;
  /** chat-local variables ({{getvar}}) */
  variables?: VariableStore | Record<string, unknown>;
  /** the world info the chat's last generation activated; reused by `worldInfoSource: 'chat'` */
  lastWorldInfoActivation?: WorldInfoActivation;
}

/** A value, or a function that produces it (the server backs these with storage). */
export type Source<T> = T | (() => T | Promise<T>);

/** What generateTask needs from its runtime. */
export interface GenerateContext {
  connections: Source<Connection[]>;
  presets?: Source<Preset[]>;
  characters?: Source<Character[]>;
  chat?: Source<ChatState | undefined>;
  persona?: Source<Persona | undefined>;
  worldInfo?: Source<WorldInfoEntry[]>;
  worldInfoActivator?: WorldInfoActivator;
  globalVariables?: VariableStore | Record<string, unknown>;
  /** adapters by family; default the built-in four */
  adapters?: Partial<Record<string, ProviderAdapter>>;
  /** where `auto` remembers per connection + model whether native tools worked (default: in memory) */
  toolModeMemory?: ToolModeMemory;
  /** injected into every provider request (tests, proxies) */
  fetch?: typeof fetch;
  /** the clock for date macros */
  now?: () => Date;
}
