// Route schemas of /api/tools (docs/api.md, "Tools"). The shape checks live here; the rules (name pattern,
// reserved and duplicate names, script syntax, webhook URL policy) stay in the core's validateToolDefinition,
// and the messages are the same texts it uses.

import { type Static, Type } from 'typebox';
import {
  DESCRIPTION_MAX_LENGTH,
  DISPLAY_NAME_MAX_LENGTH,
  MSG_ALLOW_FETCH,
  MSG_BODY_NOT_TEXT,
  MSG_DESCRIPTION,
  MSG_DISPLAY_NAME,
  MSG_ENABLED,
  MSG_INCLUDE_HIDDEN_CONTEXT,
  MSG_KIND,
  MSG_MODE,
  MSG_PARAMETERS_ROOT,
  MSG_STATIC_RESULT,
  MSG_TOOL_NAME,
  MSG_WEBHOOK_URL_INVALID,
  TOOL_KINDS,
  TOOL_MODES,
  TOOL_NAME_PATTERN,
} from '../tools/messages.js';
import { errorResponses, IdParams, JsonObject, readOnlyField } from './common.js';

const CUSTOM_KINDS = TOOL_KINDS.filter((k) => k !== 'native') as ['script', 'static', 'webhook'];

/** The fields a client writes (POST a whole tool, PATCH any of them). */
const writable = {
  name: Type.String({
    pattern: TOOL_NAME_PATTERN.source,
    'x-message': MSG_TOOL_NAME,
    'x-missing': MSG_TOOL_NAME,
  }),
  displayName: Type.Optional(
    Type.Union([Type.String({ maxLength: DISPLAY_NAME_MAX_LENGTH }), Type.Null()], {
      'x-message': MSG_DISPLAY_NAME,
    }),
  ),
  description: Type.String({
    minLength: 1,
    maxLength: DESCRIPTION_MAX_LENGTH,
    'x-message': MSG_DESCRIPTION,
    'x-missing': MSG_DESCRIPTION,
  }),
  /** JSON Schema of the arguments (`type`, if given, is "object"); `{}` means no parameters */
  parameters: Type.Optional(
    Type.Record(Type.String(), Type.Unknown(), {
      not: { required: ['type'], properties: { type: { not: { const: 'object' } } } },
      'x-message': MSG_PARAMETERS_ROOT,
    }),
  ),
  mode: Type.Optional(Type.Enum(TOOL_MODES, { 'x-message': MSG_MODE })),
  // "native" is refused by the route with its own message
  kind: Type.Optional(Type.Enum(TOOL_KINDS, { 'x-message': MSG_KIND })),
  body: Type.Optional(Type.Union([Type.String(), Type.Null()], { 'x-message': MSG_BODY_NOT_TEXT })),
  simulateBody: Type.Optional(Type.Union([Type.String(), Type.Null()], { 'x-message': MSG_BODY_NOT_TEXT })),
  staticResult: Type.Optional(Type.Union([Type.String(), Type.Null()], { 'x-message': MSG_STATIC_RESULT })),
  webhookUrl: Type.Optional(
    Type.Union([Type.String(), Type.Null()], { 'x-message': MSG_WEBHOOK_URL_INVALID }),
  ),
  includeHiddenContext: Type.Optional(Type.Boolean({ 'x-message': MSG_INCLUDE_HIDDEN_CONTEXT })),
  allowFetch: Type.Optional(Type.Boolean({ 'x-message': MSG_ALLOW_FETCH })),
  enabled: Type.Optional(Type.Boolean({ 'x-message': MSG_ENABLED })),
};

const readOnly = {
  id: readOnlyField(),
  order: readOnlyField(),
  createdAt: readOnlyField(),
  updatedAt: readOnlyField(),
};

/** POST /api/tools */
export const ToolCreateBody = Type.Object(
  {
    ...writable,
    ...readOnly,
    /** webhook URLs with credentials: the user confirmed sending them */
    confirmCredentials: Type.Optional(Type.Boolean({ readOnly: true })),
  },
  { additionalProperties: false, 'x-unknown-alone': true },
);
export type ToolCreateBody = Static<typeof ToolCreateBody>;

/** PATCH /api/tools/:id: only the sent fields change. */
export const ToolPatchBody = Type.Object(
  {
    ...writable,
    name: Type.Optional(writable.name),
    description: Type.Optional(writable.description),
    ...readOnly,
    confirmCredentials: Type.Optional(Type.Boolean({ readOnly: true })),
  },
  { additionalProperties: false, 'x-unknown-alone': true },
);
export type ToolPatchBody = Static<typeof ToolPatchBody>;

/** A custom tool as the API answers it (webhook URL credentials masked). */
export const ToolResource = Type.Object({
  id: Type.String(),
  name: Type.String(),
  displayName: Type.String(),
  description: Type.String(),
  parameters: JsonObject,
  mode: Type.Enum(TOOL_MODES),
  kind: Type.Enum(CUSTOM_KINDS),
  body: Type.String(),
  simulateBody: Type.String(),
  staticResult: Type.String(),
  webhookUrl: Type.String(),
  includeHiddenContext: Type.Boolean(),
  /** script tools: may call fetch (under the webhook URL rules) */
  allowFetch: Type.Optional(Type.Boolean()),
  enabled: Type.Boolean(),
  order: Type.Number(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type ToolResource = Static<typeof ToolResource>;

/** A built-in tool (on/off only). */
export const BuiltinToolResource = Type.Object({
  name: Type.String(),
  displayName: Type.String(),
  description: Type.String(),
  parameters: JsonObject,
  mode: Type.Enum(TOOL_MODES),
  kind: Type.Literal('native'),
  enabled: Type.Boolean(),
});
export type BuiltinToolResource = Static<typeof BuiltinToolResource>;

/** A tool of a connected MCP server, under the name models call it by. */
export const McpToolEntry = Type.Object({
  ...BuiltinToolResource.properties,
  server: Type.Object({ id: Type.String(), name: Type.String() }),
  toolName: Type.String(),
  available: Type.Boolean(),
});
export type McpToolEntry = Static<typeof McpToolEntry>;

/**
 * A tool as a list shows it — the chat's tool picker, the orchestration catalog: its names, kind, mode and its own
 * switch (Functions page, builtin switch, the character's tools; a chat's or a mode's switches may still override it).
 */
export const listedToolFields = {
  name: Type.String(),
  displayName: Type.Optional(Type.String()),
  description: Type.String(),
  kind: Type.Enum(TOOL_KINDS),
  mode: Type.Enum(TOOL_MODES),
  enabled: Type.Boolean(),
};

export const ToolsList = Type.Object({
  tools: Type.Array(ToolResource),
  builtin: Type.Array(BuiltinToolResource),
  mcp: Type.Array(McpToolEntry),
});
export type ToolsList = Static<typeof ToolsList>;

export const ToolCapabilities = Type.Object({
  scriptExecutionEnabled: Type.Boolean(),
  localWebhooksEnabled: Type.Boolean(),
  timeoutMs: Type.Number(),
  maxRounds: Type.Number(),
});
export type ToolCapabilities = Static<typeof ToolCapabilities>;

export const ToolOrderBody = Type.Object(
  {
    ids: Type.Array(Type.String(), {
      'x-message': 'ids must be a list of tool ids.',
      'x-missing': 'ids must be a list of tool ids.',
    }),
  },
  { additionalProperties: false },
);
export type ToolOrderBody = Static<typeof ToolOrderBody>;

export const BuiltinToggleBody = Type.Object({
  enabled: Type.Boolean({
    'x-message': 'enabled must be true or false.',
    'x-missing': 'enabled must be true or false.',
  }),
});
export type BuiltinToggleBody = Static<typeof BuiltinToggleBody>;

/** Every route of the group, in the shape Fastify's `schema` option takes. */
export const toolRouteSchemas = {
  capabilities: { tags: ['tools'], response: { 200: ToolCapabilities } },
  list: { tags: ['tools'], response: { 200: ToolsList } },
  create: { tags: ['tools'], body: ToolCreateBody, response: { 201: ToolResource, ...errorResponses } },
  order: {
    tags: ['tools'],
    body: ToolOrderBody,
    response: { 200: Type.Object({ tools: Type.Array(ToolResource) }), ...errorResponses },
  },
  builtinToggle: {
    tags: ['tools'],
    params: Type.Object({ name: Type.String() }),
    body: BuiltinToggleBody,
    response: { 200: BuiltinToolResource, ...errorResponses },
  },
  get: { tags: ['tools'], params: IdParams, response: { 200: ToolResource, ...errorResponses } },
  patch: {
    tags: ['tools'],
    params: IdParams,
    body: ToolPatchBody,
    response: { 200: ToolResource, ...errorResponses },
  },
  delete: { tags: ['tools'], params: IdParams, response: { 204: Type.Null(), ...errorResponses } },
} as const;
