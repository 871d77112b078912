import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { storedTool } from '../../test-support/stored-tool.js';
import { makeTempDir } from '../../test-support/temp-dir.js';
import { DuplicateNameError, type Storage } from '../types.js';
import { DATABASE_FILE_NAME } from './database.js';
import { MIGRATIONS } from './migrations.js';
import { KEY_FILE_NAME } from './secret-box.js';
import { createSqliteStorage } from './sqlite-storage.js';

describe('SQLite storage', () => {
  let temp: ReturnType<typeof makeTempDir>;
  let storage: Storage;
  beforeEach(() => {
    temp = makeTempDir();
    storage = createSqliteStorage(temp.dir);
  });
  afterEach(async () => {
    await storage.close();
    temp.remove();
  });

  it('creates the database with WAL, foreign keys and every migration applied', () => {
    const db = new BetterSqlite3(join(temp.dir, DATABASE_FILE_NAME));
    try {
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS[MIGRATIONS.length - 1].version);
      const tables = db
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        .all()
        .map((r: any) => r.name);
      expect(tables).toEqual(
        expect.arrayContaining([
          'tools',
          'connections',
          'presets',
          'chats',
          'messages',
          'tool_invocations',
          'settings',
        ]),
      );
    } finally {
      db.close();
    }
  });

  it('reopening an existing database runs no migration twice and keeps the data', async () => {
    await storage.tools.create(storedTool('keep_me'));
    await storage.close();
    storage = createSqliteStorage(temp.dir);
    expect((await storage.tools.list()).map((t) => t.name)).toEqual(['keep_me']);
  });

  it('keeps tool names unique per scope and orders tools', async () => {
    const a = await storage.tools.create(storedTool('alpha'));
    const b = await storage.tools.create(storedTool('beta'));
    const c = await storage.tools.create(storedTool('gamma'));
    expect([a.order, b.order, c.order]).toEqual([0, 1, 2]);
    await expect(storage.tools.create(storedTool('alpha'))).rejects.toBeInstanceOf(DuplicateNameError);
    // Another scope may reuse the name.
    await storage.tools.create(storedTool('alpha'), 'chat:1');
    const reordered = await storage.tools.reorder([c.id, a.id]);
    expect(reordered.map((t) => t.name)).toEqual(['gamma', 'alpha', 'beta']);
    await expect(storage.tools.update(b.id, { name: 'gamma' })).rejects.toBeInstanceOf(DuplicateNameError);
  });

  it('createMany is all-or-nothing', async () => {
    await storage.tools.create(storedTool('taken'));
    await expect(
      storage.tools.createMany([storedTool('fresh_one'), storedTool('taken')]),
    ).rejects.toBeInstanceOf(DuplicateNameError);
    expect((await storage.tools.list()).map((t) => t.name)).toEqual(['taken']);
  });

  it('updates only the given tool fields', async () => {
    const t = await storage.tools.create(storedTool('patch_me', { enabled: false }));
    const updated = await storage.tools.update(t.id, { description: 'changed' });
    expect(updated).toMatchObject({
      description: 'changed',
      enabled: false,
      staticResult: 'patch_me says hi',
    });
    expect(await storage.tools.update('t_missing', { description: 'x' })).toBeUndefined();
  });

  it('encrypts API keys at rest with a 0600 key file and never stores the key in clear', async () => {
    const apiKey = 'sk-test-VERY-SECRET-0123456789';
    const c = await storage.connections.create({
      name: 'local',
      api: 'openai',
      baseUrl: 'http://127.0.0.1:1/v1',
      model: 'm',
      functionCalling: { enabled: true, mode: 'auto' },
      instructTemplate: '',
      textBackend: '',
      apiKey,
    });
    expect(c.hasApiKey).toBe(true);
    expect(JSON.stringify(c)).not.toContain(apiKey);
    expect(await storage.connections.getApiKey(c.id)).toBe(apiKey);
    await storage.close();
    const keyPath = join(temp.dir, KEY_FILE_NAME);
    expect(statSync(keyPath).mode & 0o777).toBe(0o600);
    const dbBytes = readFileSync(join(temp.dir, DATABASE_FILE_NAME));
    expect(dbBytes.includes(Buffer.from(apiKey))).toBe(false);
    const key = Buffer.from(readFileSync(keyPath, 'utf8').trim(), 'base64');
    expect(dbBytes.includes(key)).toBe(false);
    expect(dbBytes.includes(Buffer.from(key.toString('base64')))).toBe(false);
    storage = createSqliteStorage(temp.dir);
    expect(await storage.connections.getApiKey(c.id)).toBe(apiKey);
    const cleared = await storage.connections.update(c.id, { apiKey: null });
    expect(cleared?.hasApiKey).toBe(false);
    expect(await storage.connections.getApiKey(c.id)).toBeUndefined();
  });

  it('stores messages with tool invocations and deletes them with the chat', async () => {
    const chat = await storage.chats.create({
      title: 't',
      connectionId: null,
      presetId: null,
      settings: { toolUse: false, tools: [] },
    });
    await storage.messages.append(chat.id, { role: 'user', content: 'hi' });
    const reply = await storage.messages.append(chat.id, {
      role: 'assistant',
      content: 'done',
      toolInvocations: [
        {
          callId: 'c1',
          name: 'a',
          args: { x: 1 },
          ok: true,
          result: 'r',
          error: null,
          durationMs: 3,
          simulated: false,
        },
      ],
    });
    await storage.messages.addToolInvocation(reply.id, {
      callId: 'c2',
      name: 'b',
      args: {},
      ok: false,
      result: null,
      error: { code: 'tool_error', message: 'boom' },
      durationMs: 1,
      simulated: true,
    });
    const messages = await storage.messages.list(chat.id);
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(messages[1].toolInvocations.map((i) => [i.callId, i.ok, i.simulated])).toEqual([
      ['c1', true, false],
      ['c2', false, true],
    ]);
    await storage.chats.delete(chat.id);
    expect(await storage.messages.get(reply.id)).toBeUndefined();
  });

  it('clears a chat reference when its connection is deleted', async () => {
    const c = await storage.connections.create({
      name: 'x',
      api: 'openai',
      baseUrl: '',
      model: '',
      functionCalling: { enabled: true, mode: 'auto' },
      instructTemplate: '',
      textBackend: '',
    });
    const chat = await storage.chats.create({
      title: 't',
      connectionId: c.id,
      presetId: null,
      settings: { toolUse: true, tools: ['a'] },
    });
    await storage.connections.delete(c.id);
    expect((await storage.chats.get(chat.id))?.connectionId).toBeNull();
  });

  it('refuses a database from a newer Toolsmith instead of guessing', async () => {
    await storage.close();
    const db = new BetterSqlite3(join(temp.dir, DATABASE_FILE_NAME));
    db.pragma('user_version = 999');
    db.close();
    expect(() => createSqliteStorage(temp.dir)).toThrow(/newer than this Toolsmith build supports/);
    const fix = new BetterSqlite3(join(temp.dir, DATABASE_FILE_NAME));
    fix.pragma(`user_version = ${MIGRATIONS[MIGRATIONS.length - 1].version}`);
    fix.close();
    storage = createSqliteStorage(temp.dir);
  });

  it('keeps settings as JSON values', async () => {
    await storage.settings.set('ui', { theme: 'dark' });
    expect(await storage.settings.get('ui')).toEqual({ theme: 'dark' });
    expect(await storage.settings.all()).toEqual({ ui: { theme: 'dark' } });
    expect(await storage.settings.delete('ui')).toBe(true);
    expect(await storage.settings.get('ui')).toBeUndefined();
  });
});
