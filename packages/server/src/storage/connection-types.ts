import type { ToolCallFormat } from '@toolsmith/core';
import type { ConnectionProviderSettings, PresetProviderSettings } from '@toolsmith/core/internal';

// Connections and presets.
// Part of the repository interfaces; storage/types.ts names them all.

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
  /** undefined leaves it as it is */
  replyStartsInReasoning?: boolean;
  /** the model's own reasoning tags; null clears them, undefined leaves them as they are */
  reasoningTags?: ConnectionProviderSettings['reasoningTags'];
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
