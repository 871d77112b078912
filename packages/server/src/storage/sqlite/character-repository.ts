import type { CardData } from '@toolsmith/core';
import type { Database } from 'better-sqlite3';
import {
  type CharacterImportExtras,
  type CharacterInput,
  type CharacterRepository,
  characterToolScope,
  type StoredCharacter,
} from '../types.js';
import { newId, now } from './ids.js';
import { createLorebookContentReplacer, createLorebookInserter } from './lorebook-repository.js';
import { readAll, readOne } from './row-reads.js';
import { createToolInserter } from './tool-repository.js';

interface CharacterRow {
  id: string;
  name: string;
  card: string;
  has_avatar: number;
  lorebook_id: string | null;
  created_at: string;
  updated_at: string;
}

// The portrait can be megabytes: lists and reads leave it out, only getAvatar loads it.
const COLUMNS = 'id, name, card, avatar IS NOT NULL AS has_avatar, lorebook_id, created_at, updated_at';

function fromRow(row: CharacterRow): StoredCharacter {
  return {
    id: row.id,
    name: row.name,
    card: JSON.parse(row.card) as CardData,
    hasAvatar: row.has_avatar === 1,
    lorebookId: row.lorebook_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const blob = (bytes: Uint8Array | null | undefined) =>
  bytes ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) : null;

export function createSqliteCharacterRepository(db: Database): CharacterRepository {
  const selectAll = db.prepare<[], CharacterRow>(`SELECT ${COLUMNS} FROM characters ORDER BY created_at, id`);
  const selectOne = db.prepare<[string], CharacterRow>(`SELECT ${COLUMNS} FROM characters WHERE id = ?`);
  const selectAvatar = db.prepare<[string], { avatar: Buffer | null }>(
    'SELECT avatar FROM characters WHERE id = ?',
  );
  const insert = db.prepare(
    `INSERT INTO characters (id, name, card, avatar, lorebook_id, created_at, updated_at)
     VALUES (@id, @name, @card, @avatar, @lorebook_id, @at, @at)`,
  );
  const updateCard = db.prepare(
    'UPDATE characters SET name = @name, card = @card, lorebook_id = @lorebook_id, updated_at = @at WHERE id = @id',
  );
  const updateAvatar = db.prepare<[Buffer | null, string]>('UPDATE characters SET avatar = ? WHERE id = ?');
  const deleteOne = db.prepare<[string]>('DELETE FROM characters WHERE id = ?');
  const deleteTools = db.prepare<[string]>('DELETE FROM tools WHERE scope = ?');
  const insertTool = createToolInserter(db);
  const insertLorebook = createLorebookInserter(db);
  const replaceLorebook = createLorebookContentReplacer(db);

  const create = db.transaction((input: CharacterInput, extras: CharacterImportExtras) => {
    const id = newId('chr');
    const lorebookId = extras.lorebook
      ? insertLorebook(extras.lorebook).id
      : extras.replaceLorebook
        ? replaceLorebook(extras.replaceLorebook.id, extras.replaceLorebook.input).id
        : (input.lorebookId ?? null);
    insert.run({
      id,
      name: input.card.name,
      card: JSON.stringify(input.card),
      avatar: blob(input.avatar),
      lorebook_id: lorebookId,
      at: now(),
    });
    for (const tool of extras.tools ?? []) insertTool(tool, characterToolScope(id));
    return id;
  });

  const update = db.transaction((id: string, changes: Partial<CharacterInput>) => {
    const row = selectOne.get(id);
    if (!row) return false;
    const current = fromRow(row);
    const card = changes.card ?? current.card;
    updateCard.run({
      id,
      name: card.name,
      card: JSON.stringify(card),
      lorebook_id: changes.lorebookId === undefined ? current.lorebookId : changes.lorebookId,
      at: now(),
    });
    if (changes.avatar !== undefined) updateAvatar.run(blob(changes.avatar), id);
    return true;
  });

  const remove = db.transaction((id: string) => {
    deleteTools.run(characterToolScope(id));
    return deleteOne.run(id).changes > 0;
  });

  return {
    list: readAll(selectAll, fromRow),
    get: readOne(selectOne, fromRow),
    async getAvatar(id) {
      const avatar = selectAvatar.get(id)?.avatar;
      return avatar ? new Uint8Array(avatar) : undefined;
    },
    async create(input, extras = {}) {
      return fromRow(selectOne.get(create(input, extras))!);
    },
    async update(id, changes) {
      if (!update(id, changes)) return undefined;
      return fromRow(selectOne.get(id)!);
    },
    async delete(id) {
      return remove(id);
    },
  };
}
