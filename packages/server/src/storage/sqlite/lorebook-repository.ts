import type { Database } from 'better-sqlite3';
import type { LorebookInput, LorebookRepository, StoredLorebook } from '../types.js';
import { newId, now } from './ids.js';
import { readAll, readOne } from './row-reads.js';

interface LorebookRow {
  id: string;
  name: string;
  description: string;
  is_global: number;
  disabled: number;
  settings: string;
  entries: string;
  created_at: string;
  updated_at: string;
}

/** Book-level values kept in the settings column. */
interface SettingsJson {
  scanDepth?: number | null;
  caseSensitive?: boolean | null;
  matchWholeWords?: boolean | null;
  extensions?: Record<string, unknown>;
  passthrough?: Record<string, unknown>;
}

function fromRow(row: LorebookRow): StoredLorebook {
  const settings = JSON.parse(row.settings) as SettingsJson;
  const book: StoredLorebook = {
    id: row.id,
    name: row.name,
    description: row.description,
    global: row.is_global === 1,
    disabled: row.disabled === 1,
    scanDepth: settings.scanDepth ?? null,
    caseSensitive: settings.caseSensitive ?? null,
    matchWholeWords: settings.matchWholeWords ?? null,
    entries: JSON.parse(row.entries),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
  if (settings.extensions) book.extensions = settings.extensions;
  if (settings.passthrough) book.passthrough = settings.passthrough;
  return book;
}

function toColumns(input: LorebookInput) {
  const settings: SettingsJson = {
    scanDepth: input.scanDepth,
    caseSensitive: input.caseSensitive,
    matchWholeWords: input.matchWholeWords,
    extensions: input.extensions,
    passthrough: input.passthrough,
  };
  return {
    name: input.name,
    description: input.description,
    is_global: input.global ? 1 : 0,
    disabled: input.disabled ? 1 : 0,
    settings: JSON.stringify(settings),
    entries: JSON.stringify(input.entries),
  };
}

/** A synchronous insert, for callers that store a book inside their own transaction (character imports). */
export function createLorebookInserter(db: Database): (input: LorebookInput) => StoredLorebook {
  const selectOne = db.prepare<[string], LorebookRow>('SELECT * FROM lorebooks WHERE id = ?');
  const insert = db.prepare(
    `INSERT INTO lorebooks (id, name, description, is_global, disabled, settings, entries, created_at, updated_at)
     VALUES (@id, @name, @description, @is_global, @disabled, @settings, @entries, @at, @at)`,
  );
  return (input) => {
    const id = newId('lb');
    insert.run({ id, ...toColumns(input), at: now() });
    return fromRow(selectOne.get(id)!);
  };
}

/**
 * A synchronous overwrite of a book's content (name, global and disabled kept), for callers inside their own
 * transaction (a card re-imported with Replace); throws when the book is gone, so the transaction rolls back.
 */
export function createLorebookContentReplacer(
  db: Database,
): (id: string, input: LorebookInput) => StoredLorebook {
  const selectOne = db.prepare<[string], LorebookRow>('SELECT * FROM lorebooks WHERE id = ?');
  const update = db.prepare(
    'UPDATE lorebooks SET description = @description, settings = @settings, entries = @entries, updated_at = @at WHERE id = @id',
  );
  return (id, input) => {
    const { description, settings, entries } = toColumns(input);
    if (update.run({ id, description, settings, entries, at: now() }).changes === 0) {
      throw new Error(`Lorebook ${id} to replace is gone.`);
    }
    return fromRow(selectOne.get(id)!);
  };
}

export function createSqliteLorebookRepository(db: Database): LorebookRepository {
  const selectAll = db.prepare<[], LorebookRow>('SELECT * FROM lorebooks ORDER BY created_at, id');
  const selectOne = db.prepare<[string], LorebookRow>('SELECT * FROM lorebooks WHERE id = ?');
  const insert = db.prepare(
    `INSERT INTO lorebooks (id, name, description, is_global, disabled, settings, entries, created_at, updated_at)
     VALUES (@id, @name, @description, @is_global, @disabled, @settings, @entries, @at, @at)`,
  );
  const update = db.prepare(
    `UPDATE lorebooks SET name = @name, description = @description, is_global = @is_global,
       disabled = @disabled, settings = @settings, entries = @entries, updated_at = @at WHERE id = @id`,
  );
  const deleteOne = db.prepare<[string]>('DELETE FROM lorebooks WHERE id = ?');
  // chats attached to the book lose it in the same transaction, so a chat never lists a missing book
  const detach = db.prepare<{ id: string }>(
    `UPDATE chats SET settings = json_set(settings, '$.lorebookIds', json((
       SELECT json_group_array(value) FROM json_each(chats.settings, '$.lorebookIds') WHERE value != @id)))
     WHERE EXISTS (SELECT 1 FROM json_each(chats.settings, '$.lorebookIds') WHERE value = @id)`,
  );
  const deleteAndDetach = db.transaction((id: string) => {
    detach.run({ id });
    return deleteOne.run(id).changes > 0;
  });
  const replaceContent = createLorebookContentReplacer(db);
  const replaceIfUnchanged = db.transaction(
    (id: string, input: LorebookInput, expectedUpdatedAt: string | undefined) => {
      const row = selectOne.get(id);
      if (!row || (expectedUpdatedAt !== undefined && row.updated_at !== expectedUpdatedAt)) return undefined;
      return replaceContent(id, input);
    },
  );
  return {
    list: readAll(selectAll, fromRow),
    get: readOne(selectOne, fromRow),
    async create(input) {
      const id = newId('lb');
      insert.run({ id, ...toColumns(input), at: now() });
      return fromRow(selectOne.get(id)!);
    },
    async update(id, changes) {
      const row = selectOne.get(id);
      if (!row) return undefined;
      const { id: _id, createdAt: _c, updatedAt: _u, ...current } = fromRow(row);
      const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
      update.run({ id, ...toColumns({ ...current, ...defined }), at: now() });
      return fromRow(selectOne.get(id)!);
    },
    async replaceContent(id, input, expectedUpdatedAt) {
      return replaceIfUnchanged(id, input, expectedUpdatedAt);
    },
    async delete(id) {
      return deleteAndDetach(id);
    },
  };
}
