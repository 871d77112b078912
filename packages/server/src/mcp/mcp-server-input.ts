import { isAbsolute } from 'node:path';
import { HttpError, validationError } from '../app/http-error.js';
import { bodyObject, FieldChecker } from '../routes/fields.js';
import { containsMask, msgMaskedUrl, unmaskUrl } from '../secrets/url-credentials.js';
import type {
  McpServerInput,
  McpTransport,
  SecretMapChanges,
  StoredMcpServer,
} from '../storage/mcp-types.js';
import { mcpUrlProblem } from './mcp-http-fetch.js';

const TRANSPORTS: readonly McpTransport[] = ['stdio', 'http'];
const WRITABLE = ['name', 'transport', 'command', 'args', 'env', 'cwd', 'url', 'headers', 'enabled'];
const READ_ONLY = [
  'id',
  'createdAt',
  'updatedAt',
  'envKeys',
  'headerKeys',
  'review',
  'approved',
  'approvedAt',
  'status',
  'error',
  'pid',
  'toolCount',
  'toolsListedAt',
];
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

/** `{ KEY: "value" | null }`: a string sets the key, null removes it (on create: leaves it unset). */
function secretMap(check: FieldChecker, field: 'env' | 'headers'): SecretMapChanges | undefined {
  if (!check.has(field)) return undefined;
  const value = check.body[field];
  const shape = `${field} must be an object of names to text values (null removes a name).`;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    check.add(field, shape);
    return undefined;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length > MAX_SECRET_KEYS) {
    check.add(field, `${field} may hold at most ${MAX_SECRET_KEYS} names.`);
    return undefined;
  }
  const out: SecretMapChanges = {};
  for (const [key, item] of entries) {
    if (field === 'env' && !ENV_KEY.test(key)) {
      check.add(
        `env.${key}`,
        `"${key}" is not a valid environment variable name: letters, digits and _, not starting with a digit.`,
      );
    } else if (field === 'headers' && !HEADER_KEY.test(key)) {
      check.add(`headers.${key}`, `"${key}" is not a valid HTTP header name.`);
    } else if (field === 'headers' && RESERVED_HEADERS.has(key.toLowerCase())) {
      check.add(`headers.${key}`, `The ${key} header is set by the MCP transport itself; leave it out.`);
    } else if (item === null) {
      out[key] = null;
    } else if (typeof item !== 'string' || item.length > 32_768) {
      check.add(
        `${field}.${key}`,
        `${field}.${key} must be text of at most 32768 characters, or null to remove it.`,
      );
    } else if (field === 'headers' && /[\r\n\0]/.test(item)) {
      check.add(`headers.${key}`, `headers.${key} must not contain line breaks.`);
    } else if (field === 'env' && item.includes('\0')) {
      check.add(`env.${key}`, `env.${key} must not contain a NUL character.`);
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

/** Validates a create (`existing` unset) or a change; every problem is named by its field. */
export function parseMcpServer(raw: unknown, options: McpServerParseOptions): Partial<McpServerInput> {
  const body = bodyObject(raw);
  const check = new FieldChecker(body);
  check.rejectUnknown(WRITABLE, READ_ONLY);
  const { existing } = options;
  const out: Partial<McpServerInput> = {};

  if (!existing) {
    check.require('name', 'name is required: 1–64 characters.');
    check.require(
      'transport',
      'transport is required: "stdio" (a program Toolsmith starts) or "http" (a Streamable HTTP URL).',
    );
  }
  const name = check.string('name', { min: 1, max: 64 });
  if (name !== undefined && name.trim() === '') check.add('name', 'name must not be blank.');
  else if (name !== undefined) out.name = name.trim();

  const transport = check.oneOf('transport', TRANSPORTS);
  if (existing && transport !== undefined && transport !== existing.transport) {
    check.add(
      'transport',
      `transport cannot change (this server uses "${existing.transport}"); add a new server instead.`,
    );
  }
  const kind = existing?.transport ?? transport;
  if (!existing && transport) out.transport = transport;

  const command = check.string('command', { min: 1, max: 4096 });
  const args = check.stringArray('args', { maxItems: 256, maxLength: 8192 });
  const cwd = check.string('cwd', { max: 4096 });
  const url = check.string('url', { max: 2048 });
  const env = secretMap(check, 'env');
  const headers = secretMap(check, 'headers');
  out.enabled = check.boolean('enabled');

  if (kind === 'stdio') {
    if (!existing && command === undefined)
      check.require('command', 'command is required for a stdio server: the program to start, e.g. "npx".');
    if (command !== undefined && command.trim() === '') check.add('command', 'command must not be blank.');
    else if (command !== undefined) out.command = command;
    if (args?.some((a) => a.includes('\0'))) check.add('args', 'args must not contain NUL characters.');
    else out.args = args;
    if (cwd !== undefined && cwd !== '' && !isAbsolute(cwd))
      check.add('cwd', "cwd must be an absolute path (or empty for the server's own working directory).");
    else out.cwd = cwd;
    out.env = env;
    if (check.has('url') && url !== '')
      check.add('url', 'url is for http servers; a stdio server has a command.');
    if (check.has('headers'))
      check.add('headers', 'headers are for http servers; use env for a stdio server.');
  } else if (kind === 'http') {
    if (!existing && url === undefined)
      check.require(
        'url',
        'url is required for an http server: its Streamable HTTP endpoint, e.g. https://example.com/mcp.',
      );
    if (url !== undefined) {
      const stored = existing ? unmaskUrl(url, existing.url) : containsMask(url) ? undefined : url;
      if (stored === undefined) check.add('url', msgMaskedUrl('url'));
      else {
        const problem = mcpUrlProblem(stored, options.localUrlsEnabled);
        if (problem) check.add('url', `url is refused: ${problem}.`);
        else out.url = stored;
      }
    }
    out.headers = headers;
    for (const field of ['command', 'args', 'cwd', 'env'] as const) {
      if (check.has(field) && !(field === 'args' && args?.length === 0) && check.body[field] !== '')
        check.add(field, `${field} is for stdio servers; an http server has a url.`);
    }
  }
  check.finish();
  return out;
}

/**
 * Headers may carry tokens for the server they were entered for: a change that sends the server to another
 * origin must bring the headers again, or say `keepHeaders: true` (like connections' API keys).
 */
export function assertHeadersStayWithOrigin(
  existing: StoredMcpServer,
  changes: Partial<McpServerInput>,
  keepHeaders: unknown,
): void {
  if (keepHeaders !== undefined && keepHeaders !== true) {
    throw validationError([{ field: 'keepHeaders', message: 'keepHeaders must be true when sent.' }]);
  }
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
