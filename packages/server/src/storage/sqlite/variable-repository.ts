import type { OrchestrationLastRun } from '@toolsmith/core/api-schema';
import type { Database } from 'better-sqlite3';
import type { VariableRepository, WorldInfoTraceRepository } from '../types.js';
import { now } from './ids.js';

interface VariableRow {
  name: string;
  value: string;
}

/** Chat variables (chatId) and global variables (null), one row per variable so writes never clobber others. */
export function createSqliteVariableRepository(db: Database): VariableRepository {
  const listGlobal = db.prepare<[], VariableRow>('SELECT name, value FROM global_variables ORDER BY name');
  const listChat = db.prepare<[string], VariableRow>(
    'SELECT name, value FROM chat_variables WHERE chat_id = ? ORDER BY name',
  );
  const getGlobal = db.prepare<[string], VariableRow>(
    'SELECT name, value FROM global_variables WHERE name = ?',
  );
  const getChat = db.prepare<[string, string], VariableRow>(
    'SELECT name, value FROM chat_variables WHERE chat_id = ? AND name = ?',
  );
  const setGlobal = db.prepare<[string, string]>(
    'INSERT INTO global_variables (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value',
  );
  const setChat = db.prepare<[string, string, string]>(
    `INSERT INTO chat_variables (chat_id, name, value) VALUES (?, ?, ?)
     ON CONFLICT (chat_id, name) DO UPDATE SET value = excluded.value`,
  );
  const deleteGlobal = db.prepare<[string]>('DELETE FROM global_variables WHERE name = ?');
  const deleteChat = db.prepare<[string, string]>(
    'DELETE FROM chat_variables WHERE chat_id = ? AND name = ?',
  );
  const clearGlobal = db.prepare('DELETE FROM global_variables');
  const clearChat = db.prepare<[string]>('DELETE FROM chat_variables WHERE chat_id = ?');

  const toRecord = (rows: VariableRow[]) =>
    Object.fromEntries(rows.map((r) => [r.name, JSON.parse(r.value)])) as Record<string, unknown>;
  const write = (chatId: string | null, name: string, value: unknown) => {
    const json = JSON.stringify(value ?? null);
    if (chatId === null) setGlobal.run(name, json);
    else setChat.run(chatId, name, json);
  };
  const remove = (chatId: string | null, name: string) => {
    if (chatId === null) deleteGlobal.run(name);
    else deleteChat.run(chatId, name);
  };
  const apply = db.transaction(
    (chatId: string | null, changes: { set?: Record<string, unknown>; delete?: string[] }) => {
      for (const name of changes.delete ?? []) remove(chatId, name);
      for (const [name, value] of Object.entries(changes.set ?? {})) write(chatId, name, value);
    },
  );
  const replace = db.transaction((chatId: string | null, variables: Record<string, unknown>) => {
    if (chatId === null) clearGlobal.run();
    else clearChat.run(chatId);
    for (const [name, value] of Object.entries(variables)) write(chatId, name, value);
  });

  return {
    async list(chatId) {
      return toRecord(chatId === null ? listGlobal.all() : listChat.all(chatId));
    },
    async get(chatId, name) {
      const row = chatId === null ? getGlobal.get(name) : getChat.get(chatId, name);
      return row ? JSON.parse(row.value) : undefined;
    },
    async set(chatId, name, value) {
      write(chatId, name, value);
    },
    async apply(chatId, changes) {
      apply(chatId, changes);
    },
    async replace(chatId, variables) {
      replace(chatId, variables);
    },
  };
}

export function createSqliteWorldInfoTraceRepository(db: Database): WorldInfoTraceRepository {
  const selectOne = db.prepare<[string], { activation: string }>(
    'SELECT activation FROM chat_world_info WHERE chat_id = ?',
  );
  const upsert = db.prepare<[string, string, string]>(
    `INSERT INTO chat_world_info (chat_id, activation, created_at) VALUES (?, ?, ?)
     ON CONFLICT (chat_id) DO UPDATE SET activation = excluded.activation, created_at = excluded.created_at`,
  );
  return {
    async get(chatId) {
      const row = selectOne.get(chatId);
      return row ? JSON.parse(row.activation) : undefined;
    },
    async set(chatId, activation) {
      upsert.run(chatId, JSON.stringify(activation), now());
    },
  };
}

/** The last orchestration run of each chat, one JSON document per chat (replaced by the next run). */
export function createSqliteOrchestrationRunRepository(
  db: Database,
): WorldInfoTraceRepository<OrchestrationLastRun> {
  const selectOne = db.prepare<[string], { run: string }>(
    'SELECT run FROM chat_orchestration_runs WHERE chat_id = ?',
  );
  const upsert = db.prepare<[string, string, string]>(
    `INSERT INTO chat_orchestration_runs (chat_id, run, created_at) VALUES (?, ?, ?)
     ON CONFLICT (chat_id) DO UPDATE SET run = excluded.run, created_at = excluded.created_at`,
  );
  return {
    async get(chatId) {
      const row = selectOne.get(chatId);
      return row ? JSON.parse(row.run) : undefined;
    },
    async set(chatId, run) {
      upsert.run(chatId, JSON.stringify(run), now());
    },
  };
}
