// The web-search API key at rest: sealed in the settings row with the connections' secret box, opened for
// the server's own use, never answered; rows written before sealing existed are sealed by migration 15.
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../test-support/temp-dir.js';
import { startTestServer } from '../../test-support/test-server.js';
import { DATABASE_FILE_NAME } from './database.js';
import { MIGRATIONS } from './migrations.js';
import { createSqliteStorage } from './sqlite-storage.js';

const SEALING = MIGRATIONS.find((m) => m.name === 'web search API key sealed at rest')!;

function rawSetting(dir: string, key: string): string | undefined {
  const db = new BetterSqlite3(join(dir, DATABASE_FILE_NAME), { readonly: true });
  try {
    return db.prepare<[string], { value: string }>('SELECT value FROM settings WHERE key = ?').get(key)
      ?.value;
  } finally {
    db.close();
  }
}

const brave = (apiKey: string) => ({ provider: 'brave', baseUrl: '', apiKey, maxResults: 5 });

describe('sealed settings', () => {
  const cleanups: Array<() => void | Promise<void>> = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  it('stores the web-search key sealed and gives the plain key back to the server', async () => {
    const temp = makeTempDir();
    cleanups.push(temp.remove);
    const storage = createSqliteStorage(temp.dir);
    cleanups.push(() => storage.close());
    await storage.settings.set('webSearch', brave('BSA-plain-key-1'));
    const raw = rawSetting(temp.dir, 'webSearch')!;
    expect(raw).not.toContain('BSA-plain-key-1');
    expect(JSON.parse(raw)).toEqual({
      provider: 'brave',
      baseUrl: '',
      maxResults: 5,
      apiKeySealed: expect.stringMatching(/^v1:/),
    });
    expect(await storage.settings.get('webSearch')).toEqual(brave('BSA-plain-key-1'));
    expect((await storage.settings.all()).webSearch).toEqual(brave('BSA-plain-key-1'));
    // no key: nothing sealed, '' back
    await storage.settings.set('webSearch', brave(''));
    expect(JSON.parse(rawSetting(temp.dir, 'webSearch')!)).not.toHaveProperty('apiKeySealed');
    expect(await storage.settings.get('webSearch')).toEqual(brave(''));
    // other settings are stored as they are
    await storage.settings.set('ui', { apiKey: 'not a secret here' });
    expect(rawSetting(temp.dir, 'ui')).toContain('not a secret here');
  });

  it(`migration ${SEALING.version} seals a key stored in plain text by an older version`, async () => {
    const temp = makeTempDir();
    cleanups.push(temp.remove);
    await createSqliteStorage(temp.dir).close();
    const db = new BetterSqlite3(join(temp.dir, DATABASE_FILE_NAME));
    db.prepare('INSERT INTO settings (key, value) VALUES (?, ?)').run(
      'webSearch',
      JSON.stringify(brave('BSA-old-plain')),
    );
    db.pragma(`user_version = ${SEALING.version - 1}`);
    db.close();
    expect(rawSetting(temp.dir, 'webSearch')).toContain('BSA-old-plain');

    const storage = createSqliteStorage(temp.dir);
    cleanups.push(() => storage.close());
    expect(rawSetting(temp.dir, 'webSearch')).not.toContain('BSA-old-plain');
    expect(await storage.settings.get('webSearch')).toEqual(brave('BSA-old-plain'));
  });

  it('through the server: the key sent in PUT is in no answer and not in the database file', async () => {
    const server = await startTestServer();
    cleanups.push(() => server.close());
    const put = await server.request('PUT', '/api/settings/web-search', {
      provider: 'tavily',
      apiKey: 'tvly-secret-123',
    });
    expect(put.status).toBe(200);
    expect(put.body.hasApiKey).toBe(true);
    const get = await server.request('GET', '/api/settings/web-search');
    expect(JSON.stringify(get.body)).not.toContain('tvly-secret');
    expect(rawSetting(server.dataDir, 'webSearch')).not.toContain('tvly-secret');
    // a PUT without apiKey keeps the sealed key
    await server.request('PUT', '/api/settings/web-search', { provider: 'tavily', maxResults: 3 });
    expect(await server.app.toolsmith.storage.settings.get('webSearch')).toMatchObject({
      apiKey: 'tvly-secret-123',
      maxResults: 3,
    });
  });
});
