// Issue 14 item 7 in Chromium at desktop and phone widths: the language switch in the top bar turns the UI into
// Traditional Chinese and Polish (nav, page titles, the chat page, plural forms), the choice survives a reload,
// the browser's own language is the first choice, no key the UI asks for is missing, and user data (a chat's
// title) stays as written.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiPost, browserStackForFile, poll, screenshot } from './harness.js';

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 860 },
  { name: 'phone', width: 390, height: 844 },
] as const;

const app = browserStackForFile();
let chatId: string;

beforeAll(async () => {
  for (const title of ['Smok', 'Rynek', 'Wawel', 'Wisła', 'Kraków']) {
    const chat = await apiPost<{ id: string }>(app.stack, '/api/chats', { title });
    chatId = chat.id;
  }
});

async function open(viewport: (typeof VIEWPORTS)[number], locale = 'en-US') {
  const context = await app.browser.newContext({
    baseURL: app.stack.serverUrl,
    locale,
    viewport: { width: viewport.width, height: viewport.height },
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { page, errors, close: () => context.close() };
}

const missingKeys = (page: Page) =>
  page.evaluate(() => (window as unknown as { __i18nMissing: string[] }).__i18nMissing);
/** A section link of the main menu (behind the Menu button at phone width, so hidden ones count too). */
const navLink = (page: Page, name: string) =>
  page.locator('.topbar nav').getByRole('link', { name, exact: true, includeHidden: true });

describe.each(VIEWPORTS)('languages at $name width', (viewport) => {
  it('switches to 繁體中文 and Polski, remembers the choice, and misses no key', async () => {
    const { page, errors, close } = await open(viewport);
    await page.goto('/#/chats');
    await poll(() => navLink(page, 'Chats').count()).toBe(1);
    await poll(() => page.getByText('5 chats').isVisible()).toBe(true);

    // Traditional Chinese
    await page.getByRole('combobox', { name: 'Language' }).selectOption('zh-TW');
    await poll(() => navLink(page, '聊天').count()).toBe(1);
    // the menu button (shown at phone width) speaks the language too
    if (viewport.width < 640) expect(await page.getByRole('button', { name: '選單' }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('聊天');
    expect(await page.getByRole('button', { name: '新聊天' }).isVisible()).toBe(true);
    await poll(() => page.getByText('5 個聊天').isVisible()).toBe(true);
    await poll(() => page.title()).toBe('聊天 — Toolsmith');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-TW');
    // user data is never translated
    expect(await page.getByRole('link', { name: 'Wawel' }).isVisible()).toBe(true);
    await screenshot(page, `i18n-chats-zh-TW-${viewport.name}`);

    await page.goto(`/#/chats/${chatId}`);
    // the header's toggle: while the chat's connection loads, the empty-chat hint has a "Chat settings" button too
    const settingsToggle = page.locator('button[aria-controls="chat-settings"]');
    await poll(() => settingsToggle.textContent()).toBe('聊天設定');
    // the keyboard hints on a desktop, the short placeholder on a phone
    expect(await page.getByRole('textbox', { name: '訊息' }).getAttribute('placeholder')).toBe(
      viewport.width < 640
        ? '輸入訊息…'
        : '輸入訊息…（Enter 送出，Shift+Enter 換行，↑ 編輯上一則訊息，Esc 停止）',
    );
    await poll(() => page.getByText(/≈ \d+ 個 token/).isVisible()).toBe(true);
    await screenshot(page, `i18n-chat-zh-TW-${viewport.name}`);

    // Polish, with its plural forms
    await page.getByRole('combobox', { name: '語言' }).selectOption('pl');
    await poll(() => settingsToggle.textContent()).toBe('Ustawienia czatu');
    expect(await page.getByRole('button', { name: 'Wyślij' }).isVisible()).toBe(true);
    await page.getByRole('textbox', { name: 'Wiadomość' }).fill('abcdefgh');
    await poll(() => page.getByText('≈ 2 tokeny').isVisible()).toBe(true);
    await page.getByRole('textbox', { name: 'Wiadomość' }).fill('x'.repeat(20));
    await poll(() => page.getByText('≈ 5 tokenów').isVisible()).toBe(true);
    await page.getByRole('textbox', { name: 'Wiadomość' }).fill('abc');
    await poll(() => page.getByText('≈ 1 token', { exact: true }).isVisible()).toBe(true);
    await settingsToggle.click();
    const drawer = page.getByRole('complementary', { name: 'Ustawienia czatu' });
    await poll(() => drawer.getByRole('heading', { name: 'Wywoływanie funkcji' }).isVisible()).toBe(true);
    expect(await drawer.getByText('Włącz narzędzia', { exact: true }).isVisible()).toBe(true);
    await screenshot(page, `i18n-chat-settings-pl-${viewport.name}`);
    await drawer.getByRole('button', { name: 'Zamknij ustawienia czatu' }).click();
    await screenshot(page, `i18n-chat-pl-${viewport.name}`);

    // remembered after a reload
    await page.goto('/#/chats');
    await page.reload();
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Czaty');
    await poll(() => page.getByText('5 czatów').isVisible()).toBe(true);
    expect(await page.getByRole('combobox', { name: 'Język' }).inputValue()).toBe('pl');
    await page.goto('/#/characters');
    await poll(() => page.getByRole('button', { name: 'Nowa postać' }).isVisible()).toBe(true);
    await screenshot(page, `i18n-characters-pl-${viewport.name}`);
    await page.goto('/#/personas');
    await poll(() => page.getByRole('button', { name: 'Nowa persona' }).isVisible()).toBe(true);
    await screenshot(page, `i18n-personas-pl-${viewport.name}`);

    expect(await missingKeys(page)).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  });

  it('starts in the browser’s language', async () => {
    const { page, close } = await open(viewport, 'zh-TW');
    await page.goto('/#/chats');
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('聊天');
    expect(await page.getByRole('combobox', { name: '語言' }).inputValue()).toBe('zh-TW');
    expect(await missingKeys(page)).toEqual([]);
    await close();
  });
});
