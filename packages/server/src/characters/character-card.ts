import {
  type CardData,
  type Character,
  type Lorebook,
  lorebookFromCharacterBook,
  lorebookToCharacterBook,
} from '@toolsmith/core';
import type { CharacterResource } from '@toolsmith/core/api-schema';
import { skippedRegexKeyWarning, withoutUnusableRegexKeys } from '@toolsmith/core/internal';
import type { LorebookInput, StoredCharacter } from '../storage/types.js';

/** The card's text fields the API reads and writes one by one (Character Card V2/V3 names). */
export const CARD_TEXT_FIELDS = [
  'name',
  'description',
  'personality',
  'scenario',
  'first_mes',
  'mes_example',
  'system_prompt',
  'post_history_instructions',
  'creator_notes',
  'creator',
  'character_version',
] as const;

export const CARD_LIST_FIELDS = ['alternate_greetings', 'tags'] as const;

/**
 * Extension keys that carry tools (Toolsmith's and Luker's orchestrator settings). They arrive only through
 * the reviewed card import, and the character's tools are exported from the tools table; the plain
 * create and edit routes keep what is stored and ignore what a request sends.
 */
export const TOOL_EXTENSION_KEYS = ['toolsmith', 'orchestrator'] as const;

/** A new card with every field empty (the V3 shape). */
export function emptyCard(name: string): CardData {
  return {
    name,
    description: '',
    personality: '',
    scenario: '',
    first_mes: '',
    mes_example: '',
    creator_notes: '',
    system_prompt: '',
    post_history_instructions: '',
    alternate_greetings: [],
    tags: [],
    creator: '',
    character_version: '',
    extensions: {},
    group_only_greetings: [],
  };
}

/** The API's character resource: the card's fields at the top level, plus the server's own. */
export function characterResource(stored: StoredCharacter): CharacterResource {
  const card = stored.card;
  const textOf = (field: (typeof CARD_TEXT_FIELDS)[number]) =>
    typeof card[field] === 'string' ? card[field] : '';
  const listOf = (field: (typeof CARD_LIST_FIELDS)[number]) =>
    Array.isArray(card[field]) ? card[field] : [];
  return {
    id: stored.id,
    ...(Object.fromEntries(CARD_TEXT_FIELDS.map((f) => [f, textOf(f)])) as Record<
      (typeof CARD_TEXT_FIELDS)[number],
      string
    >),
    alternate_greetings: listOf('alternate_greetings'),
    tags: listOf('tags'),
    extensions: card.extensions ?? {},
    hasAvatar: stored.hasAvatar,
    lorebookId: stored.lorebookId,
    createdAt: stored.createdAt,
    updatedAt: stored.updatedAt,
  };
}

/** The character as the core's prompt assembly reads it. */
export function toCoreCharacter(stored: StoredCharacter): Character {
  const card = stored.card;
  const character: Character = { name: card.name };
  if (card.description) character.description = card.description;
  if (card.personality) character.personality = card.personality;
  if (card.scenario) character.scenario = card.scenario;
  if (card.mes_example) character.exampleDialogue = card.mes_example;
  return character;
}

/**
 * A card's character_book as a lorebook to store, or undefined when the card has none. The id given to the
 * core reader is a placeholder: storage assigns the real one.
 */
export function lorebookInputFromCard(card: CardData): LorebookInput | undefined {
  const raw = card.character_book;
  if (!raw || typeof raw !== 'object') return undefined;
  const read = lorebookFromCharacterBook(raw, { id: 'card' });
  // regex keys the linear-time engine cannot run are left out (cardLorebookWarnings reports them)
  const book = { ...read, entries: withoutUnusableRegexKeys(read.entries).entries };
  const input: LorebookInput = {
    name: book.name?.trim() || `${card.name || 'Character'}'s lorebook`,
    description: book.description ?? '',
    global: false,
    disabled: false,
    scanDepth: book.scanDepth ?? null,
    caseSensitive: book.caseSensitive ?? null,
    matchWholeWords: book.matchWholeWords ?? null,
    entries: book.entries,
  };
  if (book.extensions) input.extensions = book.extensions;
  if (book.passthrough) input.passthrough = book.passthrough;
  return input;
}

/** What importing the card's character_book leaves out (regex keys the engine cannot run), one line each. */
export function cardLorebookWarnings(card: CardData): string[] {
  const raw = card.character_book;
  if (!raw || typeof raw !== 'object') return [];
  const book = lorebookFromCharacterBook(raw, { id: 'card' });
  const { skipped } = withoutUnusableRegexKeys(book.entries, 'character_book.entries');
  return skipped.map((skip) => skippedRegexKeyWarning(skip, book.name?.trim() || undefined));
}

/** The card without its character_book (it lives on as the character's lorebook). */
export function withoutCharacterBook(card: CardData): CardData {
  const { character_book: _book, ...rest } = card;
  return rest as CardData;
}

/** The stored card with its lorebook (when it has one) written back as character_book, for export. */
export function cardWithLorebook(card: CardData, book: Lorebook | undefined): CardData {
  if (!book) return card;
  return { ...card, character_book: lorebookToCharacterBook(book) as unknown as Record<string, unknown> };
}
