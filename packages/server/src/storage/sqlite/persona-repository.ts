import type { Database } from 'better-sqlite3';
import type { PersonaInput, PersonaRepository, StoredPersona } from '../types.js';
import { newId, now } from './ids.js';
import { deleteOneBy, readAll, readOne } from './row-reads.js';

interface PersonaRow {
  id: string;
  name: string;
  description: string;
  has_avatar: number;
  created_at: string;
  updated_at: string;
}

function fromRow(row: PersonaRow): StoredPersona {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    hasAvatar: row.has_avatar === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function createSqlitePersonaRepository(db: Database): PersonaRepository {
  // the portrait stays out of lists and reads; only getAvatar loads it
  const columns = 'id, name, description, avatar IS NOT NULL AS has_avatar, created_at, updated_at';
  const selectAll = db.prepare<[], PersonaRow>(`SELECT ${columns} FROM personas ORDER BY created_at, id`);
  const selectOne = db.prepare<[string], PersonaRow>(`SELECT ${columns} FROM personas WHERE id = ?`);
  const selectAvatar = db.prepare<[string], { avatar: Buffer | null }>(
    'SELECT avatar FROM personas WHERE id = ?',
  );
  const insert = db.prepare(
    `INSERT INTO personas (id, name, description, avatar, created_at, updated_at)
     VALUES (@id, @name, @description, @avatar, @at, @at)`,
  );
  const update = db.prepare(
    'UPDATE personas SET name = @name, description = @description, updated_at = @at WHERE id = @id',
  );
  const updateAvatar = db.prepare<[Uint8Array | null, string]>('UPDATE personas SET avatar = ? WHERE id = ?');
  const deleteOne = db.prepare<[string]>('DELETE FROM personas WHERE id = ?');
  return {
    list: readAll(selectAll, fromRow),
    get: readOne(selectOne, fromRow),
    async create(input: PersonaInput) {
      const id = newId('pe');
      insert.run({
        id,
        name: input.name,
        description: input.description,
        avatar: input.avatar ?? null,
        at: now(),
      });
      return fromRow(selectOne.get(id)!);
    },
    async update(id, changes) {
      const row = selectOne.get(id);
      if (!row) return undefined;
      update.run({
        id,
        name: changes.name ?? row.name,
        description: changes.description ?? row.description,
        at: now(),
      });
      if (changes.avatar !== undefined) updateAvatar.run(changes.avatar, id);
      return fromRow(selectOne.get(id)!);
    },
    async getAvatar(id) {
      const avatar = selectAvatar.get(id)?.avatar;
      return avatar ? new Uint8Array(avatar) : undefined;
    },
    // chats.persona_id is ON DELETE SET NULL
    delete: deleteOneBy(deleteOne),
  };
}
