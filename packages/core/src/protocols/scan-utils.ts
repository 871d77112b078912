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
  /** the characters the markers start with, as one character class */
  firsts: RegExp;
  /** the one character all the markers start with ('' when they start with several) */
  first: string;
  maxLength: number;
}

/**
 * The compiled search of each marker list, kept on the list itself under a symbol: callers pass the same
 * module-level (or per-state) arrays every time, and a property read is cheaper than a map lookup in a
 * function that runs once or twice per streamed chunk.
 */
const FINDER = Symbol('finder');

type CompiledList = readonly string[] & { [FINDER]?: Finder };

/** A character escaped for use inside a regex character class. */
export function escapeClassChar(c: string): string {
  return /[\\\]^-]/.test(c) ? `\\${c}` : c;
}

function finderFor(markers: CompiledList): Finder {
  const cached = markers[FINDER];
  if (cached) return cached;
  const firsts = new Set(markers.map((m) => m[0]));
  const finder: Finder = {
    firsts: new RegExp(`[${[...firsts].map(escapeClassChar).join('')}]`, 'g'),
    first: firsts.size === 1 ? [...firsts][0] : '',
    maxLength: Math.max(0, ...markers.map((m) => m.length)),
  };
  Object.defineProperty(markers, FINDER, { value: finder });
  return finder;
}

/**
 * The earliest of `markers` at or after `from` (at one place, the first of them in list order). When none
 * is there, `safeEnd` tells how far the text is certainly free of them: only a marker cut off by the end
 * of the buffer is held back (the earliest such place). The places where a marker could start are found
 * with indexOf when the markers share their first character, else with a character-class test() (not
 * exec(), so nothing is allocated per candidate).
 */
export function findFirst(buf: string, from: number, markers: readonly string[], final: boolean): FindResult {
  const f = finderFor(markers);
  const re = f.firsts;
  const first = f.first;
  const n = buf.length;
  let cut = -1;
  re.lastIndex = from;
  // one first character (every special token starts with `<`): indexOf, 7.6 against 25.7 ns per call
  // on the 16-character buffers of a stream
  for (let at = first ? buf.indexOf(first, from) : nextByClass(re, buf); at >= 0; ) {
    for (let m = 0; m < markers.length; m++) {
      if (startsAt(buf, at, markers[m])) return { index: at, marker: markers[m] };
    }
    if (cut < 0 && !final && n - at < f.maxLength) {
      for (let m = 0; m < markers.length; m++) {
        if (cutOffAt(buf, at, markers[m])) {
          cut = at;
          break;
        }
      }
    }
    at = first ? buf.indexOf(first, at + 1) : nextByClass(re, buf);
  }
  return { index: -1, safeEnd: cut >= 0 ? cut : n };
}

/** The next match of a one-character class after its `lastIndex`, or -1; test() allocates nothing. */
function nextByClass(re: RegExp, buf: string): number {
  return re.test(buf) ? re.lastIndex - 1 : -1;
}

/**
 * `buf.startsWith(marker, at)` as a loop the compiler inlines: most candidates differ from a marker at its
 * second character, and a builtin call per marker per candidate was most of the search's time.
 */
function startsAt(buf: string, at: number, marker: string): boolean {
  const n = marker.length;
  if (at + n > buf.length) return false;
  for (let j = 0; j < n; j++) if (buf.charCodeAt(at + j) !== marker.charCodeAt(j)) return false;
  return true;
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

const NAMED_ENTITIES: ReadonlyMap<string, string> = new Map([
  ['lt', '<'],
  ['gt', '>'],
  ['amp', '&'],
  ['quot', '"'],
  ['apos', "'"],
]);

/** Decodes the five XML entities and numeric references (used outside CDATA only). */
export function decodeXmlEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g, (whole, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' ? Number.parseInt(body.slice(2), 16) : Number.parseInt(body.slice(1), 10);
      return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES.get(body) ?? whole;
  });
}
