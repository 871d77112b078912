/** Small scanning helpers shared by the text parser's states. */

export type MatchResult = number | 'partial' | 'no';

/** Whether `marker` starts at `at`: its length, 'partial' if the buffer ends inside it, or 'no'. */
export function matchLiteral(buf: string, at: number, marker: string, final: boolean): MatchResult {
  const available = buf.length - at;
  const n = Math.min(available, marker.length);
  for (let i = 0; i < n; i++) if (buf.charCodeAt(at + i) !== marker.charCodeAt(i)) return 'no';
  if (n === marker.length) return marker.length;
  return final ? 'no' : 'partial';
}

export type FindResult = { index: number; marker: string } | { index: -1; safeEnd: number };

/** A compiled search for one marker list. */
interface Finder {
  re: RegExp;
  /** the markers, longest first: the one a match ends with */
  longestFirst: readonly string[];
  /** first characters of the markers (ASCII by code; others in `otherFirsts`) */
  asciiFirsts: Uint8Array;
  otherFirsts: ReadonlySet<number>;
  maxLength: number;
}

/** One compiled search per marker list; callers pass module-level (or per-state) arrays, never fresh ones. */
const finders = new WeakMap<readonly string[], Finder>();

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** the last list searched: a state searches the same list chunk after chunk, so skip the map lookup */
let lastMarkers: readonly string[] | undefined;
let lastFinder: Finder | undefined;

function finderFor(markers: readonly string[]): Finder {
  if (markers === lastMarkers && lastFinder) return lastFinder;
  let finder = finders.get(markers);
  if (finder) {
    lastMarkers = markers;
    lastFinder = finder;
    return finder;
  }
  const asciiFirsts = new Uint8Array(128);
  const otherFirsts = new Set<number>();
  for (const marker of markers) {
    const c = marker.charCodeAt(0);
    if (c < 128) asciiFirsts[c] = 1;
    else otherFirsts.add(c);
  }
  finder = {
    re: new RegExp(markers.map(escapeRegExp).join('|'), 'g'),
    longestFirst: [...markers].sort((x, y) => y.length - x.length),
    asciiFirsts,
    otherFirsts,
    maxLength: Math.max(0, ...markers.map((m) => m.length)),
  };
  finders.set(markers, finder);
  return finder;
}

/**
 * The earliest of `markers` at or after `from`. When none is there, `safeEnd` tells how far the text is
 * certainly free of them (only a possible marker start at the very end is held back). One regex search,
 * so the scan stops at the first hit instead of running each marker to the end of the buffer; test()
 * rather than exec(), so no match object per search (this runs once per chunk while streaming).
 */
export function findFirst(buf: string, from: number, markers: readonly string[], final: boolean): FindResult {
  const f = finderFor(markers);
  const re = f.re;
  re.lastIndex = from;
  if (re.test(buf)) {
    const end = re.lastIndex;
    // the match starts leftmost, so it is the longest marker ending where it ends
    for (const marker of f.longestFirst) {
      const start = end - marker.length;
      if (start >= from && buf.startsWith(marker, start)) return { index: start, marker };
    }
  }
  if (final) return { index: -1, safeEnd: buf.length };
  // a marker can only be cut off at the end where one's first character is among the last few: the
  // earliest such place where the rest of the buffer starts a marker is held back (the longest hold)
  const n = buf.length;
  for (let i = Math.max(from, n - f.maxLength + 1); i < n; i++) {
    const c = buf.charCodeAt(i);
    if (c < 128 ? f.asciiFirsts[c] !== 1 : !f.otherFirsts.has(c)) continue;
    for (let m = 0; m < markers.length; m++)
      if (cutOffAt(buf, i, markers[m])) return { index: -1, safeEnd: i };
  }
  return { index: -1, safeEnd: n };
}

/** Whether `buf` from `at` to its end is a proper prefix of `marker` (the marker cut off by the buffer end). */
function cutOffAt(buf: string, at: number, marker: string): boolean {
  const k = buf.length - at;
  if (k >= marker.length) return false;
  for (let j = 0; j < k; j++) if (buf.charCodeAt(at + j) !== marker.charCodeAt(j)) return false;
  return true;
}

export function isWhitespace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

export function isHighSurrogate(c: number): boolean {
  return c >= 0xd800 && c <= 0xdbff;
}

const NAMED_ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** Decodes the five XML entities and numeric references (used outside CDATA only). */
export function decodeXmlEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g, (whole, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' ? Number.parseInt(body.slice(2), 16) : Number.parseInt(body.slice(1), 10);
      return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[body] ?? whole;
  });
}
