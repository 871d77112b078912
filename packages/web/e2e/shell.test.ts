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
    expect(await page.getByRole('link', { name: 'Connections' }).getAttribute('aria-current')).toBe('page');
    await screenshot(page, 'shell');
    await context.close();
  });
});
