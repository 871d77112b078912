import { describe, expect, it } from 'vitest';
import { browserStackForFile, screenshot } from './harness.js';

const app = browserStackForFile();

describe('app shell in a real browser', () => {
  it('serves the UI and navigates between sections', async () => {
    const { page, context } = await app.newPage();
    await page.goto('/');
    await expect.poll(() => page.getByRole('link', { name: 'Toolsmith' }).isVisible()).toBe(true);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Connections' }).click();
    await expect.poll(() => page.url()).toContain('#/connections');
    // the hash changes before React re-renders the bar: wait for the mark, do not read it once
    await expect
      .poll(() => page.getByRole('link', { name: 'Connections' }).getAttribute('aria-current'))
      .toBe('page');
    // desktop: the sections are in view, no menu button
    expect(await page.getByRole('button', { name: 'Menu' }).isVisible()).toBe(false);
    await screenshot(page, 'shell');
    await context.close();
  });

  it('on a phone, keeps the sections behind Menu, and closes it after a choice, on Escape and outside', async () => {
    const context = await app.browser.newContext({
      baseURL: app.stack.serverUrl,
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();
    await page.goto('/#/functions');
    const menu = page.getByRole('button', { name: 'Menu' });
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect.poll(() => menu.isVisible()).toBe(true);
    expect(await nav.isVisible()).toBe(false);
    // the bar is one row: the page starts right below it
    const bar = await page.locator('.topbar').boundingBox();
    expect(bar?.height).toBeLessThan(70);

    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => nav.isVisible()).toBe(true);
    await screenshot(page, 'shell-phone-menu');
    await nav.getByRole('link', { name: 'Lorebooks' }).click();
    await expect.poll(() => page.url()).toContain('#/lorebooks');
    await expect.poll(() => nav.isVisible()).toBe(false);
    expect(await menu.getAttribute('aria-expanded')).toBe('false');

    // choosing the section already shown closes it too (no navigation happens)
    await menu.click();
    await nav.getByRole('link', { name: 'Lorebooks' }).click();
    await expect.poll(() => nav.isVisible()).toBe(false);
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);

    // Escape closes it and leaves the focus on Menu; so does a tap on the page below the bar
    await menu.click();
    await expect.poll(() => nav.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => nav.isVisible()).toBe(false);
    expect(await menu.evaluate((el) => el === document.activeElement)).toBe(true);
    await menu.click();
    await expect.poll(() => nav.isVisible()).toBe(true);
    await page.mouse.click(200, 700);
    await expect.poll(() => nav.isVisible()).toBe(false);
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    await context.close();
  });
});
