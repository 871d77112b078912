import { jsonTextTooDeep, MAX_JSON_DEPTH, valueTooDeep } from '@toolsmith/core/internal';
import { HttpError } from './http-error.js';

export { MAX_JSON_DEPTH, valueTooDeep };

export const MSG_JSON_TOO_DEEP = `The JSON is nested more than ${MAX_JSON_DEPTH} levels deep; at most ${MAX_JSON_DEPTH} levels are accepted. Send flatter data.`;

/** True when the JSON text nests objects/arrays deeper than MAX_JSON_DEPTH (a scan; nothing is parsed). */
export const jsonTooDeep = (text: string): boolean => jsonTextTooDeep(text);

// a high surrogate not followed by a low one, or a low one not preceded by a high one
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when the text holds a lone surrogate. */
export const hasLoneSurrogate = (text: string): boolean => LONE_SURROGATE.test(text);

export const msgLoneSurrogate = (field: string) =>
  `${field || 'The body'} contains a lone surrogate (an unpaired \\uD800–\\uDFFF escape), which is not text. Send well-formed Unicode.`;

/**
 * Where a parsed JSON value holds a string with a lone surrogate: the field path (`stop[1]`, `name`; a bad key
 * names its object), or undefined. SQLite would store such strings as U+FFFD, so two different names could
 * become one and slip past uniqueness checks; they are refused everywhere instead.
 */
export function loneSurrogatePath(value: unknown): string | undefined {
  const stack: Array<[unknown, string]> = [[value, '']];
  while (stack.length > 0) {
    const [item, path] = stack.pop()!;
    if (typeof item === 'string') {
      if (LONE_SURROGATE.test(item)) return path;
    } else if (Array.isArray(item)) {
      item.forEach((child, i) => {
        stack.push([child, `${path}[${i}]`]);
      });
    } else if (typeof item === 'object' && item !== null) {
      for (const [key, child] of Object.entries(item)) {
        if (LONE_SURROGATE.test(key)) return path;
        stack.push([child, path ? `${path}.${key}` : key]);
      }
    }
  }
  return undefined;
}

/** The 400 for a JSON body that is too deep (checked on the text) or holds a lone surrogate (on the value). */
export function tooDeepError(code = 'json_too_deep'): HttpError {
  return new HttpError(400, MSG_JSON_TOO_DEEP, { code });
}

export function loneSurrogateError(path: string, code = 'invalid_unicode'): HttpError {
  const message = msgLoneSurrogate(path);
  return new HttpError(400, message, { code, details: [{ field: path, message }] });
}

/** Checks a JSON text and its parsed value; the error to answer with, or undefined. */
export function jsonBodyProblem(text: string, parse: () => unknown, code?: string): HttpError | undefined {
  if (jsonTooDeep(text)) return tooDeepError(code);
  let value: unknown;
  try {
    value = parse();
  } catch {
    return undefined; // not JSON: the reader says so in its own words
  }
  const path = loneSurrogatePath(value);
  return path === undefined ? undefined : loneSurrogateError(path, code);
}

/** An uploaded file (JSON, or a ZIP/PNG whose JSON a reader parses): its JSON text checked like a body. */
export function uploadedJsonProblem(bytes: Uint8Array, code: string): HttpError | undefined {
  const start = bytes.findIndex(
    (b) => b !== 0x20 && b !== 0x0a && b !== 0x0d && b !== 0x09 && b !== 0xef && b !== 0xbb && b !== 0xbf,
  );
  if (start < 0 || (bytes[start] !== 0x7b && bytes[start] !== 0x5b)) return undefined; // not JSON text
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  return jsonBodyProblem(text, () => JSON.parse(text.replace(/^\uFEFF/, '')), code);
}
