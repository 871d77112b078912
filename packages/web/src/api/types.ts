// Shapes of the HTTP API (docs/api.md). The web talks to the server only over HTTP.

import type { LogEntry, ToolKind, ToolMode } from '@toolsmith/core/schema';

// The shapes of routes with route schemas (tools, personas, presets, web-search settings) come from them (the
// server validates and serializes with them).
export type {
  BuiltinToolResource as BuiltinTool,
  ChatResource as Chat,
  ChatToolEntry,
  ChatToolGroup,
  ChatToolList,
  ConnectionPresetSchema as ConnectionPreset,
  ConnectionResource as Connection,
  ConnectionTestAnswer,
  McpToolEntry,
  ModelsAnswer,
  PresetCreateBody,
  PresetPatchBody,
  PresetResource as Preset,
  ToolCapabilities as Capabilities,
  ToolCreateBody,
  ToolModeOutcome,
  ToolPatchBody,
  ToolResource as Tool,
  ToolsList,
  WebSearchProvider,
  WebSearchSettingsView,
} from '@toolsmith/core/api-schema';
export type { ConnectionApi, FunctionCallMode, LogEntry, ToolKind, ToolMode } from '@toolsmith/core/schema';

export interface DryRunResult {
  ok: boolean;
  result?: unknown;
  error?: unknown;
  logs: LogEntry[];
  durationMs: number;
}

export interface ImportReviewEntry {
  name: string;
  kind: ToolKind;
  origin: string | null;
  requestedEnabled: boolean;
  requestedHiddenContext: boolean;
  /** a script that calls fetch: "Allow fetch" arrives off */
  requestedFetch?: boolean;
  /** scripts: Luker features the body uses, and those that cannot work here */
  luker?: LukerFeatureReport;
}

export interface LukerFeatureReport {
  supported: string[];
  unsupported: string[];
  needsFetch: boolean;
}

export interface ImportResult {
  imported: number;
  skipped: Array<{ name: string; reason: string }>;
  /** tools named like a builtin (Toolsmith's or Marinara's), stored under a free name; absent before 12.6 */
  renamed?: Array<{ from: string; to: string; reason: string }>;
  review: ImportReviewEntry[];
}

export interface ToolInvocation {
  id: string;
  callId?: string;
  name: string;
  args: unknown;
  ok: boolean;
  result?: unknown;
  error?: unknown;
  durationMs?: number;
  simulated?: boolean;
}

export interface Message {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  reasoning?: string | null;
  createdAt?: string;
  toolInvocations: ToolInvocation[];
  /** when the user last edited it */
  editedAt?: string | null;
  /** an answer cut short (its text so far kept): stopped by the user, or ended by an error */
  interrupted?: { reason: 'stopped' | 'error'; code?: string; message?: string } | null;
  /** the author's name when it was written ('' = "You" / "Assistant") */
  name?: string;
  characterId?: string | null;
  personaId?: string | null;
  /** answers: every round of one answer shares its reply id; a reply has one or more swipes */
  replyId?: string | null;
  swipe?: { index: number; count: number } | null;
  /** user messages: attached images (bytes at /api/chats/:id/messages/:messageId/images/:imageId) */
  images?: MessageImage[];
}

/** An image stored with a message. */
export interface MessageImage {
  id: string;
  mediaType: string;
  bytes: number;
}

// --- Functions panel and tool editor (appended) ---

/** `POST /api/tools/dry-run` as the server really answers (docs/api.md, "Tools"). */
export interface DryRunAnswer extends DryRunResult {
  error: string | null;
  code?: string;
  hint?: string;
  simulated?: boolean;
  unvalidated?: boolean;
  /** scripts: variable writes and events they asked for, recorded and not applied */
  writes?: Array<{ kind: 'variable' | 'event'; name: string; value: unknown; scope?: 'chat' | 'global' }>;
}

/** `POST /api/tools/compile` */
export type CompileAnswer = { ok: true } | { ok: false; error: string; line: number; column: number };

/** The writable fields of a custom tool (`POST /api/tools`, `PATCH /api/tools/:id`). */
export interface ToolInput {
  name: string;
  displayName: string;
  description: string;
  parameters: Record<string, unknown>;
  mode: ToolMode;
  kind: Exclude<ToolKind, 'native'>;
  body: string;
  simulateBody: string;
  staticResult: string;
  webhookUrl: string;
  includeHiddenContext: boolean;
  allowFetch?: boolean;
  enabled?: boolean;
}

export * from './orchestration-types';
export * from './story-types';
export * from './studio-types';
