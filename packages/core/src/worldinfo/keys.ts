import { escapeRegExp } from '../regex/escape-literal.js';
import { compileUserRegex, describeRegexProblem, type UserRegex } from '../regex/user-regex.js';

/**
 * Turning lorebook keys into matchers.
 *
 * Plain keys are matched as literal text with Unicode case folding (`iu`), after NFC normalization of both
 * sides, so `Σ`/`σ`/`ς`, `É`/`é` and a decomposed `é` all meet. Whole-word matching uses Unicode-aware
 * boundaries: a key edge that is a letter, mark, digit or `_` must not touch another such character — so it
 * works for Cyrillic, Greek, accented Latin and any spaced script.
 *
 * Scripts written without spaces between words (Han, Hiragana, Katakana, Hangul, Thai, Lao, Khmer,
 * Myanmar) have no word boundaries to find, so whole-word matching does not apply to a key edge in one of
 * them: `東京` matches inside `東京タワー`. Hangul is included because particles attach to nouns
 * (`서울에서`). Their characters also count as a boundary for neighbouring spaced-script keys, so `iPhone`
 * is a whole word in `我的iPhone很好`.
 */

const WORD_CHAR = String.raw`[\p{L}\p{M}\p{N}_]`;
const UNSPACED = String.raw`[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}\p{scx=Hangul}\p{scx=Thai}\p{scx=Lao}\p{scx=Khmer}\p{scx=Myanmar}]`;
const WORD_CHAR_RE = new RegExp(`^${WORD_CHAR}$`, 'u');
const UNSPACED_RE = new RegExp(`^${UNSPACED}$`, 'u');
const UNSPACED_GLOBAL_RE = new RegExp(UNSPACED, 'gu');

export interface KeyOptions {
  caseSensitive?: boolean;
  matchWholeWords?: boolean;
}

const REGEX_KEY = /^\/([\s\S]+)\/([a-z]*)$/;

/**
 * `/pattern/flags` → a linear-time regex (JavaScript syntax, SillyTavern's key format); anything else → null
 * (a plain key). A pattern that is broken or uses what the engine cannot do (backreferences, lookahead)
 * → 'invalid'. `g` and `y` change nothing: matching is stateless.
 */
export function parseRegexKey(key: string): UserRegex | null | 'invalid' {
  const match = REGEX_KEY.exec(key.trim());
  if (!match) return null;
  const compiled = compileUserRegex(match[1], match[2]);
  return compiled.ok ? compiled.regex : 'invalid';
}

/**
 * Why a `/pattern/flags` key cannot be used, as a predicate ("uses a lookahead …") to follow the key in a
 * message; undefined when it can be used or is a plain key.
 */
export function regexKeyProblem(key: string): string | undefined {
  const match = typeof key === 'string' ? REGEX_KEY.exec(key.trim()) : null;
  if (!match) return undefined;
  const compiled = compileUserRegex(match[1], match[2]);
  return compiled.ok ? undefined : describeRegexProblem(compiled);
}

/** True when the character belongs to a script written without spaces between words. */
export function isUnspacedScriptChar(char: string): boolean {
  return UNSPACED_RE.test(char);
}

/** How many characters of `text` are in scripts written without spaces (used by the token estimate). */
export function countUnspacedScriptChars(text: string): number {
  return text.match(UNSPACED_GLOBAL_RE)?.length ?? 0;
}

/** Whether a boundary is needed at this key edge: a word character outside the unspaced scripts. */
function needsBoundary(edge: string | undefined): boolean {
  return edge !== undefined && WORD_CHAR_RE.test(edge) && !UNSPACED_RE.test(edge);
}

/** A character that ends a word: anything but a letter, mark, digit or `_`, or a character of an unspaced script. */
function isBoundaryChar(char: string): boolean {
  return !WORD_CHAR_RE.test(char) || UNSPACED_RE.test(char);
}

function charBefore(text: string, index: number): string {
  const low = text.charCodeAt(index - 1);
  const isPair = low >= 0xdc00 && low <= 0xdfff && index >= 2;
  return isPair ? text.slice(index - 2, index) : text.charAt(index - 1);
}

/**
 * A scan text as matchers see it: NFC-normalized, with its ASCII lowercase form when the text is pure ASCII
 * (computed once per text by ScanText and shared by every key).
 */
export class ScanText {
  private lowered: string | null | undefined;
  constructor(readonly text: string) {}

  /** The lowercase text if it is pure ASCII, else null. */
  get asciiLower(): string | null {
    if (this.lowered === undefined) this.lowered = ASCII_RE.test(this.text) ? this.text.toLowerCase() : null;
    return this.lowered;
  }
}

const ASCII_RE = /^[\x00-\x7f]*$/;

/** Finds a key in a text. Scan texts must be NFC-normalized, as plain keys are. */
export interface KeyMatcher {
  /** the first match, or null */
  find(text: string | ScanText): string | null;
  /** whether there is a match (cheaper than find for regex keys) */
  test?(text: string | ScanText): boolean;
}

const textOf = (t: string | ScanText) => (typeof t === 'string' ? t : t.text);

/** `/regex/` keys, on the linear-time engine. */
class RegexKeyMatcher implements KeyMatcher {
  constructor(private readonly re: UserRegex) {}
  find(text: string | ScanText): string | null {
    return this.re.exec(textOf(text))?.match ?? null;
  }
  test(text: string | ScanText): boolean {
    return this.re.test(textOf(text));
  }
}

/**
 * Plain keys: a literal search with word boundaries checked around each hit in code (Unicode lookbehinds
 * in a pattern made matching ~10× slower). Case-sensitive keys, and ASCII keys in ASCII texts, use
 * indexOf (exact there, and much faster than a case-insensitive RegExp); the rest use an `iu` RegExp.
 */
class PlainKeyMatcher implements KeyMatcher {
  private readonly re: RegExp | null;
  private readonly lowerKey: string | null;

  constructor(
    private readonly key: string,
    private readonly caseSensitive: boolean,
    private readonly checkBefore: boolean,
    private readonly checkAfter: boolean,
  ) {
    this.re = caseSensitive ? null : new RegExp(escapeRegExp(key), 'giu');
    this.lowerKey = !caseSensitive && ASCII_RE.test(key) ? key.toLowerCase() : null;
  }

  find(input: string | ScanText): string | null {
    const scan = typeof input === 'string' ? new ScanText(input) : input;
    const text = scan.text;
    if (this.caseSensitive) return this.scanIndexOf(text, text, this.key);
    const lower = this.lowerKey === null ? null : scan.asciiLower;
    if (lower !== null) return this.scanIndexOf(text, lower, this.lowerKey!);
    const re = this.re!;
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      if (this.bounded(text, m.index, m.index + m[0].length)) return m[0];
      // retry from the next code point: a later, overlapping hit may have boundaries
      re.lastIndex = m.index + ((text.codePointAt(m.index) ?? 0) > 0xffff ? 2 : 1);
    }
    return null;
  }

  /** indexOf over `haystack` (the text or its same-length lowercase form); the hit is cut from `text`. */
  private scanIndexOf(text: string, haystack: string, needle: string): string | null {
    for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) {
      if (this.bounded(text, at, at + needle.length)) return text.slice(at, at + needle.length);
    }
    return null;
  }

  private bounded(text: string, start: number, end: number): boolean {
    if (this.checkBefore && start > 0 && !isBoundaryChar(charBefore(text, start))) return false;
    if (this.checkAfter && end < text.length && !isBoundaryChar(String.fromCodePoint(text.codePointAt(end)!)))
      return false;
    return true;
  }
}

/** A plain key as a matcher; empty keys → null. */
export function compilePlainKey(key: string, options: KeyOptions = {}): KeyMatcher | null {
  const text = key.normalize('NFC');
  if (text.trim() === '') return null;
  const chars = Array.from(text);
  const whole = options.matchWholeWords === true;
  return new PlainKeyMatcher(
    text,
    options.caseSensitive === true,
    whole && needsBoundary(chars[0]),
    whole && needsBoundary(chars[chars.length - 1]),
  );
}

/** Any key (plain or `/regex/flags`) as a matcher; null for empty keys, 'invalid' for a broken pattern. */
export function compileKey(key: string, options: KeyOptions = {}): KeyMatcher | null | 'invalid' {
  if (typeof key !== 'string' || key.trim() === '') return null;
  const regex = parseRegexKey(key);
  if (regex === 'invalid') return regex;
  return regex ? new RegexKeyMatcher(regex) : compilePlainKey(key, options);
}

/** Compiles each distinct (key, options) once per activation. */
export class KeyCache {
  private readonly cache = new Map<string, KeyMatcher | null | 'invalid'>();

  get(key: string, options: KeyOptions): KeyMatcher | null | 'invalid' {
    const id = `${options.caseSensitive ? 1 : 0}${options.matchWholeWords ? 1 : 0}${key}`;
    let compiled = this.cache.get(id);
    if (compiled === undefined) {
      compiled = compileKey(key, options);
      this.cache.set(id, compiled);
    }
    return compiled;
  }
}
