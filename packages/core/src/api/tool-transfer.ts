// Route schemas of the tools' import, export, dry run and compile check (docs/api.md, "Tools"). The import
// file itself is raw bytes (JSON or ZIP) read by the core's transfer readers, so only the answers and the
// review's Apply body are declared here. The import review's actions are the lorebook review's (one concept):
// create, replace, keep-both, skip.

import { type Static, Type } from 'typebox';
import { TOOL_KINDS, TOOL_MODES } from '../tools/messages.js';
import { errorResponses, IdParams } from './common.js';
import { LorebookImportAction } from './lorebook-import.js';
import { ToolResource } from './tools.js';

const tags = ['tools'];
const CUSTOM_KINDS = TOOL_KINDS.filter((k) => k !== 'native') as ['script', 'static', 'webhook'];

/** The writable fields of a custom tool as the editor builds them (`POST /api/tools`, `PATCH /api/tools/:id`). */
export type ToolInput = Omit<ToolResource, 'id' | 'order' | 'createdAt' | 'updatedAt' | 'enabled'> & {
  enabled?: boolean;
};

/** An item of a file that was not imported, and why. */
export const SkippedImport = Type.Object({ name: Type.String(), reason: Type.String() });
export type SkippedImport = Static<typeof SkippedImport>;

/** A tool stored under another name (a reserved builtin name, or Keep both), and why. */
export const RenamedImport = Type.Object({ from: Type.String(), to: Type.String(), reason: Type.String() });
export type RenamedImport = Static<typeof RenamedImport>;

/** Luker features a script uses: those Toolsmith provides, those it cannot, and whether it calls fetch. */
export const LukerFeatureReport = Type.Object({
  supported: Type.Array(Type.String()),
  unsupported: Type.Array(Type.String()),
  needsFetch: Type.Boolean(),
});
export type LukerFeatureReport = Static<typeof LukerFeatureReport>;

/** What to look at before switching an imported webhook or script tool on. */
export const ImportReviewEntry = Type.Object({
  name: Type.String(),
  kind: Type.Enum(TOOL_KINDS),
  /** scheme + host + port of a webhook URL; null for scripts */
  origin: Type.Union([Type.String(), Type.Null()]),
  requestedEnabled: Type.Boolean(),
  requestedHiddenContext: Type.Boolean(),
  /** a script that calls fetch: "Allow fetch" arrives off */
  requestedFetch: Type.Optional(Type.Boolean()),
  luker: Type.Optional(LukerFeatureReport),
});
export type ImportReviewEntry = Static<typeof ImportReviewEntry>;

/** The file is a Luker orchestrator profile: its modes go in on the Agents page. */
export const LukerProfileNote = Type.Object({
  format: Type.String(),
  mode: Type.String(),
  note: Type.String(),
});

/** `POST /api/tools/import` (one step): what was stored, skipped and renamed, and what to review. */
export const ToolImportAnswer = Type.Object({
  imported: Type.Integer(),
  skipped: Type.Array(SkippedImport),
  /** absent in answers saved before renames were reported */
  renamed: Type.Optional(Type.Array(RenamedImport)),
  review: Type.Array(ImportReviewEntry),
  lukerProfile: Type.Optional(LukerProfileNote),
});
export type ToolImportAnswer = Static<typeof ToolImportAnswer>;

/** What to do with an item of the import review (the lorebook review's actions). */
export const ToolImportAction = LorebookImportAction;
export type ToolImportAction = Static<typeof ToolImportAction>;

/** One field that differs between the stored tool and the file's (URL credentials masked). */
export const ToolFieldChange = Type.Object({
  field: Type.String(),
  before: Type.String(),
  after: Type.String(),
});
export type ToolFieldChange = Static<typeof ToolFieldChange>;

export const ToolImportConflict = Type.Object({
  /** a tool of yours, or a built-in tool (which cannot be replaced) */
  with: Type.Union([Type.Literal('tool'), Type.Literal('builtin')]),
  existingId: Type.Optional(Type.String()),
  /** the file's definition matches the stored one (switches aside): nothing to replace */
  identical: Type.Boolean(),
  changes: Type.Array(ToolFieldChange),
});
export type ToolImportConflict = Static<typeof ToolImportConflict>;

export const ToolPlanItem = Type.Object({
  /** position in the file's importable tools: what an Apply names */
  index: Type.Integer(),
  name: Type.String(),
  displayName: Type.String(),
  description: Type.String(),
  kind: Type.Enum(TOOL_KINDS),
  mode: Type.Enum(TOOL_MODES),
  /** the action taken when the user changes nothing */
  action: ToolImportAction,
  choices: Type.Array(ToolImportAction),
  /** the name Keep both stores it under (only on a conflict) */
  renameTo: Type.Optional(Type.String()),
  conflict: Type.Optional(ToolImportConflict),
  /** a webhook or script tool arrives switched off (the user turns it on after reviewing it) */
  arrivesDisabled: Type.Boolean(),
  review: Type.Optional(ImportReviewEntry),
});
export type ToolPlanItem = Static<typeof ToolPlanItem>;

/** `POST /api/tools/import/plan` and `GET /api/tools/import/:importId`: the plan, nothing written. */
export const ToolImportPlan = Type.Object({
  importId: Type.String(),
  expiresAt: Type.Optional(Type.String()),
  items: Type.Array(ToolPlanItem),
  skipped: Type.Array(SkippedImport),
  lukerProfile: Type.Optional(LukerProfileNote),
});
export type ToolImportPlan = Static<typeof ToolImportPlan>;

const APPLY_ITEMS_MESSAGE =
  'items must be a list of { index, action } for the items to import (an item left out is skipped).';

/** `POST /api/tools/import/:importId/apply`: the items to import with their actions; the rest is skipped. */
export const ToolImportApplyBody = Type.Object(
  {
    items: Type.Array(
      Type.Object(
        {
          index: Type.Integer({
            'x-message': '{field} must be the index of an item in the plan.',
            'x-missing': '{field} must be the index of an item in the plan.',
          }),
          action: Type.Enum(['create', 'replace', 'keep-both', 'skip'], {
            'x-message': '{field} must be one of create, replace, keep-both, skip.',
            'x-missing': '{field} must be one of create, replace, keep-both, skip.',
          }),
        },
        { additionalProperties: false, 'x-message': '{field} must be an object { index, action }.' },
      ),
      { 'x-message': APPLY_ITEMS_MESSAGE, 'x-missing': APPLY_ITEMS_MESSAGE },
    ),
  },
  { additionalProperties: false },
);
export type ToolImportApplyBody = Static<typeof ToolImportApplyBody>;

/** What an Apply did, item by item. */
export const AppliedToolImport = Type.Object({
  created: Type.Integer(),
  replaced: Type.Integer(),
  skipped: Type.Integer(),
  outcome: Type.Array(
    Type.Object({
      index: Type.Integer(),
      name: Type.String(),
      action: ToolImportAction,
      storedAs: Type.Optional(Type.String()),
    }),
  ),
  renamed: Type.Optional(Type.Array(RenamedImport)),
  notImported: Type.Array(SkippedImport),
  review: Type.Array(ImportReviewEntry),
  /** the tools stored (replaced, then created) */
  tools: Type.Optional(Type.Array(ToolResource)),
});
export type AppliedToolImport = Static<typeof AppliedToolImport>;

/** `POST /api/tools/dry-run`: a saved tool by `id` or `name`, or an unsaved one from the editor (`kind`, `body`, ...). */
export const DryRunBody = Type.Object(
  {
    id: Type.Optional(Type.String()),
    name: Type.Optional(Type.String()),
    /** the tool's arguments (default `{}`) */
    args: Type.Optional(Type.Unknown()),
    /** write tools: run the simulate body instead */
    simulate: Type.Optional(Type.Boolean()),
    /** run with the ctx this chat's generation would give (writes recorded, not applied) */
    chatId: Type.Optional(
      Type.Union([Type.String(), Type.Null()], {
        'x-message': 'chatId must be the id of a chat, or null for none.',
      }),
    ),
    kind: Type.Optional(Type.Enum(CUSTOM_KINDS)),
    mode: Type.Optional(Type.Enum(TOOL_MODES)),
    body: Type.Optional(Type.String({ maxLength: 1_000_000 })),
    simulateBody: Type.Optional(Type.String({ maxLength: 1_000_000 })),
    staticResult: Type.Optional(Type.String({ maxLength: 1_000_000 })),
    webhookUrl: Type.Optional(Type.String({ maxLength: 2048 })),
    includeHiddenContext: Type.Optional(Type.Boolean()),
    allowFetch: Type.Optional(Type.Boolean()),
    parameters: Type.Optional(
      Type.Record(Type.String(), Type.Unknown(), {
        'x-message': 'Parameters must be a JSON Schema object with "type": "object" at the root.',
      }),
    ),
  },
  { additionalProperties: false },
);
export type DryRunBody = Static<typeof DryRunBody>;

export const LogEntrySchema = Type.Object({
  level: Type.Enum(['log', 'info', 'warn', 'error', 'debug']),
  message: Type.String(),
});

/** `POST /api/tools/dry-run` as the server answers it. */
export const DryRunAnswer = Type.Object({
  ok: Type.Boolean(),
  result: Type.Unknown(),
  error: Type.Union([Type.String(), Type.Null()]),
  code: Type.Optional(Type.String()),
  hint: Type.Optional(Type.String()),
  logs: Type.Array(LogEntrySchema),
  durationMs: Type.Number(),
  simulated: Type.Optional(Type.Boolean()),
  unvalidated: Type.Optional(Type.Boolean()),
  /** files the tool returned beside its result (an MCP tool's images) */
  attachments: Type.Optional(
    Type.Array(
      Type.Object({
        type: Type.Enum(['image', 'audio', 'resource']),
        mimeType: Type.String(),
        data: Type.String(),
        uri: Type.Optional(Type.String()),
      }),
    ),
  ),
  /** scripts: variable writes and events they asked for, recorded and not applied */
  writes: Type.Optional(
    Type.Array(
      Type.Object({
        kind: Type.Enum(['variable', 'event']),
        name: Type.String(),
        value: Type.Unknown(),
        scope: Type.Optional(Type.Enum(['chat', 'global'])),
      }),
    ),
  ),
});
export type DryRunAnswer = Static<typeof DryRunAnswer>;

export const CompileBody = Type.Object({
  body: Type.String({ 'x-message': 'body must be text.', 'x-missing': 'body must be text.' }),
});
export type CompileBody = Static<typeof CompileBody>;

/** `POST /api/tools/compile`: the script's syntax, with where the first error is. */
export const CompileAnswer = Type.Union([
  Type.Object({ ok: Type.Literal(true) }),
  Type.Object({
    ok: Type.Literal(false),
    error: Type.String(),
    line: Type.Integer(),
    column: Type.Integer(),
  }),
]);
export type CompileAnswer = Static<typeof CompileAnswer>;

/** What a Marinara or Luker export of a tool cannot hold. */
export const ExportNote = Type.Object({
  /** the tool's name in Toolsmith */
  tool: Type.String(),
  /** the Toolsmith field concerned (`name`, `kind`, `simulateBody`, ...) */
  field: Type.String(),
  /** what happens to it, for the user */
  message: Type.String(),
});
export type ExportNote = Static<typeof ExportNote>;

/** `GET /api/tools/export/notes?format=` */
export const ExportNotesAnswer = Type.Object({
  format: Type.Enum(['toolsmith', 'marinara', 'luker']),
  notes: Type.Array(ExportNote),
});
export type ExportNotesAnswer = Static<typeof ExportNotesAnswer>;

const ExportQuery = Type.Object({
  format: Type.Optional(Type.String()),
  secrets: Type.Optional(Type.String()),
});
const ImportParams = Type.Object({ importId: Type.String() });

export const toolTransferRouteSchemas = {
  exportNotes: {
    tags,
    querystring: Type.Object({ format: Type.Optional(Type.String()) }),
    response: {
      200: ExportNotesAnswer,
      ...errorResponses,
    },
  },
  /** a ZIP of every tool, or a Marinara / Luker file (`?format=`) */
  exportAll: { tags, querystring: ExportQuery },
  /** one tool's JSON file */
  exportOne: { tags, params: IdParams, querystring: ExportQuery },
  /** the body is the file's raw bytes (application/json or application/zip) */
  import: { tags, response: { 200: ToolImportAnswer, ...errorResponses } },
  importPlan: { tags, response: { 200: ToolImportPlan, ...errorResponses } },
  importReplan: { tags, params: ImportParams, response: { 200: ToolImportPlan, ...errorResponses } },
  importApply: {
    tags,
    params: ImportParams,
    body: ToolImportApplyBody,
    response: { 201: AppliedToolImport, ...errorResponses },
  },
  importCancel: { tags, params: ImportParams, response: { 204: Type.Null(), ...errorResponses } },
  dryRun: { tags, body: DryRunBody, response: { 200: DryRunAnswer, ...errorResponses } },
  compile: { tags, body: CompileBody, response: { 200: CompileAnswer, ...errorResponses } },
} as const;
