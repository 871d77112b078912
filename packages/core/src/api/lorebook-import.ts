// Answers of the lorebook reviews (docs/api.md, "Lorebooks"): the plan of a lorebook file before it is stored
// (POST /api/lorebooks/import/plan), what an Apply did, and the conflict of a card's or a file's book with a
// stored book of the same name — Replace (with what changes), Keep both (renamed) or Skip. One declaration
// for the server that builds them and the web pages that show them.

import { type Static, Type } from 'typebox';
import { errorResponses } from './common.js';
import { LorebookResource } from './lorebooks.js';

/** What to do with a book whose name a stored book has. */
export const LorebookAction = Type.Union([
  Type.Literal('replace'),
  Type.Literal('keep-both'),
  Type.Literal('skip'),
]);
export type LorebookAction = Static<typeof LorebookAction>;
export const LOREBOOK_ACTIONS: readonly LorebookAction[] = ['replace', 'keep-both', 'skip'];

/** `create` is the only choice when the name is free; a conflict offers replace, keep-both and skip. */
export const LorebookImportAction = Type.Union([Type.Literal('create'), LorebookAction]);
export type LorebookImportAction = Static<typeof LorebookImportAction>;
export const LOREBOOK_IMPORT_ACTIONS: readonly LorebookImportAction[] = ['create', ...LOREBOOK_ACTIONS];

/** One difference between the stored book and the incoming one: a book setting, or an entry added, removed or changed. */
export const LorebookChange = Type.Object({
  kind: Type.Union([
    Type.Literal('setting'),
    Type.Literal('added'),
    Type.Literal('removed'),
    Type.Literal('changed'),
  ]),
  /** the setting's name, or the entry's label */
  label: Type.String(),
  uid: Type.Optional(Type.Union([Type.String(), Type.Number()])),
  before: Type.String(),
  after: Type.String(),
});
export type LorebookChange = Static<typeof LorebookChange>;

const conflictFields = {
  name: Type.String(),
  entries: Type.Integer(),
  existing: Type.Object({ id: Type.String(), name: Type.String(), entries: Type.Integer() }),
  /** same entries and settings: nothing to replace, Skip uses the stored book as it is */
  identical: Type.Boolean(),
  /** Skip when identical, Keep both otherwise: a stored book is never overwritten unasked */
  action: LorebookAction,
  choices: Type.Array(LorebookAction),
  /** the name Keep both stores the incoming book under */
  renameTo: Type.String(),
};

/** A card's lorebook whose name a stored book has; `changes` once the review computed what Replace would change. */
export const CardLorebookConflict = Type.Object({
  ...conflictFields,
  changes: Type.Optional(Type.Array(LorebookChange)),
  unchangedEntries: Type.Optional(Type.Integer()),
});
export type CardLorebookConflict = Static<typeof CardLorebookConflict>;

/** A lorebook file's conflict, with what Replace would change (the stored book keeps its name, global and disabled switches). */
export const LorebookImportConflict = Type.Object({
  ...conflictFields,
  changes: Type.Array(LorebookChange),
  /** entries of the stored book the file leaves as they are */
  unchangedEntries: Type.Integer(),
});
export type LorebookImportConflict = Static<typeof LorebookImportConflict>;

/** One entry of the file as the review lists it. */
export const PlannedLorebookEntry = Type.Object({
  /** position in the file's entries: what `selected` of an Apply names */
  index: Type.Integer(),
  uid: Type.Optional(Type.Union([Type.String(), Type.Number()])),
  /** the entry's comment (its title in SillyTavern), else its first key */
  label: Type.String(),
  keys: Type.Array(Type.String()),
  constant: Type.Boolean(),
  disabled: Type.Boolean(),
  /** the first 200 characters of the content */
  preview: Type.String(),
  contentLength: Type.Integer(),
});
export type PlannedLorebookEntry = Static<typeof PlannedLorebookEntry>;

/** The review of a lorebook file: its book, entries, and the choice on a name conflict. */
export const LorebookImportPlan = Type.Object({
  name: Type.String(),
  description: Type.String(),
  global: Type.Boolean(),
  entries: Type.Array(PlannedLorebookEntry),
  /** the action taken when the user changes nothing: Skip when identical, Keep both when different */
  action: LorebookImportAction,
  choices: Type.Array(LorebookImportAction),
  conflict: Type.Optional(LorebookImportConflict),
});
export type LorebookImportPlan = Static<typeof LorebookImportPlan>;

/** POST /api/lorebooks/import/plan: the plan, its fingerprint (an Apply sends it back), and what the file had that is not kept. */
export const LorebookImportPlanAnswer = Type.Object({
  ...LorebookImportPlan.properties,
  /** changes when a stored book changes: an Apply with an old fingerprint is refused (409 plan_stale) */
  fingerprint: Type.String(),
  warnings: Type.Array(Type.String()),
  unusedFields: Type.Array(Type.String()),
});
export type LorebookImportPlanAnswer = Static<typeof LorebookImportPlanAnswer>;

/** POST /api/lorebooks/import with `dryRun`: what Apply would store, and nothing written. */
export const LorebookImportDryRun = Type.Object({
  dryRun: Type.Literal(true),
  action: LorebookImportAction,
  /** the book's name as it would be stored (the stored book's for Replace and Skip, the new one for Keep both) */
  name: Type.String(),
  /** how many entries would be stored */
  entries: Type.Integer(),
  warnings: Type.Array(Type.String()),
  unusedFields: Type.Array(Type.String()),
  /** the stored book it concerns (Replace, Skip) */
  lorebook: Type.Optional(Type.Object({ id: Type.String(), name: Type.String(), entries: Type.Integer() })),
  /** Replace: what changes in the stored book */
  changes: Type.Optional(Type.Array(LorebookChange)),
  unchangedEntries: Type.Optional(Type.Integer()),
});
export type LorebookImportDryRun = Static<typeof LorebookImportDryRun>;

/** POST /api/lorebooks/import: the book as stored (or, for Skip, as it stays), with the action taken. */
export const LorebookImportApplied = Type.Object({
  ...LorebookResource.properties,
  action: LorebookImportAction,
  warnings: Type.Array(Type.String()),
  unusedFields: Type.Array(Type.String()),
});
export type LorebookImportApplied = Static<typeof LorebookImportApplied>;

const tags = ['lorebooks'];

/** The lorebook-file import's routes: the body is the file itself (read by core's reader), so only answers are declared. */
export const lorebookImportRouteSchemas = {
  plan: { tags, response: { 200: LorebookImportPlanAnswer, ...errorResponses } },
  import: {
    tags,
    response: {
      200: Type.Union([LorebookImportDryRun, LorebookImportApplied]),
      201: LorebookImportApplied,
      ...errorResponses,
    },
  },
} as const;
