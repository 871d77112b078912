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

describe('upgrading a version 4 database', () => {
  const temp = makeTempDir();
  afterAll(() => temp.remove());

  it('groups each run of assistant messages into one reply with one swipe, tool invocations kept', async () => {
    const db = new BetterSqlite3(join(temp.dir, DATABASE_FILE_NAME));
    for (const migration of MIGRATIONS.slice(0, 4)) db.exec(migration.sql);
    db.pragma('user_version = 4');
    db.prepare(
      `INSERT INTO chats (id, title, settings, created_at, updated_at) VALUES ('ch_1', 'Old', '{}', 't', 't')`,
    ).run();
    const insert = db.prepare(
      `INSERT INTO messages (id, chat_id, seq, role, content, created_at) VALUES (?, 'ch_1', ?, ?, ?, 't')`,
    );
    const rows: Array<[string, string, string]> = [
      ['m_a', 'user', 'Roll for me'],
      ['m_b', 'assistant', ''],
      ['m_c', 'assistant', 'You rolled 4.'],
      ['m_d', 'user', 'Again'],
      ['m_e', 'assistant', 'A 6.'],
    ];
    for (const [seq, [id, role, content]] of rows.entries()) insert.run(id, seq, role, content);
    db.prepare(
      `INSERT INTO tool_invocations (id, message_id, seq, call_id, name, args, ok, result, duration_ms)
       VALUES ('ti_1', 'm_b', 0, 'c1', 'roll_dice', '{}', 1, '4', 1)`,
    ).run();
    db.close();

    const storage = createSqliteStorage(temp.dir);
    try {
      const messages = await storage.messages.list('ch_1');
      expect(messages.map((m) => [m.id, m.replyId, m.swipe, m.name, m.editedAt])).toEqual([
        ['m_a', null, null, '', null],
        ['m_b', 'm_b', { index: 0, count: 1 }, '', null],
        ['m_c', 'm_b', { index: 0, count: 1 }, '', null],
        ['m_d', null, null, '', null],
        ['m_e', 'm_e', { index: 0, count: 1 }, '', null],
      ]);
      expect(messages[1].toolInvocations).toMatchObject([{ name: 'roll_dice', result: 4 }]);
      // the old reply gets a second swipe like any other
      const swipe = await storage.messages.nextSwipe('m_e');
      await storage.messages.append('ch_1', { role: 'assistant', content: 'A 2.', replyId: 'm_e', swipe });
      expect((await storage.messages.list('ch_1')).at(-1)).toMatchObject({
        content: 'A 2.',
        swipe: { index: 1, count: 2 },
      });
    } finally {
      await storage.close();
    }
  });
});
