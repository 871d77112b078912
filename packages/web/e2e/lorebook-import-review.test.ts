import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiPost, browserStackForFile, poll, screenshot } from './harness.js';

// Issue 14.6 in a real browser: a SillyTavern world-info file imported through a review — a checkbox per
// entry, the choice when a lorebook of that name exists (Replace with the diff shown, Keep both renamed,
// Skip), a dry run that writes nothing, and Import that stores exactly those choices — at desktop and phone
// widths, and in Polish.

const app = browserStackForFile();
let fileDir: string;

/** A world-info file without a name (SillyTavern names a world by its file): uid → [key, content]. */
const worldFile = (entries: Record<number, [string, string]>) => ({
  entries: Object.fromEntries(
    Object.entries(entries).map(([uid, [key, content]]) => [
      uid,
      { uid: Number(uid), key: [key], keysecondary: [], comment: key, content, position: 0, order: 100 },
    ]),
  ),
});
const ORIGINAL = worldFile({ 0: ['harbor', 'The harbor is busy.'], 1: ['lighthouse', 'The lighthouse.'] });
const EDITED = worldFile({ 0: ['harbor', 'The harbor is quiet now.'], 2: ['tavern', 'The Salty Dog.'] });

interface Book {
  id: string;
  name: string;
  entries: Array<{ keys: string[]; content: string }>;
}
async function storedBooks(): Promise<Book[]> {
  const list = (await (await fetch(`${app.stack.serverUrl}/api/lorebooks`)).json()) as { lorebooks: Book[] };
  return Promise.all(
    list.lorebooks.map(
      async (b) => (await (await fetch(`${app.stack.serverUrl}/api/lorebooks/${b.id}`)).json()) as Book,
    ),
  );
}

beforeAll(async () => {
  fileDir = mkdtempSync(join(tmpdir(), 'toolsmith-lorebook-import-'));
  writeFileSync(join(fileDir, 'Harbor.json'), JSON.stringify(EDITED));
});
afterAll(async () => {
  rmSync(fileDir, { recursive: true, force: true });
});
beforeEach(async () => {
  for (const book of await storedBooks()) {
    await fetch(`${app.stack.serverUrl}/api/lorebooks/${book.id}`, {
      method: 'DELETE',
      headers: { 'x-toolsmith-request': '1' },
    });
  }
  await apiPost(app.stack, '/api/lorebooks/import?name=Harbor', ORIGINAL);
});

async function chooseFile(page: Page, button: string) {
  await page.goto('/#/lorebooks');
  await poll(() => page.getByRole('link', { name: 'Harbor', exact: true }).isVisible()).toBe(true);
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: button }).click();
  await (await chooser).setFiles(join(fileDir, 'Harbor.json'));
}

describe('lorebook import review', () => {
  it('ticks entries, shows the diff for Replace, dry-runs without writing, then replaces with the ticked ones', async () => {
    const before = await storedBooks();
    const { page, context } = await app.newPage();
    await page.setViewportSize({ width: 1280, height: 860 });
    await chooseFile(page, 'Import world info (JSON)');

    const review = page.getByRole('region', { name: 'Import “Harbor.json”' });
    await poll(() => review.isVisible()).toBe(true);
    const box = (name: string) => review.getByRole('checkbox', { name: `Import entry ${name}` });
    // defaults: every entry ticked; the book differs from yours, so Keep both (renamed)
    expect(await box('harbor').isChecked()).toBe(true);
    expect(await box('tavern').isChecked()).toBe(true);
    expect(await review.getByRole('radio', { name: 'Keep both: import as “Harbor (2)”' }).isChecked()).toBe(
      true,
    );
    expect(await review.getByText('You already have a lorebook named “Harbor”.').isVisible()).toBe(true);
    expect(await review.getByRole('status').textContent()).toBe(
      '2 of 2 entries selected. Import stores it as “Harbor (2)” with 2 entries, next to yours.',
    );

    // Replace: what changes in yours is shown, entry by entry
    await review.getByRole('radio', { name: /^Replace yours/ }).check();
    const changed = review.getByRole('region', { name: 'Changed entry “harbor” diff' });
    await poll(() => changed.isVisible()).toBe(true);
    expect(await changed.locator('.diff-del').allTextContents()).toEqual(['- The harbor is busy.\n']);
    expect(await changed.locator('.diff-add').allTextContents()).toEqual(['+ The harbor is quiet now.\n']);
    expect(
      await review.getByRole('region', { name: 'Removed entry “lighthouse” diff' }).textContent(),
    ).toContain('- The lighthouse.');
    expect(await review.getByRole('region', { name: 'Added entry “tavern” diff' }).textContent()).toContain(
      '+ The Salty Dog.',
    );

    // leave the tavern out
    await box('tavern').uncheck();
    expect(await review.getByRole('status').textContent()).toBe(
      '1 of 2 entries selected. Import replaces the content of your “Harbor” with 1 entry.',
    );
    await screenshot(page, 'lorebook-import-review-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await changed.isVisible()).toBe(true);
    // nothing of the review overflows the phone's width
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'lorebook-import-review-phone');
    await page.setViewportSize({ width: 1280, height: 860 });

    // the dry run asks the server what Import would store: nothing is written
    await review.getByRole('button', { name: 'Dry run' }).click();
    await poll(() => review.getByRole('status').textContent()).toBe(
      'Dry run, nothing written. Import replaces the content of your “Harbor” with 1 entry. Entries: 0 added, 1 changed, 1 removed, 0 unchanged.',
    );
    expect(await storedBooks()).toEqual(before);

    await review.getByRole('button', { name: 'Import 1 entry' }).click();
    await poll(() => page.getByText('Replaced the content of "Harbor" with 1 entry.').isVisible()).toBe(true);
    expect(await review.isVisible()).toBe(false);
    const after = await storedBooks();
    expect(after).toHaveLength(1);
    expect(after[0].id).toBe(before[0].id);
    expect(after[0].entries.map((e) => e.content)).toEqual(['The harbor is quiet now.']);
    await context.close();
  });

  it('on a phone: Skip stores nothing, Keep both stores the file renamed', async () => {
    const { page, context } = await app.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await chooseFile(page, 'Import world info (JSON)');
    const review = page.getByRole('region', { name: 'Import “Harbor.json”' });
    await poll(() => review.isVisible()).toBe(true);
    await review.getByRole('radio', { name: 'Skip (keep yours as it is)' }).check();
    // skipping leaves the entries out: their boxes are off and cannot be ticked
    expect(await review.getByRole('checkbox', { name: 'Import entry harbor' }).isDisabled()).toBe(true);
    const before = await storedBooks();
    await review.getByRole('button', { name: 'Import nothing' }).click();
    await poll(() => page.getByText('Nothing imported: "Harbor" stays as it is.').isVisible()).toBe(true);
    expect(await storedBooks()).toEqual(before);

    await chooseFile(page, 'Import world info (JSON)');
    await poll(() => review.isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await review.getByRole('button', { name: 'Import 2 entries' }).click();
    await poll(() => page.getByText('Imported "Harbor (2)" with 2 entries.').isVisible()).toBe(true);
    await poll(() => page.getByRole('link', { name: 'Harbor (2)', exact: true }).isVisible()).toBe(true);
    expect((await storedBooks()).map((b) => [b.name, b.entries.length])).toEqual([
      ['Harbor', 2],
      ['Harbor (2)', 2],
    ]);
    await context.close();
  });

  it('in Polish: the review, its plural forms and the dry run', async () => {
    const context = await app.browser.newContext({
      baseURL: app.stack.serverUrl,
      locale: 'pl',
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();
    await page.goto('/#/lorebooks');
    await poll(() => page.evaluate(() => document.documentElement.lang)).toBe('pl');
    await poll(() => page.getByRole('link', { name: 'Harbor', exact: true }).isVisible()).toBe(true);
    const chooser = page.waitForEvent('filechooser');
    await page.locator('.lore-file-input').evaluate((input: HTMLInputElement) => input.click());
    await (await chooser).setFiles(join(fileDir, 'Harbor.json'));
    const review = page.getByRole('region', { name: 'Import „Harbor.json”' });
    await poll(() => review.isVisible()).toBe(true);
    expect(await review.getByRole('button', { name: 'Importuj 2 wpisy' }).isVisible()).toBe(true);
    await review.getByRole('radio', { name: /^Zastąp Twój/ }).check();
    await poll(() =>
      review.getByRole('region', { name: 'Różnice: Zmieniony wpis „harbor”' }).isVisible(),
    ).toBe(true);
    await review.getByRole('button', { name: 'Próba na sucho' }).click();
    await poll(() => review.getByRole('status').textContent()).toBe(
      'Próba na sucho, nic nie zapisano. Import zastąpi zawartość Twojego „Harbor” 2 wpisami. Wpisy: dodane 1, zmienione 1, usunięte 1, bez zmian 0.',
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'lorebook-import-review-pl-phone');
    await context.close();
  });
});
