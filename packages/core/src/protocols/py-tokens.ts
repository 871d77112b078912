/** The small pieces of Python literal syntax: scalar tokens, escapes, object keys. */

/** Python's literal names and JSON's, as JSON (a Map: no word a model writes finds Object.prototype's). */
export const LITERALS: ReadonlyMap<string, string> = new Map([
  ['True', 'true'],
  ['False', 'false'],
  ['None', 'null'],
  ['true', 'true'],
  ['false', 'false'],
  ['null', 'null'],
]);

export function isTokenChar(c: number): boolean {
  return (
    (c >= 48 && c <= 57) ||
    (c >= 65 && c <= 90) ||
    (c >= 97 && c <= 122) ||
    c === 95 ||
    c === 46 ||
    c === 43 ||
    c === 45
  );
}

export const NUMBER = /^[+-]?(?:\d[\d_]*\.?[\d_]*|\.\d[\d_]*)(?:[eE][+-]?\d+)?$|^[+-]?0[xX][0-9a-fA-F]+$/;

/** A JSON object key from a literal's JSON text: strings stay, numbers and the like become strings. */
export function keyJson(json: string): string {
  return json.startsWith('"') ? json : JSON.stringify(json);
}

/** One escape sequence after the backslash, or undefined while it is incomplete. */
export function decodeEscape(esc: string): string | undefined {
  const c = esc[0];
  const simple: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', '0': '\0', v: '\v' };
  if (c in simple) return simple[c];
  if (c === 'x' || c === 'u' || c === 'U') {
    const len = c === 'x' ? 2 : c === 'u' ? 4 : 8;
    if (esc.length < len + 1) return /^[0-9a-fA-F]*$/.test(esc.slice(1)) ? undefined : esc;
    const code = Number.parseInt(esc.slice(1), 16);
    return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : esc;
  }
  if (c === '\n') return '';
  return c; // \\ \' \" and anything unknown: the character itself
}
