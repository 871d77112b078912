import { CARD_TOOLS_EXTENSION, CARD_TOOLS_VERSION, type CardData } from '@toolsmith/core';
import { loadChatCharacters } from '../characters/chat-characters.js';
import type { Storage, StoredCharacter, StoredChat } from '../storage/types.js';

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The character's orchestration override, kept in its card (`extensions.toolsmith.orchestration`). */
export function characterOverride(
  character: Pick<StoredCharacter, 'card'>,
): Record<string, unknown> | undefined {
  const ext = character.card.extensions?.[CARD_TOOLS_EXTENSION];
  return isObject(ext) && isObject(ext.orchestration) ? ext.orchestration : undefined;
}

/** The card with the override set (or removed with null); everything else in the card stays. */
export function cardWithOverride(card: CardData, override: Record<string, unknown> | null): CardData {
  const out = structuredClone(card);
  const current = out.extensions[CARD_TOOLS_EXTENSION];
  const ext: Record<string, unknown> = isObject(current) ? current : { version: CARD_TOOLS_VERSION };
  if (override) ext.orchestration = override;
  else delete ext.orchestration;
  if (Object.keys(ext).every((key) => key === 'version')) delete out.extensions[CARD_TOOLS_EXTENSION];
  else out.extensions[CARD_TOOLS_EXTENSION] = ext;
  return out;
}

/** The character whose override a chat's orchestration uses: the chat's first (in a group, the first listed). */
export async function chatCharacter(
  storage: Pick<Storage, 'characters'>,
  chat: Pick<StoredChat, 'characterIds'>,
): Promise<StoredCharacter | undefined> {
  return (await loadChatCharacters(storage, chat))[0];
}
