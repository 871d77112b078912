import { isWhitespace, type MatchResult, matchLiteral } from './scan-utils.js';

/** Longest whitespace run allowed inside an opening marker (fence or bare JSON); keeps holding bounded. */
const MAX_GAP = 16;

/**
 * A code fence that opens JSON: "```" or "```json", optional whitespace, then `{` or `[`. The length
 * returned stops before the bracket, which the JSON scanner takes.
 */
export function matchFence(buf: string, at: number, final: boolean): MatchResult {
  const m = matchLiteral(buf, at, '```', final);
  if (typeof m !== 'number') return m;
  let i = at + 3;
  const lang = 'json';
  let j = 0;
  while (j < lang.length && i < buf.length && (buf.charCodeAt(i) | 0x20) === lang.charCodeAt(j)) {
    i++;
    j++;
  }
  if (i >= buf.length) return final ? 'no' : 'partial';
  if (j > 0 && j < lang.length) return 'no';
  const gapStart = i;
  while (i < buf.length && isWhitespace(buf.charCodeAt(i))) {
    if (i - gapStart >= MAX_GAP) return 'no';
    i++;
  }
  if (i >= buf.length) return final ? 'no' : 'partial';
  const c = buf[i];
  return c === '{' || c === '[' ? i - at : 'no';
}

/**
 * A bare JSON call (Llama 3 style): `{` then whitespace then a first key "name" or "type". Returns 0 (the
 * scanner starts at the brace) or 'partial'/'no'. Other JSON in prose is left alone at once.
 */
export function matchBareJsonCall(buf: string, at: number, final: boolean): MatchResult {
  let i = at + 1;
  while (i < buf.length && isWhitespace(buf.charCodeAt(i))) {
    if (i - at > MAX_GAP) return 'no';
    i++;
  }
  if (i >= buf.length) return final ? 'no' : 'partial';
  const name = matchLiteral(buf, i, '"name"', final);
  const type = matchLiteral(buf, i, '"type"', final);
  if (typeof name === 'number' || typeof type === 'number') return 0;
  return name === 'partial' || type === 'partial' ? 'partial' : 'no';
}

function isAlphanumeric(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

/** Any `<Function_XXXX_Start/>` (used when the parser was given no trigger). */
export function matchAnyTrigger(buf: string, at: number, final: boolean): MatchResult {
  const head = matchLiteral(buf, at, '<Function_', final);
  if (typeof head !== 'number') return head;
  let i = at + head;
  for (let k = 0; k < 4; k++, i++) {
    if (i >= buf.length) return final ? 'no' : 'partial';
    if (!isAlphanumeric(buf.charCodeAt(i))) return 'no';
  }
  const tail = matchLiteral(buf, i, '_Start/>', final);
  return typeof tail === 'number' ? i + tail - at : tail;
}
