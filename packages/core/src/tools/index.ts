export { describeThrown } from './describe-thrown.js';
export {
  type ApproveToolCall,
  DEFAULT_TOOL_CONCURRENCY,
  type ExecuteToolOptions,
  executeToolCall,
  executeToolCalls,
  SIMULATED_PLACEHOLDER,
  type ToolApproval,
  type ToolExecutors,
  type WebhookExecutor,
} from './execute.js';
export { type LukerFeatureReport, lukerFeatures } from './luker-features.js';
export * from './messages.js';
export {
  PARAMETER_TYPES,
  type ParameterEnumValue,
  type ParameterRow,
  type ParameterType,
  parametersFromRows,
  type RowsFromParametersResult,
  rowsFromParameters,
  validateParameterRows,
} from './parameter-rows.js';
export { checkParametersSchema, normalizeParametersSchema } from './parameters-schema.js';
export type * from './registered-tool.js';
export { registrationProblems, ToolDefinitionError } from './registration-check.js';
export { ToolRegistry, type ToolRegistryOptions } from './registry.js';
export { type ModelToolFailure, toolResultContent, toolResultForModel } from './result-for-model.js';
export { checkScriptSyntax, type ScriptSyntaxResult } from './script-syntax.js';
export type { SchemaType, ToolArguments } from './tool-arguments.js';
export { ToolOutput, toolOutput } from './tool-output.js';
export { GLOBAL_SCOPE, type ScopeKind, ToolScopes } from './tool-scopes.js';
export type * from './types.js';
export {
  type ArgumentsValidationResult,
  FORBIDDEN_ARGUMENT_KEYS,
  validateToolArguments,
} from './validate-arguments.js';
export { type ValidateToolDefinitionOptions, validateToolDefinition } from './validate-definition.js';
export { checkWebhookUrl, type WebhookUrlOptions } from './webhook-url.js';
