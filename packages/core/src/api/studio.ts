// Route schemas of /api/studio (docs/api.md, "Studio"): the AI Iteration Studio's sessions, the authoring agent's
// turns and its proposals (review cards). The shape checks live here; the rules (the chat and connection exist, a
// goal that is not blank, an edit that keeps its kind and still applies) stay with the route and the proposal
// builder.

import { type Static, Type } from 'typebox';
import { ORCHESTRATION_MODES } from '../orchestration/modes.js';
import { errorResponses, IdParams } from './common.js';
import { OrchestrationRunOrError } from './orchestration.js';
import { OrchestrationProfileResource, ProfileTool } from './orchestration-profile.js';

export const MAX_STUDIO_TEXT = 20_000;

/** A JSON Patch (RFC 6902) operation, as the agent writes them for schema and profile edits. */
export const JsonPatchOperation = Type.Union([
  Type.Object({ op: Type.Literal('add'), path: Type.String(), value: Type.Unknown() }),
  Type.Object({ op: Type.Literal('remove'), path: Type.String() }),
  Type.Object({ op: Type.Literal('replace'), path: Type.String(), value: Type.Unknown() }),
  Type.Object({ op: Type.Literal('move'), path: Type.String(), from: Type.String() }),
  Type.Object({ op: Type.Literal('copy'), path: Type.String(), from: Type.String() }),
  Type.Object({ op: Type.Literal('test'), path: Type.String(), value: Type.Unknown() }),
]);
export type JsonPatchOperation = Static<typeof JsonPatchOperation>;

/** A find/replace edit of one text field of a profile tool. */
export const StudioTextEdit = Type.Object({
  field: Type.Enum(['body', 'simulateBody', 'staticResult', 'description', 'webhookUrl']),
  find: Type.String(),
  replace: Type.String(),
});
export type StudioTextEdit = Static<typeof StudioTextEdit>;

/** What one proposal changes in the global profile. */
export const StudioProposalChange = Type.Union([
  Type.Object({ kind: Type.Literal('set'), tool: ProfileTool }),
  Type.Object({
    kind: Type.Literal('patch'),
    name: Type.String(),
    edits: Type.Array(StudioTextEdit),
    schemaPatch: Type.Array(JsonPatchOperation),
  }),
  Type.Object({ kind: Type.Literal('remove'), name: Type.String() }),
  Type.Object({
    kind: Type.Literal('toggle'),
    name: Type.String(),
    /** null: back to what the mode's categories say */
    on: Type.Union([Type.Boolean(), Type.Null()]),
    mode: Type.Enum(ORCHESTRATION_MODES),
    /** a spec node or sub-agent's override instead of the mode's switch */
    node: Type.Optional(Type.String()),
  }),
  Type.Object({ kind: Type.Literal('edit_profile'), patch: Type.Array(JsonPatchOperation) }),
]);
export type StudioProposalChange = Static<typeof StudioProposalChange>;

/** A dry run of a proposed tool (the agent's, before the card was shown). */
export const StudioDryRun = Type.Object({
  at: Type.String(),
  tool: Type.String(),
  args: Type.Unknown(),
  ok: Type.Boolean(),
  result: Type.Optional(Type.Unknown()),
  error: Type.Optional(Type.String()),
  logs: Type.Array(Type.Object({ level: Type.String(), message: Type.String() })),
  durationMs: Type.Number(),
  simulated: Type.Optional(Type.Boolean()),
  unvalidated: Type.Optional(Type.Boolean()),
});
export type StudioDryRun = Static<typeof StudioDryRun>;

/** A change the authoring agent proposed. Nothing is applied until the user accepts it. */
export const StudioProposal = Type.Object({
  id: Type.String(),
  status: Type.Enum(['pending', 'accepted', 'rejected']),
  /** one line: what changes ("Create script tool track_gold") */
  title: Type.String(),
  /** the agent's reason */
  reason: Type.String(),
  change: StudioProposalChange,
  /** the tool before and after (set, patch, remove), for the body and schema diff */
  toolBefore: Type.Union([ProfileTool, Type.Null()]),
  toolAfter: Type.Union([ProfileTool, Type.Null()]),
  /** the affected part of the profile before and after (toggle, edit_profile), as JSON */
  profileBefore: Type.Optional(Type.Unknown()),
  profileAfter: Type.Optional(Type.Unknown()),
  /** a webhook or script tool the agent creates is stored switched off, like an import */
  arrivesDisabled: Type.Boolean(),
  dryRuns: Type.Array(StudioDryRun),
  createdAt: Type.String(),
  /** accepted: the profile history entry that undoes it */
  historyId: Type.Optional(Type.String()),
  /** the user edited the card */
  edited: Type.Optional(Type.Boolean()),
});
export type StudioProposal = Static<typeof StudioProposal>;

/** A tool the agent called in one turn. */
export const StudioToolCall = Type.Object({
  name: Type.String(),
  args: Type.Unknown(),
  ok: Type.Boolean(),
  /** a short text of the result or the error */
  summary: Type.String(),
});
export type StudioToolCall = Static<typeof StudioToolCall>;

export const StudioMessage = Type.Object({
  role: Type.Enum(['user', 'assistant']),
  content: Type.String(),
  at: Type.String(),
  calls: Type.Optional(Type.Array(StudioToolCall)),
  /** the turn failed (provider error) */
  error: Type.Optional(Type.Object({ code: Type.String(), message: Type.String() })),
});
export type StudioMessage = Static<typeof StudioMessage>;

const sessionFields = {
  id: Type.String(),
  title: Type.String(),
  chatId: Type.String(),
  connectionId: Type.String(),
  messages: Type.Array(StudioMessage),
  proposals: Type.Array(StudioProposal),
  createdAt: Type.String(),
  updatedAt: Type.String(),
};

/** A session as the server stores it. */
export const StoredStudioSession = Type.Object(sessionFields);
export type StoredStudioSession = Static<typeof StoredStudioSession>;

/** A session as the API answers it: with the number of pending cards. */
export const StudioSession = Type.Object({ ...sessionFields, pending: Type.Number() });
export type StudioSession = Static<typeof StudioSession>;

/** `GET /api/studio/sessions` entries. */
export const StudioSessionSummary = Type.Object({
  id: Type.String(),
  title: Type.String(),
  chatId: Type.String(),
  pending: Type.Number(),
  updatedAt: Type.String(),
});
export type StudioSessionSummary = Static<typeof StudioSessionSummary>;

/** Accepting cards: the session, the history entry that undoes them, and the profile as it is now. */
export const StudioAcceptAnswer = Type.Object({
  session: StudioSession,
  historyId: Type.String(),
  profile: OrchestrationProfileResource,
});
export type StudioAcceptAnswer = Static<typeof StudioAcceptAnswer>;

/** One simulated run of the compare: what it did, or why it could not run. */
export const StudioRun = OrchestrationRunOrError;
export type StudioRun = Static<typeof StudioRun>;

/** `POST /api/studio/sessions/:id/simulate`: the chat run with the current profile and with the proposals. */
export const StudioCompare = Type.Object({
  /** the pending cards the proposed run applied */
  proposals: Type.Array(Type.String()),
  current: StudioRun,
  proposed: StudioRun,
});
export type StudioCompare = Static<typeof StudioCompare>;

const text = (field: string, missing: string) =>
  Type.String({
    maxLength: MAX_STUDIO_TEXT,
    'x-message': `${field} must be text of at most ${MAX_STUDIO_TEXT} characters.`,
    'x-missing': missing,
  });

/** POST /api/studio/sessions */
export const StudioSessionCreateBody = Type.Object(
  {
    /** the chat the agent reads and simulates against */
    chatId: Type.String({
      'x-message': 'chatId must name the chat the Studio tries the profile on.',
      'x-missing': 'chatId must name the chat the Studio tries the profile on.',
    }),
    /** the connection the authoring agent runs on */
    connectionId: Type.String({
      'x-message': 'connectionId must name the connection the authoring agent runs on.',
      'x-missing': 'connectionId must name the connection the authoring agent runs on.',
    }),
    /** what the orchestration should do better (the first line titles the session) */
    goal: text('goal', 'goal must say what the orchestration should do better.'),
  },
  { additionalProperties: false },
);
export type StudioSessionCreateBody = Static<typeof StudioSessionCreateBody>;

/** POST /api/studio/sessions/:id/messages */
export const StudioMessageBody = Type.Object(
  { content: text('content', 'content must not be empty.') },
  { additionalProperties: false },
);
export type StudioMessageBody = Static<typeof StudioMessageBody>;

/** PATCH /api/studio/sessions/:id/proposals/:pid: the user's own version of the change (same kind). */
export const StudioProposalEditBody = Type.Object(
  {
    change: Type.Record(Type.String(), Type.Unknown(), {
      'x-message': "change must be the proposal's change (as in the proposal).",
      'x-missing': "change must be the proposal's change (as in the proposal).",
    }),
  },
  { additionalProperties: false },
);
export type StudioProposalEditBody = Static<typeof StudioProposalEditBody>;

/** POST /api/studio/sessions/:id/simulate */
export const StudioSimulateBody = Type.Object(
  {
    /** the mode to run (default: the profile's) */
    mode: Type.Optional(Type.Enum(ORCHESTRATION_MODES)),
    /** switch on the tools the cards create (they arrive switched off) */
    enableNew: Type.Optional(Type.Boolean({ 'x-message': 'enableNew must be true or false.' })),
  },
  { additionalProperties: false },
);
export type StudioSimulateBody = Static<typeof StudioSimulateBody>;

const ProposalParams = Type.Object({ id: Type.String(), pid: Type.String() });

const tags = ['studio'];
export const studioRouteSchemas = {
  list: { tags, response: { 200: Type.Object({ sessions: Type.Array(StudioSessionSummary) }) } },
  get: { tags, params: IdParams, response: { 200: StudioSession, ...errorResponses } },
  create: { tags, body: StudioSessionCreateBody, response: { 201: StudioSession, ...errorResponses } },
  message: {
    tags,
    params: IdParams,
    body: StudioMessageBody,
    response: { 200: StudioSession, ...errorResponses },
  },
  delete: { tags, params: IdParams, response: { 204: Type.Null(), ...errorResponses } },
  editProposal: {
    tags,
    params: ProposalParams,
    body: StudioProposalEditBody,
    response: { 200: StudioProposal, ...errorResponses },
  },
  reject: { tags, params: ProposalParams, response: { 200: StudioSession, ...errorResponses } },
  accept: { tags, params: ProposalParams, response: { 200: StudioAcceptAnswer, ...errorResponses } },
  acceptAll: { tags, params: IdParams, response: { 200: StudioAcceptAnswer, ...errorResponses } },
  simulate: {
    tags,
    params: IdParams,
    body: StudioSimulateBody,
    response: { 200: StudioCompare, ...errorResponses },
  },
} as const;
