// Each page is its own chunk, fetched the first time it is shown (app/lazy-pages.ts); when one cannot be
// fetched (the server went away, or was updated and the old chunk names are gone) the page says so and offers
// Reload instead of going blank.
import { describe, expect, it } from 'vitest';
import { browserStackForFile, poll, screenshot } from './harness.js';

const app = browserStackForFile();

describe('pages loaded as they are opened', () => {
  it('fetches a page’s code only when it is first shown', async () => {
    const { page, context } = await app.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/#/functions');
    await poll(() => page.getByRole('heading', { name: 'Functions', level: 1 }).isVisible()).toBe(true);
    const studioChunk = (path: string) => /\/assets\/StudioPage-[\w-]+\.js$/.test(path);
    expect(scripts.filter(studioChunk)).toEqual([]);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Studio' }).click();
    await poll(() => page.getByRole('heading', { name: 'Studio', level: 1 }).isVisible()).toBe(true);
    expect(scripts.filter(studioChunk)).toHaveLength(1);
    await context.close();
  });

  it('says a page could not load and offers Reload, which shows it once its code can be fetched', async () => {
    const { page, context } = await app.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto('/#/functions');
    await poll(() => page.getByRole('heading', { name: 'Functions', level: 1 }).isVisible()).toBe(true);
    // the server no longer has the chunk (as after an update while the tab stayed open)
    await page.route(/\/assets\/StudioPage-[\w-]+\.js$/, (route) => route.fulfill({ status: 404 }));

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Studio' }).click();
    const alert = page.getByRole('alert');
    await poll(() => alert.isVisible()).toBe(true);
    expect(await alert.textContent()).toMatch(
      /^This page could not load \(.+\)\. If the server was updated, reload to get the new version\./,
    );
    // the rest of the app still works: the top bar, and other pages
    expect(await page.getByRole('link', { name: 'Toolsmith' }).isVisible()).toBe(true);
    await screenshot(page, 'page-chunk-failed');

    await page.unroute(/\/assets\/StudioPage-[\w-]+\.js$/);
    await alert.getByRole('button', { name: 'Reload' }).click();
    await poll(() => page.getByRole('heading', { name: 'Studio', level: 1 }).isVisible()).toBe(true);
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(page.url()).toContain('#/studio');
    await context.close();
  });
});
