import { type Lorebook, mergeLorebookSources } from '@toolsmith/core';
import type { Storage, StoredChat } from '../storage/types.js';
import { storedToLorebook } from './to-core.js';

/**
 * The books a chat uses, each once: those attached to it (settings.lorebookIds, in that order), then its
 * characters' books (in the chat's character order), then every global one. Ids of deleted books are
 * skipped. Without a chat, the global books. `characters` may be absent (callers that have no characters).
 */
export async function loadChatLorebooks(
  storage: Pick<Storage, 'lorebooks'> & Partial<Pick<Storage, 'characters'>>,
  chat: (Pick<StoredChat, 'settings'> & Partial<Pick<StoredChat, 'characterIds'>>) | null,
): Promise<Lorebook[]> {
  const all = await storage.lorebooks.list();
  const byId = new Map(all.map((b) => [b.id, b]));
  const books = (ids: Array<string | null | undefined>) =>
    ids.flatMap((id) => {
      const book = id ? byId.get(id) : undefined;
      return book ? [storedToLorebook(book)] : [];
    });
  const characterBookIds: Array<string | null> = [];
  if (storage.characters) {
    for (const id of chat?.characterIds ?? []) {
      characterBookIds.push((await storage.characters.get(id))?.lorebookId ?? null);
    }
  }
  return mergeLorebookSources({
    chat: books(chat?.settings.lorebookIds ?? []),
    character: books(characterBookIds),
    global: all.filter((b) => b.global).map(storedToLorebook),
  }).books;
}
