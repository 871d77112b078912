import type { Connection, Preset } from '@toolsmith/core';
import { toPromptCachingSettings, toQuirkSettings, toThinkingSettings } from '@toolsmith/core/internal';
import type { Storage, StoredConnection, StoredPreset } from '../storage/types.js';

/** Where each family's API lives when a connection leaves baseUrl empty. */
export const DEFAULT_BASE_URLS: Record<StoredConnection['api'], string> = {
  openai: 'https://api.openai.com/v1',
  'openai-responses': 'https://api.openai.com/v1',
  anthropic: 'https://api.anthropic.com/v1',
  google: 'https://generativelanguage.googleapis.com/v1beta',
  // Local backends have no public default: the user must say where theirs runs.
  'text-completion': '',
};

/** A stored connection as the core runtime wants it, with its decrypted key (server-side use only). */
export function toCoreConnection(stored: StoredConnection, apiKey: string | undefined): Connection {
  const connection: Connection = {
    name: stored.name,
    api: stored.api,
    baseUrl: stored.baseUrl || DEFAULT_BASE_URLS[stored.api],
    model: stored.model,
    functionCalling: { enabled: stored.functionCalling.enabled, mode: stored.functionCalling.mode },
  };
  if (apiKey) connection.apiKey = apiKey;
  if (stored.instructTemplate) connection.instructTemplate = stored.instructTemplate;
  if (stored.textBackend) connection.textBackend = stored.textBackend as Connection['textBackend'];
  if (stored.toolCallFormat && stored.toolCallFormat !== 'auto')
    connection.toolCallFormat = stored.toolCallFormat;
  if (Object.keys(stored.extraBody).length > 0) connection.extraBody = stored.extraBody;
  const thinking = toThinkingSettings(stored.thinking);
  if (thinking) connection.thinking = thinking;
  const promptCaching = toPromptCachingSettings(stored.promptCaching);
  if (promptCaching) connection.promptCaching = promptCaching;
  const quirks = toQuirkSettings(stored.quirks);
  if (quirks) connection.quirks = quirks;
  if (stored.vision !== null && stored.vision !== undefined) connection.vision = stored.vision;
  if (stored.replyStartsInReasoning) connection.replyStartsInReasoning = true;
  if (stored.reasoningTags) connection.reasoningTags = stored.reasoningTags;
  return connection;
}

/** Every stored connection for createRuntime({ connections }). */
export async function loadConnections(storage: Storage): Promise<Connection[]> {
  const stored = await storage.connections.list();
  return Promise.all(stored.map(async (c) => toCoreConnection(c, await storage.connections.getApiKey(c.id))));
}

/** A stored preset for createRuntime({ presets }): unset (null) numbers are left out. */
export function toCorePreset(stored: StoredPreset): Preset {
  const preset: Preset = { name: stored.name };
  const numbers = [
    'temperature',
    'topP',
    'topK',
    'maxTokens',
    'frequencyPenalty',
    'presencePenalty',
    'contextLength',
    'minP',
    'repetitionPenalty',
  ] as const;
  for (const key of numbers) if (stored[key] !== null) preset[key] = stored[key];
  if (stored.stop.length > 0) preset.stop = stored.stop;
  if (Object.keys(stored.extraBody).length > 0) preset.extraBody = stored.extraBody;
  const thinking = toThinkingSettings(stored.thinking);
  if (thinking) preset.thinking = thinking;
  return preset;
}

export async function loadPresets(storage: Storage): Promise<Preset[]> {
  return (await storage.presets.list()).map(toCorePreset);
}
