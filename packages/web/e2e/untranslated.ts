// Finds English left on a page shown in another language: the visible text (and the aria-label, title and
// placeholder of visible elements) is scanned for the words of the English locale that the Chinese one does
// not also use (product names, "JSON", "Webhook" stay in both). User data is marked translate="no" (and code,
// pre and the code editor hold code), so it is skipped: tool names and descriptions are never translated.
import type { Page } from 'playwright-core';

interface Messages {
  [key: string]: string | Messages;
}

// read through Vite at run time (the locales are web sources, outside this config's type-check)
const localeUrl = (name: string) => new URL(`../src/i18n/locales/${name}.ts`, import.meta.url).href;
const en: Messages = (await import(/* @vite-ignore */ localeUrl('en'))).default;
const zhTW: Messages = (await import(/* @vite-ignore */ localeUrl('zh-TW'))).default;

function texts(messages: Messages): string[] {
  return Object.values(messages).flatMap((v) => (typeof v === 'string' ? [v] : texts(v)));
}

// identifiers (roll_dice, settings.yml, JavaScript) are names, not words
const words = (text: string) =>
  (text.match(/[A-Za-z]\w*(?:\.\w+)*/g) ?? []).filter((w) => /^[A-Za-z][a-z]{2,}$/.test(w));

/** English words (3+ letters) of the UI's own texts, minus the ones the zh-TW texts keep as they are. */
export const ENGLISH_WORDS: ReadonlySet<string> = (() => {
  const plain = (text: string) => text.replace(/\{\{\s*\w+\s*\}\}|<\/?\w+\s*\/?>/g, ' ');
  const kept = new Set(
    texts(zhTW)
      .map(plain)
      .flatMap(words)
      .map((w) => w.toLowerCase()),
  );
  const all = texts(en)
    .map(plain)
    .flatMap(words)
    .map((w) => w.toLowerCase());
  return new Set(all.filter((w) => !kept.has(w)));
})();

/** The English words visible on the page now, each with where it was seen (deduplicated). */
export async function englishOnPage(page: Page, allow: readonly string[] = []): Promise<string[]> {
  const found = await page.evaluate(() => {
    const skip = '[translate="no"], code, pre, script, style, .cm-editor';
    const visible = (el: Element) =>
      (el as HTMLElement).checkVisibility?.({ checkOpacity: true, checkVisibilityCSS: true }) ?? true;
    const out: Array<{ text: string; where?: string }> = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent?.trim();
      if (!parent || !text || parent.closest(skip)) continue;
      const select = parent.closest('select');
      if (select) {
        // a closed select shows its chosen option only
        if ((parent as HTMLOptionElement).selected && visible(select)) out.push({ text });
        continue;
      }
      if (visible(parent)) out.push({ text });
    }
    for (const el of Array.from(document.body.querySelectorAll('[aria-label], [title], [placeholder]'))) {
      if (el.closest(skip) || !visible(el)) continue;
      for (const name of ['aria-label', 'title', 'placeholder']) {
        const value = el.getAttribute(name);
        if (value) out.push({ text: value, where: name });
      }
    }
    return out;
  });
  const allowed = new Set(allow.map((w) => w.toLowerCase()));
  const hits = new Set<string>();
  for (const { text, where } of found) {
    const english = words(text).filter(
      (w) => ENGLISH_WORDS.has(w.toLowerCase()) && !allowed.has(w.toLowerCase()),
    );
    if (english.length > 0)
      hits.add(`${english.join(' ')} ← “${text.slice(0, 120)}”${where ? ` (${where})` : ''}`);
  }
  return [...hits];
}

/** Elements wider than the viewport or sticking out of it on the right (long words that do not wrap). */
export async function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out: string[] = [];
    if (document.documentElement.scrollWidth > width + 1)
      out.push(`page scrolls sideways: ${document.documentElement.scrollWidth} > ${width}`);
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.right <= width + 1) continue;
      // only report the outermost offender whose own parent still fits
      const parentBox = el.parentElement?.getBoundingClientRect();
      if (parentBox && parentBox.right > width + 1) continue;
      // content scrolled inside a box that fits (tabs, wide code) is fine
      let clipped = false;
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
        if (getComputedStyle(up).overflowX !== 'visible' && up.getBoundingClientRect().right <= width + 1) {
          clipped = true;
          break;
        }
      }
      if (clipped) continue;
      out.push(
        `${el.tagName.toLowerCase()}.${(el as HTMLElement).className} “${(el.textContent ?? '').trim().slice(0, 60)}” right ${Math.round(box.right)} > ${width}`,
      );
    }
    return out;
  });
}
