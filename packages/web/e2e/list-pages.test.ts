// The seven list-and-edit pages share EditableListPage: each loads its list, says why when it cannot, offers
// Retry, shows its cards and fits a phone. Real server, real Chromium; the failed load is the server's own
// error shape answered once in place of the real list.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiPost, browserStackForFile, poll, screenshot } from './harness.js';

const app = browserStackForFile();

const pages = [
  { hash: 'personas', path: '/api/personas', heading: 'Personas', card: 'Aiko' },
  { hash: 'presets', path: '/api/presets', heading: 'Presets', card: 'Cold' },
  { hash: 'connections', path: '/api/connections', heading: 'Connections', card: 'emulated' },
  { hash: 'agents', path: '/api/agents', heading: 'Agents', card: 'Keeper' },
  { hash: 'characters', path: '/api/characters', heading: 'Characters', card: 'Ayla' },
  { hash: 'lorebooks', path: '/api/lorebooks', heading: 'Lorebooks', card: 'Harbor' },
  { hash: 'mcp', path: '/api/mcp/servers', heading: 'MCP servers', card: null },
] as const;

beforeAll(async () => {
  await apiPost(app.stack, '/api/personas', { name: 'Aiko', description: 'A courier.' });
  await apiPost(app.stack, '/api/presets', { name: 'Cold', temperature: 0.2 });
  await apiPost(app.stack, '/api/connections', {
    name: 'emulated',
    api: 'openai',
    baseUrl: `${app.stack.emulator.url}/v1`,
    model: 'emulated-model',
  });
  await apiPost(app.stack, '/api/agents', {
    name: 'Keeper',
    systemPrompt: 'Keeps the lighthouse.',
    tools: [],
  });
  await apiPost(app.stack, '/api/characters', { name: 'Ayla', description: 'A lighthouse keeper.' });
  await apiPost(app.stack, '/api/lorebooks', { name: 'Harbor' });
});

async function open(width: number, height: number): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await app.browser.newContext({ baseURL: app.stack.serverUrl, viewport: { width, height } });
  const page = await context.newPage();
  return { page, close: () => context.close() };
}

describe('list-and-edit pages (EditableListPage)', () => {
  it('a list that could not load says why and offers Retry, which loads it', async () => {
    const { page, close } = await open(1280, 860);
    for (const { hash, path, heading, card } of pages) {
      // the list's GET fails once, as the server fails: JSON with its message
      await page.route(
        (url) => url.pathname === path,
        (route) =>
          route.request().method() === 'GET'
            ? route.fulfill({
                status: 500,
                contentType: 'application/json',
                body: JSON.stringify({ error: `The ${hash} store is locked.` }),
              })
            : route.continue(),
        { times: 1 },
      );
      await page.goto(`/#/${hash}`);
      await poll(() => page.getByRole('heading', { name: heading, level: 1 }).isVisible()).toBe(true);
      const alert = page.getByRole('alert');
      await poll(() => alert.textContent()).toContain(`The ${hash} store is locked.`);
      // nothing stays loading (the page's other loads may still be on their way when the alert shows)
      await poll(() => page.getByText('Loading…').count()).toBe(0);

      await page.getByRole('button', { name: 'Retry' }).click();
      if (card) await poll(() => page.getByRole('listitem', { name: card }).isVisible()).toBe(true);
      else await poll(() => page.getByText('No MCP servers yet.', { exact: false }).isVisible()).toBe(true);
      expect(await alert.count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    }
    await close();
  });

  for (const viewport of [
    { name: 'desktop', width: 1280, height: 860 },
    { name: 'phone', width: 390, height: 844 },
  ]) {
    it(`every list page shows its cards with Edit and Delete and fits ${viewport.width} px`, async () => {
      const { page, close } = await open(viewport.width, viewport.height);
      for (const { hash, heading, card } of pages) {
        await page.goto(`/#/${hash}`);
        await poll(() => page.getByRole('heading', { name: heading, level: 1 }).isVisible()).toBe(true);
        if (card) {
          const item = page.getByRole('listitem', { name: card });
          await poll(() => item.isVisible()).toBe(true);
          expect(await item.getByRole('button', { name: `Delete ${card}` }).isVisible()).toBe(true);
          expect(
            await item
              .getByRole(hash === 'lorebooks' ? 'link' : 'button', { name: `Edit ${card}` })
              .isVisible(),
          ).toBe(true);
        }
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          viewport.width,
        );
        await screenshot(page, `list-page-${hash}-${viewport.name}`);
      }
      await close();
    });
  }

  it('Edit opens the form in the card’s place, Save says so, Delete asks first', async () => {
    const { page, close } = await open(1280, 860);
    await page.goto('/#/presets');
    const item = page.getByRole('listitem', { name: 'Cold' });
    await poll(() => item.isVisible()).toBe(true);
    await item.getByRole('button', { name: 'Edit Cold' }).click();
    const form = page.getByRole('form', { name: 'Edit Cold' });
    await poll(() => form.isVisible()).toBe(true);
    expect(await page.getByRole('listitem', { name: 'Cold' }).count()).toBe(0);
    await form.getByLabel('Name', { exact: true }).fill('Colder');
    await form.getByRole('button', { name: /^Save/ }).click();
    await poll(() => page.getByRole('status').locator('span').textContent()).toBe('Saved “Colder”.');

    await page
      .getByRole('listitem', { name: 'Colder' })
      .getByRole('button', { name: 'Delete Colder' })
      .click();
    const dialog = page.getByRole('dialog');
    await poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await poll(() => dialog.count()).toBe(0);
    expect(await page.getByRole('listitem', { name: 'Colder' }).isVisible()).toBe(true);
    await page
      .getByRole('listitem', { name: 'Colder' })
      .getByRole('button', { name: 'Delete Colder' })
      .click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await poll(() => page.getByRole('listitem', { name: 'Colder' }).count()).toBe(0);
    const presets = (await (await fetch(`${app.stack.serverUrl}/api/presets`)).json()) as {
      presets: unknown[];
    };
    expect(presets.presets).toEqual([]);
    await close();
  });
});
