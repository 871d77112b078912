// A chat without a connection, as a newcomer meets it: the page says what is missing and links to where it is
// fixed, and the composer does not send (before: Send was enabled and the failure read "Generation failed
// (http_400): … Set the chat's connectionId (PATCH /api/chats/:id) first.").
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiPost, browserStackForFile, openChatPage, poll, screenshot } from './harness.js';

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 860 },
  { name: 'phone', width: 390, height: 844 },
] as const;

const app = browserStackForFile();

/** Types a message, then tries both ways of sending it; returns the generate requests the page made. */
async function trySending(page: Page, text: string): Promise<string[]> {
  const generateRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/generate')) generateRequests.push(r.url());
  });
  const input = page.getByRole('textbox', { name: 'Message' });
  await input.fill(text);
  expect(await page.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
  await input.press('Enter');
  return generateRequests;
}

describe('a chat without a connection', () => {
  it('with no connection at all: links to Connections and sends nothing', async () => {
    for (const viewport of VIEWPORTS) {
      const chat = await apiPost<{ id: string }>(app.stack, '/api/chats', {
        title: `First ${viewport.name}`,
      });
      const { page, errors, close } = await openChatPage(app, chat.id, viewport);
      const note = page.getByRole('note').filter({ hasText: 'No connections yet' });
      await poll(() => note.textContent()).toBe('No connections yet. Create one to chat with a model.');

      const requests = await trySending(page, 'Hello there');
      // Enter was handled (nothing happens later either: the draft stays, no failure shows)
      await poll(() => page.getByRole('textbox', { name: 'Message' }).inputValue()).toBe('Hello there');
      expect(await page.getByRole('alert').count()).toBe(0);
      expect(requests).toEqual([]);
      await screenshot(page, `chat-no-connection-none-${viewport.name}`);

      await note.getByRole('link', { name: 'Create one' }).click();
      await poll(() => page.url()).toMatch(/#\/connections$/);
      expect(errors).toEqual([]);
      await close();
    }
  });

  it('with connections to pick from: points to Chat Settings, and sends once one is picked', async () => {
    const connection = await apiPost<{ id: string; name: string }>(app.stack, '/api/connections', {
      name: 'Local model',
      api: 'openai',
      baseUrl: `${app.stack.emulator.url}/v1`,
      model: 'emulated-model',
    });
    for (const viewport of VIEWPORTS) {
      const chat = await apiPost<{ id: string }>(app.stack, '/api/chats', {
        title: `Second ${viewport.name}`,
      });
      const { page, errors, close } = await openChatPage(app, chat.id, viewport);
      const note = page.getByRole('note').filter({ hasText: 'no connection yet' });
      await poll(() => note.textContent()).toBe(
        'This chat has no connection yet. Pick one in Chat Settings.',
      );
      expect(await trySending(page, 'Hello again')).toEqual([]);
      await screenshot(page, `chat-no-connection-pick-${viewport.name}`);

      await note.getByRole('button', { name: 'Chat Settings' }).click();
      const drawer = page.locator('#chat-settings');
      await poll(() => drawer.isVisible()).toBe(true);
      await drawer.getByRole('combobox', { name: 'Connection' }).selectOption(connection.id);
      await poll(() => note.count()).toBe(0);
      await poll(() => page.getByRole('button', { name: 'Send' }).isEnabled()).toBe(true);
      expect(errors).toEqual([]);
      await close();
    }
  });
});
