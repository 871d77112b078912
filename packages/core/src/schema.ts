// @toolsmith/core/schema — the shapes and pure rules the server and the browser share: tool definitions and the
// editor's parameter rows, the texts of validation messages, tool-call formats, connection and provider-settings
// choices, world-info, orchestration and character-card shapes. Nothing here loads Node modules, Ajv or QuickJS
// (schema-entry.test.ts checks every module it loads), so the web bundle imports it instead of copying.

// --- Tool definitions and the editor's rules

export { charLength, checkDescription, checkDisplayName, checkToolName } from './tools/field-rules.js';
export * from './tools/messages.js';
export {
  PARAMETER_TYPES,
  type ParameterEnumValue,
  type ParameterRow,
  type ParameterType,
  parametersFromRows,
  type RowsFromParametersResult,
  rowsFromParameters,
  validateParameterRows,
} from './tools/parameter-rows.js';
export { deepEqual, isPlainObject, normalizeParametersSchema } from './tools/plain-schema.js';
export {
  MARINARA_BUILTIN_TOOL_NAMES,
  msgImportedRenamed,
  msgRenameHint,
  reservedToolNames,
  suggestToolRename,
} from './tools/reserved-names.js';
export type * from './tools/types.js';

// --- Tool-call formats of models without native tool calls

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

// --- Connections, presets and provider settings

export {
  ANTHROPIC_MIN_THINKING_BUDGET,
  type ConnectionProviderSettings,
  EXTRA_BODY_MAX_CHARS,
  EXTRA_BODY_RESERVED,
  OMITTABLE_FIELDS,
  type PresetProviderSettings,
  QUIRK_PROFILES,
  REASONING_EFFORTS,
  type StoredPromptCaching,
  type StoredQuirks,
  type StoredThinking,
} from './providers/provider-settings.js';
export {
  INSTRUCT_TEMPLATE_CHOICES,
  type InstructTemplateChoice,
  instructTemplateKey,
  suggestInstructTemplate,
  templateToOffer,
} from './providers/text-completion/template-names.js';
export type * from './providers/types.js';

// --- World info, orchestration, character cards (shapes)

export type { CardToolReview } from './cards/import-plan.js';
export type * from './cards/types.js';
export { ORCHESTRATION_MODES } from './orchestration/modes.js';
export type * from './orchestration/types.js';
export type * from './worldinfo/types.js';
