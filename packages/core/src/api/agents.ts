// Route schemas of /api/agents (docs/api.md, "Agents"). The shape checks live here; the rules (agent name
// pattern, tool names, that the connection and preset exist) stay with the core's parseAgent and the route.

import { type Static, Type } from 'typebox';
import { MAX_PROMPT, MSG_AGENT_NAME, NAME_PATTERN } from '../orchestration/profile-checker.js';
import type { OrchestrationOutcome, OrchestrationTrace } from '../orchestration/types.js';
import { errorResponses, IdParams, JsonObject, readOnlyField } from './common.js';

const idOrNull = (field: string) =>
  Type.Optional(Type.Union([Type.String(), Type.Null()], { 'x-message': `${field} must be an id or null.` }));

const fields = {
  name: Type.String({ pattern: NAME_PATTERN.source, 'x-message': MSG_AGENT_NAME }),
  /** the connection the agent's model runs on; null: the chat's */
  connectionId: idOrNull('connectionId'),
  /** the preset (sampling settings); null: the chat's */
  presetId: idOrNull('presetId'),
  systemPrompt: Type.Optional(Type.String({ maxLength: MAX_PROMPT })),
  /** pinned tools: the agent's own enable list (empty: what its scope offers) */
  tools: Type.Optional(
    Type.Array(Type.String(), {
      maxItems: 1000,
      'x-message': 'tools must be a list of tool names (at most 1000).',
    }),
  ),
  id: readOnlyField(),
  createdAt: readOnlyField(),
  updatedAt: readOnlyField(),
};

/** POST /api/agents */
export const AgentCreateBody = Type.Object(
  { ...fields, name: Type.String({ ...fields.name, 'x-missing': MSG_AGENT_NAME }) },
  { additionalProperties: false },
);
export type AgentCreateBody = Static<typeof AgentCreateBody>;

/** PATCH /api/agents/:id: only the sent fields change. */
export const AgentPatchBody = Type.Object(
  { ...fields, name: Type.Optional(fields.name) },
  { additionalProperties: false },
);
export type AgentPatchBody = Static<typeof AgentPatchBody>;

/** A stored agent: connection and preset by id (like chats). */
export const AgentResource = Type.Object({
  id: Type.String(),
  name: Type.String(),
  connectionId: Type.Union([Type.String(), Type.Null()]),
  presetId: Type.Union([Type.String(), Type.Null()]),
  systemPrompt: Type.String(),
  tools: Type.Array(Type.String()),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type AgentResource = Static<typeof AgentResource>;

/** POST /api/agents/:id/run */
export const AgentRunBody = Type.Object(
  {
    chatId: Type.String({
      'x-message': 'chatId must name the chat the agent reads.',
      'x-missing': 'chatId must name the chat the agent reads.',
    }),
    /** only show what would happen: nothing is stored */
    simulate: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type AgentRunBody = Static<typeof AgentRunBody>;

/**
 * What an orchestration or agent run did (`POST /api/agents/:id/run`, `POST /api/orchestration/simulate`): the
 * outcome (notes, forced lorebook entries, variable writes) and the trace of every agent, round and tool call.
 */
export const OrchestrationRunAnswer = Type.Object({
  outcome: Type.Unsafe<OrchestrationOutcome>(JsonObject),
  trace: Type.Unsafe<OrchestrationTrace>(JsonObject),
  error: Type.Optional(Type.Object({ code: Type.String(), message: Type.String() })),
  /** a real run stored the variables its tools set */
  applied: Type.Optional(Type.Boolean()),
});
export type OrchestrationRunAnswer = Static<typeof OrchestrationRunAnswer>;

export const agentRouteSchemas = {
  list: { tags: ['agents'], response: { 200: Type.Object({ agents: Type.Array(AgentResource) }) } },
  create: { tags: ['agents'], body: AgentCreateBody, response: { 201: AgentResource, ...errorResponses } },
  get: { tags: ['agents'], params: IdParams, response: { 200: AgentResource, ...errorResponses } },
  patch: {
    tags: ['agents'],
    params: IdParams,
    body: AgentPatchBody,
    response: { 200: AgentResource, ...errorResponses },
  },
  delete: { tags: ['agents'], params: IdParams, response: { 204: Type.Null(), ...errorResponses } },
  run: {
    tags: ['agents'],
    params: IdParams,
    body: AgentRunBody,
    response: { 200: OrchestrationRunAnswer, ...errorResponses },
  },
} as const;
