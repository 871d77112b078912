import { isToolCallFormat } from '@toolsmith/core';
import { type ConnectionProviderSettings, defaultConnectionProviderSettings } from '@toolsmith/core/internal';
import type { Database } from 'better-sqlite3';
import type { ConnectionInput, ConnectionRepository, StoredConnection } from '../types.js';
import { newId, now, writeNamed } from './ids.js';
import { deleteOneBy, readAll, readOne } from './row-reads.js';
import type { SecretBox } from './secret-box.js';

interface ConnectionRow {
  id: string;
  name: string;
  api: StoredConnection['api'];
  base_url: string;
  model: string;
  api_key_encrypted: string | null;
  function_calling_enabled: number;
  function_calling_mode: StoredConnection['functionCalling']['mode'];
  instruct_template: string;
  text_backend: string;
  tool_call_format: string;
  provider_settings: string;
  created_at: string;
  updated_at: string;
}

/** The stored JSON over the defaults, so rows written before a setting existed read as "not set". */
function readSettings(json: string): ConnectionProviderSettings {
  const defaults = defaultConnectionProviderSettings();
  let stored: Partial<ConnectionProviderSettings> = {};
  try {
    stored = JSON.parse(json) as Partial<ConnectionProviderSettings>;
  } catch {
    // a damaged document reads as the defaults
  }
  return {
    extraBody: stored.extraBody ?? defaults.extraBody,
    thinking: { ...defaults.thinking, ...stored.thinking },
    promptCaching: { ...defaults.promptCaching, ...stored.promptCaching },
    quirks: { ...defaults.quirks, ...stored.quirks },
    vision: typeof stored.vision === 'boolean' ? stored.vision : null,
    replyStartsInReasoning: stored.replyStartsInReasoning === true,
    reasoningTags: stored.reasoningTags ?? null,
  };
}

function fromRow(row: ConnectionRow): StoredConnection {
  return {
    ...readSettings(row.provider_settings),
    id: row.id,
    name: row.name,
    api: row.api,
    baseUrl: row.base_url,
    model: row.model,
    hasApiKey: row.api_key_encrypted !== null,
    functionCalling: { enabled: row.function_calling_enabled === 1, mode: row.function_calling_mode },
    instructTemplate: row.instruct_template,
    textBackend: row.text_backend,
    toolCallFormat: isToolCallFormat(row.tool_call_format) ? row.tool_call_format : 'auto',
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Each setting given replaces the stored one. */
function mergeSettings(
  current: ConnectionProviderSettings,
  changes: Partial<ConnectionInput>,
): ConnectionProviderSettings {
  return {
    extraBody: changes.extraBody ?? current.extraBody,
    thinking: changes.thinking ?? current.thinking,
    promptCaching: changes.promptCaching ?? current.promptCaching,
    quirks: changes.quirks ?? current.quirks,
    vision: changes.vision !== undefined ? changes.vision : current.vision,
    replyStartsInReasoning: changes.replyStartsInReasoning ?? current.replyStartsInReasoning,
    reasoningTags: changes.reasoningTags !== undefined ? changes.reasoningTags : current.reasoningTags,
  };
}

export function createSqliteConnectionRepository(db: Database, box: SecretBox): ConnectionRepository {
  const selectAll = db.prepare<[], ConnectionRow>('SELECT * FROM connections ORDER BY name COLLATE NOCASE');
  const selectOne = db.prepare<[string], ConnectionRow>('SELECT * FROM connections WHERE id = ?');
  const selectByName = db.prepare<[string], ConnectionRow>('SELECT * FROM connections WHERE name = ?');
  const insert = db.prepare(
    `INSERT INTO connections (id, name, api, base_url, model, api_key_encrypted, function_calling_enabled,
       function_calling_mode, instruct_template, text_backend, tool_call_format, provider_settings, created_at,
       updated_at)
     VALUES (@id, @name, @api, @base_url, @model, @api_key_encrypted, @function_calling_enabled,
       @function_calling_mode, @instruct_template, @text_backend, @tool_call_format, @provider_settings,
       @created_at, @updated_at)`,
  );
  const update = db.prepare(
    `UPDATE connections SET name = @name, api = @api, base_url = @base_url, model = @model,
       api_key_encrypted = @api_key_encrypted, function_calling_enabled = @function_calling_enabled,
       function_calling_mode = @function_calling_mode, instruct_template = @instruct_template,
       text_backend = @text_backend, tool_call_format = @tool_call_format, provider_settings = @provider_settings,
       updated_at = @updated_at
     WHERE id = @id`,
  );
  const deleteOne = db.prepare<[string]>('DELETE FROM connections WHERE id = ?');

  const seal = (apiKey: string | null | undefined) => (apiKey ? box.encrypt(apiKey) : null);
  const write = (statement: typeof insert, params: Record<string, unknown>, name: string) =>
    writeNamed(() => statement.run(params), 'connection', name);

  return {
    list: readAll(selectAll, fromRow),
    get: readOne(selectOne, fromRow),
    getByName: readOne(selectByName, fromRow),
    async create(input) {
      const id = newId('c');
      const at = now();
      write(
        insert,
        {
          id,
          name: input.name,
          api: input.api,
          base_url: input.baseUrl,
          model: input.model,
          api_key_encrypted: seal(input.apiKey),
          function_calling_enabled: input.functionCalling.enabled ? 1 : 0,
          function_calling_mode: input.functionCalling.mode,
          instruct_template: input.instructTemplate,
          text_backend: input.textBackend,
          tool_call_format: input.toolCallFormat ?? 'auto',
          provider_settings: JSON.stringify(mergeSettings(defaultConnectionProviderSettings(), input)),
          created_at: at,
          updated_at: at,
        },
        input.name,
      );
      return fromRow(selectOne.get(id)!);
    },
    async update(id, changes) {
      const row = selectOne.get(id);
      if (!row) return undefined;
      const functionCalling = changes.functionCalling;
      const next = {
        id,
        name: changes.name ?? row.name,
        api: changes.api ?? row.api,
        base_url: changes.baseUrl ?? row.base_url,
        model: changes.model ?? row.model,
        api_key_encrypted: changes.apiKey === undefined ? row.api_key_encrypted : seal(changes.apiKey),
        function_calling_enabled:
          functionCalling?.enabled === undefined
            ? row.function_calling_enabled
            : functionCalling.enabled
              ? 1
              : 0,
        function_calling_mode: functionCalling?.mode ?? row.function_calling_mode,
        instruct_template: changes.instructTemplate ?? row.instruct_template,
        text_backend: changes.textBackend ?? row.text_backend,
        tool_call_format: changes.toolCallFormat ?? row.tool_call_format,
        provider_settings: JSON.stringify(mergeSettings(readSettings(row.provider_settings), changes)),
        updated_at: now(),
      };
      write(update, next, next.name);
      return fromRow(selectOne.get(id)!);
    },
    delete: deleteOneBy(deleteOne),
    async getApiKey(id) {
      const sealed = selectOne.get(id)?.api_key_encrypted;
      return sealed ? box.decrypt(sealed) : undefined;
    },
  };
}
