import { activateLorebooks } from './activate-lorebooks.js';
import type { Lorebook, LorebookActivation, LorebookActivationInput } from './types.js';

export type LorebookSourceKind = 'chat' | 'character' | 'global';

/** Books attached to a chat, to its character (a primary book and extras) and globally. */
export interface LorebookSources {
  chat?: Lorebook | Lorebook[];
  character?: Lorebook | Lorebook[];
  global?: Lorebook | Lorebook[];
}

export interface MergedLorebooks {
  /** each book once, chat books first, then the character's, then global ones */
  books: Lorebook[];
  /** book id → every source it is attached to */
  sources: Record<string, LorebookSourceKind[]>;
}

const SOURCE_ORDER: LorebookSourceKind[] = ['chat', 'character', 'global'];

/** Merges books from their sources, keeping the first copy of each id (a book attached twice runs once). */
export function mergeLorebookSources(input: LorebookSources): MergedLorebooks {
  const books: Lorebook[] = [];
  const sources: Record<string, LorebookSourceKind[]> = Object.create(null);
  for (const kind of SOURCE_ORDER) {
    const value = input[kind];
    for (const book of Array.isArray(value) ? value : value ? [value] : []) {
      if (!book || typeof book.id !== 'string') continue;
      const seen = sources[book.id];
      if (seen) {
        if (!seen.includes(kind)) seen.push(kind);
        continue;
      }
      sources[book.id] = [kind];
      books.push(book);
    }
  }
  return { books, sources };
}

/** Merges the sources and activates their books together (with any flat `entries` of the input). */
export function activateLorebookSources(
  sources: LorebookSources,
  input: Omit<LorebookActivationInput, 'books'>,
): LorebookActivation & { sources: MergedLorebooks['sources'] } {
  const merged = mergeLorebookSources(sources);
  return { ...activateLorebooks({ ...input, books: merged.books }), sources: merged.sources };
}
