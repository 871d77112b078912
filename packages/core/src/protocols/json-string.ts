/**
 * What JSON.stringify escapes in a string: a quote, a backslash, a control character, and a surrogate
 * when it stands alone (any surrogate here: those strings take the exact path).
 */
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/**
 * `text` as the inside of a JSON string literal (without the quotes). Streamed argument text mostly needs
 * no escape and is returned as it is, sparing a JSON.stringify (a runtime call) per streamed piece.
 */
export function jsonStringBody(text: string): string {
  return NEEDS_ESCAPE.test(text) ? JSON.stringify(text).slice(1, -1) : text;
}
