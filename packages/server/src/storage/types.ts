import type { JsonSchema, ToolKind, ToolMode } from '@toolsmith/core';

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

export type ConnectionApi = 'openai' | 'anthropic' | 'google' | 'text-completion';
export type FunctionCallingMode = 'auto' | 'native' | 'prompt_xml' | 'prompt_json';

export interface StoredConnection {
  id: string;
  name: string;
  api: ConnectionApi;
  baseUrl: string;
  model: string;
  hasApiKey: boolean;
  functionCalling: { enabled: boolean; mode: FunctionCallingMode };
  instructTemplate: string;
  textBackend: string;
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
  /** string sets the key, null clears it, undefined leaves it as it is */
  apiKey?: string | null;
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

export interface StoredPreset {
  id: string;
  name: string;
  temperature: number | null;
  topP: number | null;
  topK: number | null;
  maxTokens: number | null;
  stop: string[];
  frequencyPenalty: number | null;
  presencePenalty: number | null;
  createdAt: string;
  updatedAt: string;
}

export type PresetInput = Omit<StoredPreset, 'id' | 'createdAt' | 'updatedAt'>;

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
}

export interface StoredChat {
  id: string;
  title: string;
  connectionId: string | null;
  presetId: string | null;
  settings: ChatSettings;
  createdAt: string;
  updatedAt: string;
}

export type ChatInput = Omit<StoredChat, 'id' | 'createdAt' | 'updatedAt'>;

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
  toolInvocations: StoredToolInvocation[];
}

export interface MessageInput {
  role: 'user' | 'assistant';
  content: string;
  reasoning?: string;
  toolInvocations?: ToolInvocationInput[];
}

export interface MessageRepository {
  /** oldest first, each with its tool invocations in call order */
  list(chatId: string): Promise<StoredMessage[]>;
  get(id: string): Promise<StoredMessage | undefined>;
  /** the message and its invocations in one transaction */
  append(chatId: string, input: MessageInput): Promise<StoredMessage>;
  update(id: string, changes: { content?: string; reasoning?: string }): Promise<StoredMessage | undefined>;
  addToolInvocation(messageId: string, input: ToolInvocationInput): Promise<StoredToolInvocation>;
  delete(id: string): Promise<boolean>;
}

export interface SettingsRepository {
  get<T = unknown>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown): Promise<void>;
  delete(key: string): Promise<boolean>;
  all(): Promise<Record<string, unknown>>;
}

export interface Storage {
  tools: ToolRepository;
  builtinTools: BuiltinToolStateRepository;
  connections: ConnectionRepository;
  presets: PresetRepository;
  chats: ChatRepository;
  messages: MessageRepository;
  settings: SettingsRepository;
  close(): Promise<void>;
}

/** A unique name is taken; `entity` says which kind of record. */
export class DuplicateNameError extends Error {
  constructor(
    readonly entity: 'tool' | 'connection' | 'preset',
    readonly duplicateName: string,
  ) {
    super(`A ${entity} named "${duplicateName}" already exists.`);
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
