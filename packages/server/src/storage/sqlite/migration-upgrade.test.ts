// A database written before personas, lorebooks and variables existed opens with its chats intact.
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../test-support/temp-dir.js';
import { DATABASE_FILE_NAME } from './database.js';
import { MIGRATIONS } from './migrations.js';
import { createSqliteStorage } from './sqlite-storage.js';

describe('upgrading a version 1 database', () => {
  const temp = makeTempDir();
  afterAll(() => temp.remove());

  it('keeps its chats, which get no persona, no lorebooks and no variables', async () => {
    const db = new BetterSqlite3(join(temp.dir, DATABASE_FILE_NAME));
    db.exec(MIGRATIONS[0].sql);
    db.pragma('user_version = 1');
    db.prepare(
      `INSERT INTO chats (id, title, connection_id, preset_id, settings, created_at, updated_at)
       VALUES ('ch_old', 'Old chat', NULL, NULL, '{"toolUse":true,"tools":["roll_dice"]}', 't', 't')`,
    ).run();
    db.close();

    const storage = createSqliteStorage(temp.dir);
    try {
      const chat = await storage.chats.get('ch_old');
      expect(chat).toMatchObject({
        title: 'Old chat',
        personaId: null,
        settings: { toolUse: true, tools: ['roll_dice'], lorebookIds: [] },
      });
      expect(await storage.variables.list('ch_old')).toEqual({});
      expect(await storage.worldInfoTraces.get('ch_old')).toBeUndefined();
      const persona = await storage.personas.create({ name: 'Mira', description: '' });
      const updated = await storage.chats.update('ch_old', { personaId: persona.id });
      expect(updated?.personaId).toBe(persona.id);
      await storage.variables.set('ch_old', 'hp', 3);
      expect(await storage.variables.list('ch_old')).toEqual({ hp: 3 });
    } finally {
      await storage.close();
    }
  });
});
