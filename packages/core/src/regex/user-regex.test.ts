import { describe, expect, it } from 'vitest';
import { re2RegExpEngine } from './ajv-engine.js';
import { compileUserRegex, describeRegexProblem, MAX_REGEX_PROGRAM_SIZE } from './user-regex.js';

const INPUTS = [
  '',
  'Hello world',
  'the Dragon sleeps\nin the cave',
  'ÉLAN élan e\u0301lan',
  'tab\there\u00a0nbsp\u3000ideographic\u2028sep',
  'price: $42.50 (approx.)',
  '東京タワー and 서울에서',
  'emoji 😀 here',
  'a/b\\c [x] {y}',
  'line1\nline2',
  'NUL\u0000and\u0007bell',
  'kelvin K vs k',
];

/** JavaScript patterns whose meaning the translation must keep, each with the flags it is used with. */
const CORPUS: Array<[string, string]> = [
  ['dragon', 'i'],
  ['^the', 'm'],
  ['cave$', ''],
  ['line\\d$', 'm'],
  ['\\bworld\\b', ''],
  ['\\s+', ''],
  ['\\S+', ''],
  ['[\\s\\S]{3}', ''],
  ['[^\\s]+', ''],
  ['nbsp\\sideo', ''],
  ['.+', ''],
  ['.+', 's'],
  ['[^]+', ''],
  ['x[]', ''],
  ['\\u00e9lan', 'i'],
  ['\\u{1F600}', 'u'],
  ['\\uD83D\\uDE00', ''],
  ['\\x41', ''],
  ['\\cJ', ''],
  ['\\0', ''],
  ['\\p{L}+', 'u'],
  ['\\p{Lu}', 'u'],
  ['\\p{Letter}{3}', 'u'],
  ['\\p{Script=Hangul}+', 'u'],
  ['\\p{sc=Han}+', 'u'],
  ['\\P{L}+', 'u'],
  ['(?<word>\\w+) (?<other>\\w+)', ''],
  ['(a|b)+c?', ''],
  ['(?:ab)*', ''],
  ['\\$\\d+(\\.\\d+)?', ''],
  ['\\(approx\\.\\)', ''],
  ['a\\/b\\\\c', ''],
  ['\\[x\\] \\{y\\}', ''],
  ['[\\w-]+', ''],
  ['[\\w-x]+', ''],
  ['[a-z]{2,4}', 'gi'],
  ['(?<=\\$)\\d+', ''],
  ['(?<!\\w)here', ''],
  ['[[]', ''],
  ['東京', ''],
  ['서울', 'i'],
  ['[\\b]', ''],
  ['colou?r', 'y'],
  ['K', 'i'],
  ['line2$', ''],
];

function nativeFirst(pattern: string, flags: string, text: string) {
  const m = new RegExp(pattern, flags.replace(/[gy]/g, '')).exec(text);
  return m ? { match: m[0], index: m.index } : null;
}

describe('compileUserRegex', () => {
  it.each(CORPUS)('/%s/%s matches what JavaScript matches', (pattern, flags) => {
    const compiled = compileUserRegex(pattern, flags);
    if (!compiled.ok) throw new Error(compiled.message);
    for (const text of INPUTS) {
      const expected = nativeFirst(pattern, flags, text);
      expect({ text, found: compiled.regex.exec(text) }).toEqual({ text, found: expected });
      expect(compiled.regex.test(text)).toBe(expected !== null);
    }
  });

  it('refuses backreferences and lookahead by name', () => {
    const cases: Array<[string, string, string]> = [
      ['(\\w+)\\1', 'backreference', '\\1'],
      ['(?<n>a)\\k<n>', 'backreference', '\\k<n>'],
      ['foo(?=bar)', 'lookahead', '(?='],
      ['foo(?!bar)', 'lookahead', '(?!'],
    ];
    for (const [pattern, feature, shown] of cases) {
      const compiled = compileUserRegex(pattern);
      expect(compiled).toMatchObject({ ok: false, feature });
      if (compiled.ok) continue;
      expect(compiled.message).toContain(shown);
      expect(describeRegexProblem(compiled)).toContain('linear-time regex engine (RE2) does not support');
    }
    expect(compileUserRegex('[a-z]', 'v')).toMatchObject({ ok: false, feature: 'unicode_sets' });
  });

  it('names an unknown Unicode property as written, also one named like an Object member', () => {
    for (const name of ['Foo', 'constructor', 'toString']) {
      const compiled = compileUserRegex(`\\p{${name}}`, 'u');
      expect(compiled).toMatchObject({ ok: false, message: expect.stringContaining(`\\p{${name}}`) });
      if (!compiled.ok) expect(compiled.message).not.toContain('native code');
    }
  });

  it('reports broken patterns and unknown flags with the reason', () => {
    expect(compileUserRegex('(abc')).toMatchObject({
      ok: false,
      message: expect.stringContaining('missing closing )'),
    });
    expect(compileUserRegex('abc', 'q')).toMatchObject({
      ok: false,
      message: expect.stringContaining('unknown flag "q"'),
    });
    expect(compileUserRegex('abc', 'ii')).toMatchObject({
      ok: false,
      message: expect.stringContaining('twice'),
    });
    expect(compileUserRegex('abc\\')).toMatchObject({
      ok: false,
      message: expect.stringContaining('lone backslash'),
    });
  });

  it('refuses patterns that compile to huge programs', () => {
    const compiled = compileUserRegex('[\\s\\S]{1000}');
    expect(compiled).toMatchObject({
      ok: false,
      message: expect.stringContaining(`at most ${MAX_REGEX_PROGRAM_SIZE}`),
    });
  });

  it('runs the classic catastrophic patterns in linear time', () => {
    // Each of these takes longer than the age of the universe with a backtracking engine on these inputs.
    const attacks: Array<[string, string, string]> = [
      ['^(\\w+\\s?)*\\d$', '', `${'a '.repeat(5_000)}!`],
      ['(a|a)*b', '', 'a'.repeat(10_240)],
      ['^(a+)+$', 'i', `${'a'.repeat(10_240)}!`],
      ['(x+x+)+y', '', 'x'.repeat(10_240)],
      ['(\\w|\\d|_)+@', '', '1'.repeat(10_240)],
    ];
    for (const [pattern, flags, text] of attacks) {
      const compiled = compileUserRegex(pattern, flags);
      if (!compiled.ok) throw new Error(compiled.message);
      // finishing at all is the assertion: the test would never end on a backtracking engine
      expect(compiled.regex.exec(text)).toBeNull();
    }
  });

  it('serves Ajv as its RegExp engine: test() and a unique toString()', () => {
    const rx = re2RegExpEngine('^[a-z]+$', 'u');
    expect(rx.test('abc')).toBe(true);
    expect(rx.test('ab1')).toBe(false);
    expect(String(rx)).not.toBe(String(re2RegExpEngine('^[a-y]+$', 'u')));
    expect(() => re2RegExpEngine('(?=x)', 'u')).toThrow(/lookahead/);
  });
});
