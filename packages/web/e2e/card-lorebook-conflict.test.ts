import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { browserStackForFile, poll, screenshot } from './harness.js';

// Issue 14.6 in a real browser: re-importing a card does not make a second lorebook. The same book is used
// as it is; a book of the same name with other entries is a choice (Replace / Keep both / Skip) in the review.

function card(stormFrom: string) {
  return {
    spec: 'chara_card_v2',
    spec_version: '2.0',
    data: {
      name: 'Ayla',
      description: 'A lighthouse keeper.',
      first_mes: 'Welcome in.',
      character_book: {
        name: 'Ayla lore',
        entries: [
          { keys: ['lighthouse'], content: 'The lighthouse is old.', enabled: true, insertion_order: 100 },
          {
            keys: ['storm'],
            content: `Storms come from the ${stormFrom}.`,
            enabled: true,
            insertion_order: 90,
          },
        ],
      },
    },
  };
}

const app = browserStackForFile();
let dir: string;

beforeAll(async () => {
  dir = join(app.stack.dataDir, 'upload');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'ayla.json'), JSON.stringify(card('west')));
  writeFileSync(join(dir, 'ayla-edited.json'), JSON.stringify(card('east')));
});

const getJson = async <T>(path: string): Promise<T> =>
  (await (await fetch(app.stack.serverUrl + path)).json()) as T;
const lorebooks = () => getJson<{ lorebooks: Array<{ id: string; name: string }> }>('/api/lorebooks');

describe('card re-import and its lorebook, in a real browser', () => {
  it('the same card twice keeps one lorebook; an edited one asks, and Replace updates the stored book', async () => {
    const { page, context } = await app.newPage();
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.goto('/#/characters');
    const input = page.getByLabel('Character card file to import');
    await input.setInputFiles(join(dir, 'ayla.json'));
    await poll(() => page.getByRole('status').textContent()).toMatch(/^Imported “Ayla”/);
    await input.setInputFiles(join(dir, 'ayla.json'));
    await poll(() => page.getByRole('status').textContent()).toContain('no copy was made');
    expect((await lorebooks()).lorebooks.map((b) => b.name)).toEqual(['Ayla lore']);

    await input.setInputFiles(join(dir, 'ayla-edited.json'));
    const review = page.getByRole('region', { name: 'Review the import of “Ayla”' });
    await poll(() => review.isVisible()).toBe(true);
    const choice = review.getByRole('group', { name: 'Lorebook “Ayla lore”' });
    expect(await choice.textContent()).toContain('differs from it');
    expect(
      await choice.getByRole('radio', { name: 'Keep both (the card’s as “Ayla lore (2)”)' }).isChecked(),
    ).toBe(true);
    await choice.getByRole('radio', { name: 'Replace your “Ayla lore” with the card’s' }).check();
    // Replace shows what it changes in the stored book: the one entry the card edited
    const diff = choice.getByRole('region', { name: /^Changed entry “.+” diff$/ });
    await poll(() => diff.isVisible()).toBe(true);
    expect(await diff.locator('.diff-del').allTextContents()).toEqual(['- Storms come from the west.\n']);
    expect(await diff.locator('.diff-add').allTextContents()).toEqual(['+ Storms come from the east.\n']);
    expect(await choice.getByText('1 difference · 1 entry unchanged').isVisible()).toBe(true);
    await screenshot(page, 'card-lorebook-conflict-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'card-lorebook-conflict-phone');
    await review.getByRole('button', { name: 'Import' }).click();
    await poll(() => review.count()).toBe(0);

    const books = (await lorebooks()).lorebooks;
    expect(books.map((b) => b.name)).toEqual(['Ayla lore']);
    const book = await getJson<{ entries: Array<{ content: string }> }>(`/api/lorebooks/${books[0].id}`);
    expect(book.entries.map((e) => e.content)).toContain('Storms come from the east.');
    const characters = (await getJson<{ characters: Array<{ lorebookId: string }> }>('/api/characters'))
      .characters;
    expect(characters.map((c) => c.lorebookId)).toEqual([books[0].id, books[0].id, books[0].id]);
    await context.close();
  });
});
