import type { TextParserTool } from './parser-types.js';
import { LiteralTranscoder } from './py-literal.js';
import { isWhitespace } from './scan-utils.js';

type Schema = Record<string, unknown>;

const JSON_TYPES = ['string', 'number', 'integer', 'boolean', 'null', 'object', 'array'];

/** Every JSON type a schema allows, looking through anyOf/oneOf/allOf, `nullable`, enum and const. */
function collectTypes(schema: unknown, into: Set<string>, depth = 0): void {
  if (!schema || typeof schema !== 'object' || depth > 16) return;
  const s = schema as Schema;
  if (typeof s.type === 'string') into.add(s.type);
  else if (Array.isArray(s.type)) for (const t of s.type) into.add(String(t));
  if (s.nullable === true) into.add('null');
  for (const key of ['anyOf', 'oneOf', 'allOf']) {
    const list = s[key];
    if (Array.isArray(list)) for (const sub of list) collectTypes(sub, into, depth + 1);
  }
  const values = Array.isArray(s.enum) ? s.enum : 'const' in s ? [s.const] : [];
  for (const v of values) into.add(v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
  if (into.has('number')) into.add('integer');
}

/** The JSON types a tool's schema allows for one parameter, or undefined when it does not say. */
export function parameterTypes(tool: TextParserTool | undefined, key: string): Set<string> | undefined {
  const props = tool?.parameters?.properties as Record<string, unknown> | undefined;
  if (!props || !Object.hasOwn(props, key)) return undefined;
  const types = new Set<string>();
  collectTypes(props[key], types);
  return types.size ? types : undefined;
}

/** Whether the schema says the value is text and only text (so it can stream as it comes). */
export function isStringOnly(types: Set<string> | undefined): boolean {
  return types !== undefined && types.size === 1 && types.has('string');
}

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function parseJson(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text.trim()) };
  } catch {
    return undefined;
  }
}

/** Parses text as JSON, then as a Python literal (`True`, `None`, `{'a': 1}`); undefined if neither. */
export function parseLiteral(text: string): { value: unknown } | undefined {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  try {
    return { value: JSON.parse(trimmed) };
  } catch {
    const json = pythonLiteralToJson(trimmed);
    if (json !== undefined) return { value: JSON.parse(json) };
    return undefined;
  }
}

/**
 * A parameter value written as text (XML-style families), typed from the tool's JSON Schema: a string
 * parameter keeps the text as written; other types are read as JSON or a Python literal; where a string is
 * one of several allowed types, the text is only converted when it reads as one of the others. Without a
 * schema the text is read as JSON where it is JSON, and kept as text otherwise.
 */
export function typedValue(tool: TextParserTool | undefined, key: string, text: string): unknown {
  const types = parameterTypes(tool, key);
  if (isStringOnly(types)) return text;
  const parsed = parseLiteral(text);
  if (!types || !JSON_TYPES.some((t) => types.has(t))) return parsed ? parsed.value : text;
  if (types.has('string')) {
    // text is a valid answer here: only a strict JSON reading of another allowed type replaces it
    const strict = parseJson(text);
    return strict && types.has(typeOf(strict.value)) ? strict.value : text;
  }
  if (parsed) {
    const t = typeOf(parsed.value);
    if (types.has(t) || (t === 'integer' && types.has('number'))) return parsed.value;
  }
  // loose forms a schema still makes clear: " 4 " for an integer, "TRUE" for a boolean
  const trimmed = text.trim();
  if ((types.has('number') || types.has('integer')) && trimmed !== '' && Number.isFinite(Number(trimmed)))
    return Number(trimmed);
  if (types.has('boolean') && /^(true|false)$/i.test(trimmed)) return trimmed.toLowerCase() === 'true';
  if (types.has('null') && /^(null|none)$/i.test(trimmed)) return null;
  return parsed ? parsed.value : text;
}

/** One-shot: a whole Python literal as JSON text, or undefined when it is not one. */
export function pythonLiteralToJson(text: string): string | undefined {
  let json = '';
  const t = new LiteralTranscoder('python', (s) => {
    json += s;
  });
  const stop = t.feed(text, 0, true);
  if (t.error || !t.done) return undefined;
  for (let i = stop; i < text.length; i++) if (!isWhitespace(text.charCodeAt(i))) return undefined;
  return json;
}

/**
 * A JSON call's arguments (text) with each top-level value typed from the tool's schema where the model wrote
 * the wrong JSON type (K2-Horizon's json mode, as vLLM's parser coerces them): `"3"` for an integer reads as
 * 3, a non-string for a text-only parameter becomes its JSON text. The same text when nothing changes.
 */
export function typedJsonArguments(tool: TextParserTool | undefined, raw: string): string {
  const parsed = parseJson(raw);
  const args = parsed?.value;
  if (!tool || !args || typeof args !== 'object' || Array.isArray(args)) return raw;
  let changed = false;
  // no prototype: a `__proto__` key stays a key (and is refused later like anywhere else)
  const out: Record<string, unknown> = Object.create(null);
  for (const [key, value] of Object.entries(args)) {
    const types = parameterTypes(tool, key);
    let typed = value;
    if (types && typeof value === 'string' && !types.has('string')) typed = typedValue(tool, key, value);
    else if (typeof value !== 'string' && isStringOnly(types)) typed = JSON.stringify(value);
    if (typed !== value) changed = true;
    out[key] = typed;
  }
  return changed ? JSON.stringify(out) : raw;
}
