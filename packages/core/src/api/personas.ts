// Route schemas of /api/personas (docs/api.md, "Personas").

import { type Static, Type } from 'typebox';
import { errorResponses, IdParams, readOnlyField } from './common.js';

export const MAX_PERSONA_DESCRIPTION = 100_000;

const MSG_AVATAR = 'avatar must be a PNG, JPEG or WebP image sent as base64, or null to remove it.';

const fields = {
  name: Type.String({ minLength: 1, maxLength: 256 }),
  description: Type.Optional(Type.String({ maxLength: MAX_PERSONA_DESCRIPTION })),
  /** base64 (a data: URL prefix is fine) of a PNG, JPEG or WebP portrait; null removes it */
  avatar: Type.Optional(Type.Union([Type.String(), Type.Null()], { 'x-message': MSG_AVATAR })),
  id: readOnlyField(),
  hasAvatar: readOnlyField(),
  createdAt: readOnlyField(),
  updatedAt: readOnlyField(),
};

export const PersonaCreateBody = Type.Object(
  {
    ...fields,
    name: Type.String({
      ...fields.name,
      'x-missing': 'name is required: what the persona is called ({{user}}).',
    }),
  },
  { additionalProperties: false },
);
export type PersonaCreateBody = Static<typeof PersonaCreateBody>;

export const PersonaPatchBody = Type.Object(
  { ...fields, name: Type.Optional(fields.name) },
  { additionalProperties: false },
);
export type PersonaPatchBody = Static<typeof PersonaPatchBody>;

/** A persona: who the user plays in a chat ({{user}}). */
export const PersonaResource = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  /** a portrait is stored (GET /api/personas/:id/avatar) */
  hasAvatar: Type.Boolean(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type PersonaResource = Static<typeof PersonaResource>;

export const personaRouteSchemas = {
  list: { tags: ['personas'], response: { 200: Type.Object({ personas: Type.Array(PersonaResource) }) } },
  create: {
    tags: ['personas'],
    body: PersonaCreateBody,
    response: { 201: PersonaResource, ...errorResponses },
  },
  get: { tags: ['personas'], params: IdParams, response: { 200: PersonaResource, ...errorResponses } },
  patch: {
    tags: ['personas'],
    params: IdParams,
    body: PersonaPatchBody,
    response: { 200: PersonaResource, ...errorResponses },
  },
  avatar: { tags: ['personas'], params: IdParams },
  delete: { tags: ['personas'], params: IdParams, response: { 204: Type.Null(), ...errorResponses } },
} as const;
