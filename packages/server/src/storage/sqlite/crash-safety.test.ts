import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../test-support/temp-dir.js';
import { DATABASE_FILE_NAME } from './database.js';
import { createSqliteStorage } from './sqlite-storage.js';

const FIXTURE = fileURLToPath(new URL('./__fixtures__/write-loop.ts', import.meta.url));
const ACKS_BEFORE_KILL = 150;

describe('crash safety', () => {
  const temp = makeTempDir();
  afterAll(() => temp.remove());

  it('keeps every acknowledged write and an intact database after SIGKILL mid-loop', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', FIXTURE, temp.dir], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const acked = new Map<string, string>();
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const exit = new Promise<NodeJS.Signals | null>((resolve) =>
      child.on('exit', (_code, signal) => resolve(signal)),
    );
    await new Promise<void>((resolve, reject) => {
      let buffer = '';
      child.stdout.on('data', (chunk) => {
        buffer += chunk;
        const lines = buffer.split('\n');
        buffer = lines.pop()!;
        for (const line of lines) {
          const [, index, id] = line.split(' ');
          acked.set(`tool_${index}`, id);
        }
        if (acked.size >= ACKS_BEFORE_KILL) {
          child.kill('SIGKILL');
          resolve();
        }
      });
      child.on('exit', () => reject(new Error(`writer exited early: ${stderr}`)));
    });
    expect(await exit).toBe('SIGKILL');

    const db = new BetterSqlite3(join(temp.dir, DATABASE_FILE_NAME));
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(db.pragma('foreign_key_check')).toEqual([]);
      const rows = db.prepare('SELECT id, name FROM tools').all() as { id: string; name: string }[];
      const stored = new Map(rows.map((r) => [r.name, r.id]));
      for (const [name, id] of acked) expect(stored.get(name)).toBe(id);
      // Positions stay a permutation even though reorders were cut off mid-stream.
      const positions = (
        db.prepare('SELECT position FROM tools ORDER BY position').all() as { position: number }[]
      ).map((r) => r.position);
      expect(new Set(positions).size).toBe(positions.length);
    } finally {
      db.close();
    }
    // The application opens it again normally.
    const storage = createSqliteStorage(temp.dir);
    expect((await storage.tools.list()).length).toBeGreaterThanOrEqual(acked.size);
    await storage.close();
  });
});
