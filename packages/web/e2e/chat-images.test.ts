// Images in the chat as a user meets them, in Chromium at desktop and phone widths against the built server and
// the provider emulator: attach by the button, by pasting and by dropping; refusals said by file name; thumbnails
// in the history that open the stored image; the model gets image_url parts (again on regenerate); a
// text-only connection says so in the composer.
import { openaiChunk, openaiStream, type ScriptedResponse } from '@toolsmith/emulator';
import type { Page } from 'playwright-core';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiPost, browserStackForFile, openChatPage, poll, screenshot } from './harness.js';

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 860 },
  { name: 'phone', width: 390, height: 844 },
] as const;

const TINY_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const TINY_GIF = 'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

function textAnswer(text: string): ScriptedResponse {
  return openaiStream([
    openaiChunk({ role: 'assistant', content: text }),
    openaiChunk({}, { finishReason: 'stop' }),
  ]);
}

const app = browserStackForFile();
let seeing: string;
let blind: string;

beforeAll(async () => {
  const connection = (name: string, vision: boolean | null) =>
    apiPost<{ id: string }>(app.stack, '/api/connections', {
      name,
      api: 'openai',
      baseUrl: `${app.stack.emulator.url}/v1`,
      model: 'emulated-model',
      vision,
    }).then((c) => c.id);
  seeing = await connection('eyes', null);
  blind = await connection('text-only', false);
});
beforeEach(() => app.stack.emulator.reset());

async function openChat(connectionId: string, viewport: (typeof VIEWPORTS)[number], title: string) {
  const chat = await apiPost<{ id: string }>(app.stack, '/api/chats', { title, connectionId });
  return { ...(await openChatPage(app, chat.id, viewport)), chatId: chat.id };
}

/** Pastes or drops files on an element the way the browser does (a DataTransfer with File objects). */
async function dispatchFiles(
  page: Page,
  selector: string,
  kind: 'paste' | 'drop',
  files: { name: string; type: string; base64: string }[],
) {
  await page.evaluate(
    ({ selector, kind, files }) => {
      const transfer = new DataTransfer();
      for (const f of files) {
        const bytes = Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0));
        transfer.items.add(new File([bytes], f.name, { type: f.type }));
      }
      const target = document.querySelector(selector)!;
      if (kind === 'paste') {
        target.dispatchEvent(
          new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }),
        );
      } else {
        target.dispatchEvent(
          new DragEvent('dragover', { dataTransfer: transfer, bubbles: true, cancelable: true }),
        );
        target.dispatchEvent(
          new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }),
        );
      }
    },
    { selector, kind, files },
  );
}

describe.each(VIEWPORTS)('chat images at $width×$height', (viewport) => {
  it('attaches by button, paste and drop, refuses the wrong files by name, and sends image_url parts', async () => {
    const { page, errors, close } = await openChat(seeing, viewport, `Eyes ${viewport.name}`);
    app.stack.emulator.on('/v1/chat/completions', () => textAnswer('A tiny dot.'));

    // the button opens the file picker
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Attach images' }).click();
    await (await chooser).setFiles([
      { name: 'dot.png', mimeType: 'image/png', buffer: Buffer.from(TINY_PNG, 'base64') },
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') },
    ]);
    await poll(() => page.getByRole('alert').filter({ hasText: 'notes.txt' }).textContent()).toBe(
      'notes.txt is not a PNG, JPEG, WebP or GIF image.',
    );
    // pasting and dropping add more
    await dispatchFiles(page, '.composer textarea', 'paste', [
      { name: 'clip.gif', type: 'image/gif', base64: TINY_GIF },
    ]);
    await dispatchFiles(page, 'form.composer', 'drop', [
      { name: 'drop.png', type: 'image/png', base64: TINY_PNG },
      { name: 'vector.svg', type: 'image/svg+xml', base64: btoa('<svg/>') },
    ]);
    const attached = page.getByRole('list', { name: 'Attached images' }).getByRole('img');
    await poll(() => attached.count()).toBe(3);
    await poll(() => page.getByRole('alert').filter({ hasText: 'vector.svg' }).isVisible()).toBe(true);
    // one goes again before sending
    await page.getByRole('button', { name: 'Remove drop.png' }).click();
    await poll(() => attached.count()).toBe(2);
    await screenshot(page, `chat-images-composer-${viewport.name}`);

    await page.getByRole('textbox', { name: 'Message' }).fill('What is this?');
    await page.getByRole('button', { name: 'Send' }).click();
    await poll(() => page.getByRole('article').last().textContent()).toContain('A tiny dot.');
    expect(await attached.count()).toBe(0);
    expect((app.stack.emulator.requests[0].body as { messages: unknown[] }).messages.at(-1)).toEqual({
      role: 'user',
      content: [
        { type: 'text', text: 'What is this?' },
        { type: 'image_url', image_url: { url: `data:image/png;base64,${TINY_PNG}` } },
        { type: 'image_url', image_url: { url: `data:image/gif;base64,${TINY_GIF}` } },
      ],
    });

    // the history shows thumbnails from the server; each loads (the stored bytes) and links to the image
    const thumbs = page.getByRole('list', { name: 'Images' }).getByRole('img');
    await poll(() => thumbs.count()).toBe(2);
    await poll(() => thumbs.first().evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(1);
    const href = await page
      .getByRole('list', { name: 'Images' })
      .getByRole('link')
      .first()
      .getAttribute('href');
    expect(href).toMatch(/^\/api\/chats\/[^/]+\/messages\/[^/]+\/images\/[^/]+$/);

    // regenerate sends them again
    await page.getByRole('button', { name: 'Regenerate' }).click();
    await poll(() => app.stack.emulator.requests.length).toBe(2);
    expect((app.stack.emulator.requests[1].body as { messages: unknown[] }).messages.at(-1)).toEqual(
      (app.stack.emulator.requests[0].body as { messages: unknown[] }).messages.at(-1),
    );
    await poll(() => page.getByRole('button', { name: 'Stop' }).count()).toBe(0);
    await screenshot(page, `chat-images-history-${viewport.name}`);
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(
      viewport.width,
    );
    expect(errors).toEqual([]);
    await close();
  });

  it('a text-only connection says the model gets a note, and an image alone can be sent', async () => {
    const { page, errors, close } = await openChat(blind, viewport, `Blind ${viewport.name}`);
    app.stack.emulator.on('/v1/chat/completions', () => textAnswer('I cannot see images.'));
    await dispatchFiles(page, '.composer textarea', 'paste', [
      { name: 'dot.png', type: 'image/png', base64: TINY_PNG },
    ]);
    await poll(() => page.getByRole('note').filter({ hasText: 'text-only' }).textContent()).toContain(
      'The connection text-only is marked text-only (Vision off)',
    );
    await screenshot(page, `chat-images-text-only-${viewport.name}`);
    // no text: the image alone may be sent
    await page.getByRole('button', { name: 'Send' }).click();
    await poll(() => page.getByRole('article').last().textContent()).toContain('I cannot see images.');
    expect((app.stack.emulator.requests[0].body as { messages: unknown[] }).messages.at(-1)).toEqual({
      role: 'user',
      content:
        '[An image (image/png, 70 bytes) was attached here but not shown: this model takes text only.]',
    });
    expect(errors).toEqual([]);
    await close();
  });
});
