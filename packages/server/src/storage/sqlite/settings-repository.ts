import type { Database } from 'better-sqlite3';
import type { SettingsRepository } from '../types.js';
import { sealSetting, unsealSetting } from './sealed-settings.js';
import type { SecretBox } from './secret-box.js';

/** Settings as JSON values by key; secret fields (sealed-settings.ts) sealed at rest. */
export function createSqliteSettingsRepository(db: Database, box: SecretBox): SettingsRepository {
  const selectOne = db.prepare<[string], { value: string }>('SELECT value FROM settings WHERE key = ?');
  const selectAll = db.prepare<[], { key: string; value: string }>(
    'SELECT key, value FROM settings ORDER BY key',
  );
  const upsert = db.prepare<[string, string]>(
    'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  );
  const deleteOne = db.prepare<[string]>('DELETE FROM settings WHERE key = ?');
  return {
    async get<T>(key: string) {
      const row = selectOne.get(key);
      return row ? (unsealSetting(key, JSON.parse(row.value), box) as T) : undefined;
    },
    async set(key, value) {
      upsert.run(key, JSON.stringify(sealSetting(key, value ?? null, box)));
    },
    async delete(key) {
      return deleteOne.run(key).changes > 0;
    },
    async all() {
      return Object.fromEntries(
        selectAll.all().map((r) => [r.key, unsealSetting(r.key, JSON.parse(r.value), box)]),
      );
    },
  };
}
