// Route schemas of /api/lorebooks (docs/api.md, "Lorebooks"): a book's settings and its entries (the core's
// WorldInfoEntry, every option). The shape checks live here, in the words the hand checks used (`{field}` is
// the entry field's path, `entries[0].keys`); the rules (regex keys the linear-time engine cannot run, a uid
// used twice, the next free uid) stay with the server. The lorebook file import reads files with the same
// entry schema.

import { type Static, type TSchema, Type } from 'typebox';
import type { WorldInfoEntry } from '../worldinfo/types.js';
import { errorResponses, IdParams, JsonObject, readOnlyField } from './common.js';
import { nullable } from './nullable.js';

export const MAX_LOREBOOK_ENTRIES = 5_000;
const MAX_CONTENT = 100_000;
const MAX_KEYS = 200;
const MAX_KEY_LENGTH = 1_000;

/** SillyTavern's generation types an entry may be limited to. */
export const LOREBOOK_GENERATION_TYPES = [
  'normal',
  'continue',
  'impersonate',
  'swipe',
  'regenerate',
  'quiet',
] as const;

const quoted = (values: readonly string[]) => values.map((v) => `"${v}"`).join(', ');
const text = (max: number) => Type.String({ maxLength: max });
const integer = (minimum: number, maximum: number) => Type.Integer({ minimum, maximum });
const number = (minimum: number, maximum: number) => Type.Number({ minimum, maximum });
const keyList = () => Type.Array(Type.String({ maxLength: MAX_KEY_LENGTH }), { maxItems: MAX_KEYS });
const nameList = () => Type.Array(Type.String({ maxLength: 256 }), { maxItems: MAX_KEYS });

/** Each entry option: its shape, and what a wrong value is told (after the field's path). */
const entryOption = <T extends TSchema>(schema: T, problem: string) => ({ schema, problem });
const ENTRY_OPTIONS = {
  uid: entryOption(
    Type.Union([
      Type.String({ minLength: 1, maxLength: 64 }),
      Type.Integer({ minimum: Number.MIN_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER }),
    ]),
    'must be a whole number or text of 1–64 characters',
  ),
  keys: entryOption(
    keyList(),
    `must be a list of at most ${MAX_KEYS} texts of at most ${MAX_KEY_LENGTH} characters`,
  ),
  secondaryKeys: entryOption(
    keyList(),
    `must be a list of at most ${MAX_KEYS} texts of at most ${MAX_KEY_LENGTH} characters`,
  ),
  selectiveLogic: entryOption(
    Type.Enum(['AND_ANY', 'NOT_ALL', 'NOT_ANY', 'AND_ALL'] as const),
    `must be one of ${quoted(['AND_ANY', 'NOT_ALL', 'NOT_ANY', 'AND_ALL'])}`,
  ),
  selective: entryOption(Type.Boolean(), 'must be true or false'),
  content: entryOption(text(MAX_CONTENT), `must be text of at most ${MAX_CONTENT} characters`),
  comment: entryOption(text(1_000), 'must be text of at most 1000 characters'),
  constant: entryOption(Type.Boolean(), 'must be true or false'),
  disabled: entryOption(Type.Boolean(), 'must be true or false'),
  position: entryOption(
    Type.Enum(['before', 'after', 'depth'] as const),
    `must be one of ${quoted(['before', 'after', 'depth'])}`,
  ),
  depth: entryOption(integer(0, 10_000), 'must be a whole number from 0 to 10000'),
  role: entryOption(
    Type.Enum(['system', 'user', 'assistant'] as const),
    `must be one of ${quoted(['system', 'user', 'assistant'])}`,
  ),
  order: entryOption(number(-1_000_000, 1_000_000), 'must be a number from -1000000 to 1000000'),
  scanDepth: entryOption(integer(0, 1_000), 'must be a whole number from 0 to 1000'),
  caseSensitive: entryOption(Type.Boolean(), 'must be true or false'),
  matchWholeWords: entryOption(Type.Boolean(), 'must be true or false'),
  probability: entryOption(number(0, 100), 'must be a number from 0 to 100'),
  useProbability: entryOption(Type.Boolean(), 'must be true or false'),
  excludeRecursion: entryOption(Type.Boolean(), 'must be true or false'),
  preventRecursion: entryOption(Type.Boolean(), 'must be true or false'),
  delayUntilRecursion: entryOption(
    Type.Union([Type.Boolean(), integer(1, 100)]),
    'must be true, false or a recursion level from 1 to 100',
  ),
  sticky: entryOption(integer(0, 100_000), 'must be a whole number from 0 to 100000'),
  cooldown: entryOption(integer(0, 100_000), 'must be a whole number from 0 to 100000'),
  delay: entryOption(integer(0, 100_000), 'must be a whole number from 0 to 100000'),
  group: entryOption(text(1_000), 'must be text of at most 1000 characters'),
  groupOverride: entryOption(Type.Boolean(), 'must be true or false'),
  groupWeight: entryOption(number(0, 1_000_000), 'must be a number from 0 to 1000000'),
  useGroupScoring: entryOption(Type.Boolean(), 'must be true or false'),
  characterFilter: entryOption(
    Type.Object(
      {
        names: Type.Optional(nameList()),
        tags: Type.Optional(nameList()),
        exclude: Type.Optional(Type.Boolean()),
      },
      { additionalProperties: false },
    ),
    'must be { names?: [text], tags?: [text], exclude?: true|false }',
  ),
  triggers: entryOption(
    Type.Array(Type.Enum(LOREBOOK_GENERATION_TYPES)),
    `must be a list of generation types (${quoted(LOREBOOK_GENERATION_TYPES)})`,
  ),
  extensions: entryOption(JsonObject, 'must be an object'),
  passthrough: entryOption(JsonObject, 'must be an object'),
} satisfies Record<keyof WorldInfoEntry, unknown>;

type EntryOptions = typeof ENTRY_OPTIONS;
type Name = keyof EntryOptions;
const ENTRY_FIELD_NAMES = Object.keys(ENTRY_OPTIONS) as Name[];

/** A request's entry option: its shape or null ("not set"), with the hand checks' message. */
type Written<K extends Name> = ReturnType<typeof written<K>>;
function written<K extends Name>(name: K) {
  const { schema, problem } = ENTRY_OPTIONS[name];
  return Type.Optional(nullable(schema as EntryOptions[K]['schema'], { 'x-message': `{field} ${problem}.` }));
}

/** One entry of a request (`POST`/`PATCH /api/lorebooks`, a lorebook file's entries once read). */
export const LorebookEntryBody = Type.Object(
  Object.fromEntries(ENTRY_FIELD_NAMES.map((name) => [name, written(name)])) as {
    [K in Name]: Written<K>;
  },
  {
    additionalProperties: false,
    'x-message': '{field} must be an object with keys and content.',
    'x-unknown-message': `Unknown entry field "{field}". Known fields: ${ENTRY_FIELD_NAMES.join(', ')}.`,
  },
);
export type LorebookEntryBody = Static<typeof LorebookEntryBody>;

/** A request's entry list (it replaces the book's list). */
export const LorebookEntriesBody = Type.Array(LorebookEntryBody, {
  maxItems: MAX_LOREBOOK_ENTRIES,
  'x-message': `{field} must be a list of at most ${MAX_LOREBOOK_ENTRIES} entries.`,
});

/** One entry as the API answers it: the core's WorldInfoEntry (keys, content and uid always there). */
type Stored<K extends Name> = EntryOptions[K]['schema'];
export const LorebookEntryResource = Type.Object({
  ...(Object.fromEntries(
    ENTRY_FIELD_NAMES.map((name) => [name, Type.Optional(ENTRY_OPTIONS[name].schema)]),
  ) as {
    [K in Name]: ReturnType<typeof Type.Optional<Stored<K>>>;
  }),
  keys: ENTRY_OPTIONS.keys.schema,
  content: ENTRY_OPTIONS.content.schema,
  /** generation types (a request names only SillyTavern's; the engine reads any) */
  triggers: Type.Optional(Type.Array(Type.String())),
});
export type LorebookEntryResource = Static<typeof LorebookEntryResource>;

const bookFields = {
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 256 })),
  description: Type.Optional(Type.String({ maxLength: 10_000 })),
  /** active in every chat */
  global: Type.Optional(Type.Boolean()),
  disabled: Type.Optional(Type.Boolean()),
  /** how many of the latest messages the book's entries scan; null: the activation's */
  scanDepth: Type.Optional(nullable(Type.Integer({ minimum: 0, maximum: 1_000 }))),
  /** null: the activation's setting */
  caseSensitive: Type.Optional(nullable(Type.Boolean())),
  matchWholeWords: Type.Optional(nullable(Type.Boolean())),
  /** an imported book's extensions and unknown fields, kept for export; null leaves them as they are */
  extensions: Type.Optional(nullable(JsonObject, { 'x-message': 'extensions must be an object.' })),
  passthrough: Type.Optional(nullable(JsonObject, { 'x-message': 'passthrough must be an object.' })),
  /** replaces the whole list; entries without a uid get the next free number */
  entries: Type.Optional(LorebookEntriesBody),
  id: readOnlyField(),
  createdAt: readOnlyField(),
  updatedAt: readOnlyField(),
  entryCount: readOnlyField(),
};

/** PATCH /api/lorebooks/:id: only the sent fields change. */
export const LorebookPatchBody = Type.Object(bookFields, { additionalProperties: false });
export type LorebookPatchBody = Static<typeof LorebookPatchBody>;

/** POST /api/lorebooks */
export const LorebookCreateBody = Type.Object(
  {
    ...bookFields,
    name: Type.String({
      ...bookFields.name,
      'x-missing': 'name is required: what the lorebook is called.',
    }),
  },
  { additionalProperties: false },
);
export type LorebookCreateBody = Static<typeof LorebookCreateBody>;

const summaryFields = {
  id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  global: Type.Boolean(),
  disabled: Type.Boolean(),
  scanDepth: nullable(Type.Integer()),
  caseSensitive: nullable(Type.Boolean()),
  matchWholeWords: nullable(Type.Boolean()),
  createdAt: Type.String(),
  updatedAt: Type.String(),
};

/** A book in the list: everything but its entries, and how many there are. */
export const LorebookSummary = Type.Object({ ...summaryFields, entryCount: Type.Integer() });
export type LorebookSummary = Static<typeof LorebookSummary>;

/** A book with its entries. */
export const LorebookResource = Type.Object({
  ...summaryFields,
  entries: Type.Array(LorebookEntryResource),
  extensions: Type.Optional(JsonObject),
  passthrough: Type.Optional(JsonObject),
});
export type LorebookResource = Static<typeof LorebookResource>;

const tags = ['lorebooks'];

export const lorebookRouteSchemas = {
  list: { tags, response: { 200: Type.Object({ lorebooks: Type.Array(LorebookSummary) }) } },
  create: { tags, body: LorebookCreateBody, response: { 201: LorebookResource, ...errorResponses } },
  get: { tags, params: IdParams, response: { 200: LorebookResource, ...errorResponses } },
  /** a SillyTavern world-info file (its own format, not a resource of this API) */
  export: { tags, params: IdParams },
  patch: {
    tags,
    params: IdParams,
    body: LorebookPatchBody,
    response: { 200: LorebookResource, ...errorResponses },
  },
  delete: { tags, params: IdParams, response: { 204: Type.Null(), ...errorResponses } },
} as const;
