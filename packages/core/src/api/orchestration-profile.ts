// The orchestration profile as the server stores and answers it (GET/PUT /api/orchestration, its history, the
// Studio's proposals): the core's OrchestrationProfile where any agent slot may instead name a stored agent,
// `{ agentId }`. Requests are checked by the core's parseOrchestrationProfile (every rule, dotted field paths);
// these schemas serialize the answers and give the server's store and the web client the one type.

import { type Static, Type } from 'typebox';
import { ORCHESTRATION_MODES } from '../orchestration/modes.js';
import { TOOL_KINDS, TOOL_MODES } from '../tools/messages.js';
import { JsonObject } from './common.js';
import { listedToolFields } from './tools.js';

/** An agent written out in the profile (connection and preset by name, as the runtime finds them). */
export const ProfileAgent = Type.Object({
  name: Type.String(),
  systemPrompt: Type.String(),
  /** pinned tools: empty = what its scope offers; not empty = exactly these */
  tools: Type.Array(Type.String()),
  connectionName: Type.Optional(Type.String()),
  presetName: Type.Optional(Type.String()),
});
export type ProfileAgent = Static<typeof ProfileAgent>;

/** A profile slot: an agent written out, or a stored agent by id (`/api/agents`). */
export const AgentSlot = Type.Union([Type.Object({ agentId: Type.String() }), ProfileAgent]);
export type AgentSlot = Static<typeof AgentSlot>;

/** name → on/off */
const Switches = Type.Record(Type.String(), Type.Boolean());

/** Which tools one mode offers: whole categories, then per-tool switches that shadow them. */
export const ModeSwitches = Type.Object({
  custom: Type.Boolean(),
  builtin: Type.Boolean(),
  tools: Type.Optional(Switches),
});
export type ModeSwitches = Static<typeof ModeSwitches>;

/** A director's sub-agent, or an agent the agenda's planner may assign items to. */
export const ProfileSubAgent = Type.Object({
  name: Type.String(),
  description: Type.Optional(Type.String()),
  agent: AgentSlot,
  toolOverrides: Type.Optional(Switches),
});
export type ProfileSubAgent = Static<typeof ProfileSubAgent>;

/** A node of spec mode's graph. */
export const ProfileSpecNode = Type.Object({
  name: Type.String(),
  task: Type.Optional(Type.String()),
  agent: AgentSlot,
  /** the nodes whose final texts this node reads */
  inputs: Type.Array(Type.String()),
  toolOverrides: Type.Optional(Switches),
});
export type ProfileSpecNode = Static<typeof ProfileSpecNode>;

/** A tool that exists only inside the profile (script, static or webhook; webhook URL credentials masked). */
export const ProfileTool = Type.Object({
  name: Type.String(),
  displayName: Type.Optional(Type.String()),
  description: Type.String(),
  parameters: JsonObject,
  mode: Type.Enum(TOOL_MODES),
  // the core's ToolDefinition kind; the parser refuses "native" in a profile
  kind: Type.Enum(TOOL_KINDS),
  body: Type.Optional(Type.String()),
  simulateBody: Type.Optional(Type.String()),
  staticResult: Type.Optional(Type.String()),
  webhookUrl: Type.Optional(Type.String()),
  includeHiddenContext: Type.Optional(Type.Boolean()),
  allowFetch: Type.Optional(Type.Boolean()),
  enabled: Type.Boolean(),
});
export type ProfileTool = Static<typeof ProfileTool>;

const Mode = Type.Union([
  Type.Literal('loop'),
  Type.Literal('director'),
  Type.Literal('spec'),
  Type.Literal('agenda'),
]);

/** The global orchestration profile as stored and served (docs/api.md, "Agents and orchestration"). */
export const OrchestrationProfileResource = Type.Object({
  /** which mode runs when the chat does not choose one */
  mode: Mode,
  tools: Type.Array(ProfileTool),
  modes: Type.Object({
    loop: ModeSwitches,
    director: ModeSwitches,
    spec: ModeSwitches,
    agenda: ModeSwitches,
  }),
  loop: Type.Object({ agent: AgentSlot }),
  director: Type.Object({ agent: AgentSlot, subAgents: Type.Array(ProfileSubAgent) }),
  spec: Type.Object({ nodes: Type.Array(ProfileSpecNode) }),
  agenda: Type.Object({
    planner: AgentSlot,
    agents: Type.Array(ProfileSubAgent),
    items: Type.Array(Type.String()),
    maxItems: Type.Optional(Type.Number()),
    maxAssignments: Type.Optional(Type.Number()),
  }),
  limits: Type.Object({
    maxRounds: Type.Optional(Type.Number()),
    wallClockBudgetMs: Type.Optional(Type.Number()),
    repeatLimit: Type.Optional(Type.Number()),
  }),
});
export type OrchestrationProfileResource = Static<typeof OrchestrationProfileResource>;

/** `GET /api/orchestration/tools`: a tool a profile's switches, pins and overrides can name. */
export const CatalogTool = Type.Object({
  ...listedToolFields,
  group: Type.Union([
    Type.Literal('custom'),
    Type.Literal('builtin'),
    Type.Literal('extension'),
    Type.Literal('character'),
  ]),
  /** builtin group: the orchestration's own outcome tools */
  origin: Type.Optional(Type.Literal('orchestration')),
  /** extension group: the extension that registered it */
  extension: Type.Optional(Type.String()),
  /** character group: whose tool it is */
  character: Type.Optional(Type.Object({ id: Type.String(), name: Type.String() })),
});
export type CatalogTool = Static<typeof CatalogTool>;

/** One earlier version of the global profile (`GET /api/orchestration/history`), newest first. */
export const ProfileVersion = Type.Object({
  id: Type.String(),
  at: Type.String(),
  /** what replaced this version */
  source: Type.Union([
    Type.Literal('editor'),
    Type.Literal('studio'),
    Type.Literal('restore'),
    Type.Literal('import'),
  ]),
  /** what replaced it, in English (the fields below let a client say it in the user's language) */
  summary: Type.String(),
  /** studio: the titles of the proposals accepted */
  titles: Type.Optional(Type.Array(Type.String())),
  /** restore: when the version that was restored had been replaced (its `at`) */
  restoredAt: Type.Optional(Type.String()),
  /** import: the imported file's orchestration mode and format */
  importMode: Type.Optional(Type.Enum(ORCHESTRATION_MODES)),
  importFormat: Type.Optional(Type.String()),
});
export type ProfileVersion = Static<typeof ProfileVersion>;

/** `GET /api/orchestration/history/:id`: the version with its profile. */
export const ProfileVersionWithProfile = Type.Object({
  ...ProfileVersion.properties,
  profile: OrchestrationProfileResource,
});
export type ProfileVersionWithProfile = Static<typeof ProfileVersionWithProfile>;
