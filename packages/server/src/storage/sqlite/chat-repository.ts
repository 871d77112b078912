import type { Database } from 'better-sqlite3';
import { type ChatInput, type ChatRepository, MissingReferenceError, type StoredChat } from '../types.js';
import { newId, now } from './ids.js';
import { deleteOneBy, readAll, readOne } from './row-reads.js';

interface ChatRow {
  id: string;
  title: string;
  connection_id: string | null;
  preset_id: string | null;
  persona_id: string | null;
  character_ids: string;
  settings: string;
  created_at: string;
  updated_at: string;
}

function fromRow(row: ChatRow): StoredChat {
  return {
    id: row.id,
    title: row.title,
    connectionId: row.connection_id,
    presetId: row.preset_id,
    personaId: row.persona_id,
    characterIds: JSON.parse(row.character_ids),
    // chats stored before lorebooks existed have no lorebookIds
    settings: { lorebookIds: [], ...JSON.parse(row.settings) },
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function isForeignKeyViolation(error: unknown): boolean {
  return (error as { code?: string })?.code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

export function createSqliteChatRepository(db: Database): ChatRepository {
  const selectAll = db.prepare<[], ChatRow>('SELECT * FROM chats ORDER BY updated_at DESC, id');
  const selectOne = db.prepare<[string], ChatRow>('SELECT * FROM chats WHERE id = ?');
  const insert = db.prepare(
    `INSERT INTO chats (id, title, connection_id, preset_id, persona_id, character_ids, settings, created_at,
       updated_at)
     VALUES (@id, @title, @connection_id, @preset_id, @persona_id, @character_ids, @settings, @created_at,
       @updated_at)`,
  );
  const update = db.prepare(
    `UPDATE chats SET title = @title, connection_id = @connection_id, preset_id = @preset_id,
       persona_id = @persona_id, character_ids = @character_ids, settings = @settings, updated_at = @updated_at WHERE id = @id`,
  );
  const deleteOne = db.prepare<[string]>('DELETE FROM chats WHERE id = ?');

  const write = (statement: typeof insert, values: Record<string, unknown>) => {
    try {
      statement.run(values);
    } catch (error) {
      // The routes check references first; this covers a connection or preset deleted in between.
      if (isForeignKeyViolation(error)) {
        throw new MissingReferenceError(
          'connectionId',
          'The chat refers to a connection, preset or persona that does not exist.',
        );
      }
      throw error;
    }
  };

  return {
    list: readAll(selectAll, fromRow),
    get: readOne(selectOne, fromRow),
    async create(input: ChatInput) {
      const id = newId('ch');
      const at = now();
      write(insert, {
        id,
        title: input.title,
        connection_id: input.connectionId,
        preset_id: input.presetId,
        persona_id: input.personaId ?? null,
        character_ids: JSON.stringify(input.characterIds ?? []),
        settings: JSON.stringify({ lorebookIds: [], ...input.settings }),
        created_at: at,
        updated_at: at,
      });
      return fromRow(selectOne.get(id)!);
    },
    async update(id, changes) {
      const row = selectOne.get(id);
      if (!row) return undefined;
      const current = fromRow(row);
      write(update, {
        id,
        title: changes.title ?? current.title,
        connection_id: changes.connectionId === undefined ? current.connectionId : changes.connectionId,
        preset_id: changes.presetId === undefined ? current.presetId : changes.presetId,
        persona_id: changes.personaId === undefined ? current.personaId : changes.personaId,
        character_ids: JSON.stringify(changes.characterIds ?? current.characterIds),
        settings: JSON.stringify({ ...current.settings, ...changes.settings }),
        updated_at: now(),
      });
      return fromRow(selectOne.get(id)!);
    },
    // ON DELETE CASCADE removes messages and their tool invocations in the same statement.
    delete: deleteOneBy(deleteOne),
  };
}
