import { describe, expect, it } from 'vitest';
import { compileKey, compilePlainKey, isUnspacedScriptChar, parseRegexKey, regexKeyProblem } from './keys.js';

/** The matched text of `key` in `text`, or null. */
function find(
  key: string,
  text: string,
  options: { caseSensitive?: boolean; matchWholeWords?: boolean } = {},
) {
  const matcher = compileKey(key, options);
  if (matcher === null || matcher === 'invalid') throw new Error(`not a usable key: ${key}`);
  return matcher.find(text.normalize('NFC'));
}

describe('parseRegexKey / compileKey', () => {
  it('parses /pattern/flags, drops g and y, and reports broken patterns', () => {
    const re = parseRegexKey('/dra(gon)+/gi');
    if (re === null || re === 'invalid') throw new Error('a valid regex key');
    expect(re.exec('Here be DRAGONGON!')).toEqual({ match: 'DRAGONGON', index: 8 });
    // stateless: a second scan of the same text finds the same match (a `g` RegExp would move on)
    expect(re.exec('Here be DRAGONGON!')).toEqual({ match: 'DRAGONGON', index: 8 });
    expect(parseRegexKey('plain words')).toBeNull();
    expect(parseRegexKey('/(open/')).toBe('invalid');
    expect(parseRegexKey('/x/q')).toBe('invalid');
    expect(compileKey('   ')).toBeNull();
    expect(compileKey('/[/')).toBe('invalid');
  });

  it('refuses what the linear-time engine cannot run, and says why', () => {
    expect(parseRegexKey('/(\\w+) \\1/')).toBe('invalid');
    expect(regexKeyProblem('/(\\w+) \\1/')).toMatch(
      /^uses a backreference \\1, which the linear-time regex engine \(RE2\)/,
    );
    expect(regexKeyProblem('/\\bcat(?!s)/i')).toMatch(/^uses a lookahead \(\?!…\)/);
    expect(regexKeyProblem('/(?<!\\w)cat/i')).toBeUndefined();
    expect(regexKeyProblem('plain (?!) text')).toBeUndefined();
    expect(find('/(?<!\\w)cat/i', 'bobcat, then a Cat')).toBe('Cat');
  });

  it('uses the regex flags, not the entry options, for regex keys', () => {
    expect(find('/Rose/', 'a rose', { caseSensitive: false })).toBeNull();
    expect(find('/rose/i', 'a ROSE', { caseSensitive: true })).toBe('ROSE');
    // whole-word does not wrap a regex key: the pattern says what it means
    expect(find('/ros/', 'roses', { matchWholeWords: true })).toBe('ros');
  });

  it('matches plain keys literally, even with regex metacharacters', () => {
    expect(find('a.b (c)?', 'see a.b (c)? here')).toBe('a.b (c)?');
    expect(find('a.b', 'axb')).toBeNull();
    expect(find('C++/CLI', 'I like c++/cli')).toBe('c++/cli');
    expect(find('x-ray', 'an X-Ray image')).toBe('X-Ray');
  });
});

describe('case sensitivity', () => {
  it('folds case by default and honours caseSensitive', () => {
    expect(find('Rose', 'a rose')).toBe('rose');
    expect(find('Rose', 'a rose', { caseSensitive: true })).toBeNull();
    expect(find('Rose', 'a Rose', { caseSensitive: true })).toBe('Rose');
  });

  it('folds non-Latin case too (Cyrillic, Greek final sigma, accented Latin)', () => {
    expect(find('москва', 'Я люблю МОСКВА')).toBe('МОСКВА');
    expect(find('ΟΔΥΣΣΕΥΣ', 'ο οδυσσευς ήρθε')).toBe('οδυσσευς');
    expect(find('Οδυσσεύς', 'ΟΔΥΣΣΕΎΣ')).toBe('ΟΔΥΣΣΕΎΣ');
    expect(find('ÉCOLE', 'une école')).toBe('école');
    expect(find('ÉCOLE', 'une école', { caseSensitive: true })).toBeNull();
  });

  it('normalizes composed and decomposed accents to meet', () => {
    const decomposedKey = 'cafe\u0301';
    expect(find(decomposedKey, 'un café noir')).toBe('café');
    expect(find('café', 'un cafe\u0301 noir')).toBe('café');
  });
});

describe('whole-word matching', () => {
  const ww = { matchWholeWords: true };

  it('requires word boundaries for Latin keys', () => {
    expect(find('cat', 'the concatenation', ww)).toBeNull();
    expect(find('cat', 'a cat, sleeping', ww)).toBe('cat');
    expect(find('cat', 'cat')).toBe('cat');
    expect(find('cat', 'cats', ww)).toBeNull();
    expect(find('cat', 'cat_food', ww)).toBeNull();
    expect(find('cat', '(cat)', ww)).toBe('cat');
    // multi-word keys: boundaries at both ends
    expect(find('red fox', 'a red fox ran', ww)).toBe('red fox');
    expect(find('red fox', 'a red foxglove', ww)).toBeNull();
  });

  it('finds Cyrillic whole words and rejects them inside longer words', () => {
    expect(find('кот', 'Мой кот спит.', ww)).toBe('кот');
    expect(find('кот', 'Котёнок спит.', ww)).toBeNull();
    expect(find('кот', 'Это скотина', ww)).toBeNull();
    expect(find('Кот', 'КОТ!', ww)).toBe('КОТ');
    // without whole-word it is a substring match
    expect(find('кот', 'Это скотина')).toBe('кот');
  });

  it('finds Greek whole words', () => {
    expect(find('λόγος', 'ο λόγος είναι', ww)).toBe('λόγος');
    expect(find('λόγο', 'ο λόγος είναι', ww)).toBeNull();
    expect(find('Αθήνα', 'στην ΑΘΉΝΑ.', ww)).toBe('ΑΘΉΝΑ');
  });

  it('treats accented Latin letters as word characters', () => {
    expect(find('café', 'Le café est chaud', ww)).toBe('café');
    expect(find('café', 'Les cafés sont chauds', ww)).toBeNull();
    expect(find('caf', 'Le café', ww)).toBeNull();
    expect(find('straße', 'Die Straße, bitte', ww)).toBe('Straße');
    expect(find('über', 'überall', ww)).toBeNull();
    // a decomposed accent (a combining mark) continues the word
    expect(find('cafe', 'le cafe\u0301 noir', ww)).toBeNull();
  });

  it('matches CJK keys as substrings even with whole-word on', () => {
    expect(find('東京', '東京タワーに行った', ww)).toBe('東京');
    expect(find('猫', '我的猫很可爱', ww)).toBe('猫');
    expect(find('ネコ', 'ネコちゃん', ww)).toBe('ネコ');
    expect(find('서울', '서울에서 만나요', ww)).toBe('서울');
    expect(find('แมว', 'ฉันรักแมวมาก', ww)).toBe('แมว');
  });

  it('lets CJK neighbours bound a Latin word, and keeps boundaries on spaced edges of mixed keys', () => {
    expect(find('iPhone', '我的iPhone很好', ww)).toBe('iPhone');
    expect(find('iPhone', 'myiPhone', ww)).toBeNull();
    expect(find('Mac电脑', '我的Mac电脑', ww)).toBe('Mac电脑');
    expect(find('Mac电脑', 'BigMac电脑', ww)).toBeNull();
  });

  it('counts digits as word characters and ignores punctuation edges', () => {
    expect(find('R2', 'R2D2', ww)).toBeNull();
    expect(find('R2', 'R2-D2', ww)).toBe('R2');
    expect(find('#tag', 'see a#tag', ww)).toBe('#tag');
  });
});

describe('whole-word search details', () => {
  const ww = { matchWholeWords: true };

  it('keeps looking after a hit without boundaries, including overlapping hits', () => {
    expect(find('word1', 'word12 word1', ww)).toBe('word1');
    expect(find('aa', 'aaa aa', ww)).toBe('aa');
    expect(find('aa', 'aaa', ww)).toBeNull();
    expect(find('Aa', 'aaa AA', { ...ww, caseSensitive: true })).toBeNull();
  });

  it('reads astral neighbours as whole characters', () => {
    expect(find('cat', '😀cat😀', ww)).toBe('cat');
    // U+1D49C MATHEMATICAL SCRIPT CAPITAL A is a letter
    expect(find('cat', '\u{1D49C}cat', ww)).toBeNull();
    expect(find('cat', 'cat\u{1D49C}', ww)).toBeNull();
    expect(find('𠀋', 'x𠀋𠀋y', ww)).toBe('𠀋');
  });

  it('gives the same answers on ASCII texts (fast path) and mixed texts', () => {
    const cases: Array<[string, string, boolean]> = [
      ['Cat', 'the CAT sat', true],
      ['cat', 'concatenate', false],
      ['cat', 'concatenate', true],
      ['x-ray', 'an X-RAY.', true],
    ];
    for (const [key, text, whole] of cases) {
      const options = { matchWholeWords: whole };
      const ascii = find(key, text, options);
      const mixed = find(key, `${text} ё`, options);
      expect(mixed).toBe(ascii);
    }
    expect(find('Кот', 'КОТ', { caseSensitive: true })).toBeNull();
    expect(find('Кот', 'мой Кот', { caseSensitive: true, matchWholeWords: true })).toBe('Кот');
  });
});

describe('isUnspacedScriptChar / compilePlainKey', () => {
  it('knows which scripts have no spaces', () => {
    expect(['漢', 'ひ', 'カ', 'ー', '한', 'ก'].map(isUnspacedScriptChar)).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(['a', 'é', 'ж', 'λ', '1', ' '].map(isUnspacedScriptChar)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(compilePlainKey('')).toBeNull();
  });
});
