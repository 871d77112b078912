// Every language has every key English has — with its own plural forms (Intl.PluralRules: English one/other,
// Polish one/few/many/other, Chinese other) — no key English lacks, and the same {{placeholders}} and <tags>.
// And every key the source names literally exists in English.
import { describe, expect, it } from 'vitest';
import { LANGUAGES, pickLanguage } from './i18n';
import en from './locales/en';
import type { Messages } from './locales/messages';
import pl from './locales/pl';
import zhTW from './locales/zh-TW';

const LOCALES: Record<string, Messages> = { en, 'zh-TW': zhTW, pl };
const PLURAL = /_(zero|one|two|few|many|other)$/;

function flatten(messages: Messages, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(messages)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

/** key → the plural forms it has ([] for a plain key) */
function shape(messages: Messages): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const key of flatten(messages).keys()) {
    const match = PLURAL.exec(key);
    const base = match ? key.slice(0, match.index) : key;
    const forms = out.get(base) ?? [];
    if (match) forms.push(match[1]);
    out.set(base, forms);
  }
  return out;
}

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}|<\/?(\w+)\s*\/?>/g)].map((m) => m[1] ?? `<${m[2]}>`).sort();

const english = shape(en);
const englishTexts = flatten(en);

describe.each(LANGUAGES.map((l) => l.code))('the %s locale', (code) => {
  const locale = shape(LOCALES[code]);
  const texts = flatten(LOCALES[code]);
  const categories = new Intl.PluralRules(code).resolvedOptions().pluralCategories.slice().sort();

  it('has every key of English, each plural in all of its own forms, and nothing else', () => {
    const missing: string[] = [];
    const wrongForms: string[] = [];
    for (const [key, forms] of english) {
      const own = locale.get(key);
      if (!own) missing.push(key);
      else if (forms.length === 0 && own.length > 0) wrongForms.push(`${key} should not be plural`);
      else if (forms.length > 0 && own.slice().sort().join() !== categories.join())
        wrongForms.push(`${key}: has ${own.sort().join('/')}, needs ${categories.join('/')}`);
    }
    expect(missing).toEqual([]);
    expect(wrongForms).toEqual([]);
    expect([...locale.keys()].filter((k) => !english.has(k))).toEqual([]);
  });

  it('keeps the placeholders and tags of each English text', () => {
    const differ: string[] = [];
    for (const [key, text] of texts) {
      const base = key.replace(PLURAL, '');
      const source = englishTexts.get(key) ?? englishTexts.get(`${base}_other`) ?? '';
      const want = placeholders(source).filter((p) => p !== 'count');
      const have = placeholders(text).filter((p) => p !== 'count');
      if (want.join() !== have.join()) differ.push(`${key}: ${have.join(',')} ≠ ${want.join(',')}`);
    }
    expect(differ).toEqual([]);
  });
});

// Vite reads the sources at build time (this package's tsconfig has no Node types)
declare global {
  interface ImportMeta {
    glob(
      pattern: string[],
      options: { query: '?raw'; import: 'default'; eager: true },
    ): Record<string, string>;
  }
}
const SOURCES = import.meta.glob(['../**/*.ts', '../**/*.tsx', '!../**/*.test.ts', '!./locales/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

describe('keys named in the source', () => {
  const groups = Object.keys(en).join('|');
  const keyLiteral = new RegExp(`['"\`]((?:${groups})\\.[\\w.]+)['"\`]`, 'g');

  it('all exist in English (a typo or a key not yet written fails here)', () => {
    const unknown: string[] = [];
    let found = 0;
    for (const [file, source] of Object.entries(SOURCES)) {
      // comments may name data paths that look like keys (`chat.settings.worldInfo`)
      const code = source.replace(/\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm, '');
      for (const match of code.matchAll(keyLiteral)) {
        found++;
        const key = match[1];
        if (!englishTexts.has(key) && !englishTexts.has(`${key}_other`) && !english.has(key))
          unknown.push(`${file}: ${key}`);
      }
    }
    expect(found).toBeGreaterThan(50);
    expect(unknown).toEqual([]);
  });
});

describe('the browser language', () => {
  it('picks Traditional Chinese for zh-TW, zh-HK and zh-Hant, Polish for pl, English otherwise', () => {
    expect(pickLanguage(['zh-TW'])).toBe('zh-TW');
    expect(pickLanguage(['zh-Hant-HK', 'en'])).toBe('zh-TW');
    expect(pickLanguage(['pl-PL', 'en-US'])).toBe('pl');
    expect(pickLanguage(['de-DE', 'pl'])).toBe('pl');
    expect(pickLanguage(['fr-FR'])).toBe('en');
    expect(pickLanguage([])).toBe('en');
  });
});
