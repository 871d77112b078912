/**
 * Rewrites a JavaScript regular expression (pattern + flags, as users write them in SillyTavern lorebook keys
 * and JSON Schema `pattern`s) in the syntax of RE2, the linear-time engine user regexes run on, keeping
 * JavaScript's meaning where the two differ: `\s` and `.` use JavaScript's character sets, `\uXXXX`, `\u{…}`,
 * `\cX`, `\0`, `[^]` and `[]` are spelled the RE2 way, `\p{…}` is a property only with the `u` flag, and
 * groups become non-capturing (nothing reads them, and captures slow RE2 down).
 *
 * What RE2 cannot do at all — backreferences and lookahead — is reported by name so the user can be told.
 */

/** A regex feature the linear-time engine does not support. */
export type UnsupportedRegexFeature = 'backreference' | 'lookahead' | 'unicode_sets';

export interface Re2Pattern {
  /** the pattern in RE2 syntax */
  source: string;
  caseInsensitive: boolean;
  multiline: boolean;
  dotAll: boolean;
  /** the pattern has a lookbehind (RE2JS supports them, capture-free, behind a flag) */
  lookbehind: boolean;
}

export type Re2Translation =
  | ({ ok: true } & Re2Pattern)
  | { ok: false; message: string; feature?: UnsupportedRegexFeature };

/** JavaScript's `\s`: ASCII whitespace, every Unicode space separator, line/paragraph separators, BOM. */
const JS_SPACE = String.raw`\t\n\v\f\r\x{20}\x{A0}\x{1680}\x{2000}-\x{200A}\x{2028}\x{2029}\x{202F}\x{205F}\x{3000}\x{FEFF}`;
/** Everything JavaScript's `\S` matches: the code points between the ranges above. */
const JS_NON_SPACE = String.raw`\x{0}-\x{8}\x{E}-\x{1F}\x{21}-\x{9F}\x{A1}-\x{167F}\x{1681}-\x{1FFF}\x{200B}-\x{2027}\x{202A}-\x{202E}\x{2030}-\x{205E}\x{2060}-\x{2FFF}\x{3001}-\x{FEFE}\x{FF00}-\x{10FFFF}`;
/** JavaScript's `.` without the `s` flag: anything but a line terminator. */
const JS_DOT = String.raw`[^\n\r\x{2028}\x{2029}]`;
const ANY_CHAR = String.raw`[\x{0}-\x{10FFFF}]`;
const NO_CHAR = String.raw`[^\x{0}-\x{10FFFF}]`;

const KNOWN_FLAGS = 'dgimsuvy';
const ASCII_PUNCTUATION = /^[!-/:-@[-`{-~]$/;
const HEX = /^[0-9a-fA-F]$/;

/** Long General_Category names JavaScript accepts, as RE2's one- and two-letter names. */
const CATEGORY_ALIASES: Record<string, string> = {
  Letter: 'L',
  Cased_Letter: 'L', // RE2 has no LC; L is the closest superset
  Uppercase_Letter: 'Lu',
  Lowercase_Letter: 'Ll',
  Titlecase_Letter: 'Lt',
  Modifier_Letter: 'Lm',
  Other_Letter: 'Lo',
  Mark: 'M',
  Combining_Mark: 'M',
  Nonspacing_Mark: 'Mn',
  Spacing_Mark: 'Mc',
  Enclosing_Mark: 'Me',
  Number: 'N',
  Decimal_Number: 'Nd',
  digit: 'Nd',
  Letter_Number: 'Nl',
  Other_Number: 'No',
  Punctuation: 'P',
  punct: 'P',
  Connector_Punctuation: 'Pc',
  Dash_Punctuation: 'Pd',
  Open_Punctuation: 'Ps',
  Close_Punctuation: 'Pe',
  Initial_Punctuation: 'Pi',
  Final_Punctuation: 'Pf',
  Other_Punctuation: 'Po',
  Symbol: 'S',
  Math_Symbol: 'Sm',
  Currency_Symbol: 'Sc',
  Modifier_Symbol: 'Sk',
  Other_Symbol: 'So',
  Separator: 'Z',
  Space_Separator: 'Zs',
  Line_Separator: 'Zl',
  Paragraph_Separator: 'Zp',
  Other: 'C',
  Control: 'Cc',
  cntrl: 'Cc',
  Format: 'Cf',
  Unassigned: 'Cn',
  Private_Use: 'Co',
  Surrogate: 'Cs',
};

const codePoint = (hex: string) => `\\x{${hex.toUpperCase()}}`;

interface Flags {
  caseInsensitive: boolean;
  multiline: boolean;
  dotAll: boolean;
  unicode: boolean;
}

function parseFlags(flags: string): Flags | { message: string; feature?: UnsupportedRegexFeature } {
  const seen = new Set<string>();
  for (const flag of flags) {
    if (!KNOWN_FLAGS.includes(flag)) {
      return { message: `has an unknown flag "${flag}" (JavaScript's flags are d, g, i, m, s, u, v and y)` };
    }
    if (seen.has(flag)) return { message: `has the flag "${flag}" twice` };
    seen.add(flag);
  }
  if (seen.has('v')) {
    return {
      message: 'uses the v flag (Unicode sets); use the u flag instead',
      feature: 'unicode_sets',
    };
  }
  return {
    caseInsensitive: seen.has('i'),
    multiline: seen.has('m'),
    dotAll: seen.has('s'),
    unicode: seen.has('u'),
  };
}

/** Translates `pattern` (JavaScript syntax) with `flags` into RE2 syntax. */
export function jsRegexToRe2(pattern: string, flags = ''): Re2Translation {
  const parsed = parseFlags(flags);
  if ('message' in parsed) return { ok: false, ...parsed };
  const out: string[] = [];
  let lookbehind = false;
  let inClass = false;
  let i = 0;
  const n = pattern.length;

  while (i < n) {
    const ch = pattern[i]!;
    if (ch === '\\') {
      if (i + 1 >= n) return { ok: false, message: 'ends with a lone backslash (\\)' };
      const escaped = translateEscape(pattern, i, inClass, parsed);
      if ('message' in escaped) return { ok: false, ...escaped };
      out.push(escaped.text);
      i = escaped.next;
      continue;
    }
    if (inClass) {
      if (ch === ']') inClass = false;
      out.push(ch === '[' ? '\\[' : ch);
      i++;
      continue;
    }
    switch (ch) {
      case '[':
        if (pattern.startsWith('[]', i)) {
          out.push(NO_CHAR);
          i += 2;
        } else if (pattern.startsWith('[^]', i)) {
          out.push(ANY_CHAR);
          i += 3;
        } else {
          inClass = true;
          // `[^` opens a negated class; a `]` right after the opening is part of it in RE2 but closes an
          // (empty) class in JavaScript — handled above, so here the class always has content
          const negated = pattern[i + 1] === '^';
          out.push(negated ? '[^' : '[');
          i += negated ? 2 : 1;
        }
        continue;
      case '(':
        if (pattern.startsWith('(?=', i) || pattern.startsWith('(?!', i)) {
          return {
            ok: false,
            feature: 'lookahead',
            message: `uses a lookahead ${pattern.slice(i, i + 3)}…)`,
          };
        }
        if (pattern.startsWith('(?<=', i) || pattern.startsWith('(?<!', i)) {
          lookbehind = true;
          out.push(pattern.slice(i, i + 4));
          i += 4;
        } else if (pattern.startsWith('(?<', i)) {
          // a named group: nothing reads groups, so it need not capture
          const close = pattern.indexOf('>', i);
          if (close === -1) return { ok: false, message: 'has a named group (?<name>…) not closed with >' };
          out.push('(?:');
          i = close + 1;
        } else if (pattern[i + 1] === '?') {
          out.push('(');
          i++;
        } else {
          out.push('(?:');
          i++;
        }
        continue;
      case '.':
        out.push(parsed.dotAll ? ANY_CHAR : JS_DOT);
        i++;
        continue;
      default:
        out.push(ch);
        i++;
    }
  }
  return {
    ok: true,
    source: out.join(''),
    caseInsensitive: parsed.caseInsensitive,
    multiline: parsed.multiline,
    dotAll: parsed.dotAll,
    lookbehind,
  };
}

type Escape = { text: string; next: number } | { message: string; feature?: UnsupportedRegexFeature };

/** One escape sequence starting at `pattern[at] === '\\'`. */
function translateEscape(pattern: string, at: number, inClass: boolean, flags: Flags): Escape {
  const c = pattern[at + 1]!;
  const next = at + 2;
  switch (c) {
    case 's':
      return { text: inClass ? JS_SPACE : `[${JS_SPACE}]`, next };
    case 'S':
      return { text: inClass ? JS_NON_SPACE : `[${JS_NON_SPACE}]`, next };
    case 'd':
    case 'D':
    case 'w':
    case 'W':
      // `[\w-x]`: JavaScript reads the dash literally after a class escape; RE2 would see a range
      return {
        text: inClass && pattern[next] === '-' && pattern[next + 1] !== ']' ? `\\${c}\\-` : `\\${c}`,
        next: inClass && pattern[next] === '-' && pattern[next + 1] !== ']' ? next + 1 : next,
      };
    case 'b':
      return { text: inClass ? '\\x{8}' : '\\b', next };
    case 'B':
    case 'f':
    case 'n':
    case 'r':
    case 't':
    case 'v':
      return { text: `\\${c}`, next };
    case 'x':
      if (HEX.test(pattern[next] ?? '') && HEX.test(pattern[next + 1] ?? '')) {
        return { text: codePoint(pattern.slice(next, next + 2)), next: next + 2 };
      }
      return { text: 'x', next };
    case 'u':
      return unicodeEscape(pattern, next);
    case 'c': {
      const letter = pattern[next] ?? '';
      if (/^[A-Za-z]$/.test(letter)) {
        return { text: codePoint((letter.charCodeAt(0) % 32).toString(16)), next: next + 1 };
      }
      return { text: '\\\\c', next };
    }
    case 'k':
      if (pattern[next] === '<') {
        const close = pattern.indexOf('>', next);
        return {
          feature: 'backreference',
          message: `uses a backreference ${pattern.slice(at, close === -1 ? next + 1 : close + 1)}`,
        };
      }
      return { text: 'k', next };
    case 'p':
    case 'P':
      if (!flags.unicode || pattern[next] !== '{') return { text: c, next };
      return unicodeProperty(pattern, at, c);
    default:
      break;
  }
  if (c === '0' && !/[0-9]/.test(pattern[next] ?? '')) return { text: '\\x{0}', next };
  if (/[1-9]/.test(c)) {
    if (inClass) return { text: c, next };
    let end = next;
    while (/[0-9]/.test(pattern[end] ?? '')) end++;
    return { feature: 'backreference', message: `uses a backreference \\${pattern.slice(at + 1, end)}` };
  }
  if (ASCII_PUNCTUATION.test(c)) return { text: `\\${c}`, next };
  // identity escapes of letters and other characters (`\a` is "a" in JavaScript, a bell in RE2)
  const whole = String.fromCodePoint(pattern.codePointAt(at + 1)!);
  return { text: quoteLiteral(whole), next: at + 1 + whole.length };
}

/** A literal character, escaped when RE2 would read it as syntax. */
function quoteLiteral(char: string): string {
  return ASCII_PUNCTUATION.test(char) ? `\\${char}` : char;
}

function unicodeEscape(pattern: string, start: number): Escape {
  if (pattern[start] === '{') {
    const close = pattern.indexOf('}', start);
    const hex = close === -1 ? '' : pattern.slice(start + 1, close);
    if (/^[0-9a-fA-F]{1,6}$/.test(hex) && Number.parseInt(hex, 16) <= 0x10ffff) {
      return { text: codePoint(hex), next: close + 1 };
    }
    return { message: 'has a \\u{…} escape that is not 1 to 6 hex digits up to 10FFFF' };
  }
  const hex = pattern.slice(start, start + 4);
  if (!/^[0-9a-fA-F]{4}$/.test(hex)) return { text: 'u', next: start };
  const unit = Number.parseInt(hex, 16);
  // a surrogate pair written as two escapes is one code point
  const low = pattern.slice(start + 4, start + 10);
  if (unit >= 0xd800 && unit <= 0xdbff && /^\\u[dD][c-fC-F][0-9a-fA-F]{2}$/.test(low)) {
    const lowUnit = Number.parseInt(low.slice(2), 16);
    const cp = 0x10000 + ((unit - 0xd800) << 10) + (lowUnit - 0xdc00);
    return { text: codePoint(cp.toString(16)), next: start + 10 };
  }
  return { text: codePoint(hex), next: start + 4 };
}

function unicodeProperty(pattern: string, at: number, c: 'p' | 'P'): Escape {
  const close = pattern.indexOf('}', at);
  if (close === -1) return { message: `has a \\${c}{…} property not closed with }` };
  const body = pattern.slice(at + 3, close);
  const eq = body.indexOf('=');
  let name = eq === -1 ? body : body.slice(eq + 1);
  const key = eq === -1 ? '' : body.slice(0, eq);
  if (eq !== -1 && !['General_Category', 'gc', 'Script', 'sc', 'Script_Extensions', 'scx'].includes(key)) {
    return { message: `uses the Unicode property \\${c}{${body}}, which is not supported` };
  }
  // own keys only: `\p{constructor}` must not find Object.prototype's function
  if (Object.hasOwn(CATEGORY_ALIASES, name)) name = CATEGORY_ALIASES[name];
  return { text: `\\${c}{${name}}`, next: close + 1 };
}
