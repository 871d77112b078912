// Route schemas of /api/orchestration and the character override (docs/api.md, "Agents and orchestration"). The
// profile itself is checked by the core's parseOrchestrationProfile (every rule, dotted field paths), so its
// schema here is "a JSON object"; the small bodies around it are declared whole.

import { type Static, Type } from 'typebox';
import { ORCHESTRATION_MODES } from '../orchestration/modes.js';
import { OrchestrationRunAnswer } from './agents.js';
import { errorResponses, IdParams, JsonObject } from './common.js';
import {
  CatalogTool,
  OrchestrationProfileResource,
  ProfileVersion,
  ProfileVersionWithProfile,
} from './orchestration-profile.js';
import { ImportReviewEntry, SkippedImport } from './tool-transfer.js';

/** The profile as stored and served (agents written out or `{ agentId }`); its rules are the core parser's. */
const Profile = Type.Record(Type.String(), Type.Unknown(), {
  'x-message': 'The profile must be a JSON object.',
});

/** POST /api/orchestration/simulate */
export const OrchestrationSimulateBody = Type.Object(
  {
    chatId: Type.String({
      'x-message': 'chatId must name the chat to simulate against.',
      'x-missing': 'chatId must name the chat to simulate against.',
    }),
    /** the mode to run (default: the profile's) */
    mode: Type.Optional(Type.Enum(ORCHESTRATION_MODES)),
  },
  { additionalProperties: false },
);
export type OrchestrationSimulateBody = Static<typeof OrchestrationSimulateBody>;

/** PUT /api/characters/:id/orchestration */
export const CharacterOverrideBody = Type.Object(
  {
    /** the partial profile laid over the global one; null removes it */
    override: Type.Union([JsonObject, Type.Null()], {
      'x-message': 'override must be an object (a partial profile) or null.',
      'x-missing': 'override must be the partial profile, or null to remove it.',
    }),
  },
  { additionalProperties: false },
);
export type CharacterOverrideBody = Static<typeof CharacterOverrideBody>;

export const CharacterOverrideAnswer = Type.Object({
  /** the character's partial profile, or null: it inherits the global one */
  override: Type.Union([JsonObject, Type.Null()]),
  /** the global profile with the override laid over it */
  profile: OrchestrationProfileResource,
});
export type CharacterOverrideAnswer = Static<typeof CharacterOverrideAnswer>;

/** What a run did, or why it could not run (the Studio's compare, the chat's last run). */
export const OrchestrationRunOrError = Type.Union([
  OrchestrationRunAnswer,
  Type.Object({ error: Type.Object({ code: Type.String(), message: Type.String() }) }),
]);
export type OrchestrationRunOrError = Static<typeof OrchestrationRunOrError>;

/** `GET /api/chats/:id/orchestration/last`: the chat's last orchestration run before a reply. */
export const OrchestrationLastRun = Type.Object({ at: Type.String(), result: OrchestrationRunOrError });
export type OrchestrationLastRun = Static<typeof OrchestrationLastRun>;

const tags = ['orchestration'];
/**
 * POST /api/orchestration/import: what a Luker orchestrator profile file makes of the global profile, its tools
 * reviewed like any import; with `apply=true` it is stored (`historyId` to undo).
 */
export const LukerProfileImportAnswer = Type.Object({
  /** the file's format (luker_orchestrator_profile_v1 … v4, or a card's) */
  format: Type.String(),
  mode: Type.Enum(ORCHESTRATION_MODES),
  profile: OrchestrationProfileResource,
  tools: Type.Array(
    Type.Object({
      ...ImportReviewEntry.properties,
      mode: Type.String(),
      enabledAfterImport: Type.Boolean(),
      /** a profile tool of the same name is replaced */
      replaces: Type.Boolean(),
    }),
  ),
  skipped: Type.Array(SkippedImport),
  warnings: Type.Array(Type.String()),
  applied: Type.Boolean(),
  historyId: Type.Optional(Type.String()),
});
export type LukerProfileImportAnswer = Static<typeof LukerProfileImportAnswer>;

export const orchestrationRouteSchemas = {
  get: { tags, response: { 200: OrchestrationProfileResource } },
  tools: {
    tags,
    response: {
      200: Type.Object({ tools: Type.Array(CatalogTool), reservedNames: Type.Array(Type.String()) }),
    },
  },
  put: { tags, body: Profile, response: { 200: OrchestrationProfileResource, ...errorResponses } },
  history: { tags, response: { 200: Type.Object({ versions: Type.Array(ProfileVersion) }) } },
  historyGet: { tags, params: IdParams, response: { 200: ProfileVersionWithProfile, ...errorResponses } },
  historyRestore: {
    tags,
    params: IdParams,
    response: {
      200: Type.Object({ profile: OrchestrationProfileResource, historyId: Type.String() }),
      ...errorResponses,
    },
  },
  lastRun: {
    tags,
    params: IdParams,
    response: {
      200: Type.Object({ run: Type.Union([OrchestrationLastRun, Type.Null()]) }),
      ...errorResponses,
    },
  },
  characterGet: { tags, params: IdParams, response: { 200: CharacterOverrideAnswer, ...errorResponses } },
  characterPut: {
    tags,
    params: IdParams,
    body: CharacterOverrideBody,
    response: { 200: CharacterOverrideAnswer, ...errorResponses },
  },
  simulate: {
    tags,
    body: OrchestrationSimulateBody,
    response: { 200: OrchestrationRunAnswer, ...errorResponses },
  },
  import: {
    tags,
    /** `apply=true`: store the result (else only answer what the profile would become) */
    querystring: Type.Object({ apply: Type.Optional(Type.String()) }),
    response: { 200: LukerProfileImportAnswer, ...errorResponses },
  },
} as const;
