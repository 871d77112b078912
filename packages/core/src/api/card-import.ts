// Route schemas of the character card import with its review (docs/api.md, "Characters"): the card itself is
// raw bytes (PNG, JSON) read by the core's card reader; the review, the Apply body and the answers are declared
// here. The card and its tools keep the core's own types (CardData, CardToolReview) and are answered whole.

import { type Static, Type } from 'typebox';
import type { CardToolReview } from '../cards/import-plan.js';
import type { CardData } from '../cards/types.js';
import { CharacterResource } from './characters.js';
import { errorResponses, JsonObject } from './common.js';
import { CardLorebookConflict, LorebookAction } from './lorebook-import.js';
import { SkippedImport } from './tool-transfer.js';
import { ToolResource } from './tools.js';

const tags = ['characters'];

/** What a card would import: the card (its tool lists left out), its tools, and what to decide. */
export const CardImportReviewData = Type.Object({
  card: Type.Unsafe<CardData>(JsonObject),
  format: Type.Enum(['json', 'png']),
  version: Type.Enum(['v1', 'v2', 'v3']),
  specVersion: Type.Optional(Type.String()),
  hasImage: Type.Boolean(),
  /** the card's orchestration override (without tools) */
  orchestration: Type.Optional(JsonObject),
  lukerProfile: Type.Optional(Type.Object({ format: Type.String(), mode: Type.String() })),
  tools: Type.Array(Type.Unsafe<CardToolReview>(JsonObject)),
  hasTools: Type.Boolean(),
  warnings: Type.Array(Type.String()),
  /** the card's lorebook has the name of a stored one: Replace, Keep both or Skip */
  lorebook: Type.Optional(CardLorebookConflict),
});
export type CardImportReviewData = Static<typeof CardImportReviewData>;

/** The card stored: the character, its tools, what was left out. */
export const CardImportSaved = Type.Object({
  status: Type.Literal('saved'),
  character: CharacterResource,
  tools: Type.Array(ToolResource),
  skipped: Type.Array(SkippedImport),
  lorebookId: Type.Union([Type.String(), Type.Null()]),
  warnings: Type.Array(Type.String()),
});
export type CardImportSaved = Static<typeof CardImportSaved>;

/** The card waits for review (`GET`/`apply`/`DELETE /api/characters/import/:importId`). */
export const CardImportPending = Type.Object({
  status: Type.Literal('review'),
  importId: Type.String(),
  expiresAt: Type.Optional(Type.String()),
  review: CardImportReviewData,
});
export type CardImportPending = Static<typeof CardImportPending>;

/** `POST /api/characters/import` and `POST /api/characters/import/:importId/apply`. */
export type CardImportAnswer = CardImportSaved | CardImportPending;

/** `POST /api/characters/import/:importId/apply` */
export const CardImportApplyBody = Type.Object({
  withTools: Type.Boolean({
    'x-message': 'withTools must be true or false.',
    'x-missing': 'withTools must be true or false.',
  }),
  lorebook: Type.Optional(
    Type.Union(LorebookAction.anyOf, {
      'x-message':
        "lorebook must be one of replace, keep-both, skip (what to do with the card's lorebook when one of that name is stored).",
    }),
  ),
  /** the card tools to import (by name); all importable ones when left out */
  tools: Type.Optional(
    Type.Array(Type.Unknown(), {
      'x-message': 'tools must be a list of the names of the card tools to import.',
    }),
  ),
});
export type CardImportApplyBody = Static<typeof CardImportApplyBody>;

const ImportParams = Type.Object({ importId: Type.String() });

export const cardImportRouteSchemas = {
  /** the body is the card file's raw bytes (PNG or JSON): 201 saved at once, or 200 a review */
  import: { tags, response: { 200: CardImportPending, 201: CardImportSaved, ...errorResponses } },
  review: { tags, params: ImportParams, response: { 200: CardImportPending, ...errorResponses } },
  apply: {
    tags,
    params: ImportParams,
    body: CardImportApplyBody,
    response: { 201: CardImportSaved, ...errorResponses },
  },
  cancel: { tags, params: ImportParams, response: { 204: Type.Null(), ...errorResponses } },
} as const;
