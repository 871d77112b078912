import { checkDescription, checkDisplayName, checkToolName } from './field-rules.js';
import {
  MSG_ALLOW_FETCH,
  MSG_BODY_NOT_TEXT,
  MSG_BODY_REQUIRED,
  MSG_DEFINITION_NOT_OBJECT,
  MSG_ENABLED,
  MSG_INCLUDE_HIDDEN_CONTEXT,
  MSG_KIND,
  MSG_MODE,
  MSG_SCRIPTS_DISABLED,
  MSG_STATIC_RESULT,
  msgBodyEscapes,
  msgSyntaxError,
  TOOL_KINDS,
  TOOL_MODES,
} from './messages.js';
import { checkParametersSchema, isPlainObject } from './parameters-schema.js';
import { checkScriptSyntax } from './script-syntax.js';
import type { FieldError, ValidationResult } from './types.js';
import { checkWebhookUrl } from './webhook-url.js';

export interface ValidateToolDefinitionOptions {
  /** builtin tool names a custom tool may not take */
  reservedNames?: Iterable<string>;
  /** other tools in the same scope (leave the edited tool's own name out when updating) */
  existingNames?: Iterable<string>;
  /** CUSTOM_TOOL_SCRIPT_ENABLED */
  scriptsEnabled?: boolean;
  /** WEBHOOK_LOCAL_URLS_ENABLED */
  localWebhooksEnabled?: boolean;
  /** the user confirmed storing credentials that appear in the webhook URL */
  confirmCredentials?: boolean;
}

/** Checks a tool definition from any source (API body, import, editor) and lists every problem at once. */
export function validateToolDefinition(
  def: unknown,
  options: ValidateToolDefinitionOptions = {},
): ValidationResult {
  if (!isPlainObject(def)) return { ok: false, errors: [{ field: '', message: MSG_DEFINITION_NOT_OBJECT }] };
  const errors: FieldError[] = [];
  const add = (field: string, message: string) => errors.push({ field, message });

  const nameProblem = checkToolName(def.name, options.reservedNames, options.existingNames);
  if (nameProblem) add('name', nameProblem);
  const displayNameProblem = checkDisplayName(def.displayName);
  if (displayNameProblem) add('displayName', displayNameProblem);
  const descriptionProblem = checkDescription(def.description);
  if (descriptionProblem) add('description', descriptionProblem);

  for (const message of checkParametersSchema(def.parameters)) add('parameters', message);

  if (!(TOOL_MODES as readonly unknown[]).includes(def.mode)) add('mode', MSG_MODE);
  const kindValid = (TOOL_KINDS as readonly unknown[]).includes(def.kind);
  if (!kindValid) add('kind', MSG_KIND);
  if (typeof def.enabled !== 'boolean') add('enabled', MSG_ENABLED);
  if (def.includeHiddenContext !== undefined && typeof def.includeHiddenContext !== 'boolean') {
    add('includeHiddenContext', MSG_INCLUDE_HIDDEN_CONTEXT);
  }
  if (def.allowFetch !== undefined && typeof def.allowFetch !== 'boolean') add('allowFetch', MSG_ALLOW_FETCH);
  if (def.staticResult !== undefined && def.staticResult !== null && typeof def.staticResult !== 'string') {
    add('staticResult', MSG_STATIC_RESULT);
  }

  if (def.kind === 'script') {
    if (!options.scriptsEnabled) add('kind', MSG_SCRIPTS_DISABLED);
    if (
      def.body === undefined ||
      def.body === null ||
      (typeof def.body === 'string' && def.body.trim() === '')
    ) {
      add('body', MSG_BODY_REQUIRED);
    } else {
      checkBody(def.body, 'body', 'Body', add);
    }
    if (def.simulateBody !== undefined && def.simulateBody !== null && def.simulateBody !== '') {
      checkBody(def.simulateBody, 'simulateBody', 'Simulate body', add);
    }
  }

  if (def.kind === 'webhook') {
    for (const message of checkWebhookUrl(def.webhookUrl, options)) add('webhookUrl', message);
  }

  return errors.length === 0 ? { ok: true } : { ok: false, errors };
}

function checkBody(
  body: unknown,
  field: 'body' | 'simulateBody',
  what: 'Body' | 'Simulate body',
  add: (field: string, message: string) => void,
): void {
  if (typeof body !== 'string') {
    add(field, MSG_BODY_NOT_TEXT);
    return;
  }
  const result = checkScriptSyntax(body);
  if (result.ok) return;
  if (result.kind === 'escapes') add(field, msgBodyEscapes(what));
  else add(field, msgSyntaxError(what, result.line, result.column, result.message));
}
