export type * from './types.js';
export * from './messages.js';
export { checkParametersSchema } from './parameters-schema.js';
export { checkScriptSyntax, type ScriptSyntaxResult } from './script-syntax.js';
export { checkWebhookUrl, type WebhookUrlOptions } from './webhook-url.js';
export { validateToolDefinition, type ValidateToolDefinitionOptions } from './validate-definition.js';
export {
  PARAMETER_TYPES,
  parametersFromRows,
  rowsFromParameters,
  validateParameterRows,
  type ParameterEnumValue,
  type ParameterRow,
  type ParameterType,
  type RowsFromParametersResult,
} from './parameter-rows.js';
export {
  FORBIDDEN_ARGUMENT_KEYS,
  validateToolArguments,
  type ArgumentsValidationResult,
} from './validate-arguments.js';
export type * from './registered-tool.js';
export { GLOBAL_SCOPE, ToolScopes, type ScopeKind } from './tool-scopes.js';
export { ToolRegistry, type ToolRegistryOptions } from './registry.js';
export { describeThrown } from './describe-thrown.js';
export {
  DEFAULT_TOOL_CONCURRENCY,
  SIMULATED_PLACEHOLDER,
  executeToolCall,
  executeToolCalls,
  type ExecuteToolOptions,
  type ToolExecutors,
  type WebhookExecutor,
} from './execute.js';
export { toolResultContent, toolResultForModel, type ModelToolFailure } from './result-for-model.js';
