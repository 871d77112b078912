import { type CardLorebookConflict, LOREBOOK_ACTIONS, type LorebookAction } from '@toolsmith/core/api-schema';
import type { LorebookInput, StoredLorebook } from '../storage/types.js';

// Re-importing a card must not pile up copies of its lorebook (issue 14.6): a card's character_book whose
// name is already taken by a stored lorebook is a conflict the user decides — Replace the stored book, Keep
// both (the card's stored under a new name), or Skip (the character uses the stored book as it is).

/** The parts that make a book's content (name, global and disabled are the user's). */
function content(book: LorebookInput | StoredLorebook): string {
  return JSON.stringify([
    book.description,
    book.scanDepth,
    book.caseSensitive,
    book.matchWholeWords,
    book.entries,
    book.extensions ?? null,
  ]);
}

/** `Name (2)`, `Name (3)`, … the first name no stored book has. */
export function freeLorebookName(name: string, stored: StoredLorebook[]): string {
  const taken = new Set(stored.map((b) => b.name));
  for (let n = 2; ; n++) {
    const candidate = `${name} (${n})`;
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * The conflict of the card's book with the stored ones of the same name, or undefined when the name is
 * free. Among several of that name, one with the same content is preferred.
 */
export function cardLorebookConflict(
  book: LorebookInput | undefined,
  stored: StoredLorebook[],
  /** both sides pass through it before comparing (a stored book as a card would carry it, read back) */
  normalize: (book: LorebookInput) => LorebookInput = (b) => b,
): CardLorebookConflict | undefined {
  if (!book) return undefined;
  const sameName = stored.filter((b) => b.name === book.name);
  if (sameName.length === 0) return undefined;
  const incoming = content(normalize(book));
  const same = (b: StoredLorebook) => content(normalize(b)) === incoming;
  const match = sameName.find(same) ?? sameName[0];
  const identical = same(match);
  return {
    name: book.name,
    entries: book.entries.length,
    existing: { id: match.id, name: match.name, entries: match.entries.length },
    identical,
    action: identical ? 'skip' : 'keep-both',
    choices: [...LOREBOOK_ACTIONS],
    renameTo: freeLorebookName(book.name, stored),
  };
}

/** What to store for the book: create it (maybe renamed), overwrite the stored one, or link to it. */
export type LorebookWrite =
  | { create: LorebookInput }
  | { replace: { id: string; input: LorebookInput } }
  | { link: string }
  | undefined;

export function lorebookWrite(
  book: LorebookInput | undefined,
  conflict: CardLorebookConflict | undefined,
  action: LorebookAction | undefined,
): LorebookWrite {
  if (!book) return undefined;
  if (!conflict) return { create: book };
  switch (action ?? conflict.action) {
    case 'replace':
      return { replace: { id: conflict.existing.id, input: book } };
    case 'keep-both':
      return { create: { ...book, name: conflict.renameTo } };
    case 'skip':
      return { link: conflict.existing.id };
  }
}
