// Route schemas of /api/characters (docs/api.md, "Characters"): the card's fields at the top level, the portrait
// as base64, the lorebook by id. The shape checks live here; the rules (blank names, the portrait's bytes, that
// the lorebook exists) stay with the server's parseCharacterInput. Card import and export (PNG, JSON, CHARX
// files) keep their own handling.

import { type Static, Type } from 'typebox';
import { errorResponses, IdParams, JsonObject, readOnlyField } from './common.js';
import { PersonaCreateBody } from './personas.js';
import { ToolPatchBody, ToolResource } from './tools.js';

export const MAX_CARD_TEXT = 1_000_000;

const text = () => Type.Optional(Type.String({ maxLength: MAX_CARD_TEXT }));
const list = (field: string) =>
  Type.Optional(
    Type.Array(Type.String({ maxLength: MAX_CARD_TEXT }), {
      maxItems: 1000,
      'x-message': `${field} must be a list of at most 1000 texts of at most ${MAX_CARD_TEXT} characters each.`,
    }),
  );

/** The card's fields (Character Card V2/V3 names) a client writes. */
const cardFields = {
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 256 })),
  description: text(),
  personality: text(),
  scenario: text(),
  first_mes: text(),
  mes_example: text(),
  system_prompt: text(),
  post_history_instructions: text(),
  creator_notes: text(),
  creator: text(),
  character_version: text(),
  alternate_greetings: list('alternate_greetings'),
  tags: list('tags'),
  /** the card's extensions (the tool-carrying keys come only through the card import) */
  extensions: Type.Optional(
    Type.Record(Type.String(), Type.Unknown(), { 'x-message': 'extensions must be an object.' }),
  ),
};

const fields = {
  ...cardFields,
  /** base64 (a data: URL prefix is fine) of a PNG, JPEG or WebP portrait; null removes it */
  avatar: PersonaCreateBody.properties.avatar,
  /** the character's lorebook; null: none */
  lorebookId: Type.Optional(
    Type.Union([Type.String(), Type.Null()], { 'x-message': 'lorebookId must be an id or null.' }),
  ),
  id: readOnlyField(),
  hasAvatar: readOnlyField(),
  createdAt: readOnlyField(),
  updatedAt: readOnlyField(),
};

/** PATCH /api/characters/:id: only the sent fields change. */
export const CharacterPatchBody = Type.Object(fields, { additionalProperties: false });
export type CharacterPatchBody = Static<typeof CharacterPatchBody>;

/** POST /api/characters */
export const CharacterCreateBody = Type.Object(
  {
    ...fields,
    name: Type.String({ ...cardFields.name, 'x-missing': 'name is required: the character needs a name.' }),
  },
  { additionalProperties: false },
);
export type CharacterCreateBody = Static<typeof CharacterCreateBody>;

/** A character: its card's fields at the top level, plus the server's own. */
export const CharacterResource = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  personality: Type.String(),
  scenario: Type.String(),
  first_mes: Type.String(),
  mes_example: Type.String(),
  system_prompt: Type.String(),
  post_history_instructions: Type.String(),
  creator_notes: Type.String(),
  creator: Type.String(),
  character_version: Type.String(),
  alternate_greetings: Type.Array(Type.String()),
  tags: Type.Array(Type.String()),
  extensions: JsonObject,
  /** a portrait is stored (GET /api/characters/:id/avatar) */
  hasAvatar: Type.Boolean(),
  lorebookId: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type CharacterResource = Static<typeof CharacterResource>;

const tags = ['characters'];
const CharacterToolParams = Type.Object({ id: Type.String(), toolId: Type.String() });

export const characterRouteSchemas = {
  list: { tags, response: { 200: Type.Object({ characters: Type.Array(CharacterResource) }) } },
  create: { tags, body: CharacterCreateBody, response: { 201: CharacterResource, ...errorResponses } },
  get: { tags, params: IdParams, response: { 200: CharacterResource, ...errorResponses } },
  patch: {
    tags,
    params: IdParams,
    body: CharacterPatchBody,
    response: { 200: CharacterResource, ...errorResponses },
  },
  delete: { tags, params: IdParams, response: { 204: Type.Null(), ...errorResponses } },
  avatar: { tags, params: IdParams },
  tools: {
    tags,
    params: IdParams,
    response: { 200: Type.Object({ tools: Type.Array(ToolResource) }), ...errorResponses },
  },
  toolPatch: {
    tags,
    params: CharacterToolParams,
    body: ToolPatchBody,
    response: { 200: ToolResource, ...errorResponses },
  },
  toolDelete: { tags, params: CharacterToolParams, response: { 204: Type.Null(), ...errorResponses } },
} as const;
