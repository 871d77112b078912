import { CardError } from './card-error.js';

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const BASE64URL = /^[A-Za-z0-9_-]*={0,2}$/;

/** Strict base64 → bytes: Node's decoder skips stray characters silently, so the alphabet is checked first. */
export function decodeBase64Strict(text: string, what: string): Uint8Array {
  const compact = text.replace(/\s+/g, '');
  const ok = (BASE64.test(compact) || BASE64URL.test(compact)) && compact.length % 4 !== 1;
  if (!compact || !ok) throw new CardError('bad_base64', `The ${what} chunk is not valid base64.`);
  return new Uint8Array(
    Buffer.from(compact, compact.includes('-') || compact.includes('_') ? 'base64url' : 'base64'),
  );
}

export function encodeBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
}

/** Parses card JSON text, naming where it came from in the error. */
export function parseCardJsonText(text: string, what: string): unknown {
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new CardError('bad_json', `The ${what} is not valid JSON: ${(error as Error).message}`);
  }
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * A PNG card chunk's payload: base64 of UTF-8 JSON by the specs. Some old writers stored the JSON itself,
 * which is accepted when the text starts with `{`.
 */
export function decodeCardPayload(text: string, keyword: string, maxBytes: number): unknown {
  const what = `"${keyword}"`;
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) {
    // tEXt is read as Latin-1: re-read its bytes as UTF-8 so non-ASCII JSON written raw survives.
    let decoded = trimmed;
    if (!/[^\x00-\xff]/.test(trimmed)) {
      try {
        decoded = utf8.decode(Buffer.from(trimmed, 'latin1'));
      } catch {
        // genuinely Latin-1 text: keep it as read
      }
    }
    return parseCardJsonText(decoded, `${what} chunk`);
  }
  const bytes = decodeBase64Strict(trimmed, what);
  if (bytes.length > maxBytes) {
    throw new CardError('too_large', `The ${what} card data is larger than ${maxBytes} bytes.`);
  }
  let json: string;
  try {
    json = utf8.decode(bytes);
  } catch {
    throw new CardError('bad_text', `The ${what} chunk does not decode to UTF-8 text.`);
  }
  return parseCardJsonText(json, `${what} chunk`);
}

/** base64 of the UTF-8 JSON, as both `chara` and `ccv3` chunks hold it. */
export function encodeCardPayload(document: unknown): string {
  return encodeBase64(new TextEncoder().encode(JSON.stringify(document)));
}
