// A character's portrait uploaded in the Characters page (a WebP that Chromium itself encodes), shown in the
// list and beside the character's messages in a chat; removing it goes back to initials.
import { describe, expect, it } from 'vitest';
import { apiPost, browserStackForFile, poll, screenshot } from './harness.js';

describe('character portraits', () => {
  const app = browserStackForFile();

  it('uploads a WebP portrait in the editor and shows it in the list and the chat', async () => {
    const character = await apiPost<{ id: string }>(app.stack, '/api/characters', {
      name: 'Ayla',
      first_mes: 'Evening.',
    });
    const { context, page } = await app.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto('/#/characters');
    // a 3×2 WebP made by the browser's own encoder
    const webp = Buffer.from(
      await page.evaluate(() => {
        const canvas = document.createElement('canvas');
        canvas.width = 3;
        canvas.height = 2;
        const g = canvas.getContext('2d')!;
        g.fillStyle = '#c33';
        g.fillRect(0, 0, 3, 2);
        return canvas.toDataURL('image/webp').split(',')[1];
      }),
      'base64',
    );
    expect(webp.subarray(8, 12).toString()).toBe('WEBP');

    await page.getByRole('button', { name: 'Edit Ayla' }).click();
    await page
      .getByLabel('Portrait (PNG, JPEG or WebP)')
      .setInputFiles({ name: 'ayla.webp', mimeType: 'image/webp', buffer: webp });
    await poll(() =>
      page.getByAltText('Portrait preview').evaluate((img: HTMLImageElement) => img.naturalWidth),
    ).toBe(3);
    await page.getByRole('button', { name: 'Save character' }).click();
    const item = page.getByRole('listitem', { name: 'Ayla' });
    await poll(() =>
      item.locator('img.character-avatar').evaluate((img: HTMLImageElement) => img.naturalWidth),
    ).toBe(3);

    const served = await fetch(`${app.stack.serverUrl}/api/characters/${character.id}/avatar`);
    expect(served.headers.get('content-type')).toBe('image/webp');

    // the chat shows it beside the character's greeting
    const chat = await apiPost<{ id: string }>(app.stack, '/api/chats', {
      title: 'Portrait',
      characterIds: [character.id],
    });
    await page.goto(`/#/chats/${chat.id}`);
    const greeting = page.getByRole('article', { name: 'Ayla message' }).first();
    await poll(() =>
      greeting.locator('img.avatar').evaluate((img: HTMLImageElement) => img.naturalWidth),
    ).toBe(3);
    await screenshot(page, 'character-portrait-chat');

    // an SVG is refused, the field says why, and the stored portrait stays
    await page.goto('/#/characters');
    await page.getByRole('button', { name: 'Edit Ayla' }).click();
    await page.getByLabel('Portrait (PNG, JPEG or WebP)').setInputFiles({
      name: 'x.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    });
    await page.getByRole('button', { name: 'Save character' }).click();
    await poll(() =>
      page.getByText('avatar: A portrait must be a PNG, JPEG or WebP image.').first().isVisible(),
    ).toBe(true);
    expect((await fetch(`${app.stack.serverUrl}/api/characters/${character.id}/avatar`)).status).toBe(200);

    // removing it
    await page.getByRole('button', { name: 'Remove portrait' }).click();
    await page.getByRole('button', { name: 'Save character' }).click();
    await poll(
      async () => (await fetch(`${app.stack.serverUrl}/api/characters/${character.id}/avatar`)).status,
    ).toBe(404);
    expect(errors).toEqual([]);
    await context.close();
  });
});
