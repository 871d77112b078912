// Route schemas of /api/chats (docs/api.md, "Chats"): create, edit, the chat's settings (tools, lorebooks,
// orchestration, world-info activation) and its tool picker's list. The shape checks live here; the rules that
// need storage (the connection, preset, persona, characters and lorebooks exist) stay with the server's route.

import { type Static, Type } from 'typebox';
import { ORCHESTRATION_MODES } from '../orchestration/modes.js';
import type {
  SelectiveLogic,
  WorldInfoActivationReason,
  WorldInfoBudgetReport,
  WorldInfoGroupOutcome,
  WorldInfoSkipReason,
  WorldInfoTimedEffectsState,
  WorldInfoTimedStatus,
} from '../worldinfo/types.js';
import { errorResponses, IdParams, JsonObject, readOnlyField } from './common.js';
import { nullable } from './nullable.js';
import { listedToolFields } from './tools.js';

export const MAX_CHAT_TITLE = 256;
export const MAX_WORLD_INFO_SCAN_DEPTH = 1_000;
export const MAX_WORLD_INFO_BUDGET = 1_000_000;
export const MAX_RECURSION_DEPTH = 10;

/** A list of names or ids; a bad list and a bad item get the same words. */
const names = (label: string, maxItems: number, maxLength = 64) => {
  const message = `${label} must be a list of at most ${maxItems} texts of at most ${maxLength} characters each.`;
  return Type.Optional(
    Type.Array(Type.String({ maxLength, 'x-message': message }), { maxItems, 'x-message': message }),
  );
};

const WI = 'settings.worldInfo';
const BUDGET_MESSAGE = `${WI}.budget must be { limit: 1–${MAX_WORLD_INFO_BUDGET}, unit: "tokens" | "chars" } or null.`;
const RECURSION_MESSAGE = `${WI}.recursion must be { enabled?: true | false, maxDepth?: 0–${MAX_RECURSION_DEPTH} } or null.`;

/** `chat.settings.worldInfo` as stored and answered: unset fields keep the engine's defaults. */
export const ChatWorldInfoSettings = Type.Object({
  /** how many of the latest messages are scanned (engine default 2; books and entries may say otherwise) */
  scanDepth: Type.Optional(Type.Integer()),
  /** the most tokens or characters activated entries may take; later, lower-priority entries are dropped */
  budget: Type.Optional(
    Type.Object({ limit: Type.Integer(), unit: Type.Union([Type.Literal('tokens'), Type.Literal('chars')]) }),
  ),
  /** entries activating entries (engine default: on, 3 rounds) */
  recursion: Type.Optional(
    Type.Object({ enabled: Type.Optional(Type.Boolean()), maxDepth: Type.Optional(Type.Integer()) }),
  ),
  /** inclusion groups pick by key matches first (SillyTavern's "Use group scoring"; entries may override) */
  useGroupScoring: Type.Optional(Type.Boolean()),
});
export type ChatWorldInfoSettings = Static<typeof ChatWorldInfoSettings>;

/** `settings.worldInfo` in a request: each field null or absent keeps the engine's default; null or {} clears. */
export const ChatWorldInfoSettingsBody = nullable(
  Type.Object(
    {
      scanDepth: Type.Optional(
        nullable(Type.Integer({ minimum: 0, maximum: MAX_WORLD_INFO_SCAN_DEPTH }), {
          'x-message': `${WI}.scanDepth must be a whole number from 0 to ${MAX_WORLD_INFO_SCAN_DEPTH}.`,
        }),
      ),
      budget: Type.Optional(
        nullable(
          Type.Object(
            {
              limit: Type.Integer({ minimum: 1, maximum: MAX_WORLD_INFO_BUDGET }),
              /** default tokens */
              unit: Type.Optional(Type.Union([Type.Literal('tokens'), Type.Literal('chars')])),
            },
            { additionalProperties: false },
          ),
          { 'x-message': BUDGET_MESSAGE, 'x-whole': true },
        ),
      ),
      recursion: Type.Optional(
        nullable(
          Type.Object(
            {
              enabled: Type.Optional(Type.Boolean()),
              maxDepth: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_RECURSION_DEPTH })),
            },
            { additionalProperties: false },
          ),
          { 'x-message': RECURSION_MESSAGE, 'x-whole': true },
        ),
      ),
      useGroupScoring: Type.Optional(
        nullable(Type.Boolean(), { 'x-message': `${WI}.useGroupScoring must be true or false.` }),
      ),
    },
    { additionalProperties: false },
  ),
  {
    'x-message': `${WI} must be an object { scanDepth?, budget?, recursion?, useGroupScoring? } or null.`,
  },
);
export type ChatWorldInfoSettingsBody = Static<typeof ChatWorldInfoSettingsBody>;

const ORCH = 'settings.orchestration';
const OrchestrationMode = Type.Enum(ORCHESTRATION_MODES);

/** `chat.settings.orchestration`: run the orchestration profile before each reply (mode: the profile's own). */
export const ChatOrchestrationSetting = Type.Object({
  enabled: Type.Boolean(),
  mode: Type.Optional(OrchestrationMode),
});
export type ChatOrchestrationSetting = Static<typeof ChatOrchestrationSetting>;

const ChatOrchestrationSettingBody = Type.Object(
  {
    enabled: Type.Boolean({ 'x-message': `${ORCH}.enabled must be true or false.` }),
    mode: Type.Optional(
      nullable(OrchestrationMode, {
        'x-message': `${ORCH}.mode must be ${ORCHESTRATION_MODES.map((m) => `"${m}"`).join(', ')} or null (the profile's mode).`,
      }),
    ),
  },
  { additionalProperties: false, 'x-message': `${ORCH} must be an object { enabled, mode }.` },
);

/** `settings` in a chat body: only the sent fields change. */
export const ChatSettingsBody = Type.Object(
  {
    toolUse: Type.Optional(Type.Boolean({ 'x-message': 'settings.toolUse must be true or false.' })),
    /** the global, builtin, extension and MCP tools picked for this chat (none picked: all that are on) */
    tools: names('settings.tools', 1000),
    /** the chat's characters' tools switched off in this chat (by name) */
    characterToolsOff: names('settings.characterToolsOff', 1000),
    lorebookIds: names('settings.lorebookIds', 100),
    orchestration: Type.Optional(ChatOrchestrationSettingBody),
    worldInfo: Type.Optional(ChatWorldInfoSettingsBody),
    approveWriteTools: Type.Optional(
      Type.Boolean({ 'x-message': 'settings.approveWriteTools must be true or false.' }),
    ),
  },
  { additionalProperties: false, 'x-message': 'settings must be an object { toolUse, tools, lorebookIds }.' },
);
export type ChatSettingsBody = Static<typeof ChatSettingsBody>;

const reference = (field: string) =>
  Type.Optional(nullable(Type.String(), { 'x-message': `${field} must be an id or null.` }));

/** POST /api/chats (every field optional) and PATCH /api/chats/:id (only the sent fields change). */
export const ChatBody = Type.Object(
  {
    title: Type.Optional(Type.String({ maxLength: MAX_CHAT_TITLE })),
    connectionId: reference('connectionId'),
    presetId: reference('presetId'),
    personaId: reference('personaId'),
    /** one character, or several for a group chat (in speaking order: the first one answers) */
    characterIds: names('characterIds', 32),
    settings: Type.Optional(ChatSettingsBody),
    id: readOnlyField(),
    createdAt: readOnlyField(),
    updatedAt: readOnlyField(),
  },
  { additionalProperties: false },
);
export type ChatBody = Static<typeof ChatBody>;

/** A chat's settings as stored and answered. */
export const ChatSettingsResource = Type.Object({
  toolUse: Type.Boolean(),
  tools: Type.Array(Type.String()),
  /** the chat's characters' tools switched off in this chat (by name); the rest come with their characters */
  characterToolsOff: Type.Optional(Type.Array(Type.String())),
  /** lorebooks attached to this chat (global ones apply as well); unknown ids are ignored at activation */
  lorebookIds: Type.Array(Type.String()),
  orchestration: Type.Optional(ChatOrchestrationSetting),
  worldInfo: Type.Optional(ChatWorldInfoSettings),
  /** "Ask before running write tools": each write tool call waits for the user's Allow / Deny */
  approveWriteTools: Type.Optional(Type.Boolean()),
});
export type ChatSettingsResource = Static<typeof ChatSettingsResource>;

/** A chat as the API answers it. */
export const ChatResource = Type.Object({
  id: Type.String(),
  title: Type.String(),
  connectionId: nullable(Type.String()),
  presetId: nullable(Type.String()),
  personaId: nullable(Type.String()),
  /** the chat's character, or several for a group chat (in speaking order); empty: no character */
  characterIds: Type.Array(Type.String()),
  settings: ChatSettingsResource,
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type ChatResource = Static<typeof ChatResource>;

/** One tool in the chat's tool picker. */
export const ChatToolEntry = Type.Object({
  ...listedToolFields,
  /** offered to the model on the chat's next turn */
  offered: Type.Boolean(),
  /** why it is not offered (absent when it is) */
  reason: Type.Optional(Type.String()),
});
export type ChatToolEntry = Static<typeof ChatToolEntry>;

/**
 * One source of tools. `kind` says how the chat scopes it: `global`, `builtin`, `extension` (and MCP servers'
 * groups) are narrowed by `settings.tools`; `character` tools come with their character unless switched off in
 * `settings.characterToolsOff`; `orchestration` tools are listed for reference.
 */
export const ChatToolGroup = Type.Object({
  id: Type.String(),
  /** global, builtin, extension, mcp, character, orchestration — or another source's kind */
  kind: Type.String(),
  label: Type.String(),
  character: Type.Optional(Type.Object({ id: Type.String(), name: Type.String() })),
  tools: Type.Array(ChatToolEntry),
});
export type ChatToolGroup = Static<typeof ChatToolGroup>;

/** GET /api/chats/:id/tools: every source of tools in its group, each marked offered or not (and why). */
export const ChatToolList = Type.Object({
  toolUse: Type.Boolean(),
  /** false when the chat's connection has function calling off (no tools on any path) */
  functionCalling: Type.Boolean(),
  /** the names the model is offered on the next turn, in the order it gets them */
  offered: Type.Array(Type.String()),
  groups: Type.Array(ChatToolGroup),
});
export type ChatToolList = Static<typeof ChatToolList>;

/** A JSON object answered whole: a shape the core declares as TypeScript (reasons, group contests). */
const whole = <T>() => Type.Unsafe<T>(JsonObject);

/** One entry as the stored trace names it: its book (id and name), uid and title; never its content. */
export const ActivationEntryName = Type.Object({
  book: nullable(Type.String()),
  bookName: nullable(Type.String()),
  uid: nullable(Type.Union([Type.String(), Type.Number()])),
  title: Type.String(),
});
export type ActivationEntryName = Static<typeof ActivationEntryName>;

/** The chat's last world-info activation: who activated and why, every entry's outcome (docs/world-info.md). */
export const WorldInfoActivationTrace = Type.Object({
  at: Type.String(),
  activated: Type.Array(
    Type.Object({
      ...ActivationEntryName.properties,
      position: Type.String(),
      depth: Type.Optional(Type.Number()),
      role: Type.Optional(Type.String()),
      reason: whole<WorldInfoActivationReason>(),
    }),
  ),
  trace: Type.Array(
    Type.Object({
      ...ActivationEntryName.properties,
      activated: Type.Boolean(),
      reason: Type.Optional(whole<WorldInfoActivationReason>()),
      skipped: Type.Optional(Type.Unsafe<WorldInfoSkipReason>(Type.String())),
      failedLogic: Type.Optional(Type.Unsafe<SelectiveLogic>(Type.String())),
      roll: Type.Optional(Type.Number()),
      cost: Type.Optional(Type.Number()),
      invalidKeys: Type.Optional(Type.Array(Type.String())),
      timed: Type.Optional(whole<WorldInfoTimedStatus>()),
      started: Type.Optional(
        Type.Object({ sticky: Type.Optional(Type.Number()), cooldown: Type.Optional(Type.Number()) }),
      ),
      group: Type.Optional(whole<WorldInfoGroupOutcome>()),
      recursionLevel: Type.Optional(Type.Number()),
    }),
  ),
  budget: Type.Optional(whole<WorldInfoBudgetReport>()),
  /** the deepest recursion round that activated something (0 = none) */
  recursionDepth: Type.Number(),
  /** the chat's running sticky / cooldown effects after this turn, counted in messages */
  timedEffects: Type.Optional(whole<WorldInfoTimedEffectsState>()),
});
export type WorldInfoActivationTrace = Static<typeof WorldInfoActivationTrace>;

const tags = ['chats'];
export const chatRouteSchemas = {
  list: { tags, response: { 200: Type.Object({ chats: Type.Array(ChatResource) }) } },
  create: { tags, body: ChatBody, response: { 201: ChatResource, ...errorResponses } },
  get: { tags, params: IdParams, response: { 200: ChatResource, ...errorResponses } },
  patch: { tags, params: IdParams, body: ChatBody, response: { 200: ChatResource, ...errorResponses } },
  delete: { tags, params: IdParams, response: { 204: Type.Null(), ...errorResponses } },
  tools: { tags, params: IdParams, response: { 200: ChatToolList, ...errorResponses } },
  /** GET /api/chats/:id/world-info: null before the chat's first activation */
  worldInfo: {
    tags,
    params: IdParams,
    response: { 200: Type.Object({ activation: nullable(WorldInfoActivationTrace) }), ...errorResponses },
  },
} as const;
