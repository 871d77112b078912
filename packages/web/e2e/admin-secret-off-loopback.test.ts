// Issue 9 item 4 in a real browser: off loopback (a client behind a trusted reverse proxy, as the server sees
// it with TRUST_PROXY and X-Forwarded-For) every /api route needs the secret. The UI asks once, loads the page
// again with it, and keeps it for the tab (sessionStorage) across pages and reloads.
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiPost, browserStackForFile, poll, screenshot } from './harness.js';

const SECRET = 'off-loopback-e2e-secret-42';
const app = browserStackForFile({ ADMIN_SECRET: SECRET, TRUST_PROXY: '127.0.0.1' });

beforeAll(async () => {
  await apiPost(app.stack, '/api/lorebooks', { name: 'Private book' });
});

async function remotePage(client = '203.0.113.7'): Promise<{ context: BrowserContext; page: Page }> {
  const context = await app.browser.newContext({
    baseURL: app.stack.serverUrl,
    viewport: { width: 1280, height: 900 },
    extraHTTPHeaders: { 'x-forwarded-for': client },
  });
  return { context, page: await context.newPage() };
}

describe('the UI off loopback with ADMIN_SECRET set', () => {
  it('asks for the secret once, loads the page with it, and keeps it for the tab', async () => {
    const { page, context } = await remotePage();
    const refused: number[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/api/') && r.status() === 401) refused.push(r.status());
    });
    await page.goto('/#/lorebooks');
    const dialog = page.getByRole('dialog', { name: 'Admin secret needed' });
    await poll(() => dialog.isVisible()).toBe(true);
    expect(await page.getByText('Private book').count()).toBe(0);

    await dialog.getByLabel('Admin secret').fill(SECRET);
    await dialog.getByRole('button', { name: 'Save secret' }).click();
    await poll(() => page.getByText('Private book').first().isVisible()).toBe(true);
    expect(await dialog.count()).toBe(0);
    await screenshot(page, 'admin-secret-off-loopback');

    // other pages and a reload use the kept secret: no new refusal, no new dialog
    const before = refused.length;
    await page.getByRole('link', { name: 'Functions' }).click();
    await poll(() => page.getByRole('heading', { name: 'Functions', level: 1 }).isVisible()).toBe(true);
    await page.reload();
    await page.getByRole('link', { name: 'Lorebooks' }).click();
    await poll(() => page.getByText('Private book').first().isVisible()).toBe(true);
    expect(refused.length).toBe(before);
    expect(await dialog.count()).toBe(0);
    expect(await page.evaluate(() => sessionStorage.getItem('toolsmith.adminSecret'))).toBe(SECRET);
    await context.close();
  });

  it('a new tab (new session) is asked again; a wrong secret is reported', async () => {
    const { page, context } = await remotePage();
    await page.goto('/#/lorebooks');
    const dialog = page.getByRole('dialog', { name: 'Admin secret needed' });
    await poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByLabel('Admin secret').fill('not-it');
    await dialog.getByRole('button', { name: 'Save secret' }).click();
    await poll(() => dialog.getByText('The admin secret was wrong.', { exact: false }).isVisible()).toBe(
      true,
    );
    await context.close();
  });

  it('a client that guessed too often is told to wait, and how long (issue 9 item 7)', async () => {
    const guesser = '203.0.113.66';
    for (let i = 0; i <= 10; i++) {
      await fetch(`${app.stack.serverUrl}/api/chats`, {
        headers: { 'x-forwarded-for': guesser, 'x-admin-secret': `guess-${i}` },
      });
    }
    const { page, context } = await remotePage(guesser);
    await page.goto('/#/lorebooks');
    const dialog = page.getByRole('dialog', { name: 'Admin secret needed' });
    await poll(() => dialog.getByRole('alert').textContent()).toMatch(
      /Too many wrong admin secrets from this client\. Try again in \d+ s/,
    );
    await screenshot(page, 'admin-secret-rate-limited');
    // the right secret too is refused until the block ends: no new dialog text, the book stays hidden
    const limited: string[] = [];
    page.on('response', (r) => {
      if (r.status() === 429 && r.request().headers()['x-admin-secret'] === SECRET) limited.push(r.url());
    });
    await dialog.getByLabel('Admin secret').fill(SECRET);
    await dialog.getByRole('button', { name: 'Save secret' }).click();
    await poll(() => limited.length).toBeGreaterThan(0);
    await poll(() => dialog.getByRole('alert').textContent()).toMatch(/Too many wrong admin secrets/);
    expect(await page.getByText('Private book').count()).toBe(0);
    await context.close();
  });
});
