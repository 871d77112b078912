import type { WorldInfoEntry } from '@toolsmith/core';
import { regexKeyProblem } from '@toolsmith/core/internal';
import type { LorebookInput } from '../storage/types.js';
import { bodyObject, FieldChecker } from './fields.js';

export const MAX_LOREBOOK_ENTRIES = 5_000;
const MAX_CONTENT = 100_000;
const MAX_KEYS = 200;
const MAX_KEY_LENGTH = 1_000;

const LOGIC = ['AND_ANY', 'NOT_ALL', 'NOT_ANY', 'AND_ALL'] as const;
const POSITIONS = ['before', 'after', 'depth'] as const;
const ROLES = ['system', 'user', 'assistant'] as const;

type Check = (value: unknown) => string | undefined;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const bool: Check = (v) => (typeof v === 'boolean' ? undefined : 'must be true or false');
const text =
  (max: number): Check =>
  (v) =>
    typeof v === 'string' && v.length <= max ? undefined : `must be text of at most ${max} characters`;
const integer =
  (min: number, max: number): Check =>
  (v) =>
    Number.isInteger(v) && (v as number) >= min && (v as number) <= max
      ? undefined
      : `must be a whole number from ${min} to ${max}`;
const number =
  (min: number, max: number): Check =>
  (v) =>
    typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max
      ? undefined
      : `must be a number from ${min} to ${max}`;
const oneOf =
  (allowed: readonly string[]): Check =>
  (v) =>
    allowed.includes(v as string) ? undefined : `must be one of ${allowed.map((a) => `"${a}"`).join(', ')}`;
const keyList: Check = (v) =>
  Array.isArray(v) &&
  v.length <= MAX_KEYS &&
  v.every((k) => typeof k === 'string' && k.length <= MAX_KEY_LENGTH)
    ? undefined
    : `must be a list of at most ${MAX_KEYS} texts of at most ${MAX_KEY_LENGTH} characters`;
const object: Check = (v) => (isObject(v) ? undefined : 'must be an object');
/** SillyTavern's generation types an entry may be limited to */
const GENERATION_TYPES = ['normal', 'continue', 'impersonate', 'swipe', 'regenerate', 'quiet'];
const triggerList: Check = (v) =>
  Array.isArray(v) && v.every((t) => GENERATION_TYPES.includes(t as string))
    ? undefined
    : `must be a list of generation types (${GENERATION_TYPES.map((t) => `"${t}"`).join(', ')})`;
const recursionLevel: Check = (v) =>
  typeof v === 'boolean' || (Number.isInteger(v) && (v as number) >= 1 && (v as number) <= 100)
    ? undefined
    : 'must be true, false or a recursion level from 1 to 100';
const textList = (v: unknown) =>
  Array.isArray(v) && v.length <= MAX_KEYS && v.every((t) => typeof t === 'string' && t.length <= 256);
const characterFilter: Check = (v) => {
  const shape = 'must be { names?: [text], tags?: [text], exclude?: true|false }';
  if (!isObject(v)) return shape;
  for (const [k, value] of Object.entries(v)) {
    if (k === 'exclude' ? typeof value !== 'boolean' : !['names', 'tags'].includes(k) || !textList(value))
      return shape;
  }
  return undefined;
};
const uid: Check = (v) =>
  (typeof v === 'string' && v.length >= 1 && v.length <= 64) || Number.isSafeInteger(v)
    ? undefined
    : 'must be a whole number or text of 1–64 characters';

/** Every option of the core's WorldInfoEntry with its check; `null` on an optional field means "unset". */
const ENTRY_FIELDS: Record<keyof WorldInfoEntry, Check> = {
  uid,
  keys: keyList,
  secondaryKeys: keyList,
  selectiveLogic: oneOf(LOGIC),
  selective: bool,
  content: text(MAX_CONTENT),
  comment: text(1_000),
  constant: bool,
  disabled: bool,
  position: oneOf(POSITIONS),
  depth: integer(0, 10_000),
  role: oneOf(ROLES),
  order: number(-1_000_000, 1_000_000),
  scanDepth: integer(0, 1_000),
  caseSensitive: bool,
  matchWholeWords: bool,
  probability: number(0, 100),
  useProbability: bool,
  excludeRecursion: bool,
  preventRecursion: bool,
  delayUntilRecursion: recursionLevel,
  sticky: integer(0, 100_000),
  cooldown: integer(0, 100_000),
  delay: integer(0, 100_000),
  group: text(1_000),
  groupOverride: bool,
  groupWeight: number(0, 1_000_000),
  useGroupScoring: bool,
  characterFilter,
  triggers: triggerList,
  extensions: object,
  passthrough: object,
};
const ENTRY_FIELD_NAMES = Object.keys(ENTRY_FIELDS);

/**
 * Checks a list of entries (every problem reported under `entries[i].field`) and gives entries without a
 * uid the next free number, so each entry can be named in traces and forced by `{ book, uid }`.
 */
export function parseEntries(raw: unknown, check: FieldChecker, field = 'entries'): WorldInfoEntry[] {
  if (!Array.isArray(raw) || raw.length > MAX_LOREBOOK_ENTRIES) {
    check.add(field, `${field} must be a list of at most ${MAX_LOREBOOK_ENTRIES} entries.`);
    return [];
  }
  const entries: WorldInfoEntry[] = [];
  const seen = new Set<string>();
  raw.forEach((item, index) => {
    const at = `${field}[${index}]`;
    if (!isObject(item)) {
      check.add(at, `${at} must be an object with keys and content.`);
      return;
    }
    const entry: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(item)) {
      const test = (ENTRY_FIELDS as Record<string, Check>)[name];
      if (!test) {
        check.add(
          `${at}.${name}`,
          `Unknown entry field "${name}". Known fields: ${ENTRY_FIELD_NAMES.join(', ')}.`,
        );
        continue;
      }
      if (value === null || value === undefined) continue;
      const problem = test(value);
      if (problem) check.add(`${at}.${name}`, `${at}.${name} ${problem}.`);
      else if (name === 'keys' || name === 'secondaryKeys') {
        // regex keys run on a linear-time engine: say which key it cannot run, and why
        (value as string[]).forEach((key, k) => {
          const regexProblem = regexKeyProblem(key);
          if (regexProblem)
            check.add(`${at}.${name}[${k}]`, `${at}.${name}[${k}] ${key.trim()} ${regexProblem}`);
        });
        entry[name] = value;
      } else entry[name] = value;
    }
    entry.keys ??= [];
    entry.content ??= '';
    if (entry.uid !== undefined) {
      const id = String(entry.uid);
      if (seen.has(id)) check.add(`${at}.uid`, `${at}.uid "${id}" is used by another entry of this book.`);
      seen.add(id);
    }
    entries.push(entry as unknown as WorldInfoEntry);
  });
  let next = 0;
  for (const entry of entries) {
    if (typeof entry.uid === 'number' && entry.uid >= next) next = entry.uid + 1;
  }
  for (const entry of entries) {
    if (entry.uid !== undefined) continue;
    while (seen.has(String(next))) next++;
    entry.uid = next;
    seen.add(String(next++));
  }
  return entries;
}

const WRITABLE = [
  'name',
  'description',
  'global',
  'disabled',
  'scanDepth',
  'caseSensitive',
  'matchWholeWords',
  'entries',
  'extensions',
  'passthrough',
];

/** A lorebook body for POST (name required) or PATCH (only the fields sent; `entries` replaces the list). */
export function parseLorebook(raw: unknown, creating: boolean): Partial<LorebookInput> {
  const check = new FieldChecker(bodyObject(raw));
  check.rejectUnknown(WRITABLE, ['id', 'createdAt', 'updatedAt', 'entryCount']);
  if (creating) check.require('name', 'name is required: what the lorebook is called.');
  const out: Partial<LorebookInput> = {};
  const name = check.string('name', { min: 1, max: 256 });
  const description = check.string('description', { max: 10_000 });
  const global = check.boolean('global');
  const disabled = check.boolean('disabled');
  if (name !== undefined) out.name = name;
  if (description !== undefined) out.description = description;
  if (global !== undefined) out.global = global;
  if (disabled !== undefined) out.disabled = disabled;
  const scanDepth = check.number('scanDepth', { min: 0, max: 1_000, integer: true });
  if (scanDepth !== undefined) out.scanDepth = scanDepth;
  for (const field of ['caseSensitive', 'matchWholeWords'] as const) {
    if (check.body[field] === null) out[field] = null;
    else {
      const value = check.boolean(field);
      if (value !== undefined) out[field] = value;
    }
  }
  for (const field of ['extensions', 'passthrough'] as const) {
    if (!check.has(field) || check.body[field] === null) continue;
    if (isObject(check.body[field])) out[field] = check.body[field] as Record<string, unknown>;
    else check.add(field, `${field} must be an object.`);
  }
  if (check.has('entries')) out.entries = parseEntries(check.body.entries, check);
  check.finish();
  return out;
}
