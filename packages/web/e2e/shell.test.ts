import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage, type Stack, screenshot, startBrowserStack, stopBrowserStack } from './harness.js';

let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  ({ stack, browser } = await startBrowserStack());
});
afterAll(() => stopBrowserStack(stack, browser));

describe('app shell in a real browser', () => {
  it('serves the UI and navigates between sections', async () => {
    const { page, context } = await newPage(browser, stack.serverUrl);
    await page.goto('/');
    await expect.poll(() => page.getByRole('link', { name: 'Toolsmith' }).isVisible()).toBe(true);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Connections' }).click();
    await expect.poll(() => page.url()).toContain('#/connections');
    expect(await page.getByRole('link', { name: 'Connections' }).getAttribute('aria-current')).toBe('page');
    await screenshot(page, 'shell');
    await context.close();
  });
});
