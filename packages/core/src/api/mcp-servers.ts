// Route schemas of /api/mcp/servers and /api/mcp/settings (docs/api.md, "MCP servers"). The shape checks live
// here; the rules (blank names, absolute cwd, env and header names, the URL policy, what each transport takes)
// stay with the server's parseMcpServer. Env and header values are write-only: answers carry their names only.

import { type Static, Type } from 'typebox';
import { TOOL_MODES } from '../tools/messages.js';
import { errorResponses, IdParams, JsonObject, readOnlyField } from './common.js';

export const MCP_TRANSPORTS = ['stdio', 'http'] as const;
export const MCP_STATUSES = [
  'disabled',
  'needs_approval',
  'idle',
  'connecting',
  'connected',
  'error',
] as const;

const secretMap = (field: 'env' | 'headers') =>
  Type.Optional(
    Type.Record(Type.String(), Type.Union([Type.String(), Type.Null()]), {
      'x-message': `${field} must be an object of names to text values (null removes a name).`,
    }),
  );

const writable = {
  name: Type.String({ minLength: 1, maxLength: 64, 'x-missing': 'name is required: 1–64 characters.' }),
  transport: Type.Enum(MCP_TRANSPORTS, {
    'x-missing':
      'transport is required: "stdio" (a program Toolsmith starts) or "http" (a Streamable HTTP URL).',
  }),
  /** stdio: the program to start, e.g. "npx" (no shell is used) */
  command: Type.Optional(Type.String({ minLength: 1, maxLength: 4096 })),
  args: Type.Optional(
    Type.Array(Type.String({ maxLength: 8192 }), {
      maxItems: 256,
      'x-message': 'args must be a list of at most 256 texts of at most 8192 characters each.',
    }),
  ),
  /** stdio: `{ NAME: value | null }`; null removes a name */
  env: secretMap('env'),
  cwd: Type.Optional(Type.String({ maxLength: 4096 })),
  /** http: the Streamable HTTP endpoint */
  url: Type.Optional(Type.String({ maxLength: 2048 })),
  /** http: `{ Header: value | null }`; null removes a header */
  headers: secretMap('headers'),
  enabled: Type.Optional(Type.Boolean()),
};

const readOnly = Object.fromEntries(
  [
    'id',
    'createdAt',
    'updatedAt',
    'envKeys',
    'headerKeys',
    'review',
    'approved',
    'approvedAt',
    'status',
    'error',
    'pid',
    'toolCount',
    'toolsListedAt',
  ].map((key) => [key, readOnlyField()]),
);

/** POST /api/mcp/servers */
export const McpServerCreateBody = Type.Object({ ...writable, ...readOnly }, { additionalProperties: false });
export type McpServerCreateBody = Static<typeof McpServerCreateBody>;

/** PATCH /api/mcp/servers/:id: only the sent fields change (the transport stays). */
export const McpServerPatchBody = Type.Object(
  {
    ...writable,
    name: Type.Optional(writable.name),
    transport: Type.Optional(writable.transport),
    /** a new URL on another origin: keep the stored headers (else send them again) */
    keepHeaders: Type.Optional(Type.Literal(true, { 'x-message': 'keepHeaders must be true when sent.' })),
    ...readOnly,
  },
  { additionalProperties: false },
);
export type McpServerPatchBody = Static<typeof McpServerPatchBody>;

/** What must be approved before a stdio server starts: exactly what will run. */
export const McpReview = Type.Object({
  command: Type.String(),
  args: Type.Array(Type.String()),
  /** the command line with shell-style quoting, to show where each argument ends (no shell is used) */
  commandLine: Type.String(),
  cwd: Type.String(),
  /** names of the environment variables it gets (values are secrets and never shown) */
  envKeys: Type.Array(Type.String()),
  /** send this back to approve exactly what was shown */
  fingerprint: Type.String(),
});
export type McpReview = Static<typeof McpReview>;

export const McpStatus = Type.Enum(MCP_STATUSES);
export type McpStatus = Static<typeof McpStatus>;

/** An MCP server as the API answers it (URL credentials masked, env and header values never). */
export const McpServerResource = Type.Object({
  id: Type.String(),
  name: Type.String(),
  transport: Type.Enum(MCP_TRANSPORTS),
  command: Type.String(),
  args: Type.Array(Type.String()),
  cwd: Type.String(),
  url: Type.String(),
  enabled: Type.Boolean(),
  /** names only: the values are secrets and never come back */
  envKeys: Type.Array(Type.String()),
  headerKeys: Type.Array(Type.String()),
  review: Type.Union([McpReview, Type.Null()]),
  approved: Type.Boolean(),
  approvedAt: Type.Union([Type.String(), Type.Null()]),
  status: McpStatus,
  error: Type.Optional(Type.String()),
  pid: Type.Optional(Type.Number()),
  toolCount: Type.Number(),
  toolsListedAt: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type McpServerResource = Static<typeof McpServerResource>;

/** A tool of an MCP server: its own name and the name models call it by. */
export const McpServerTool = Type.Object({
  name: Type.String(),
  modelName: Type.String(),
  displayName: Type.String(),
  description: Type.String(),
  parameters: JsonObject,
  mode: Type.Enum(TOOL_MODES),
  enabled: Type.Boolean(),
});
export type McpServerTool = Static<typeof McpServerTool>;

export const McpServerTools = Type.Object({
  status: McpStatus,
  error: Type.Optional(Type.String()),
  toolsListedAt: Type.Union([Type.String(), Type.Null()]),
  tools: Type.Array(McpServerTool),
});
export type McpServerTools = Static<typeof McpServerTools>;

export const McpApproveBody = Type.Object(
  {
    fingerprint: Type.String({
      minLength: 1,
      maxLength: 200,
      'x-missing': 'fingerprint is required: the review.fingerprint of the command you approve.',
    }),
  },
  { additionalProperties: false },
);
export type McpApproveBody = Static<typeof McpApproveBody>;

export const McpToolToggleBody = Type.Object(
  { enabled: Type.Boolean({ 'x-missing': 'enabled is required: true or false.' }) },
  { additionalProperties: false },
);
export type McpToolToggleBody = Static<typeof McpToolToggleBody>;

/** What /mcp shares: with `reexportServerTools`, the tools of the MCP servers Toolsmith uses too. */
export const McpSettings = Type.Object({ reexportServerTools: Type.Boolean() });
export type McpSettings = Static<typeof McpSettings>;

export const McpSettingsBody = Type.Object(
  {
    reexportServerTools: Type.Boolean({ 'x-missing': 'reexportServerTools is required: true or false.' }),
  },
  { additionalProperties: false },
);
export type McpSettingsBody = Static<typeof McpSettingsBody>;

const tags = ['mcp'];
export const mcpServerRouteSchemas = {
  list: {
    tags,
    response: { 200: Type.Object({ servers: Type.Array(McpServerResource) }), ...errorResponses },
  },
  create: { tags, body: McpServerCreateBody, response: { 201: McpServerResource, ...errorResponses } },
  get: { tags, params: IdParams, response: { 200: McpServerResource, ...errorResponses } },
  patch: {
    tags,
    params: IdParams,
    body: McpServerPatchBody,
    response: { 200: McpServerResource, ...errorResponses },
  },
  delete: { tags, params: IdParams, response: { 204: Type.Null(), ...errorResponses } },
  approve: {
    tags,
    params: IdParams,
    body: McpApproveBody,
    response: { 200: McpServerResource, ...errorResponses },
  },
  tools: {
    tags,
    params: IdParams,
    /** `refresh=true` lists the tools again (else the last listing) */
    querystring: Type.Object({ refresh: Type.Optional(Type.String()) }),
    response: { 200: McpServerTools, ...errorResponses },
  },
  toolToggle: {
    tags,
    params: Type.Object({ id: Type.String(), name: Type.String() }),
    body: McpToolToggleBody,
    response: {
      200: Type.Object({ name: Type.String(), modelName: Type.String(), enabled: Type.Boolean() }),
      ...errorResponses,
    },
  },
  settings: { tags, response: { 200: McpSettings, ...errorResponses } },
  settingsPut: { tags, body: McpSettingsBody, response: { 200: McpSettings, ...errorResponses } },
} as const;
