import { substituteMacros } from '@toolsmith/core';
import { newId } from '../storage/sqlite/ids.js';
import type { Storage, StoredChat } from '../storage/types.js';
import { loadChatCharacters } from './chat-characters.js';

/** A character's greetings: `first_mes`, then its alternate greetings (empty ones left out). */
export function characterGreetings(card: { first_mes?: string; alternate_greetings?: string[] }): string[] {
  return [card.first_mes ?? '', ...(card.alternate_greetings ?? [])].filter((g) => g.trim() !== '');
}

/**
 * Posts the chat's characters' greetings, as SillyTavern does when a chat starts: each character's
 * `first_mes` as a reply, with its alternate greetings as the reply's other swipes. Runs only while the user
 * has written nothing; greetings posted before (for other characters) are replaced. `{{char}}` and `{{user}}`
 * are filled in as they are at posting time.
 */
export async function postGreetings(
  storage: Pick<Storage, 'characters' | 'messages' | 'personas'>,
  chat: Pick<StoredChat, 'id' | 'characterIds' | 'personaId'>,
): Promise<void> {
  const messages = await storage.messages.list(chat.id);
  if (messages.some((m) => m.role === 'user')) return;
  const replies = new Set(messages.map((m) => m.replyId).filter((id): id is string => id !== null));
  for (const replyId of replies) await storage.messages.deleteReply(replyId);

  const persona = chat.personaId ? await storage.personas.get(chat.personaId) : undefined;
  for (const character of await loadChatCharacters(storage, chat)) {
    const greetings = characterGreetings(character.card);
    if (greetings.length === 0) continue;
    const replyId = newId('r');
    const env = { user: persona?.name ?? 'User', char: character.card.name, seed: chat.id };
    for (const [swipe, greeting] of greetings.entries()) {
      await storage.messages.append(chat.id, {
        role: 'assistant',
        content: substituteMacros(greeting, env),
        replyId,
        swipe,
        characterId: character.id,
        name: character.card.name,
      });
    }
    await storage.messages.chooseSwipe(replyId, 0);
  }
}
