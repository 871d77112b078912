import type {
  CardData,
  JsonSchema,
  OrchestrationMode,
  ToolCallFormat,
  ToolKind,
  ToolMode,
  WorldInfoEntry,
} from '@toolsmith/core';
import type { ConnectionProviderSettings, PresetProviderSettings } from '@toolsmith/core/internal';
import type { ChatWorldInfoSettings } from '../lorebooks/activation-settings.js';
import type { McpServerRepository } from './mcp-types.js';

// Repository interfaces: routes depend only on these, so a PostgreSQL backend can implement them later.
// Methods are async for that reason even though the SQLite implementation is synchronous underneath.

export const GLOBAL_SCOPE = 'global';

export interface StoredTool {
  id: string;
  scope: string;
  name: string;
  displayName: string;
  description: string;
  parameters: JsonSchema;
  mode: ToolMode;
  kind: Exclude<ToolKind, 'native'>;
  body: string;
  simulateBody: string;
  staticResult: string;
  webhookUrl: string;
  includeHiddenContext: boolean;
  /** script tools: may call fetch (under the webhook URL policy); off unless the user turns it on */
  allowFetch?: boolean;
  enabled: boolean;
  order: number;
  createdAt: string;
  updatedAt: string;
}

export type ToolInput = Omit<StoredTool, 'id' | 'scope' | 'order' | 'createdAt' | 'updatedAt'>;

export interface ToolRepository {
  list(scope?: string): Promise<StoredTool[]>;
  get(id: string): Promise<StoredTool | undefined>;
  getByName(name: string, scope?: string): Promise<StoredTool | undefined>;
  /** appended at the end of the scope's order; throws DuplicateNameError on a name clash */
  create(input: ToolInput, scope?: string): Promise<StoredTool>;
  /** all or nothing, in one transaction */
  createMany(inputs: ToolInput[], scope?: string): Promise<StoredTool[]>;
  update(id: string, changes: Partial<ToolInput>): Promise<StoredTool | undefined>;
  delete(id: string): Promise<boolean>;
  /** `ids` first in the given order, the rest after in their current order; one transaction */
  reorder(ids: string[], scope?: string): Promise<StoredTool[]>;
}

export interface BuiltinToolStateRepository {
  /** name → enabled, for the names that have a stored state */
  list(scope?: string): Promise<Map<string, boolean>>;
  set(name: string, enabled: boolean, scope?: string): Promise<void>;
}

export type ConnectionApi = 'openai' | 'openai-responses' | 'anthropic' | 'google' | 'text-completion';
export type FunctionCallingMode = 'auto' | 'native' | 'prompt_xml' | 'prompt_json';

export interface StoredConnection extends ConnectionProviderSettings {
  id: string;
  name: string;
  api: ConnectionApi;
  baseUrl: string;
  model: string;
  hasApiKey: boolean;
  functionCalling: { enabled: boolean; mode: FunctionCallingMode };
  instructTemplate: string;
  textBackend: string;
  /** `auto` or a model family whose call markup is read from text (docs/tool-call-formats.md) */
  toolCallFormat: ToolCallFormat;
  createdAt: string;
  updatedAt: string;
}

export interface ConnectionInput {
  name: string;
  api: ConnectionApi;
  baseUrl: string;
  model: string;
  functionCalling: { enabled: boolean; mode: FunctionCallingMode };
  instructTemplate: string;
  textBackend: string;
  /** default `auto` */
  toolCallFormat?: ToolCallFormat;
  /** string sets the key, null clears it, undefined leaves it as it is */
  apiKey?: string | null;
  /** each replaces the stored one when given */
  extraBody?: ConnectionProviderSettings['extraBody'];
  thinking?: ConnectionProviderSettings['thinking'];
  promptCaching?: ConnectionProviderSettings['promptCaching'];
  quirks?: ConnectionProviderSettings['quirks'];
  /** true, false, or null (not set); undefined leaves it as it is */
  vision?: ConnectionProviderSettings['vision'];
}

export interface ConnectionRepository {
  list(): Promise<StoredConnection[]>;
  get(id: string): Promise<StoredConnection | undefined>;
  getByName(name: string): Promise<StoredConnection | undefined>;
  create(input: ConnectionInput): Promise<StoredConnection>;
  update(id: string, changes: Partial<ConnectionInput>): Promise<StoredConnection | undefined>;
  delete(id: string): Promise<boolean>;
  /** the decrypted key, for the server's own provider calls only — never for API answers */
  getApiKey(id: string): Promise<string | undefined>;
}

export interface StoredPreset extends PresetProviderSettings {
  id: string;
  name: string;
  temperature: number | null;
  topP: number | null;
  topK: number | null;
  maxTokens: number | null;
  stop: string[];
  frequencyPenalty: number | null;
  presencePenalty: number | null;
  /** the context window a local backend should use (KoboldCpp max_context_length, Ollama num_ctx) */
  contextLength: number | null;
  minP: number | null;
  /** 1 = off */
  repetitionPenalty: number | null;
  createdAt: string;
  updatedAt: string;
}

export type PresetInput = Omit<
  StoredPreset,
  'id' | 'createdAt' | 'updatedAt' | keyof PresetProviderSettings
> &
  Partial<PresetProviderSettings>;

export interface PresetRepository {
  list(): Promise<StoredPreset[]>;
  get(id: string): Promise<StoredPreset | undefined>;
  getByName(name: string): Promise<StoredPreset | undefined>;
  create(input: PresetInput): Promise<StoredPreset>;
  update(id: string, changes: Partial<PresetInput>): Promise<StoredPreset | undefined>;
  delete(id: string): Promise<boolean>;
}

export interface ChatSettings {
  toolUse: boolean;
  tools: string[];
  /** the chat's characters' tools switched off in this chat (by name); the rest come with their characters */
  characterToolsOff?: string[];
  /** lorebooks attached to this chat (global ones apply as well); unknown ids are ignored at activation */
  lorebookIds: string[];
  /** run the orchestration profile before each reply (mode: the profile's own when absent) */
  orchestration?: { enabled: boolean; mode?: OrchestrationMode };
  /** world-info activation: scan depth, budget, recursion (unset: the engine's defaults) */
  worldInfo?: ChatWorldInfoSettings;
  /** "Ask before running write tools": each write tool call waits for the user's Allow / Deny */
  approveWriteTools?: boolean;
}

export interface StoredChat {
  id: string;
  title: string;
  connectionId: string | null;
  presetId: string | null;
  personaId: string | null;
  /** the chat's character, or several for a group chat (in speaking order); empty: no character */
  characterIds: string[];
  settings: ChatSettings;
  createdAt: string;
  updatedAt: string;
}

export type ChatInput = Omit<
  StoredChat,
  'id' | 'createdAt' | 'updatedAt' | 'personaId' | 'characterIds' | 'settings'
> & {
  /** default null */
  personaId?: string | null;
  /** default [] */
  characterIds?: string[];
  /** `lorebookIds` defaults to [] */
  settings: Omit<ChatSettings, 'lorebookIds'> & { lorebookIds?: string[] };
};

export interface ChatRepository {
  list(): Promise<StoredChat[]>;
  get(id: string): Promise<StoredChat | undefined>;
  create(input: ChatInput): Promise<StoredChat>;
  update(id: string, changes: Partial<ChatInput>): Promise<StoredChat | undefined>;
  /** deletes the chat's messages and tool invocations with it */
  delete(id: string): Promise<boolean>;
}

export interface StoredToolInvocation {
  id: string;
  callId: string;
  name: string;
  args: unknown;
  ok: boolean;
  result: unknown;
  error: unknown;
  durationMs: number;
  simulated: boolean;
}

export type ToolInvocationInput = Omit<StoredToolInvocation, 'id'>;

export interface StoredMessage {
  id: string;
  chatId: string;
  role: 'user' | 'assistant';
  content: string;
  reasoning: string;
  createdAt: string;
  /** when the user last edited it; null: as generated or sent */
  editedAt: string | null;
  toolInvocations: StoredToolInvocation[];
  /** assistant rounds: the reply they belong to (one reply = the rounds of one answer, in several swipes) */
  replyId: string | null;
  /**
   * assistant rounds: which of the reply's swipes this is (0-based) and how many there are. Swipes are numbered
   * 0..count-1 as they are made and never deleted one by one, so the index is also the stored number.
   */
  swipe: { index: number; count: number } | null;
  /** the character that answered (assistant) */
  characterId: string | null;
  /** the persona the user wrote as (user) */
  personaId: string | null;
  /** the author's name when it was written ('' = none: "You" / "Assistant") */
  name: string;
  /** an assistant round cut short (its text so far is kept): stopped by the user, or ended by an error */
  interrupted: MessageInterruption | null;
}

/** Why an answer ended before it was complete. */
export interface MessageInterruption {
  reason: 'stopped' | 'error';
  /** the GenerateTaskError code, for errors */
  code?: string;
  message?: string;
}

export interface MessageInput {
  role: 'user' | 'assistant';
  content: string;
  reasoning?: string;
  toolInvocations?: ToolInvocationInput[];
  /** assistant rounds: the reply and swipe number; storing it makes that swipe the reply's chosen one */
  replyId?: string;
  swipe?: number;
  characterId?: string | null;
  personaId?: string | null;
  name?: string;
  interrupted?: MessageInterruption | null;
}

export interface MessageRepository {
  /** the chat's history: oldest first, only the chosen swipe of each reply, each with its tool invocations */
  list(chatId: string): Promise<StoredMessage[]>;
  get(id: string): Promise<StoredMessage | undefined>;
  /** the message and its invocations in one transaction */
  append(chatId: string, input: MessageInput): Promise<StoredMessage>;
  /** `edited` marks a user's edit (editedAt) */
  update(
    id: string,
    changes: {
      content?: string;
      reasoning?: string;
      edited?: boolean;
      interrupted?: MessageInterruption | null;
    },
  ): Promise<StoredMessage | undefined>;
  addToolInvocation(messageId: string, input: ToolInvocationInput): Promise<StoredToolInvocation>;
  delete(id: string): Promise<boolean>;
  /** the swipe number a new swipe of the reply gets */
  nextSwipe(replyId: string): Promise<number>;
  /** chooses the reply's swipe at `index` (0-based, in swipe order); false if there is none */
  chooseSwipe(replyId: string, index: number): Promise<boolean>;
  /** deletes every round of every swipe of the reply; how many rows went */
  deleteReply(replyId: string): Promise<number>;
}

export interface SettingsRepository {
  get<T = unknown>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown): Promise<void>;
  delete(key: string): Promise<boolean>;
  all(): Promise<Record<string, unknown>>;
}

export interface StoredPersona {
  id: string;
  name: string;
  description: string;
  /** a portrait is stored (GET /api/personas/:id/avatar) */
  hasAvatar: boolean;
  createdAt: string;
  updatedAt: string;
}

export type PersonaInput = Pick<StoredPersona, 'name' | 'description'> & {
  /** PNG bytes; null removes the portrait, undefined keeps it */
  avatar?: Uint8Array | null;
};

export interface PersonaRepository {
  list(): Promise<StoredPersona[]>;
  get(id: string): Promise<StoredPersona | undefined>;
  create(input: PersonaInput): Promise<StoredPersona>;
  update(id: string, changes: Partial<PersonaInput>): Promise<StoredPersona | undefined>;
  getAvatar(id: string): Promise<Uint8Array | undefined>;
  /** chats using it keep going without a persona */
  delete(id: string): Promise<boolean>;
}

/** A lorebook as stored: the core's Lorebook fields plus the global flag. Unset defaults are null. */
export interface StoredLorebook {
  id: string;
  name: string;
  description: string;
  /** active in every chat */
  global: boolean;
  disabled: boolean;
  scanDepth: number | null;
  caseSensitive: boolean | null;
  matchWholeWords: boolean | null;
  entries: WorldInfoEntry[];
  /** an imported book's extensions and unknown fields, kept for export */
  extensions?: Record<string, unknown>;
  passthrough?: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
}

export type LorebookInput = Omit<StoredLorebook, 'id' | 'createdAt' | 'updatedAt'>;

export interface LorebookRepository {
  /** every book with its entries, oldest first */
  list(): Promise<StoredLorebook[]>;
  get(id: string): Promise<StoredLorebook | undefined>;
  create(input: LorebookInput): Promise<StoredLorebook>;
  update(id: string, changes: Partial<LorebookInput>): Promise<StoredLorebook | undefined>;
  delete(id: string): Promise<boolean>;
}

/**
 * A character: its card fields (Character Card V3 `data`, tools left out — those are stored as tools of the
 * scope `character:<id>`), an optional PNG portrait and the lorebook made from its card's character_book.
 */
export interface StoredCharacter {
  id: string;
  name: string;
  /** the card's data (every field the card had, `extensions` included), without its tool list */
  card: CardData;
  hasAvatar: boolean;
  /** the lorebook attached to this character (imported from its character_book), or null */
  lorebookId: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface CharacterInput {
  card: CardData;
  /** PNG bytes; null removes the portrait; undefined leaves it as it is */
  avatar?: Uint8Array | null;
  lorebookId?: string | null;
}

/** What an import stores together with the character, in the same transaction. */
export interface CharacterImportExtras {
  /** stored in the scope `character:<id>` */
  tools?: ToolInput[];
  /** created and attached as the character's lorebook */
  lorebook?: LorebookInput;
}

export const characterToolScope = (characterId: string) => `character:${characterId}`;

export interface CharacterRepository {
  /** oldest first */
  list(): Promise<StoredCharacter[]>;
  get(id: string): Promise<StoredCharacter | undefined>;
  getAvatar(id: string): Promise<Uint8Array | undefined>;
  /** the character, its tools and its lorebook in one transaction: all stored or none */
  create(input: CharacterInput, extras?: CharacterImportExtras): Promise<StoredCharacter>;
  update(id: string, changes: Partial<CharacterInput>): Promise<StoredCharacter | undefined>;
  /** deletes the character's tools with it (one transaction); its lorebook stays as a normal lorebook */
  delete(id: string): Promise<boolean>;
}

/** Variable values are JSON values; `chatId` null means the global variables. */
export interface VariableRepository {
  list(chatId: string | null): Promise<Record<string, unknown>>;
  get(chatId: string | null, name: string): Promise<unknown>;
  set(chatId: string | null, name: string, value: unknown): Promise<void>;
  /** sets and deletes in one transaction */
  apply(chatId: string | null, changes: { set?: Record<string, unknown>; delete?: string[] }): Promise<void>;
  /** replaces every variable of the scope in one transaction */
  replace(chatId: string | null, variables: Record<string, unknown>): Promise<void>;
}

/** The last world-info activation of each chat (a JSON document; see generation/world-info-trace.ts). */
export interface WorldInfoTraceRepository {
  get(chatId: string): Promise<unknown | undefined>;
  set(chatId: string, activation: unknown): Promise<void>;
}

/** What `auto` remembered for one model of a connection (docs/api.md, "Connections and presets"). */
export interface StoredToolModeOutcome {
  model: string;
  mode: 'native' | 'text';
  /** text: the refusal that sent auto to the text protocol */
  reason: string | null;
  status: number | null;
  recordedAt: string;
}

export interface ToolModeRepository {
  get(connectionId: string, model: string): Promise<StoredToolModeOutcome | undefined>;
  set(connectionId: string, outcome: StoredToolModeOutcome): Promise<void>;
  /** newest first */
  list(connectionId: string): Promise<StoredToolModeOutcome[]>;
  /** forgets one model's outcome, or all of the connection's; returns how many */
  clear(connectionId: string, model?: string): Promise<number>;
}

export interface Storage {
  tools: ToolRepository;
  builtinTools: BuiltinToolStateRepository;
  connections: ConnectionRepository;
  presets: PresetRepository;
  chats: ChatRepository;
  messages: MessageRepository;
  settings: SettingsRepository;
  personas: PersonaRepository;
  lorebooks: LorebookRepository;
  variables: VariableRepository;
  worldInfoTraces: WorldInfoTraceRepository;
  /** the last orchestration run of each chat (GET /api/chats/:id/orchestration/last) */
  orchestrationRuns: WorldInfoTraceRepository;
  characters: CharacterRepository;
  toolModes: ToolModeRepository;
  mcpServers: McpServerRepository;
  close(): Promise<void>;
}

/** A unique name is taken; `entity` says which kind of record. */
export class DuplicateNameError extends Error {
  constructor(
    readonly entity: 'tool' | 'connection' | 'preset' | 'MCP server',
    readonly duplicateName: string,
  ) {
    super(`${entity === 'MCP server' ? 'An' : 'A'} ${entity} named "${duplicateName}" already exists.`);
    this.name = 'DuplicateNameError';
  }
}

/** A reference to a record that does not exist (for example a chat's connectionId). */
export class MissingReferenceError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'MissingReferenceError';
  }
}
