import { GenerateTaskError } from '../../base/errors.js';
import type { OmittableField } from '../types.js';

type Loc = Array<string | number>;

/** Leaf field names the quirks setting can leave out, with the setting's value. */
const OMITTABLE: Record<string, OmittableField> = {
  stream_options: 'stream_options',
  parallel_tool_calls: 'parallel_tool_calls',
  name: 'message_name',
  reasoning_content: 'reasoning_content',
};

function parseMaybeJson(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/**
 * Validation entries of a 422 body: FastAPI / pydantic `detail: [{ loc, msg, type }]`, found at the top, under
 * `message` (Mistral, sometimes as a JSON string) or under `error`.
 */
function validationEntries(body: unknown): Array<{ loc: Loc; msg: string }> {
  const b = body as Record<string, unknown> | null;
  if (!b || typeof b !== 'object') return [];
  const error = b.error && typeof b.error === 'object' ? (b.error as Record<string, unknown>) : undefined;
  const candidates = [b.detail, parseMaybeJson(b.message), error?.detail, parseMaybeJson(error?.message)];
  for (const candidate of candidates) {
    const list = Array.isArray(candidate)
      ? candidate
      : candidate && typeof candidate === 'object'
        ? (candidate as { detail?: unknown }).detail
        : undefined;
    if (!Array.isArray(list)) continue;
    const entries = list
      .filter((e): e is { loc: Loc; msg?: unknown } => Array.isArray((e as { loc?: unknown })?.loc))
      .map((e) => ({ loc: e.loc, msg: typeof e.msg === 'string' ? e.msg : 'invalid' }));
    if (entries.length > 0) return entries;
  }
  return [];
}

/** `["body", "messages", 0, "user", "name"]` → `messages[0].user.name` */
function fieldPath(loc: Loc): string {
  const parts = loc[0] === 'body' ? loc.slice(1) : loc;
  let out = '';
  for (const part of parts) out += typeof part === 'number' ? `[${part}]` : out ? `.${part}` : String(part);
  return out || 'body';
}

/**
 * Rewrites a refused request (HTTP 422, or a 400 carrying validation entries) so the message names the fields
 * the provider refused and says how to stop sending them (docs/providers.md, "Quirks"). Anything else is
 * returned unchanged.
 */
export function explainRejectedFields(error: unknown): unknown {
  if (!(error instanceof GenerateTaskError)) return error;
  const status = error.details.status;
  if (status !== 422 && status !== 400) return error;
  const entries = validationEntries(error.details.body);
  let fields = entries.map((e) => fieldPath(e.loc));
  const reasons = [...new Set(entries.map((e) => e.msg))];
  if (fields.length === 0) {
    const param = (error.details.body as { error?: { param?: unknown } } | null)?.error?.param;
    if (status !== 422 || typeof param !== 'string' || !param) return error;
    fields = [param];
  }
  fields = [...new Set(fields)];
  const omit = [
    ...new Set(
      entries
        .map((e) => e.loc[e.loc.length - 1])
        .filter((leaf): leaf is string => typeof leaf === 'string' && Object.hasOwn(OMITTABLE, leaf))
        .map((leaf) => OMITTABLE[leaf]),
    ),
  ];
  const fix = omit.length
    ? ` Add ${omit.map((f) => `"${f}"`).join(', ')} to the connection's quirks (omit), or choose its provider profile.`
    : " Remove it from the connection or preset (extraBody), or choose the connection's provider profile.";
  const named = fields.map((f) => `"${f}"`).join(', ');
  const why = reasons.length ? ` (${reasons.join('; ')})` : '';
  return new GenerateTaskError(
    error.code,
    `The provider refused the request field${fields.length > 1 ? 's' : ''} ${named}${why}.${fix}`,
    { cause: error, details: { ...error.details, fields, ...(omit.length ? { omit } : {}) } },
  );
}
