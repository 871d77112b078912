import {
  type Lorebook,
  lorebookFromCharacterBook,
  lorebookFromSillyTavern,
  type SelectiveLogic,
  type WorldInfoEntry,
  type WorldInfoRole,
} from '@toolsmith/core';
import { characterFilterToSillyTavern } from '@toolsmith/core/internal';
import type { StoredLorebook } from '../storage/types.js';

/**
 * Lorebooks in SillyTavern's world-info file format (`{ entries: { "<uid>": entry } }`), which SillyTavern
 * imports as is. Book settings SillyTavern has no place for travel in `extensions.toolsmith` and are read
 * back by importLorebookFile; reading entries is the core's importer (lorebookFromSillyTavern).
 */

type Json = Record<string, unknown>;

const LOGIC: SelectiveLogic[] = ['AND_ANY', 'NOT_ALL', 'NOT_ANY', 'AND_ALL'];
const ROLES: WorldInfoRole[] = ['system', 'user', 'assistant'];
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** SillyTavern's position numbers: 0 before the character, 1 after, 4 at a depth (others kept from import). */
function positionNumber(entry: WorldInfoEntry): number {
  const position = entry.position ?? 'before';
  const original = entry.extensions?.position;
  if (typeof original === 'number') {
    const read = original === 1 ? 'after' : original === 4 ? 'depth' : 'before';
    if (read === position) return original;
  }
  return position === 'after' ? 1 : position === 'depth' ? 4 : 0;
}

const defined = (values: Json): Json =>
  Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));

function entryToFile(entry: WorldInfoEntry, index: number): Json {
  // SillyTavern writes null for "use the global setting"
  return {
    ...entry.passthrough,
    uid: entry.uid ?? index,
    key: [...entry.keys],
    keysecondary: [...(entry.secondaryKeys ?? [])],
    comment: entry.comment ?? '',
    content: entry.content,
    constant: entry.constant ?? false,
    selective: entry.selective ?? true,
    selectiveLogic: LOGIC.indexOf(entry.selectiveLogic ?? 'AND_ANY'),
    order: entry.order ?? 100,
    position: positionNumber(entry),
    disable: entry.disabled ?? false,
    excludeRecursion: entry.excludeRecursion ?? false,
    preventRecursion: entry.preventRecursion ?? false,
    probability: entry.probability ?? 100,
    useProbability: entry.useProbability ?? true,
    depth: entry.depth ?? 4,
    role: entry.role ? ROLES.indexOf(entry.role) : null,
    scanDepth: entry.scanDepth ?? null,
    caseSensitive: entry.caseSensitive ?? null,
    matchWholeWords: entry.matchWholeWords ?? null,
    // SillyTavern fills these in when absent: written only when set, so a book exports as it came
    ...defined({
      delayUntilRecursion: entry.delayUntilRecursion,
      sticky: entry.sticky,
      cooldown: entry.cooldown,
      delay: entry.delay,
      group: entry.group,
      groupOverride: entry.groupOverride,
      groupWeight: entry.groupWeight,
      useGroupScoring: entry.useGroupScoring,
      characterFilter: characterFilterToSillyTavern(entry),
    }),
  };
}

/** The file GET /api/lorebooks/:id/export answers with. */
export function lorebookToSillyTavernFile(book: StoredLorebook): Json {
  const entries: Json = {};
  book.entries.forEach((entry, index) => {
    entries[String(entry.uid ?? index)] = entryToFile(entry, index);
  });
  return {
    name: book.name,
    description: book.description,
    entries,
    extensions: {
      toolsmith: {
        global: book.global,
        disabled: book.disabled,
        scanDepth: book.scanDepth,
        caseSensitive: book.caseSensitive,
        matchWholeWords: book.matchWholeWords,
      },
    },
  };
}

export type ImportedLorebook = Omit<StoredLorebook, 'id' | 'createdAt' | 'updatedAt'>;

/**
 * Reads a SillyTavern world-info file, a card's `character_book`, or a whole character card carrying one.
 * Returns undefined when the value is none of these.
 */
export function importLorebookFile(raw: unknown, fallbackName: string): ImportedLorebook | undefined {
  if (!isObject(raw)) return undefined;
  let source: Json = raw;
  let cardName: string | undefined;
  if (typeof raw.spec === 'string' && raw.spec.startsWith('chara_card') && isObject(raw.data)) {
    if (!isObject(raw.data.character_book)) return undefined;
    source = raw.data.character_book;
    cardName = typeof raw.data.name === 'string' ? raw.data.name : undefined;
  }
  if (!Array.isArray(source.entries) && !isObject(source.entries)) return undefined;
  const isCardBook =
    Array.isArray(source.entries) &&
    source.entries.some((e) => isObject(e) && Array.isArray(e.keys) && !('key' in e));
  const book: Lorebook = isCardBook
    ? lorebookFromCharacterBook(source, { id: 'import' })
    : lorebookFromSillyTavern(source, { id: 'import' });
  const own =
    isObject(source.extensions) && isObject(source.extensions.toolsmith) ? source.extensions.toolsmith : {};
  const flag = (v: unknown) => (typeof v === 'boolean' ? v : null);
  const name = book.name?.trim() || (cardName ? `${cardName}'s lorebook` : fallbackName);
  const imported: ImportedLorebook = {
    name: name.slice(0, 256),
    description: book.description ?? '',
    global: own.global === true,
    disabled: own.disabled === true || book.disabled === true,
    scanDepth:
      typeof own.scanDepth === 'number'
        ? own.scanDepth
        : typeof book.scanDepth === 'number'
          ? book.scanDepth
          : null,
    caseSensitive: flag(own.caseSensitive) ?? book.caseSensitive ?? null,
    matchWholeWords: flag(own.matchWholeWords) ?? book.matchWholeWords ?? null,
    entries: book.entries,
  };
  const extensions = isCardBook ? book.extensions : undefined;
  if (extensions) imported.extensions = extensions;
  if (isCardBook && book.passthrough) imported.passthrough = book.passthrough;
  return imported;
}
