// Credentials people put in URLs (webhook URLs, base URLs): user info, secret-looking query values and
// token-like path segments. The server keeps and uses them; clients only ever see them masked.

/** What replaces a hidden part. Sending a masked URL back unchanged means "keep the stored one". */
export const MASK = '•••';

const SECRET_PARAM = /key|token|secret|pass|pwd|auth|sig|session|credential|bearer/i;

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Long, mixed, random-looking text: how API tokens look (not ids, dates or slugs). */
function looksLikeToken(raw: string): boolean {
  const text = decoded(raw);
  if (text.length < 20 || !/^[A-Za-z0-9._~+/=-]+$/.test(text)) return false;
  if (!/[A-Za-z]/.test(text) || !/[0-9]/.test(text)) return false;
  return (/[a-z]/.test(text) && /[A-Z]/.test(text)) || text.length >= 32;
}

function maskPairs(part: string): string {
  return part
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return looksLikeToken(pair) ? MASK : pair;
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      if (value === '' || value === MASK) return pair;
      return SECRET_PARAM.test(decoded(name)) || looksLikeToken(value) ? `${name}=${MASK}` : pair;
    })
    .join('&');
}

/**
 * The URL with its credentials replaced by `•••`: `https://user:•••@host/...`, `?token=•••`, and path
 * segments that look like tokens (Discord-style webhook URLs). Works on the text, so nothing else changes.
 */
export function maskUrlCredentials(url: string): string {
  const match = /^([a-z][a-z0-9+.-]*:\/\/)([^/?#]*)([^?#]*)(\?[^#]*)?(#.*)?$/i.exec(url);
  if (!match) return url;
  const [, scheme, authority, path, query = '', fragment = ''] = match;
  let host = authority;
  const at = authority.lastIndexOf('@');
  if (at >= 0) {
    const userinfo = authority.slice(0, at);
    const colon = userinfo.indexOf(':');
    const masked = colon >= 0 ? `${userinfo.slice(0, colon)}:${MASK}` : MASK;
    host = `${masked}@${authority.slice(at + 1)}`;
  }
  const maskedPath = path
    .split('/')
    .map((segment) => (looksLikeToken(segment) ? MASK : segment))
    .join('/');
  const maskedQuery = query ? `?${maskPairs(query.slice(1))}` : '';
  const maskedFragment = fragment ? `#${maskPairs(fragment.slice(1))}` : '';
  return `${scheme}${host}${maskedPath}${maskedQuery}${maskedFragment}`;
}

export function containsMask(text: string): boolean {
  return text.includes(MASK);
}

/**
 * What to store for a URL a client sent: the stored URL when the client sent its masked form back
 * unchanged, the sent URL when it holds no mask; `undefined` when it carries a mask but is not the stored
 * URL's masked form (the client edited around hidden parts, which cannot be merged).
 */
export function unmaskUrl(sent: string, stored: string | undefined): string | undefined {
  if (!containsMask(sent)) return sent;
  if (stored !== undefined && sent === maskUrlCredentials(stored)) return stored;
  return undefined;
}

export const msgMaskedUrl = (field: string) =>
  `${field} still contains ${MASK}, where hidden credentials were. Send the URL back unchanged to keep the stored one, or type the whole URL again with its credentials.`;
