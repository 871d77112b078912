import {
  type FieldError,
  msgRenameHint,
  suggestToolRename,
  type ToolDefinition,
  validateToolDefinition,
} from '@toolsmith/core';
import type { ToolCreateBody, ToolPatchBody } from '@toolsmith/core/api-schema';
import { normalizeParametersSchema } from '@toolsmith/core/internal';
import { HttpError, validationError } from '../app/http-error.js';
import type { ServerConfig } from '../config/config.js';
import { containsMask, msgMaskedUrl, unmaskUrl } from '../secrets/url-credentials.js';
import type { StoredTool, ToolInput } from '../storage/types.js';

// The exact messages from the foundation issue (the core validator uses the same text).
export const msgReservedName = (name: string) => `"${name}" is a reserved built-in tool name.`;
export const msgDuplicateName = (name: string) => `A tool named "${name}" already exists.`;
export const MSG_SCRIPTS_DISABLED =
  'Script custom tools are disabled. Set CUSTOM_TOOL_SCRIPT_ENABLED=true and restart to enable sandboxed script tools.';

export const EMPTY_PARAMETERS = { type: 'object', properties: {} };

export interface ToolWriteContext {
  config: ServerConfig;
  reservedNames: Set<string>;
  /** names of the other tools in the scope (the edited tool's own name left out) */
  existingNames: Set<string>;
}

/** The fields the request sent (read-only ones left out), null texts as empty, `parameters` normalized. */
function pickWritable(body: ToolPatchBody): Partial<ToolDefinition> {
  const text = (v: string | null | undefined) => (v === null ? '' : v);
  const sent: Partial<ToolDefinition> = {
    name: body.name,
    displayName: text(body.displayName),
    description: body.description,
    // `{}` and a schema without `type` are the empty object schema (Marinara's reading)
    parameters: body.parameters === undefined ? undefined : normalizeParametersSchema(body.parameters),
    mode: body.mode,
    kind: body.kind,
    body: text(body.body),
    simulateBody: text(body.simulateBody),
    staticResult: text(body.staticResult),
    webhookUrl: text(body.webhookUrl),
    includeHiddenContext: body.includeHiddenContext,
    allowFetch: body.allowFetch,
    enabled: body.enabled,
  };
  for (const key of Object.keys(sent) as (keyof ToolDefinition)[])
    if (sent[key] === undefined) delete sent[key];
  return sent;
}

function toInput(def: ToolDefinition): ToolInput {
  const text = (v: string | undefined) => v ?? '';
  return {
    name: def.name,
    displayName: text(def.displayName),
    description: def.description,
    parameters: def.parameters,
    mode: def.mode,
    // the check refused "native"
    kind: def.kind as ToolInput['kind'],
    body: text(def.body),
    simulateBody: text(def.simulateBody),
    staticResult: text(def.staticResult),
    webhookUrl: text(def.webhookUrl),
    includeHiddenContext: def.includeHiddenContext === true,
    allowFetch: def.kind === 'script' && def.allowFetch === true,
    enabled: def.enabled !== false,
  };
}

/**
 * Checks a full definition in the order the API promises: 403 for scripts while disabled, 409 for name
 * clashes, then 400 listing every other problem (from the core validator).
 */
function check(
  def: ToolDefinition,
  context: ToolWriteContext,
  options: { scriptGate: boolean; confirmCredentials: boolean },
) {
  if (options.scriptGate && def.kind === 'script' && !context.config.customToolScriptEnabled) {
    throw new HttpError(403, MSG_SCRIPTS_DISABLED, { code: 'scripts_disabled' });
  }
  const name = def.name;
  if (context.reservedNames.has(name)) {
    const suggestedName = suggestToolRename(
      name,
      (n) => context.reservedNames.has(n) || context.existingNames.has(n),
    );
    throw new HttpError(409, msgReservedName(name), {
      code: 'reserved_name',
      details: [{ field: 'name', message: `${msgReservedName(name)} ${msgRenameHint(suggestedName)}` }],
      suggestedName,
    });
  }
  if (context.existingNames.has(name)) {
    throw new HttpError(409, msgDuplicateName(name), { code: 'duplicate_name' });
  }
  const errors: FieldError[] = [];
  if (def.kind === 'native') {
    errors.push({
      field: 'kind',
      message: 'Custom tools cannot be "native"; use "script", "static" or "webhook".',
    });
  }
  const result = validateToolDefinition(def, {
    reservedNames: context.reservedNames,
    existingNames: context.existingNames,
    // The gate above already answered 403 where it applies; an untouched script tool may still be toggled.
    scriptsEnabled: context.config.customToolScriptEnabled || !options.scriptGate,
    localWebhooksEnabled: context.config.webhookLocalUrlsEnabled,
    confirmCredentials: options.confirmCredentials,
  });
  if (!result.ok) errors.push(...result.errors);
  if (errors.length > 0) throw validationError(errors);
}

/** POST /api/tools: a complete new tool from the request body (its shape checked by ToolCreateBody). */
export function toolInputForCreate(body: ToolCreateBody, context: ToolWriteContext): ToolInput {
  const changes = pickWritable(body);
  if (typeof changes.webhookUrl === 'string' && containsMask(changes.webhookUrl)) {
    throw validationError([{ field: 'webhookUrl', message: msgMaskedUrl('webhookUrl') }]);
  }
  const def: ToolDefinition = {
    displayName: '',
    parameters: EMPTY_PARAMETERS,
    mode: 'read',
    kind: 'static',
    enabled: true,
    includeHiddenContext: false,
    ...changes,
    name: body.name,
    description: body.description,
  };
  check(def, context, { scriptGate: true, confirmCredentials: body.confirmCredentials === true });
  return toInput(def);
}

/** PATCH /api/tools/:id: only the sent fields change; the merged result must still be valid. */
export function toolChangesForPatch(
  body: ToolPatchBody,
  existing: StoredTool,
  context: ToolWriteContext,
): Partial<ToolInput> {
  const changes = pickWritable(body);
  if (typeof changes.webhookUrl === 'string') {
    // answers carry the URL masked: the masked form sent back means "keep the stored URL"
    const url = unmaskUrl(changes.webhookUrl, existing.webhookUrl);
    if (url === undefined) {
      throw validationError([{ field: 'webhookUrl', message: msgMaskedUrl('webhookUrl') }]);
    }
    changes.webhookUrl = url;
  }
  const merged: ToolDefinition = { ...storedToDefinition(existing), ...changes };
  const onlyToggles = Object.keys(changes).every((k) => k === 'enabled');
  // credentials already stored were confirmed when they were stored
  const confirmCredentials = body.confirmCredentials === true || merged.webhookUrl === existing.webhookUrl;
  // a name reserved after the tool was stored (Marinara's builtins) does not block other edits
  const reservedNames = new Set([...context.reservedNames].filter((n) => n !== existing.name));
  check(merged, { ...context, reservedNames }, { scriptGate: !onlyToggles, confirmCredentials });
  const input = toInput(merged);
  const out: Partial<ToolInput> = {};
  for (const key of Object.keys(changes) as (keyof ToolInput)[])
    (out as Record<string, unknown>)[key] = input[key];
  return out;
}

export function storedToDefinition(tool: StoredTool): ToolDefinition {
  return {
    name: tool.name,
    displayName: tool.displayName,
    description: tool.description,
    parameters: tool.parameters,
    mode: tool.mode,
    kind: tool.kind,
    body: tool.body,
    simulateBody: tool.simulateBody,
    staticResult: tool.staticResult,
    webhookUrl: tool.webhookUrl,
    includeHiddenContext: tool.includeHiddenContext,
    allowFetch: tool.allowFetch === true,
    enabled: tool.enabled,
  };
}

/** The API's tool resource (scope is internal). */
export function toolResource(tool: StoredTool) {
  const { scope: _scope, ...rest } = tool;
  return rest;
}
