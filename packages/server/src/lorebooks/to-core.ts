import type { Lorebook } from '@toolsmith/core';
import type { StoredLorebook } from '../storage/types.js';

/** A stored lorebook as the core's engine reads it (unset defaults left out so activation defaults apply). */
export function storedToLorebook(stored: StoredLorebook): Lorebook {
  const book: Lorebook = { id: stored.id, name: stored.name, entries: stored.entries };
  if (stored.description) book.description = stored.description;
  if (stored.disabled) book.disabled = true;
  if (stored.scanDepth !== null) book.scanDepth = stored.scanDepth;
  if (stored.caseSensitive !== null) book.caseSensitive = stored.caseSensitive;
  if (stored.matchWholeWords !== null) book.matchWholeWords = stored.matchWholeWords;
  if (stored.extensions) book.extensions = stored.extensions;
  if (stored.passthrough) book.passthrough = stored.passthrough;
  return book;
}
