// The character editor's fields and the body it sends (docs: PATCH /api/characters/:id takes the card's fields
// at the top level). Tags are typed comma-separated; alternate greetings one per blank-line-separated block.
import type { Character } from '../../api/types';

// labels: characterForm.field.<key> in the locales
export const TEXT_FIELDS = [
  { key: 'description', rows: 5 },
  { key: 'personality', rows: 2 },
  { key: 'scenario', rows: 2 },
  { key: 'first_mes', rows: 3 },
  { key: 'mes_example', rows: 3 },
  { key: 'system_prompt', rows: 2 },
  { key: 'post_history_instructions', rows: 2 },
  { key: 'creator_notes', rows: 2 },
] as const;

export type TextField = (typeof TEXT_FIELDS)[number]['key'];

export interface CharacterDraft extends Record<TextField, string> {
  name: string;
  tags: string;
  alternateGreetings: string;
  creator: string;
  characterVersion: string;
  lorebookId: string;
}

export function draftFromCharacter(c: Character | null): CharacterDraft {
  const text = Object.fromEntries(TEXT_FIELDS.map((f) => [f.key, c?.[f.key] ?? ''])) as Record<
    TextField,
    string
  >;
  return {
    ...text,
    name: c?.name ?? '',
    tags: (c?.tags ?? []).join(', '),
    alternateGreetings: (c?.alternate_greetings ?? []).join('\n\n'),
    creator: c?.creator ?? '',
    characterVersion: c?.character_version ?? '',
    lorebookId: c?.lorebookId ?? '',
  };
}

/** Comma-separated tags, trimmed, blanks and repeats dropped. */
export function splitTags(text: string): string[] {
  return [
    ...new Set(
      text
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
    ),
  ];
}

/** Greetings separated by a blank line (a greeting may span several lines). */
export function splitGreetings(text: string): string[] {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((g) => g.trim())
    .filter(Boolean);
}

export function characterBody(draft: CharacterDraft): Record<string, unknown> {
  const body: Record<string, unknown> = {
    name: draft.name.trim(),
    tags: splitTags(draft.tags),
    alternate_greetings: splitGreetings(draft.alternateGreetings),
    creator: draft.creator,
    character_version: draft.characterVersion,
    lorebookId: draft.lorebookId || null,
  };
  for (const f of TEXT_FIELDS) body[f.key] = draft[f.key];
  return body;
}

/** The media type the import route expects for a picked card file. */
export function cardContentType(file: { name: string; type: string }): string {
  if (file.type === 'image/png' || /\.png$/i.test(file.name)) return 'image/png';
  return 'application/json';
}
