import { RE2JS } from 're2js';
import { jsRegexToRe2, type UnsupportedRegexFeature } from './js-to-re2.js';

/**
 * Regular expressions written by users (lorebook keys, JSON Schema `pattern`s) run on RE2JS, a linear-time
 * engine: no pattern can pin the event loop by backtracking, whatever input it meets. Patterns use
 * JavaScript syntax and meaning (see js-to-re2.ts); the features RE2 lacks are refused with a reason.
 */

/**
 * Most RE2 instructions one pattern may compile to. Matching is linear in the text, but a pattern whose
 * automaton does not fit RE2's cache (large counted repeats such as `[\s\S]{1000}`) costs about
 * up to text length × program size steps; the cap bounds that at about 10 million steps for a 10 KB text.
 */
export const MAX_REGEX_PROGRAM_SIZE = 1_000;

export type UserRegexResult =
  | { ok: true; regex: UserRegex }
  | { ok: false; message: string; feature?: UnsupportedRegexFeature };

export interface UserRegexMatch {
  /** the matched text */
  match: string;
  /** where it starts (UTF-16 index) */
  index: number;
}

/** A compiled user regex. Stateless: `g`/`y` have no effect. */
export class UserRegex {
  constructor(
    /** the pattern as the user wrote it */
    readonly source: string,
    readonly flags: string,
    private readonly re: RE2JS,
  ) {}

  /** Whether the pattern matches anywhere in `text` (the fast, DFA path). */
  test(text: string): boolean {
    return this.re.test(text);
  }

  /** The first match, or null. Costs more than test(), so it is only run once test() found one. */
  exec(text: string): UserRegexMatch | null {
    if (!this.re.test(text)) return null;
    const found = this.re.exec(text) as (string[] & { index: number }) | null;
    return found ? { match: found[0] ?? '', index: found.index } : null;
  }

  /** `/source/` plus the flags, unique per pattern (Ajv keys compiled patterns by it) */
  toString(): string {
    return `/${this.source}/${this.flags}`;
  }
}

const cache = new Map<string, UserRegexResult>();
const CACHE_SIZE = 1_000;

/**
 * Compiles a JavaScript-syntax regular expression for the linear-time engine. Results (failures too) are
 * cached per (pattern, flags), since compiling costs more than most matches.
 */
export function compileUserRegex(pattern: string, flags = ''): UserRegexResult {
  const id = `${flags}/${pattern}`;
  const hit = cache.get(id);
  if (hit) return hit;
  const result = compile(pattern, flags);
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(id, result);
  return result;
}

function compile(pattern: string, flags: string): UserRegexResult {
  const translated = jsRegexToRe2(pattern, flags);
  if (!translated.ok) return translated;
  let re2Flags = 0;
  if (translated.caseInsensitive) re2Flags |= RE2JS.CASE_INSENSITIVE;
  if (translated.multiline) re2Flags |= RE2JS.MULTILINE;
  if (translated.dotAll) re2Flags |= RE2JS.DOTALL;
  if (translated.lookbehind) re2Flags |= RE2JS.LOOKBEHINDS;
  let re: RE2JS;
  try {
    re = RE2JS.compile(translated.source, re2Flags);
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).replace(
      /^error parsing regexp: /,
      '',
    );
    return { ok: false, message: `is not a valid regular expression (${reason})` };
  }
  if (re.programSize() > MAX_REGEX_PROGRAM_SIZE) {
    return {
      ok: false,
      message: `is too complex (it compiles to ${re.programSize()} steps; at most ${MAX_REGEX_PROGRAM_SIZE}): use smaller repeat counts or split it into several keys`,
    };
  }
  return { ok: true, regex: new UserRegex(pattern, flags, re) };
}

/** What to tell a user about a pattern that was refused: the reason, plus what the engine cannot do. */
export function describeRegexProblem(problem: {
  message: string;
  feature?: UnsupportedRegexFeature;
}): string {
  if (!problem.feature) return `${problem.message}.`;
  return `${problem.message}, which the linear-time regex engine (RE2) does not support. It has no backreferences (\\1, \\k<name>) and no lookahead ((?=…), (?!…)); lookbehind ((?<=…), (?<!…)) works. Rewrite the pattern without them.`;
}
