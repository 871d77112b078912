import type { CardData, FieldError } from '@toolsmith/core';
import type { CharacterPatchBody } from '@toolsmith/core/api-schema';
import { validationError } from '../app/http-error.js';
import { parseAvatarField } from '../avatars/avatar-image.js';
import type { CharacterInput, Storage } from '../storage/types.js';
import { CARD_LIST_FIELDS, CARD_TEXT_FIELDS, emptyCard, TOOL_EXTENSION_KEYS } from './character-card.js';

/** `extensions` from a request, with the tool-carrying keys taken from the stored card instead. */
function mergeExtensions(sent: Record<string, unknown>, stored: Record<string, unknown>) {
  const out = structuredClone(sent);
  for (const key of TOOL_EXTENSION_KEYS) {
    if (key in stored) out[key] = structuredClone(stored[key]);
    else delete out[key];
  }
  return out;
}

/**
 * POST / PATCH /api/characters: card fields at the top level, `avatar` as base64 PNG bytes (null removes
 * it), `lorebookId`. The shape is checked by the route schema (CharacterCreateBody / CharacterPatchBody); the
 * rules here, every problem reported at once (400 with details).
 */
export async function parseCharacterInput(
  body: CharacterPatchBody,
  storage: Pick<Storage, 'lorebooks'>,
  current: CardData | undefined,
): Promise<CharacterInput> {
  const errors: FieldError[] = [];
  const add = (field: string, message: string) => errors.push({ field, message });
  const card = structuredClone(current ?? emptyCard(''));
  for (const field of CARD_TEXT_FIELDS) {
    const value = body[field];
    if (value !== undefined) card[field] = field === 'name' ? value.trim() : value;
  }
  if (body.name !== undefined && card.name === '') add('name', 'name must not be blank.');
  for (const field of CARD_LIST_FIELDS) {
    const value = body[field];
    if (value !== undefined) card[field] = value;
  }
  if (body.extensions !== undefined)
    card.extensions = mergeExtensions(body.extensions, current?.extensions ?? {});
  const input: CharacterInput = { card };
  if (body.avatar !== undefined) {
    const avatar = parseAvatarField(body.avatar, add);
    if (avatar !== undefined) input.avatar = avatar;
  }
  if (body.lorebookId === null) input.lorebookId = null;
  else if (body.lorebookId !== undefined) {
    if (!(await storage.lorebooks.get(body.lorebookId)))
      add('lorebookId', `No lorebook with id "${body.lorebookId}".`);
    else input.lorebookId = body.lorebookId;
  }
  if (errors.length > 0) throw validationError(errors);
  return input;
}
