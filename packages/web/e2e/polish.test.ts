// Issue 14 item 8 in Chromium at desktop and phone widths: a favicon (no 404 in the console), a title per page,
// "Saved" after the first create, and a failed generation's banner that never pushes the composer off screen
// (whose placeholder is short on a phone).
import { openaiChunk, openaiStream } from '@toolsmith/emulator';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiPost, browserStackForFile, poll, screenshot, sendWithEnter } from './harness.js';

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 860 },
  { name: 'phone', width: 390, height: 844 },
] as const;

const app = browserStackForFile();

async function open(viewport: (typeof VIEWPORTS)[number]) {
  const context = await app.browser.newContext({
    baseURL: app.stack.serverUrl,
    viewport: { width: viewport.width, height: viewport.height },
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`${r.status()} ${r.url()}`);
  });
  return { page, problems, close: () => context.close() };
}

const composerBottom = (page: Page) =>
  page
    .getByRole('textbox', { name: 'Message' })
    .boundingBox()
    .then((box) => (box ? box.y + box.height : Number.POSITIVE_INFINITY));

describe.each(VIEWPORTS)('polish at $name width', (viewport) => {
  it('loads the favicon, titles each page and says "Saved" after the first create', async () => {
    const { page, problems, close } = await open(viewport);
    await page.goto('/');
    await poll(() => page.title()).toBe('Functions — Toolsmith');
    const favicon = await page.evaluate(async () => {
      const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
      const response = await fetch(link?.href ?? '/favicon.ico');
      return { status: response.status, type: response.headers.get('content-type') };
    });
    expect(favicon.status).toBe(200);
    expect(favicon.type).toContain('image/svg+xml');

    await page.goto('/#/personas');
    await poll(() => page.title()).toBe('Personas — Toolsmith');
    await page.getByRole('button', { name: 'New persona' }).click();
    const form = page.getByRole('form', { name: 'New persona' });
    await form.getByLabel('Name').fill(`Aiko ${viewport.name}`);
    await form.getByRole('button', { name: 'Create persona' }).click();
    await poll(() => page.getByRole('status').textContent()).toContain(`Saved “Aiko ${viewport.name}”.`);

    const chat = await apiPost<{ id: string }>(app.stack, '/api/chats', { title: `Tavern ${viewport.name}` });
    await page.goto(`/#/chats/${chat.id}`);
    await poll(() => page.title()).toBe(`Tavern ${viewport.name} — Toolsmith`);
    expect(problems).toEqual([]);
    await close();
  });

  it('keeps the composer in view when a generation fails', async () => {
    app.stack.emulator.reset();
    // a long first answer (the log must scroll, not the page), then a failure with a long message
    app.stack.emulator.on('/v1/chat/completions', () =>
      app.stack.emulator.requests.length === 1
        ? openaiStream([
            openaiChunk({ role: 'assistant', content: '' }),
            openaiChunk({ content: Array.from({ length: 40 }, (_, i) => `Line ${i}`).join('\n\n') }),
            openaiChunk({}, { finishReason: 'stop' }),
          ])
        : {
            status: 500,
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ error: { message: 'upstream down '.repeat(12) } }),
          },
    );
    const connection = await apiPost<{ id: string }>(app.stack, '/api/connections', {
      name: `emulated ${viewport.name}`,
      api: 'openai',
      baseUrl: `${app.stack.emulator.url}/v1`,
      model: 'emulated-model',
    });
    const chat = await apiPost<{ id: string }>(app.stack, '/api/chats', {
      title: 'Long chat',
      connectionId: connection.id,
    });
    const { page, close } = await open(viewport);
    await page.goto(`/#/chats/${chat.id}`);
    // the keyboard hints on a desktop; on a phone only what the box is for (the hints did not fit its lines)
    const placeholder = await page.getByRole('textbox', { name: 'Message' }).getAttribute('placeholder');
    if (viewport.name === 'phone') expect(placeholder).toBe('Write a message…');
    else expect(placeholder).toContain('Enter sends, Shift+Enter new line');
    await sendWithEnter(page, 'Tell me a long story');
    await poll(() => page.getByText('Line 39').isVisible()).toBe(true);
    // the answer's text shows before its stream ends; Enter sends again once the stored history is back
    await sendWithEnter(page, 'Hello?');
    const failure = page.getByRole('alert').filter({ hasText: 'Generation failed' });
    await poll(() => failure.isVisible()).toBe(true);
    expect(await composerBottom(page)).toBeLessThanOrEqual(viewport.height);
    await screenshot(page, `polish-failed-${viewport.name}`);
    await close();
  });
});
