import { type Lorebook, mergeLorebookSources } from '@toolsmith/core';
import type { StoredChat, Storage } from '../storage/types.js';
import { storedToLorebook } from './to-core.js';

/**
 * The books a chat uses: those attached to it (settings.lorebookIds, in that order), then every global one,
 * each once. Ids of deleted books are skipped. Without a chat, the global books. Characters' books join
 * here once chats carry characters (mergeLorebookSources' `character` source).
 */
export async function loadChatLorebooks(
  storage: Pick<Storage, 'lorebooks'>,
  chat: Pick<StoredChat, 'settings'> | null,
): Promise<Lorebook[]> {
  const all = await storage.lorebooks.list();
  const byId = new Map(all.map((b) => [b.id, b]));
  const attached = (chat?.settings.lorebookIds ?? []).flatMap((id) => {
    const book = byId.get(id);
    return book ? [storedToLorebook(book)] : [];
  });
  const global = all.filter((b) => b.global).map(storedToLorebook);
  return mergeLorebookSources({ chat: attached, global }).books;
}
