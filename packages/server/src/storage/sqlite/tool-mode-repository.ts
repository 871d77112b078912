import type { Database } from 'better-sqlite3';
import type { StoredToolModeOutcome, ToolModeRepository } from '../types.js';

interface Row {
  model: string;
  mode: StoredToolModeOutcome['mode'];
  reason: string | null;
  status: number | null;
  recorded_at: string;
}

const fromRow = (row: Row): StoredToolModeOutcome => ({
  model: row.model,
  mode: row.mode,
  reason: row.reason,
  status: row.status,
  recordedAt: row.recorded_at,
});

/** The tool-calling mode `auto` found to work, per connection and model (migration 7). */
export function createSqliteToolModeRepository(db: Database): ToolModeRepository {
  const selectOne = db.prepare<[string, string], Row>(
    'SELECT model, mode, reason, status, recorded_at FROM tool_mode_outcomes WHERE connection_id = ? AND model = ?',
  );
  const selectAll = db.prepare<[string], Row>(
    'SELECT model, mode, reason, status, recorded_at FROM tool_mode_outcomes WHERE connection_id = ? ORDER BY recorded_at DESC, model',
  );
  const upsert = db.prepare(
    `INSERT INTO tool_mode_outcomes (connection_id, model, mode, reason, status, recorded_at)
     VALUES (@connection_id, @model, @mode, @reason, @status, @recorded_at)
     ON CONFLICT (connection_id, model) DO UPDATE SET mode = excluded.mode, reason = excluded.reason,
       status = excluded.status, recorded_at = excluded.recorded_at`,
  );
  const deleteOne = db.prepare<[string, string]>(
    'DELETE FROM tool_mode_outcomes WHERE connection_id = ? AND model = ?',
  );
  const deleteAll = db.prepare<[string]>('DELETE FROM tool_mode_outcomes WHERE connection_id = ?');
  return {
    async get(connectionId, model) {
      const row = selectOne.get(connectionId, model);
      return row ? fromRow(row) : undefined;
    },
    async set(connectionId, outcome) {
      upsert.run({
        connection_id: connectionId,
        model: outcome.model,
        mode: outcome.mode,
        reason: outcome.reason,
        status: outcome.status,
        recorded_at: outcome.recordedAt,
      });
    },
    async list(connectionId) {
      return selectAll.all(connectionId).map(fromRow);
    },
    async clear(connectionId, model) {
      return (model === undefined ? deleteAll.run(connectionId) : deleteOne.run(connectionId, model)).changes;
    },
  };
}
