import { Unzip, type UnzipFile, UnzipInflate } from 'fflate';
import { type ArchiveLimits, DEFAULT_ARCHIVE_LIMITS, TransferError } from './limits.js';

export interface ArchiveEntry {
  path: string;
  text: string;
}

const MiB = 1024 * 1024;

/** True for the ZIP local-file-header magic `PK\x03\x04` (or an empty archive's `PK\x05\x06`). */
export function looksLikeZip(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 4 &&
    bytes[0] === 0x50 &&
    bytes[1] === 0x4b &&
    ((bytes[2] === 0x03 && bytes[3] === 0x04) || (bytes[2] === 0x05 && bytes[3] === 0x06))
  );
}

/** Rejects absolute paths, drive letters and `..` segments; normalizes backslashes. */
export function safeEntryPath(name: string): string {
  const path = name.replace(/\\/g, '/');
  if (path.startsWith('/') || /^[A-Za-z]:/.test(path)) {
    throw new TransferError(`The archive entry "${name}" has an absolute path; entries must be relative.`);
  }
  if (path.split('/').some((segment) => segment === '..')) {
    throw new TransferError(`The archive entry "${name}" points outside the archive (".."); remove it.`);
  }
  if (path.includes('\0')) throw new TransferError(`The archive entry "${name}" has a NUL byte in its name.`);
  return path;
}

/**
 * Reads a ZIP's text files under hard limits. Sizes are counted as the data is actually inflated — the sizes
 * a header claims are never trusted — so a ZIP bomb stops at the first byte over a limit.
 */
export function readZipSafely(
  bytes: Uint8Array,
  limits: ArchiveLimits = DEFAULT_ARCHIVE_LIMITS,
): ArchiveEntry[] {
  if (bytes.length > limits.maxArchiveBytes) {
    throw new TransferError(`The archive is larger than ${limits.maxArchiveBytes / MiB} MiB.`, 413);
  }
  if (!looksLikeZip(bytes)) throw new TransferError('The file is not a ZIP archive.');

  const entries: ArchiveEntry[] = [];
  let total = 0;
  let count = 0;
  let failure: TransferError | undefined;
  const decoder = new TextDecoder('utf-8', { fatal: false });

  const unzip = new Unzip((file: UnzipFile) => {
    if (failure) return;
    count++;
    if (count > limits.maxEntries) {
      failure = new TransferError(`The archive has more than ${limits.maxEntries} entries.`, 413);
      return;
    }
    let path: string;
    try {
      path = safeEntryPath(file.name);
    } catch (error) {
      failure = error as TransferError;
      return;
    }
    if (path.endsWith('/')) return; // a folder entry
    const parts: Uint8Array[] = [];
    let size = 0;
    file.ondata = (error, data, final) => {
      if (failure) return;
      if (error) {
        failure = new TransferError(`The archive entry "${path}" is corrupt: ${error.message}`);
        return;
      }
      size += data.length;
      total += data.length;
      if (size > limits.maxEntryBytes) {
        failure = new TransferError(
          `The archive entry "${path}" is larger than ${limits.maxEntryBytes / MiB} MiB uncompressed.`,
          413,
        );
        file.terminate();
        return;
      }
      if (total > limits.maxTotalBytes) {
        failure = new TransferError(
          `The archive holds more than ${limits.maxTotalBytes / MiB} MiB uncompressed.`,
          413,
        );
        file.terminate();
        return;
      }
      // Stop a bomb early instead of inflating up to the total limit first.
      if (total > limits.ratioMinBytes && total / bytes.length > limits.maxCompressionRatio) {
        failure = new TransferError(
          'The archive expands suspiciously far (compression ratio guard); it was refused.',
          413,
        );
        file.terminate();
        return;
      }
      parts.push(data);
      if (final) entries.push({ path, text: decoder.decode(concat(parts, size)) });
    };
    try {
      file.start();
    } catch {
      failure = new TransferError(`The archive entry "${path}" uses an unsupported compression method.`);
    }
  });
  unzip.register(UnzipInflate);
  try {
    unzip.push(bytes, true);
  } catch (error) {
    if (!failure) failure = new TransferError(`The archive is malformed: ${(error as Error).message}`);
  }
  if (failure) throw failure;
  if (total > limits.ratioMinBytes && total / bytes.length > limits.maxCompressionRatio) {
    throw new TransferError(
      'The archive expands suspiciously far (compression ratio guard); it was refused.',
      413,
    );
  }
  return entries;
}

function concat(parts: Uint8Array[], size: number): Uint8Array {
  if (parts.length === 1) return parts[0];
  const out = new Uint8Array(size);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
