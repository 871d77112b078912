import { candidatesFromArchive, candidatesFromJson, type ImportCandidate, parseJsonText } from './formats.js';
import { type ArchiveLimits, DEFAULT_ARCHIVE_LIMITS, TransferError } from './limits.js';
import { looksLikeZip, readZipSafely } from './zip-reader.js';

/** Reads an uploaded tools file (JSON text or ZIP bytes, told apart by content) into candidates. */
export function readToolImportFile(
  bytes: Uint8Array,
  limits: ArchiveLimits = DEFAULT_ARCHIVE_LIMITS,
): ImportCandidate[] {
  if (bytes.length === 0) throw new TransferError('The file is empty.');
  if (looksLikeZip(bytes)) return candidatesFromArchive(readZipSafely(bytes, limits));
  if (bytes.length > limits.maxEntryBytes * 4) {
    throw new TransferError(
      `A JSON tools file may be at most ${(limits.maxEntryBytes * 4) / (1024 * 1024)} MiB.`,
      413,
    );
  }
  const textValue = new TextDecoder().decode(bytes).replace(/^\uFEFF/, '');
  return candidatesFromJson(parseJsonText(textValue));
}
