// Caps the console output one job may keep: entries beyond MAX_LOG_ENTRIES or MAX_LOG_BYTES are counted
// and dropped, so a guest logging in a loop cannot flood the host.

import { MAX_LOG_BYTES, MAX_LOG_ENTRIES } from './limits.js';
import type { LogEntry } from './types.js';

export type LogVerdict = 'accepted' | 'first-cut' | 'dropped';

export class LogLimiter {
  private entries = 0;
  private bytes = 0;
  dropped = 0;

  constructor(
    private readonly maxEntries = MAX_LOG_ENTRIES,
    private readonly maxBytes = MAX_LOG_BYTES,
  ) {}

  offer(entry: LogEntry): LogVerdict {
    const size = Buffer.byteLength(entry.message, 'utf8');
    if (this.dropped === 0 && this.entries < this.maxEntries && this.bytes + size <= this.maxBytes) {
      this.entries++;
      this.bytes += size;
      return 'accepted';
    }
    this.dropped++;
    return this.dropped === 1 ? 'first-cut' : 'dropped';
  }
}

/** The note appended to a job's logs when output was cut. */
export function logCutNote(dropped: number | null): LogEntry {
  const count =
    dropped === null
      ? 'further entries were'
      : `${dropped} more ${dropped === 1 ? 'entry was' : 'entries were'}`;
  return {
    level: 'warn',
    message: `[console output cut: ${count} dropped (limit ${MAX_LOG_ENTRIES} entries / ${MAX_LOG_BYTES / 1024} KiB)]`,
  };
}
