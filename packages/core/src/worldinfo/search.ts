import { parseRegexKey } from './keys.js';
import type { Lorebook, WorldInfoEntry } from './types.js';

export type LorebookSearchField = 'key' | 'comment' | 'content';

export interface LorebookSearchHit {
  book: Lorebook;
  entry: WorldInfoEntry;
  /** the entry's uid, or its index in the book */
  uid: string | number;
  score: number;
  /** where the query or its words were found */
  matchedIn: LorebookSearchField[];
}

export interface LorebookSearchOptions {
  /** most hits returned (default 10) */
  limit?: number;
  /** include disabled entries and books (default false) */
  includeDisabled?: boolean;
}

const fold = (text: string) => text.normalize('NFC').toLowerCase();

/**
 * Case-insensitive search over entries' keys, comment (title) and content, for the `search_lorebook` tool.
 * Scoring is deliberately simple: the whole query weighs most (a key equal to it most of all, then found in
 * a key, the comment, the content), each of its words adds a little per field; a `/regex/` key that matches
 * the query counts as a key hit. Ties keep book and entry order.
 */
export function searchLorebooks(
  books: Lorebook[],
  query: string,
  options: LorebookSearchOptions = {},
): LorebookSearchHit[] {
  const phrase = fold(query).trim();
  if (!phrase) return [];
  const words = [...new Set(phrase.split(/\s+/u))];
  const limit = Math.max(0, options.limit ?? 10);
  const hits: Array<LorebookSearchHit & { rank: number }> = [];
  let rank = 0;
  for (const book of books) {
    if (book.disabled && !options.includeDisabled) continue;
    book.entries.forEach((entry, index) => {
      rank++;
      if (entry.disabled && !options.includeDisabled) return;
      const scored = scoreEntry(entry, query, phrase, words);
      if (scored.score > 0) hits.push({ book, entry, uid: entry.uid ?? index, ...scored, rank });
    });
  }
  hits.sort((a, b) => b.score - a.score || a.rank - b.rank);
  return hits.slice(0, limit).map(({ rank: _rank, ...hit }) => hit);
}

function scoreEntry(entry: WorldInfoEntry, query: string, phrase: string, words: string[]) {
  const keys = [...(entry.keys ?? []), ...(entry.secondaryKeys ?? [])].filter(
    (k): k is string => typeof k === 'string' && k.trim() !== '',
  );
  const plainKeys: string[] = [];
  let regexHit = false;
  for (const key of keys) {
    const re = parseRegexKey(key);
    if (re === null) plainKeys.push(fold(key));
    else if (re !== 'invalid' && re.test(query)) regexHit = true;
  }
  const comment = fold(entry.comment ?? '');
  const content = fold(typeof entry.content === 'string' ? entry.content : '');
  const matchedIn = new Set<LorebookSearchField>();
  let score = 0;

  if (plainKeys.some((k) => k.trim() === phrase)) score += 100;
  if (regexHit || plainKeys.some((k) => k.includes(phrase))) {
    score += 40;
    matchedIn.add('key');
  }
  if (comment.includes(phrase)) {
    score += 30;
    matchedIn.add('comment');
  }
  if (content.includes(phrase)) {
    score += 15;
    matchedIn.add('content');
  }
  if (words.length > 1) {
    for (const word of words) {
      if (plainKeys.some((k) => k.includes(word))) {
        score += 6;
        matchedIn.add('key');
      }
      if (comment.includes(word)) {
        score += 4;
        matchedIn.add('comment');
      }
      if (content.includes(word)) {
        score += 2;
        matchedIn.add('content');
      }
    }
  }
  const order: LorebookSearchField[] = ['key', 'comment', 'content'];
  return { score, matchedIn: order.filter((f) => matchedIn.has(f)) };
}
