// @toolsmith/core — the public API, named on purpose. Everything here is documented and kept stable; the
// building blocks the server uses (parsers' internals, wire-format helpers, message texts, PNG chunk writers…)
// live behind `@toolsmith/core/internal` (no stability promise), test helpers behind `@toolsmith/core/test`,
// and browser-safe shapes behind `@toolsmith/core/schema`. api-report.test.ts compares this surface with the
// checked-in packages/core/api-report.txt, so every change to it shows in review (docs/public-api.md).

// --- Runtime: the front door

export type { GenerateTaskErrorCode, GenerateTaskErrorDetails } from './base/errors.js';
export { GenerateTaskError, isGenerateTaskError } from './base/errors.js';
export { generateTaskStreamWith, generateTaskWith } from './generate/generate-task.js';
export {
  createToolModeMemory,
  type RememberedToolMode,
  type ToolModeMemory,
  type ToolModeOutcome,
} from './generate/tool-mode-memory.js';
export type * from './generate/types.js';
export { runToolLoopWith } from './loop/run-tool-loop.js';
export type * from './loop/types.js';
export type { ConnectionProfileSummary, Runtime, RuntimeOptions } from './runtime/create-runtime.js';
export { createRuntime } from './runtime/create-runtime.js';
export { connectionCanCallTools } from './runtime/tool-calling-support.js';

// --- Connections and providers

export { anthropicAdapter } from './providers/anthropic/adapter.js';
export { googleAdapter } from './providers/google/adapter.js';
export { openaiAdapter } from './providers/openai/adapter.js';
export { getProviderAdapter, PROVIDER_APIS } from './providers/registry.js';
export { textCompletionAdapter } from './providers/text-completion/adapter.js';
export type * from './providers/types.js';

// --- Setting up a connection: presets, its models, a base URL that works, tool calling

export { type BaseUrlSuggestion, suggestBaseUrl } from './connections/base-url-hint.js';
export { listModels } from './connections/list-models.js';
export { CONNECTION_PRESETS, type ConnectionPreset } from './connections/presets.js';
export {
  PROBE_TOOL,
  probeToolCalling,
  type ToolCallingAttempt,
  type ToolCallingProbe,
} from './connections/probe-tool-calling.js';

// --- Tools: definitions, registry, execution, the sandbox

export { createSandbox } from './sandbox/create-sandbox.js';
export { type DryRunResult, dryRun } from './sandbox/dry-run.js';
export type * from './sandbox/types.js';
export {
  type ApproveToolCall,
  type ExecuteToolOptions,
  executeToolCall,
  executeToolCalls,
  type ToolApproval,
  type ToolExecutors,
  type ToolRunRecord,
  type WebhookExecutor,
} from './tools/execute.js';
export type * from './tools/registered-tool.js';
export { ToolDefinitionError } from './tools/registration-check.js';
export { ToolRegistry, type ToolRegistryOptions } from './tools/registry.js';
export {
  MARINARA_BUILTIN_TOOL_NAMES,
  msgImportedRenamed,
  msgRenameHint,
  reservedToolNames,
  suggestToolRename,
} from './tools/reserved-names.js';
export { type ModelToolFailure, toolResultContent, toolResultForModel } from './tools/result-for-model.js';
export { checkScriptSyntax, type ScriptSyntaxResult } from './tools/script-syntax.js';
export type { SchemaType, ToolArguments } from './tools/tool-arguments.js';
export { ToolOutput, toolOutput } from './tools/tool-output.js';
export { GLOBAL_SCOPE, type ScopeKind } from './tools/tool-scopes.js';
export type * from './tools/types.js';
export { type ArgumentsValidationResult, validateToolArguments } from './tools/validate-arguments.js';
export {
  type ValidateToolDefinitionOptions,
  validateToolDefinition,
} from './tools/validate-definition.js';
export { checkWebhookUrl, type WebhookUrlOptions } from './tools/webhook-url.js';

// --- Tool calling in text (models without native tool calls)

export type {
  ParsedTextToolCall,
  ReasoningTags,
  TextCallFormat,
  TextParserOptions,
  TextParserTool,
  TextParserToolInput,
  TextProtocolError,
  TextProtocolErrorKind,
  TextToolCallParseResult,
} from './protocols/parser-types.js';
export { openReasoningTag, reasoningTagsProblem, templateOpenReasoning } from './protocols/reasoning-tags.js';
export {
  createTextToolCallParser,
  parseToolCallsFromText,
  type TextToolCallParser,
} from './protocols/text-parser.js';
export {
  familyForModel,
  isToolCallFormat,
  TOOL_CALL_FAMILIES,
  TOOL_CALL_FAMILY_INFO,
  TOOL_CALL_FORMATS,
  type ToolCallFamily,
  type ToolCallFamilyInfo,
  type ToolCallFormat,
} from './protocols/tool-call-formats.js';

// --- Macros and world info (lorebooks)

export { type MacroEnv, substituteMacros, type VariableStore } from './macros/substitute.js';
export { activateWorldInfo, createWorldInfoActivator, formatWorldInfo } from './worldinfo/activate.js';
export { activateLorebooks } from './worldinfo/activate-lorebooks.js';
export { estimateWorldInfoTokens } from './worldinfo/budget.js';
export { insertWorldInfoAtDepth, type WorldInfoDepthMessage } from './worldinfo/depth-insert.js';
export {
  type CharacterBook,
  type CharacterBookEntry,
  lorebookFromCharacterBook,
  lorebookFromSillyTavern,
  lorebookToCharacterBook,
} from './worldinfo/lorebook-import.js';
export { createSeededRandom } from './worldinfo/random.js';
export {
  type LorebookSearchField,
  type LorebookSearchHit,
  type LorebookSearchOptions,
  searchLorebooks,
} from './worldinfo/search.js';
export {
  activateLorebookSources,
  type LorebookSourceKind,
  type LorebookSources,
  type MergedLorebooks,
  mergeLorebookSources,
} from './worldinfo/sources.js';
export type * from './worldinfo/types.js';

// --- Orchestration (multi-agent runs)

export {
  defaultOrchestrationProfile,
  modeReadiness,
  ORCHESTRATION_MODES,
  type ParseProfileOptions,
  parseOrchestrationProfile,
} from './orchestration/profile.js';
export { defaultAgent, parseAgent } from './orchestration/profile-checker.js';
export { applyProfileOverride, mergeProfileOverride } from './orchestration/profile-override.js';
export {
  type OrchestrationRunResult,
  type RunAgentOptions,
  type RunOrchestrationOptions,
  runAgent,
  runOrchestration,
} from './orchestration/run-orchestration.js';
export type * from './orchestration/types.js';

// --- Tool import and export (Toolsmith, Marinara, Luker files)

export { exportToolJson, exportToolsZip, portableTool } from './transfer/export.js';
export {
  exportLukerPreset,
  type LukerCustomTool,
  type LukerPresetFile,
  lukerCardExtension,
} from './transfer/export-luker.js';
export {
  exportMarinaraFunction,
  exportMarinaraZip,
  type MarinaraFunctionConfig,
  type MarinaraFunctionDocument,
} from './transfer/export-marinara.js';
export type { ExportFormat, ExportNote, ForeignExport } from './transfer/export-notes.js';
export type { ImportCandidate, ImportFormat } from './transfer/formats.js';
export { readToolImportFile } from './transfer/import-file.js';
export {
  type ImportPlan,
  type ImportPlanOptions,
  type ImportReviewEntry,
  planToolImport,
} from './transfer/import-plan.js';
export { type ArchiveLimits, DEFAULT_ARCHIVE_LIMITS, TransferError } from './transfer/limits.js';

// --- Character cards (V2/V3, PNG and JSON)

export { CardError, type CardErrorCode, isCardError } from './cards/card-error.js';
export { readCardTools, stripCardTools } from './cards/card-tools.js';
export { type CardExportOptions, exportCardJson, exportCardPng } from './cards/export-card.js';
export {
  type CardImportPlan,
  type CardImportPlanOptions,
  type CardImportReview,
  cardImportReview,
  planCardImport,
} from './cards/import-plan.js';
export { type CardLimits, DEFAULT_CARD_LIMITS } from './cards/limits.js';
export { type CardInput, type ReadCard, readCard } from './cards/read-card.js';
export type * from './cards/types.js';
export { CARD_TOOLS_EXTENSION, CARD_TOOLS_VERSION } from './cards/types.js';
