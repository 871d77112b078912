import type { TextProtocolErrorKind } from './parser-types.js';

export type DecodedArguments =
  | { ok: true; args: Record<string, unknown> }
  | { ok: false; kind: TextProtocolErrorKind; message: string };

/** Finds a `__proto__` key anywhere in a parsed value (JSON.parse keeps it as an own property). */
function findForbiddenKey(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value !== 'object' || value === null || depth > 256) return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const hit = findForbiddenKey(value[i], `${path}[${i}]`, depth + 1);
      if (hit) return hit;
    }
    return undefined;
  }
  for (const key of Object.keys(value)) {
    if (key === '__proto__') return path ? `${path}.__proto__` : '__proto__';
    const hit = findForbiddenKey(
      (value as Record<string, unknown>)[key],
      path ? `${path}.${key}` : key,
      depth + 1,
    );
    if (hit) return hit;
  }
  return undefined;
}

/**
 * Checks a parsed arguments value: null → {}, objects pass unless they hold `__proto__`, the rest fails.
 * `source`, the JSON text it was parsed from, lets the walk be skipped when no `__proto__` key can be in it.
 */
export function checkArgumentsValue(value: unknown, source?: string): DecodedArguments {
  if (value === null || value === undefined) return { ok: true, args: {} };
  if (typeof value !== 'object' || Array.isArray(value)) {
    const what = Array.isArray(value) ? 'an array' : `a ${typeof value}`;
    return { ok: false, kind: 'invalid_arguments', message: `Arguments must be a JSON object, got ${what}.` };
  }
  // a key can only be __proto__ if the text says so, or hides it behind a \u escape
  const mayHide = source === undefined || source.includes('__proto__') || source.includes('\\u');
  const forbidden = mayHide ? findForbiddenKey(value, '') : undefined;
  if (forbidden) {
    return { ok: false, kind: 'forbidden_key', message: `Arguments may not contain the key "${forbidden}".` };
  }
  return { ok: true, args: value as Record<string, unknown> };
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false; message: string } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (e) {
    return { ok: false, message: e instanceof Error ? e.message : String(e) };
  }
}

/**
 * Decodes argument text: '' → {}, a JSON object → itself, a JSON string holding an object → decoded once
 * (models often double-encode), anything else → an error naming the problem.
 */
export function decodeArguments(raw: string, options: { allowStringLayer?: boolean } = {}): DecodedArguments {
  const text = raw.trim();
  if (text === '') return { ok: true, args: {} };
  const first = parseJson(text);
  if (!first.ok)
    return { ok: false, kind: 'invalid_json', message: `Arguments are not valid JSON: ${first.message}` };
  if (typeof first.value === 'string' && options.allowStringLayer !== false) {
    const inner = first.value.trim();
    if (inner === '') return { ok: true, args: {} };
    const second = parseJson(inner);
    if (!second.ok) {
      return {
        ok: false,
        kind: 'invalid_json',
        message: `Arguments are a string that is not valid JSON: ${second.message}`,
      };
    }
    return checkArgumentsValue(second.value, inner);
  }
  return checkArgumentsValue(first.value, text);
}
