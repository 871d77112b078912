import { defaultPresetProviderSettings, type PresetProviderSettings } from '@toolsmith/core/internal';
import type { Database } from 'better-sqlite3';
import type { PresetInput, PresetRepository, StoredPreset } from '../types.js';
import { newId, now, writeNamed } from './ids.js';
import { deleteOneBy, readAll, readOne } from './row-reads.js';

interface PresetRow {
  id: string;
  name: string;
  temperature: number | null;
  top_p: number | null;
  top_k: number | null;
  max_tokens: number | null;
  stop: string;
  frequency_penalty: number | null;
  presence_penalty: number | null;
  context_length: number | null;
  min_p: number | null;
  repetition_penalty: number | null;
  provider_settings: string;
  created_at: string;
  updated_at: string;
}

type NumberAndStopKeys = Exclude<keyof PresetInput, keyof PresetProviderSettings>;

const COLUMNS: Record<NumberAndStopKeys, string> = {
  name: 'name',
  temperature: 'temperature',
  topP: 'top_p',
  topK: 'top_k',
  maxTokens: 'max_tokens',
  stop: 'stop',
  frequencyPenalty: 'frequency_penalty',
  presencePenalty: 'presence_penalty',
  contextLength: 'context_length',
  minP: 'min_p',
  repetitionPenalty: 'repetition_penalty',
};

function readSettings(json: string): PresetProviderSettings {
  const defaults = defaultPresetProviderSettings();
  let stored: Partial<PresetProviderSettings> = {};
  try {
    stored = JSON.parse(json) as Partial<PresetProviderSettings>;
  } catch {
    // a damaged document reads as the defaults
  }
  return {
    extraBody: stored.extraBody ?? defaults.extraBody,
    thinking: { ...defaults.thinking, ...stored.thinking },
  };
}

function fromRow(row: PresetRow): StoredPreset {
  return {
    ...readSettings(row.provider_settings),
    id: row.id,
    name: row.name,
    temperature: row.temperature,
    topP: row.top_p,
    topK: row.top_k,
    maxTokens: row.max_tokens,
    stop: JSON.parse(row.stop),
    frequencyPenalty: row.frequency_penalty,
    presencePenalty: row.presence_penalty,
    contextLength: row.context_length,
    minP: row.min_p,
    repetitionPenalty: row.repetition_penalty,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function params(input: Partial<PresetInput>, current?: PresetProviderSettings): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(COLUMNS) as NumberAndStopKeys[]) {
    if (input[key] === undefined) continue;
    out[COLUMNS[key]] = key === 'stop' ? JSON.stringify(input[key]) : input[key];
  }
  if (current === undefined || input.extraBody !== undefined || input.thinking !== undefined) {
    const base = current ?? defaultPresetProviderSettings();
    out.provider_settings = JSON.stringify({
      extraBody: input.extraBody ?? base.extraBody,
      thinking: input.thinking ?? base.thinking,
    });
  }
  return out;
}

export function createSqlitePresetRepository(db: Database): PresetRepository {
  const selectAll = db.prepare<[], PresetRow>('SELECT * FROM presets ORDER BY name COLLATE NOCASE');
  const selectOne = db.prepare<[string], PresetRow>('SELECT * FROM presets WHERE id = ?');
  const selectByName = db.prepare<[string], PresetRow>('SELECT * FROM presets WHERE name = ?');
  const deleteOne = db.prepare<[string]>('DELETE FROM presets WHERE id = ?');

  const run = (sql: string, values: Record<string, unknown>, name: string) =>
    writeNamed(() => db.prepare(sql).run(values), 'preset', name);

  return {
    list: readAll(selectAll, fromRow),
    get: readOne(selectOne, fromRow),
    getByName: readOne(selectByName, fromRow),
    async create(input) {
      const id = newId('p');
      const at = now();
      const values = { ...params(input), id, created_at: at, updated_at: at };
      const cols = Object.keys(values);
      run(
        `INSERT INTO presets (${cols.join(', ')}) VALUES (${cols.map((c) => `@${c}`).join(', ')})`,
        values,
        input.name,
      );
      return fromRow(selectOne.get(id)!);
    },
    async update(id, changes) {
      const row = selectOne.get(id);
      if (!row) return undefined;
      const values = { ...params(changes, readSettings(row.provider_settings)), id, updated_at: now() };
      const sets = Object.keys(values)
        .filter((c) => c !== 'id')
        .map((c) => `${c} = @${c}`);
      run(`UPDATE presets SET ${sets.join(', ')} WHERE id = @id`, values, String(changes.name));
      return fromRow(selectOne.get(id)!);
    },
    delete: deleteOneBy(deleteOne),
  };
}
