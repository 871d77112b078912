import type { WorldInfoCharacter, WorldInfoEntry } from './types.js';

const fold = (s: string) => s.trim().normalize('NFC').toLowerCase();
const texts = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && x.trim() !== '') : [];

/**
 * Whether an entry's character filter lets it activate for this character (SillyTavern's rule): a name list
 * must name the character (its name, case-insensitive, or its id) — with `exclude`, must not; a tag list must
 * share a tag with it — with `exclude`, must not. Without a character, a name list keeps only `exclude`
 * entries and a tag list is not applied (SillyTavern skips tags when no character is selected).
 */
export function passesCharacterFilter(
  entry: WorldInfoEntry,
  character: WorldInfoCharacter | undefined,
): boolean {
  const filter = entry.characterFilter;
  if (!filter || typeof filter !== 'object') return true;
  const exclude = filter.exclude === true;
  const names = texts(filter.names);
  if (names.length > 0) {
    const name = character?.name ? fold(character.name) : undefined;
    const named = names.some((n) => (name !== undefined && fold(n) === name) || n === character?.id);
    if (exclude ? named : !named) return false;
  }
  const tags = texts(filter.tags);
  if (tags.length > 0 && character) {
    const own = new Set(texts(character.tags).map(fold));
    const tagged = tags.some((t) => own.has(fold(t)));
    if (exclude ? tagged : !tagged) return false;
  }
  return true;
}
