// The UI's languages: English (bundled), Traditional Chinese and Polish (loaded when chosen). The choice comes
// from the browser the first time, then from the switch in the top bar, and is remembered in localStorage.
// Tool names, descriptions and anything the user wrote are never translated: only the UI's own words go
// through t().
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './locales/en';
import type { Messages } from './locales/messages';

export const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'zh-TW', name: '繁體中文' },
  { code: 'pl', name: 'Polski' },
] as const;
export type Language = (typeof LANGUAGES)[number]['code'];

const STORAGE_KEY = 'toolsmith.language';

const loaders: Record<Exclude<Language, 'en'>, () => Promise<{ default: Messages }>> = {
  'zh-TW': () => import('./locales/zh-TW'),
  pl: () => import('./locales/pl'),
};

export function isLanguage(value: unknown): value is Language {
  return LANGUAGES.some((l) => l.code === value);
}

/** The best of our languages for a browser's preference list (zh-Hant, zh-HK and zh-TW read Traditional). */
export function pickLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const lower = tag.toLowerCase();
    if (lower.startsWith('pl')) return 'pl';
    if (/^zh-(tw|hk|mo|hant)/.test(lower)) return 'zh-TW';
    if (lower.startsWith('en')) return 'en';
  }
  return 'en';
}

function storedLanguage(): Language | null {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

/** Keys the UI asked for that English lacks; the browser tests read them from window.__i18nMissing. */
const missing: string[] = [];

export const i18n = i18next.createInstance();

async function load(language: Language): Promise<void> {
  if (language === 'en' || i18n.hasResourceBundle(language, 'translation')) return;
  const bundle = await loaders[language]();
  i18n.addResourceBundle(language, 'translation', bundle.default, true, true);
}

/** Starts i18n in the remembered or the browser's language; resolves once that language is loaded. */
export async function initI18n(): Promise<void> {
  const language = storedLanguage() ?? pickLanguage(navigator.languages ?? [navigator.language]);
  (window as unknown as { __i18nMissing: string[] }).__i18nMissing = missing;
  await i18n.use(initReactI18next).init({
    resources: { en: { translation: en } },
    lng: 'en',
    fallbackLng: 'en',
    supportedLngs: LANGUAGES.map((l) => l.code),
    // React escapes what it renders
    interpolation: { escapeValue: false },
    returnNull: false,
    saveMissing: true,
    missingKeyHandler: (_languages, _namespace, key) => {
      if (!missing.includes(key)) missing.push(key);
    },
  });
  await setLanguage(language, { remember: false });
}

/** Switches the UI's language (loading it first) and remembers the choice. */
export async function setLanguage(language: Language, { remember = true } = {}): Promise<void> {
  await load(language);
  await i18n.changeLanguage(language);
  document.documentElement.lang = language;
  if (remember) {
    try {
      localStorage.setItem(STORAGE_KEY, language);
    } catch {
      // private mode: the choice lasts for this page only
    }
  }
}
