import { isAbsolute } from 'node:path';
import type { FieldError } from '@toolsmith/core';
import type { McpServerPatchBody } from '@toolsmith/core/api-schema';
import { HttpError, validationError } from '../app/http-error.js';
import { containsMask, msgMaskedUrl, unmaskUrl } from '../secrets/url-credentials.js';
import type { McpServerInput, SecretMapChanges, StoredMcpServer } from '../storage/mcp-types.js';
import { mcpUrlProblem } from './mcp-http-fetch.js';

const ENV_KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;
const HEADER_KEY = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Headers the transport sets itself: a stored value would break the protocol or the connection. */
const RESERVED_HEADERS = new Set([
  'host',
  'content-length',
  'content-type',
  'accept',
  'connection',
  'transfer-encoding',
  'mcp-session-id',
  'mcp-protocol-version',
  'last-event-id',
]);
const MAX_SECRET_KEYS = 100;

/** `{ KEY: "value" | null }` (shape checked by the route schema): a string sets the key, null removes it. */
function secretMap(
  errors: FieldError[],
  field: 'env' | 'headers',
  value: Record<string, string | null> | undefined,
): SecretMapChanges | undefined {
  if (value === undefined) return undefined;
  const add = (at: string, message: string) => errors.push({ field: at, message });
  const entries = Object.entries(value);
  if (entries.length > MAX_SECRET_KEYS) {
    add(field, `${field} may hold at most ${MAX_SECRET_KEYS} names.`);
    return undefined;
  }
  const out: SecretMapChanges = {};
  for (const [key, item] of entries) {
    if (field === 'env' && !ENV_KEY.test(key)) {
      add(
        `env.${key}`,
        `"${key}" is not a valid environment variable name: letters, digits and _, not starting with a digit.`,
      );
    } else if (field === 'headers' && !HEADER_KEY.test(key)) {
      add(`headers.${key}`, `"${key}" is not a valid HTTP header name.`);
    } else if (field === 'headers' && RESERVED_HEADERS.has(key.toLowerCase())) {
      add(`headers.${key}`, `The ${key} header is set by the MCP transport itself; leave it out.`);
    } else if (item === null) {
      out[key] = null;
    } else if (item.length > 32_768) {
      add(
        `${field}.${key}`,
        `${field}.${key} must be text of at most 32768 characters, or null to remove it.`,
      );
    } else if (field === 'headers' && /[\r\n\0]/.test(item)) {
      add(`headers.${key}`, `headers.${key} must not contain line breaks.`);
    } else if (field === 'env' && item.includes('\0')) {
      add(`env.${key}`, `env.${key} must not contain a NUL character.`);
    } else {
      out[key] = item;
    }
  }
  return out;
}

export interface McpServerParseOptions {
  localUrlsEnabled: boolean;
  /** PATCH: the stored server (transport fixed, masked URL kept) */
  existing?: StoredMcpServer;
}

/**
 * The rules of a create (`existing` unset) or a change, its shape already checked by the route schema
 * (McpServerCreateBody / McpServerPatchBody); every problem is named by its field.
 */
export function parseMcpServer(
  body: McpServerPatchBody,
  options: McpServerParseOptions,
): Partial<McpServerInput> {
  const errors: FieldError[] = [];
  const add = (field: string, message: string) => errors.push({ field, message });
  const { existing } = options;
  const out: Partial<McpServerInput> = {};

  const { name, transport, command, args, cwd, url } = body;
  if (name !== undefined && name.trim() === '') add('name', 'name must not be blank.');
  else if (name !== undefined) out.name = name.trim();

  if (existing && transport !== undefined && transport !== existing.transport) {
    add(
      'transport',
      `transport cannot change (this server uses "${existing.transport}"); add a new server instead.`,
    );
  }
  const kind = existing?.transport ?? transport;
  if (!existing && transport) out.transport = transport;

  const env = secretMap(errors, 'env', body.env);
  const headers = secretMap(errors, 'headers', body.headers);
  out.enabled = body.enabled;

  if (kind === 'stdio') {
    if (!existing && command === undefined)
      add('command', 'command is required for a stdio server: the program to start, e.g. "npx".');
    if (command !== undefined && command.trim() === '') add('command', 'command must not be blank.');
    else if (command !== undefined) out.command = command;
    if (args?.some((a) => a.includes('\0'))) add('args', 'args must not contain NUL characters.');
    else out.args = args;
    if (cwd !== undefined && cwd !== '' && !isAbsolute(cwd))
      add('cwd', "cwd must be an absolute path (or empty for the server's own working directory).");
    else out.cwd = cwd;
    out.env = env;
    if (url !== undefined && url !== '') add('url', 'url is for http servers; a stdio server has a command.');
    if (body.headers !== undefined)
      add('headers', 'headers are for http servers; use env for a stdio server.');
  } else if (kind === 'http') {
    if (!existing && url === undefined)
      add(
        'url',
        'url is required for an http server: its Streamable HTTP endpoint, e.g. https://example.com/mcp.',
      );
    if (url !== undefined) {
      const stored = existing ? unmaskUrl(url, existing.url) : containsMask(url) ? undefined : url;
      if (stored === undefined) add('url', msgMaskedUrl('url'));
      else {
        const problem = mcpUrlProblem(stored, options.localUrlsEnabled);
        if (problem) add('url', `url is refused: ${problem}.`);
        else out.url = stored;
      }
    }
    out.headers = headers;
    for (const field of ['command', 'args', 'cwd', 'env'] as const) {
      const value = body[field];
      if (value !== undefined && !(field === 'args' && args?.length === 0) && value !== '')
        add(field, `${field} is for stdio servers; an http server has a url.`);
    }
  }
  if (errors.length > 0) throw validationError(errors);
  return out;
}

/**
 * Headers may carry tokens for the server they were entered for: a change that sends the server to another
 * origin must bring the headers again, or say `keepHeaders: true` (like connections' API keys).
 */
export function assertHeadersStayWithOrigin(
  existing: StoredMcpServer,
  changes: Partial<McpServerInput>,
  keepHeaders: true | undefined,
): void {
  if (existing.headerKeys.length === 0 || changes.url === undefined || changes.headers !== undefined) return;
  if (keepHeaders === true) return;
  const origin = (url: string) => {
    try {
      return new URL(url).origin;
    } catch {
      return '';
    }
  };
  if (origin(existing.url) === origin(changes.url)) return;
  const message = `This change sends the server to ${origin(changes.url)} instead of ${origin(existing.url)}, and its stored headers (${existing.headerKeys.join(', ')}) would go there too. Send headers again (or null values to remove them), or send keepHeaders: true to use them with the new address.`;
  throw new HttpError(400, message, {
    code: 'headers_confirmation_required',
    details: [{ field: 'headers', message }],
  });
}
