/** Limits for tool archives (issue: ZIP ≤ 10 MiB, ≤ 1,000 entries, entry ≤ 1 MiB, total ≤ 20 MiB). */
export interface ArchiveLimits {
  maxArchiveBytes: number;
  maxEntries: number;
  maxEntryBytes: number;
  maxTotalBytes: number;
  /** uncompressed ÷ compressed above this (for archives past `ratioMinBytes`) is treated as a bomb */
  maxCompressionRatio: number;
  ratioMinBytes: number;
}

const MiB = 1024 * 1024;

export const DEFAULT_ARCHIVE_LIMITS: ArchiveLimits = {
  maxArchiveBytes: 10 * MiB,
  maxEntries: 1000,
  maxEntryBytes: 1 * MiB,
  maxTotalBytes: 20 * MiB,
  maxCompressionRatio: 100,
  ratioMinBytes: 1 * MiB,
};

/** A file that cannot be imported at all: the server answers 400 (or 413 when too large) with this message. */
export class TransferError extends Error {
  readonly status: 400 | 413;
  constructor(message: string, status: 400 | 413 = 400) {
    super(message);
    this.name = 'TransferError';
    this.status = status;
  }
}
