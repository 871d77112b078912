import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3, { type Database } from 'better-sqlite3';
import { type MigrationContext, migrate } from './migrations.js';

export const DATABASE_FILE_NAME = 'toolsmith.db';

/** Opens (creating if needed) the SQLite database under dataDir with WAL, foreign keys and migrations applied. */
export function openDatabase(dataDir: string, context: MigrationContext = {}): Database {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const db = new BetterSqlite3(join(dataDir, DATABASE_FILE_NAME));
  try {
    db.pragma('journal_mode = WAL');
    // FULL: a commit is on disk before the API acknowledges it (WAL keeps this cheap).
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    migrate(db, context);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}
