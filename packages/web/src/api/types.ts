// Shapes of the HTTP API (docs/api.md). The web talks to the server only over HTTP.

import type {
  MessageResource as Message,
  ToolInvocationResource as ToolInvocation,
} from '@toolsmith/core/api-schema';
import type { LogEntry, ToolKind, ToolMode } from '@toolsmith/core/schema';

// The shapes of routes with route schemas (tools, personas, presets, web-search settings) come from them (the
// server validates and serializes with them).
export type {
  BuiltinToolResource as BuiltinTool,
  ChatBody,
  ChatResource as Chat,
  ChatToolEntry,
  ChatToolGroup,
  ChatToolList,
  ConnectionPresetSchema as ConnectionPreset,
  ConnectionResource as Connection,
  ConnectionTestAnswer,
  GenerateBody,
  GenerationMode,
  GenerationState,
  McpToolEntry,
  MessageImageResource as MessageImage,
  MessageList,
  MessageResource as Message,
  ModelsAnswer,
  PresetCreateBody,
  PresetPatchBody,
  PresetResource as Preset,
  ToolCapabilities as Capabilities,
  ToolCreateBody,
  ToolInvocationResource as ToolInvocation,
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

/**
 * A tool call as the chat shows it: a stored invocation, or one the stream has announced and not finished
 * (the stream knows its id, name and arguments first; the rest arrives with its result).
 */
export type ToolCallView = Pick<ToolInvocation, 'id' | 'name' | 'args' | 'ok'> &
  Partial<Omit<ToolInvocation, 'id' | 'name' | 'args' | 'ok'>>;

/**
 * A message as the chat shows it: a stored one (`Message`), or one being streamed, which has only what the
 * stream knows yet (the optimistic user message, the live assistant rounds).
 */
export type ShownMessage = Pick<Message, 'id' | 'role' | 'content'> &
  Partial<Omit<Message, 'id' | 'role' | 'content' | 'toolInvocations'>> & { toolInvocations: ToolCallView[] };

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
