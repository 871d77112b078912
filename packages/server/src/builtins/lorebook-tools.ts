import { searchLorebooks, type WorldInfoEntryRef } from '@toolsmith/core';
import type { BuiltinCallContext } from './builtin-context.js';
import { requireContext } from './variable-tools.js';

const DEFAULT_LIMIT = 5;
const PREVIEW_CHARS = 2_000;

/** search_lorebook: the chat's lorebooks searched by keys, titles and content. */
export async function searchLorebook(args: Record<string, unknown>, context?: BuiltinCallContext) {
  const ctx = requireContext(context, 'search_lorebook');
  const books = await ctx.lorebooks();
  const limit = typeof args.limit === 'number' ? args.limit : DEFAULT_LIMIT;
  const hits = searchLorebooks(books, String(args.query), { limit });
  return {
    results: hits.map((hit) => ({
      book: hit.book.id,
      bookName: hit.book.name ?? '',
      uid: hit.uid,
      title: hit.entry.comment ?? '',
      keys: hit.entry.keys,
      content:
        hit.entry.content.length > PREVIEW_CHARS
          ? `${hit.entry.content.slice(0, PREVIEW_CHARS)}…`
          : hit.entry.content,
      matchedIn: hit.matchedIn,
    })),
  };
}

/**
 * lorebook_force_activate: adds entries of the chat's lorebooks to this generation's world info. The
 * activation of the next model round (and every later one of this generation) includes them as `forced`.
 */
export async function forceActivate(args: Record<string, unknown>, context?: BuiltinCallContext) {
  const ctx = requireContext(context, 'lorebook_force_activate');
  const books = await ctx.lorebooks();
  const asked = Array.isArray(args.entries) ? (args.entries as Array<Record<string, unknown>>) : [];
  const forced: Array<{ book: string; uid: string | number; title: string }> = [];
  const notFound: Array<{ book: string | null; uid: unknown }> = [];
  const refs: WorldInfoEntryRef[] = [];
  for (const item of asked) {
    const uid = item.uid;
    const bookId = typeof item.book === 'string' ? item.book : null;
    let found = false;
    for (const book of books) {
      // the book may be named by id or by name; the uid by its value (numbers and their text match)
      if (bookId !== null && book.id !== bookId && book.name !== bookId) continue;
      book.entries.forEach((entry, index) => {
        if (String(entry.uid ?? index) !== String(uid) || entry.disabled || book.disabled) return;
        found = true;
        refs.push({ book: book.id, uid: entry.uid ?? index });
        forced.push({ book: book.id, uid: entry.uid ?? index, title: entry.comment ?? '' });
      });
    }
    if (!found) notFound.push({ book: bookId, uid });
  }
  if (ctx.worldInfo) {
    ctx.worldInfo.force(refs);
    return { forced, notFound };
  }
  return {
    forced,
    notFound,
    note: 'No chat generation is running, so nothing was added; in a chat the entries join this turn’s world info.',
  };
}
