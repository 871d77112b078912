// Shapes of the HTTP API (docs/api.md). The web talks to the server only over HTTP.

import type {
  MessageResource as Message,
  ToolInvocationResource as ToolInvocation,
} from '@toolsmith/core/api-schema';

// The shapes of routes with route schemas (tools, personas, presets, web-search settings) come from them (the
// server validates and serializes with them).
export type {
  BuiltinToolResource as BuiltinTool,
  ChatBody,
  ChatResource as Chat,
  ChatToolEntry,
  ChatToolGroup,
  ChatToolList,
  CompileAnswer,
  ConnectionPresetSchema as ConnectionPreset,
  ConnectionResource as Connection,
  ConnectionTestAnswer,
  DryRunAnswer,
  GenerateBody,
  GenerationMode,
  GenerationState,
  ImportReviewEntry,
  LukerFeatureReport,
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
  ToolImportAnswer as ImportResult,
  ToolInput,
  ToolInvocationResource as ToolInvocation,
  ToolModeOutcome,
  ToolPatchBody,
  ToolResource as Tool,
  ToolsList,
  WebSearchProvider,
  WebSearchSettingsView,
} from '@toolsmith/core/api-schema';
export type { ConnectionApi, FunctionCallMode, LogEntry, ToolKind, ToolMode } from '@toolsmith/core/schema';

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

export * from './orchestration-types';
export * from './story-types';
export * from './studio-types';
