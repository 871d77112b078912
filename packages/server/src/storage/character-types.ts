import type { CardData, WorldInfoEntry } from '@toolsmith/core';
import type { ToolInput } from './tool-types.js';

// Personas, lorebooks, characters, variables and world-info traces.
// Part of the repository interfaces; storage/types.ts names them all.

export interface StoredPersona {
  id: string;
  name: string;
  description: string;
  /** a portrait is stored (GET /api/personas/:id/avatar) */
  hasAvatar: boolean;
  createdAt: string;
  updatedAt: string;
}

export type PersonaInput = Pick<StoredPersona, 'name' | 'description'> & {
  /** PNG bytes; null removes the portrait, undefined keeps it */
  avatar?: Uint8Array | null;
};

export interface PersonaRepository {
  list(): Promise<StoredPersona[]>;
  get(id: string): Promise<StoredPersona | undefined>;
  create(input: PersonaInput): Promise<StoredPersona>;
  update(id: string, changes: Partial<PersonaInput>): Promise<StoredPersona | undefined>;
  getAvatar(id: string): Promise<Uint8Array | undefined>;
  /** chats using it keep going without a persona */
  delete(id: string): Promise<boolean>;
}

/** A lorebook as stored: the core's Lorebook fields plus the global flag. Unset defaults are null. */
export interface StoredLorebook {
  id: string;
  name: string;
  description: string;
  /** active in every chat */
  global: boolean;
  disabled: boolean;
  scanDepth: number | null;
  caseSensitive: boolean | null;
  matchWholeWords: boolean | null;
  entries: WorldInfoEntry[];
  /** an imported book's extensions and unknown fields, kept for export */
  extensions?: Record<string, unknown>;
  passthrough?: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
}

export type LorebookInput = Omit<StoredLorebook, 'id' | 'createdAt' | 'updatedAt'>;

export interface LorebookRepository {
  /** every book with its entries, oldest first */
  list(): Promise<StoredLorebook[]>;
  get(id: string): Promise<StoredLorebook | undefined>;
  create(input: LorebookInput): Promise<StoredLorebook>;
  update(id: string, changes: Partial<LorebookInput>): Promise<StoredLorebook | undefined>;
  /**
   * Overwrites a book's content with an imported one (its name, global and disabled switches kept), in one
   * transaction; undefined when the book is gone or was changed since `expectedUpdatedAt` (nothing written).
   */
  replaceContent(
    id: string,
    input: LorebookInput,
    expectedUpdatedAt?: string,
  ): Promise<StoredLorebook | undefined>;
  delete(id: string): Promise<boolean>;
}

/**
 * A character: its card fields (Character Card V3 `data`, tools left out — those are stored as tools of the
 * scope `character:<id>`), an optional PNG portrait and the lorebook made from its card's character_book.
 */
export interface StoredCharacter {
  id: string;
  name: string;
  /** the card's data (every field the card had, `extensions` included), without its tool list */
  card: CardData;
  hasAvatar: boolean;
  /** the lorebook attached to this character (imported from its character_book), or null */
  lorebookId: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface CharacterInput {
  card: CardData;
  /** PNG bytes; null removes the portrait; undefined leaves it as it is */
  avatar?: Uint8Array | null;
  lorebookId?: string | null;
}

/** What an import stores together with the character, in the same transaction. */
export interface CharacterImportExtras {
  /** stored in the scope `character:<id>` */
  tools?: ToolInput[];
  /** created and attached as the character's lorebook */
  lorebook?: LorebookInput;
  /**
   * a stored lorebook whose content (description, settings, entries — not its name, global or disabled
   * switches) is overwritten and attached as the character's lorebook: a card re-imported with Replace
   */
  replaceLorebook?: { id: string; input: LorebookInput };
}

export const characterToolScope = (characterId: string) => `character:${characterId}`;

export interface CharacterRepository {
  /** oldest first */
  list(): Promise<StoredCharacter[]>;
  get(id: string): Promise<StoredCharacter | undefined>;
  getAvatar(id: string): Promise<Uint8Array | undefined>;
  /** the character, its tools and its lorebook in one transaction: all stored or none */
  create(input: CharacterInput, extras?: CharacterImportExtras): Promise<StoredCharacter>;
  update(id: string, changes: Partial<CharacterInput>): Promise<StoredCharacter | undefined>;
  /** deletes the character's tools with it (one transaction); its lorebook stays as a normal lorebook */
  delete(id: string): Promise<boolean>;
}

/** Variable values are JSON values; `chatId` null means the global variables. */
export interface VariableRepository {
  list(chatId: string | null): Promise<Record<string, unknown>>;
  get(chatId: string | null, name: string): Promise<unknown>;
  set(chatId: string | null, name: string, value: unknown): Promise<void>;
  /** sets and deletes in one transaction */
  apply(chatId: string | null, changes: { set?: Record<string, unknown>; delete?: string[] }): Promise<void>;
  /** replaces every variable of the scope in one transaction */
  replace(chatId: string | null, variables: Record<string, unknown>): Promise<void>;
}

/**
 * The last world-info activation of each chat (a JSON document; see generation/world-info-trace.ts), or another
 * per-chat JSON document of type T (the last orchestration run).
 */
export interface WorldInfoTraceRepository<T = unknown> {
  get(chatId: string): Promise<T | undefined>;
  set(chatId: string, activation: T): Promise<void>;
}
