import { type FieldError, type ToolDefinition, validateToolDefinition } from '@toolsmith/core';
import { normalizeParametersSchema } from '@toolsmith/core/internal';
import { HttpError, validationError } from '../app/http-error.js';
import type { ServerConfig } from '../config/config.js';
import { containsMask, msgMaskedUrl, unmaskUrl } from '../secrets/url-credentials.js';
import type { StoredTool, ToolInput } from '../storage/types.js';
import { bodyObject } from './fields.js';

// The exact messages from the foundation issue (the core validator uses the same text).
export const msgReservedName = (name: string) => `"${name}" is a reserved built-in tool name.`;
export const msgDuplicateName = (name: string) => `A tool named "${name}" already exists.`;
export const MSG_SCRIPTS_DISABLED =
  'Script custom tools are disabled. Set CUSTOM_TOOL_SCRIPT_ENABLED=true and restart to enable sandboxed script tools.';

const WRITABLE = [
  'name',
  'displayName',
  'description',
  'parameters',
  'mode',
  'kind',
  'body',
  'simulateBody',
  'staticResult',
  'webhookUrl',
  'includeHiddenContext',
  'allowFetch',
  'enabled',
] as const;
const READ_ONLY = ['id', 'order', 'createdAt', 'updatedAt', 'confirmCredentials'];

export const EMPTY_PARAMETERS = { type: 'object', properties: {} };

export interface ToolWriteContext {
  config: ServerConfig;
  reservedNames: Set<string>;
  /** names of the other tools in the scope (the edited tool's own name left out) */
  existingNames: Set<string>;
}

function pickWritable(body: Record<string, unknown>): {
  changes: Record<string, unknown>;
  unknown: FieldError[];
} {
  const changes: Record<string, unknown> = {};
  const unknown: FieldError[] = [];
  for (const [key, value] of Object.entries(body)) {
    if ((WRITABLE as readonly string[]).includes(key)) {
      // `{}` and a schema without `type` are the empty object schema (Marinara's reading)
      if (value !== undefined) changes[key] = key === 'parameters' ? normalizeParametersSchema(value) : value;
    } else if (!READ_ONLY.includes(key)) {
      unknown.push({ field: key, message: `Unknown field "${key}". Known fields: ${WRITABLE.join(', ')}.` });
    }
  }
  return { changes, unknown };
}

function toInput(def: Record<string, unknown>): ToolInput {
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  return {
    name: def.name as string,
    displayName: text(def.displayName),
    description: def.description as string,
    parameters: def.parameters as Record<string, unknown>,
    mode: def.mode as ToolInput['mode'],
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
  def: Record<string, unknown>,
  context: ToolWriteContext,
  options: { scriptGate: boolean; confirmCredentials: boolean },
) {
  if (options.scriptGate && def.kind === 'script' && !context.config.customToolScriptEnabled) {
    throw new HttpError(403, MSG_SCRIPTS_DISABLED, { code: 'scripts_disabled' });
  }
  const name = def.name;
  if (typeof name === 'string' && context.reservedNames.has(name)) {
    throw new HttpError(409, msgReservedName(name), { code: 'reserved_name' });
  }
  if (typeof name === 'string' && context.existingNames.has(name)) {
    throw new HttpError(409, msgDuplicateName(name), { code: 'duplicate_name' });
  }
  const errors: FieldError[] = [];
  if (def.kind === 'native') {
    errors.push({
      field: 'kind',
      message: 'Custom tools cannot be "native"; use "script", "static" or "webhook".',
    });
  }
  const result = validateToolDefinition(def as unknown as ToolDefinition, {
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

/** POST /api/tools: a complete new tool from the request body. */
export function toolInputForCreate(rawBody: unknown, context: ToolWriteContext): ToolInput {
  const body = bodyObject(rawBody);
  const { changes, unknown } = pickWritable(body);
  if (unknown.length > 0) throw validationError(unknown);
  if (typeof changes.webhookUrl === 'string' && containsMask(changes.webhookUrl)) {
    throw validationError([{ field: 'webhookUrl', message: msgMaskedUrl('webhookUrl') }]);
  }
  const def: Record<string, unknown> = {
    displayName: '',
    parameters: EMPTY_PARAMETERS,
    mode: 'read',
    kind: 'static',
    enabled: true,
    includeHiddenContext: false,
    ...changes,
  };
  check(def, context, { scriptGate: true, confirmCredentials: body.confirmCredentials === true });
  return toInput(def);
}

/** PATCH /api/tools/:id: only the sent fields change; the merged result must still be valid. */
export function toolChangesForPatch(
  rawBody: unknown,
  existing: StoredTool,
  context: ToolWriteContext,
): Partial<ToolInput> {
  const body = bodyObject(rawBody);
  const { changes, unknown } = pickWritable(body);
  if (unknown.length > 0) throw validationError(unknown);
  if (typeof changes.webhookUrl === 'string') {
    // answers carry the URL masked: the masked form sent back means "keep the stored URL"
    const url = unmaskUrl(changes.webhookUrl, existing.webhookUrl);
    if (url === undefined) {
      throw validationError([{ field: 'webhookUrl', message: msgMaskedUrl('webhookUrl') }]);
    }
    changes.webhookUrl = url;
  }
  const merged: Record<string, unknown> = { ...storedToDefinition(existing), ...changes };
  const onlyToggles = Object.keys(changes).every((k) => k === 'enabled');
  // credentials already stored were confirmed when they were stored
  const confirmCredentials = body.confirmCredentials === true || merged.webhookUrl === existing.webhookUrl;
  check(merged, context, { scriptGate: !onlyToggles, confirmCredentials });
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
