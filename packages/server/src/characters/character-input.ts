import type { CardData } from '@toolsmith/core';
import { parseAvatarField } from '../avatars/avatar-image.js';
import { bodyObject, FieldChecker } from '../routes/fields.js';
import type { CharacterInput, Storage } from '../storage/types.js';
import { CARD_LIST_FIELDS, CARD_TEXT_FIELDS, emptyCard, TOOL_EXTENSION_KEYS } from './character-card.js';

const WRITABLE = [...CARD_TEXT_FIELDS, ...CARD_LIST_FIELDS, 'extensions', 'avatar', 'lorebookId'];
const READ_ONLY = ['id', 'hasAvatar', 'createdAt', 'updatedAt'];
const MAX_TEXT = 1_000_000;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

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
 * it), `lorebookId`. Every problem is reported at once (400 with details).
 */
export async function parseCharacterInput(
  raw: unknown,
  storage: Pick<Storage, 'lorebooks'>,
  current: CardData | undefined,
): Promise<CharacterInput> {
  const check = new FieldChecker(bodyObject(raw));
  check.rejectUnknown(WRITABLE, READ_ONLY);
  if (!current) check.require('name', 'name is required: the character needs a name.');
  const card = structuredClone(current ?? emptyCard(''));
  for (const field of CARD_TEXT_FIELDS) {
    const value = check.string(field, field === 'name' ? { min: 1, max: 256 } : { max: MAX_TEXT });
    if (value !== undefined) card[field] = field === 'name' ? value.trim() : value;
  }
  if (check.has('name') && card.name === '') check.add('name', 'name must not be blank.');
  for (const field of CARD_LIST_FIELDS) {
    const value = check.stringArray(field, { maxItems: 1000, maxLength: MAX_TEXT });
    if (value !== undefined) card[field] = value;
  }
  if (check.has('extensions')) {
    const value = check.body.extensions;
    if (!isObject(value)) check.add('extensions', 'extensions must be an object.');
    else card.extensions = mergeExtensions(value, current?.extensions ?? {});
  }
  const input: CharacterInput = { card };
  if (check.has('avatar')) {
    const avatar = parseAvatarField(check.body.avatar, (field, message) => check.add(field, message));
    if (avatar !== undefined) input.avatar = avatar;
  }
  if (check.has('lorebookId')) {
    const value = check.body.lorebookId;
    if (value === null) input.lorebookId = null;
    else if (typeof value !== 'string') check.add('lorebookId', 'lorebookId must be an id or null.');
    else if (!(await storage.lorebooks.get(value)))
      check.add('lorebookId', `No lorebook with id "${value}".`);
    else input.lorebookId = value;
  }
  check.finish();
  return input;
}
