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
const BOUNDARY_BEFORE = `(?:(?<!${WORD_CHAR})|(?<=${UNSPACED}))`;
const BOUNDARY_AFTER = `(?:(?!${WORD_CHAR})|(?=${UNSPACED}))`;

export interface KeyOptions {
  caseSensitive?: boolean;
  matchWholeWords?: boolean;
}

/** `/pattern/flags` → RegExp; anything else → null (a plain key). A broken pattern → 'invalid'. */
export function parseRegexKey(key: string): RegExp | null | 'invalid' {
  const match = /^\/([\s\S]+)\/([a-z]*)$/.exec(key.trim());
  if (!match) return null;
  try {
    // `g` and `y` would make exec() stateful between texts
    return new RegExp(match[1], match[2].replace(/[gy]/g, ''));
  } catch {
    return 'invalid';
  }
}

/** True when the character belongs to a script written without spaces between words. */
export function isUnspacedScriptChar(char: string): boolean {
  return UNSPACED_RE.test(char);
}

/** How many characters of `text` are in scripts written without spaces (used by the token estimate). */
export function countUnspacedScriptChars(text: string): number {
  return text.match(UNSPACED_GLOBAL_RE)?.length ?? 0;
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** Whether a boundary is needed at this key edge: a word character outside the unspaced scripts. */
function needsBoundary(edge: string | undefined): boolean {
  return edge !== undefined && WORD_CHAR_RE.test(edge) && !UNSPACED_RE.test(edge);
}

/**
 * A plain key as a RegExp (no `g`/`y`, so exec() is stateless). Empty keys → null. Scan texts must be
 * NFC-normalized, like the key is here.
 */
export function compilePlainKey(key: string, options: KeyOptions = {}): RegExp | null {
  const text = key.normalize('NFC');
  if (text.trim() === '') return null;
  let source = escapeRegex(text);
  if (options.matchWholeWords) {
    const chars = Array.from(text);
    if (needsBoundary(chars[0])) source = BOUNDARY_BEFORE + source;
    if (needsBoundary(chars[chars.length - 1])) source += BOUNDARY_AFTER;
  }
  return new RegExp(source, options.caseSensitive ? 'u' : 'iu');
}

/** Any key (plain or `/regex/flags`) as a RegExp; null for empty keys, 'invalid' for a broken pattern. */
export function compileKey(key: string, options: KeyOptions = {}): RegExp | null | 'invalid' {
  if (typeof key !== 'string' || key.trim() === '') return null;
  return parseRegexKey(key) ?? compilePlainKey(key, options);
}

/** Compiles each distinct (key, options) once per activation. */
export class KeyCache {
  private readonly cache = new Map<string, RegExp | null | 'invalid'>();

  get(key: string, options: KeyOptions): RegExp | null | 'invalid' {
    const id = `${options.caseSensitive ? 1 : 0}${options.matchWholeWords ? 1 : 0}${key}`;
    let compiled = this.cache.get(id);
    if (compiled === undefined) {
      compiled = compileKey(key, options);
      this.cache.set(id, compiled);
    }
    return compiled;
  }
}
