// Route schemas of /api/connections (docs/api.md, "Connections"): the connection itself, "Fetch models", the
// instruct preview, the connection test and what `auto` remembered per model. API keys are write-only: no
// answer has a field for one (`hasApiKey` says whether one is stored). The rules between fields and against
// the stored connection (a "/" in the name, the URL's scheme, the key's origin, the provider settings a family
// accepts) are the route's; the provider settings keep their core readers and messages.

import { type Static, Type } from 'typebox';
import { TOOL_CALL_FORMATS } from '../protocols/tool-call-formats.js';
import { OMITTABLE_FIELDS, QUIRK_PROFILES } from '../providers/provider-settings.js';
import { errorResponses, IdParams, JsonObject, readOnlyField } from './common.js';
import { nullable } from './nullable.js';
import { providerSettingFields, StoredThinkingSchema } from './presets.js';

const ReasoningTagsSchema = Type.Object(
  { open: Type.String({ maxLength: 64 }), close: Type.String({ maxLength: 64 }) },
  { additionalProperties: false },
);

export const CONNECTION_APIS = [
  'openai',
  'openai-responses',
  'anthropic',
  'google',
  'text-completion',
] as const;
export const TEXT_BACKENDS = ['koboldcpp', 'openai-completions', 'ollama', 'llamacpp'] as const;
export const FUNCTION_CALLING_MODES = ['auto', 'native', 'prompt_xml', 'prompt_json'] as const;

const quoted = (values: readonly string[]) => values.map((v) => `"${v}"`).join(', ');
const MSG_API_REQUIRED = `api is required: one of ${quoted(CONNECTION_APIS)}.`;

const api = Type.Enum(CONNECTION_APIS, { 'x-missing': MSG_API_REQUIRED });
/** a text-completion backend, or '' (none) */
const textBackend = Type.Union([Type.Enum(TEXT_BACKENDS), Type.Literal('')]);

const writable = {
  /** 1–128 characters, no "/" (the gateway addresses a connection as NAME or NAME/MODEL) */
  name: Type.String({ minLength: 1, maxLength: 128 }),
  api,
  /** http(s) URL, or '' for the provider's default */
  baseUrl: Type.Optional(Type.String({ maxLength: 2048 })),
  model: Type.Optional(Type.String({ maxLength: 256 })),
  /** sets the key ('' or null clears it); never answered */
  apiKey: Type.Optional(
    nullable(Type.String({ maxLength: 4096 }), {
      'x-message': 'apiKey must be text (sets the key) or null (clears it).',
    }),
  ),
  functionCalling: Type.Optional(
    Type.Object(
      {
        enabled: Type.Optional(Type.Boolean()),
        mode: Type.Optional(Type.Enum(FUNCTION_CALLING_MODES)),
      },
      { additionalProperties: false, 'x-message': 'functionCalling must be an object { enabled, mode }.' },
    ),
  ),
  /** text-completion: a named template or a user-defined one as JSON (docs/providers.md) */
  instructTemplate: Type.Optional(Type.String({ maxLength: 65_536 })),
  textBackend: Type.Optional(textBackend),
  /** `auto` or one model family whose tool-call markup is read from text (docs/tool-call-formats.md) */
  toolCallFormat: Type.Optional(
    Type.Enum(TOOL_CALL_FORMATS, {
      'x-message': `toolCallFormat must be "auto" (read every model family's tool-call markup) or one family: ${TOOL_CALL_FORMATS.slice(1).join(', ')}.`,
    }),
  ),
  ...providerSettingFields,
  /** anthropic: cache_control breakpoints `{ tools, system, history, ttl }`; null turns them off */
  promptCaching: Type.Optional(
    nullable(JsonObject, {
      'x-message': 'promptCaching must be an object { tools, system, history, ttl }, or null.',
    }),
  ),
  /** openai: `{ profile, omit }` for OpenAI-compatible servers' quirks; null resets them */
  quirks: Type.Optional(
    nullable(JsonObject, { 'x-message': 'quirks must be an object { profile, omit }, or null.' }),
  ),
  /** whether the model reads images; null = send them where the API can */
  vision: Type.Optional(
    nullable(Type.Boolean(), {
      'x-message':
        'vision must be true (the model reads images), false (text only: images become a note) or null.',
    }),
  ),
  /** the server's template opens `<think>` for every reply: the text up to `</think>` is reasoning */
  replyStartsInReasoning: Type.Optional(
    Type.Boolean({
      'x-message':
        "replyStartsInReasoning must be true (the server's template opens <think> for every reply, so the text up to </think> is reasoning) or false.",
    }),
  ),
  /** the model's own reasoning tags (checked further by the route: reasoningTagsProblem), or null */
  reasoningTags: Type.Optional(
    nullable(ReasoningTagsSchema, {
      'x-message':
        'reasoningTags must be an object { open, close } with both tags as strings (like <reasoning> and </reasoning>), or null.',
    }),
  ),
};

const readOnly = {
  id: readOnlyField(),
  hasApiKey: readOnlyField(),
  createdAt: readOnlyField(),
  updatedAt: readOnlyField(),
};

/** POST /api/connections */
export const ConnectionCreateBody = Type.Object(
  {
    ...writable,
    name: Type.String({ ...writable.name, 'x-missing': 'name is required: 1–128 characters, no "/".' }),
    ...readOnly,
  },
  { additionalProperties: false },
);
export type ConnectionCreateBody = Static<typeof ConnectionCreateBody>;

/** PATCH /api/connections/:id: only the sent fields change. */
export const ConnectionPatchBody = Type.Object(
  {
    ...writable,
    name: Type.Optional(writable.name),
    api: Type.Optional(api),
    /** true: keep the stored key although baseUrl or api moves it to another origin */
    keepApiKey: Type.Optional(Type.Literal(true, { 'x-message': 'keepApiKey must be true when sent.' })),
    ...readOnly,
  },
  { additionalProperties: false },
);
export type ConnectionPatchBody = Static<typeof ConnectionPatchBody>;

/** A connection as the API answers it: never its key (`hasApiKey`), credentials in baseUrl masked. */
export const ConnectionResource = Type.Object({
  id: Type.String(),
  name: Type.String(),
  api: Type.Enum(CONNECTION_APIS),
  baseUrl: Type.String(),
  model: Type.String(),
  hasApiKey: Type.Boolean(),
  functionCalling: Type.Object({ enabled: Type.Boolean(), mode: Type.Enum(FUNCTION_CALLING_MODES) }),
  instructTemplate: Type.String(),
  textBackend: Type.String(),
  toolCallFormat: Type.Enum(TOOL_CALL_FORMATS),
  extraBody: JsonObject,
  thinking: StoredThinkingSchema,
  promptCaching: Type.Object({
    tools: Type.Boolean(),
    system: Type.Boolean(),
    history: Type.Boolean(),
    ttl: Type.Union([Type.Literal('5m'), Type.Literal('1h')]),
  }),
  quirks: Type.Object({ profile: Type.Enum(QUIRK_PROFILES), omit: Type.Array(Type.Enum(OMITTABLE_FIELDS)) }),
  vision: nullable(Type.Boolean()),
  replyStartsInReasoning: Type.Boolean(),
  reasoningTags: nullable(ReasoningTagsSchema),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type ConnectionResource = Static<typeof ConnectionResource>;

/** POST /api/connections/models: the form's draft; `id` lends the stored key to the same origin only. */
export const ModelsDraftBody = Type.Object(
  {
    api: Type.Enum(CONNECTION_APIS, { 'x-missing': MSG_API_REQUIRED }),
    baseUrl: Type.Optional(Type.String({ maxLength: 2048 })),
    apiKey: Type.Optional(Type.String({ maxLength: 4096 })),
    textBackend: Type.Optional(textBackend),
    id: Type.Optional(Type.String({ maxLength: 64 })),
  },
  { additionalProperties: false },
);
export type ModelsDraftBody = Static<typeof ModelsDraftBody>;

/** Why a provider call failed: the core's error code and message. */
const Failure = {
  ok: Type.Literal(false),
  code: Type.String(),
  message: Type.String(),
};

/** "Fetch models": the model ids, or why they could not be fetched. */
export const ModelsAnswer = Type.Union([
  Type.Object({ ok: Type.Literal(true), models: Type.Array(Type.String()) }),
  Type.Object(Failure),
]);
export type ModelsAnswer = Static<typeof ModelsAnswer>;

export const InstructPreviewBody = Type.Object(
  { instructTemplate: Type.Optional(Type.String({ maxLength: 65_536 })) },
  { additionalProperties: false },
);
export type InstructPreviewBody = Static<typeof InstructPreviewBody>;

/** The instruct template rendered for a short sample chat, and its stop strings. */
export const InstructPreview = Type.Object({ prompt: Type.String(), stop: Type.Array(Type.String()) });
export type InstructPreview = Static<typeof InstructPreview>;

const ToolCallingAttempt = Type.Object({
  ok: Type.Boolean(),
  message: Type.String(),
  status: Type.Optional(Type.Number()),
  /** a recognised "tools unsupported" refusal */
  signal: Type.Optional(Type.String()),
  /** the tokens ran out before the model got to a call (still reasoning, or writing): neither works nor fails */
  undecided: Type.Optional(Type.Literal(true)),
});

/** POST /api/connections/:id/test: a tiny request, then (function calling on) a forced tool call. */
export const ConnectionTestAnswer = Type.Union([
  Type.Object({
    ok: Type.Literal(true),
    text: Type.String(),
    /** a reasoning model spent the test's few tokens reasoning: no answer text, but the server answered */
    reasoned: Type.Optional(Type.Literal(true)),
    toolCalling: Type.Optional(
      Type.Object({
        native: Type.Optional(ToolCallingAttempt),
        text: Type.Optional(ToolCallingAttempt),
        /** the function-calling mode to use, or null when neither worked (or the model only reasoned) */
        recommended: nullable(Type.Union([Type.Literal('native'), Type.Literal('prompt_xml')])),
        message: Type.String(),
      }),
    ),
  }),
  Type.Object({
    ...Failure,
    /** a 404 on an OpenAI-compatible URL: the base URL that answers */
    suggestion: Type.Optional(Type.Object({ baseUrl: Type.String(), reason: Type.String() })),
  }),
]);
export type ConnectionTestAnswer = Static<typeof ConnectionTestAnswer>;

/** A well-known backend the connection form can start from (GET /api/connections/presets). */
export const ConnectionPresetSchema = Type.Object({
  id: Type.String(),
  label: Type.String(),
  api: Type.Enum(CONNECTION_APIS),
  baseUrl: Type.String(),
  /** text-completion only */
  textBackend: Type.Optional(Type.Enum(TEXT_BACKENDS)),
  /** a model to start with; empty = pick one with "Fetch models" */
  model: Type.String(),
  functionCalling: Type.Object({ enabled: Type.Boolean(), mode: Type.Enum(FUNCTION_CALLING_MODES) }),
  /** whether the service needs an API key */
  apiKey: Type.Union([Type.Literal('required'), Type.Literal('none')]),
  /** runs on the user's machine */
  local: Type.Boolean(),
  notes: Type.String(),
});
export type ConnectionPresetSchema = Static<typeof ConnectionPresetSchema>;

/** What `auto` remembered for one model of a connection. */
export const ToolModeOutcome = Type.Object({
  model: Type.String(),
  mode: Type.Union([Type.Literal('native'), Type.Literal('text')]),
  /** text: the refusal that sent auto to the text protocol */
  reason: nullable(Type.String()),
  status: nullable(Type.Number()),
  recordedAt: Type.String(),
});
export type ToolModeOutcome = Static<typeof ToolModeOutcome>;

const tags = ['connections'];
export const connectionRouteSchemas = {
  list: { tags, response: { 200: Type.Object({ connections: Type.Array(ConnectionResource) }) } },
  create: { tags, body: ConnectionCreateBody, response: { 201: ConnectionResource, ...errorResponses } },
  get: { tags, params: IdParams, response: { 200: ConnectionResource, ...errorResponses } },
  patch: {
    tags,
    params: IdParams,
    body: ConnectionPatchBody,
    response: { 200: ConnectionResource, ...errorResponses },
  },
  delete: { tags, params: IdParams, response: { 204: Type.Null(), ...errorResponses } },
  presets: { tags, response: { 200: Type.Object({ presets: Type.Array(ConnectionPresetSchema) }) } },
  models: { tags, params: IdParams, response: { 200: ModelsAnswer, ...errorResponses } },
  modelsDraft: { tags, body: ModelsDraftBody, response: { 200: ModelsAnswer, ...errorResponses } },
  instructPreview: { tags, body: InstructPreviewBody, response: { 200: InstructPreview, ...errorResponses } },
  test: { tags, params: IdParams, response: { 200: ConnectionTestAnswer, ...errorResponses } },
  toolModes: {
    tags,
    params: IdParams,
    response: { 200: Type.Object({ outcomes: Type.Array(ToolModeOutcome) }), ...errorResponses },
  },
  toolModesDelete: {
    tags,
    params: IdParams,
    querystring: Type.Object({ model: Type.Optional(Type.String()) }),
    response: { 204: Type.Null(), ...errorResponses },
  },
} as const;
