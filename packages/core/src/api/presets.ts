// Route schemas of /api/presets (docs/api.md, "Presets"). The shapes and ranges are checked here; the provider
// settings (extraBody, thinking) keep their own reader in the core (providers/provider-settings.ts), which the
// route calls for their inner rules and messages.

import { type Static, Type } from 'typebox';
import { REASONING_EFFORTS } from '../providers/provider-settings.js';
import { errorResponses, IdParams, JsonObject, readOnlyField } from './common.js';
import { nullable, nullableRange as range } from './nullable.js';

const MSG_STOP = 'stop must be a list of at most 16 texts of at most 256 characters each.';

/** extraBody and thinking as requests carry them; their inner rules are the core's readers'. */
export const providerSettingFields = {
  /** extra request fields merged into every request (JSON, at most 16 KiB); null clears them */
  extraBody: Type.Optional(
    nullable(JsonObject, {
      'x-message': 'extraBody must be a JSON object of extra request fields, or null.',
    }),
  ),
  /** `{ effort, budgetTokens, includeThoughts }`, each null when not set; null clears them */
  thinking: Type.Optional(
    nullable(JsonObject, {
      'x-message': 'thinking must be an object { effort, budgetTokens, includeThoughts }, or null.',
    }),
  ),
};

const presetFields = {
  name: Type.String({ minLength: 1, maxLength: 128 }),
  temperature: range(0, 5),
  topP: range(0, 1),
  topK: range(0, 100_000, true),
  maxTokens: range(1, 10_000_000, true),
  stop: Type.Optional(
    Type.Array(Type.String({ maxLength: 256, 'x-message': MSG_STOP }), {
      maxItems: 16,
      'x-message': MSG_STOP,
    }),
  ),
  frequencyPenalty: range(-2, 2),
  presencePenalty: range(-2, 2),
  /** the context window a local backend should use (KoboldCpp max_context_length, Ollama num_ctx) */
  contextLength: range(256, 10_000_000, true),
  minP: range(0, 1),
  /** 1 = off */
  repetitionPenalty: range(0, 10),
  ...providerSettingFields,
  id: readOnlyField(),
  createdAt: readOnlyField(),
  updatedAt: readOnlyField(),
};

/** POST /api/presets: unset numbers are null (the provider's default applies). */
export const PresetCreateBody = Type.Object(
  {
    ...presetFields,
    name: Type.String({ ...presetFields.name, 'x-missing': 'name is required: 1–128 characters.' }),
  },
  { additionalProperties: false },
);
export type PresetCreateBody = Static<typeof PresetCreateBody>;

/** PATCH /api/presets/:id: only the sent fields change. */
export const PresetPatchBody = Type.Object(
  { ...presetFields, name: Type.Optional(presetFields.name) },
  { additionalProperties: false },
);
export type PresetPatchBody = Static<typeof PresetPatchBody>;

/** Thinking settings as stored and served: every key present, null = not set. */
export const StoredThinkingSchema = Type.Object({
  effort: nullable(Type.Enum(REASONING_EFFORTS)),
  budgetTokens: nullable(Type.Integer()),
  includeThoughts: nullable(Type.Boolean()),
});

const num = () => nullable(Type.Number());

/** A sampling preset as the API answers it (unset numbers null: the provider's default applies). */
export const PresetResource = Type.Object({
  id: Type.String(),
  name: Type.String(),
  temperature: num(),
  topP: num(),
  topK: num(),
  maxTokens: num(),
  stop: Type.Array(Type.String()),
  frequencyPenalty: num(),
  presencePenalty: num(),
  contextLength: num(),
  minP: num(),
  repetitionPenalty: num(),
  extraBody: JsonObject,
  thinking: StoredThinkingSchema,
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type PresetResource = Static<typeof PresetResource>;

export const presetRouteSchemas = {
  list: { tags: ['presets'], response: { 200: Type.Object({ presets: Type.Array(PresetResource) }) } },
  create: { tags: ['presets'], body: PresetCreateBody, response: { 201: PresetResource, ...errorResponses } },
  get: { tags: ['presets'], params: IdParams, response: { 200: PresetResource, ...errorResponses } },
  patch: {
    tags: ['presets'],
    params: IdParams,
    body: PresetPatchBody,
    response: { 200: PresetResource, ...errorResponses },
  },
  delete: { tags: ['presets'], params: IdParams, response: { 204: Type.Null(), ...errorResponses } },
} as const;
