// Issue 14 item 5 in Chromium at desktop and phone widths: "Start chat" on a character, the chat header's
// connection/model switch and token estimate, and the keyboard (Enter, Up edits the last message, Escape stops).
import { openaiChunk, openaiSseText, openaiStream, type ScriptedResponse } from '@toolsmith/emulator';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiPost, browserStackForFile, poll, screenshot, sendWithEnter } from './harness.js';

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 860 },
  { name: 'phone', width: 390, height: 844 },
] as const;

function textAnswer(text: string): ScriptedResponse {
  return openaiStream([
    openaiChunk({ role: 'assistant', content: '' }),
    openaiChunk({ content: text }),
    openaiChunk({}, { finishReason: 'stop' }),
  ]);
}

/** The first piece at once, the rest a minute later: a generation to stop. */
function endlessAnswer(): ScriptedResponse {
  const [role, first, ...rest] = openaiSseText([
    openaiChunk({ role: 'assistant', content: '' }),
    openaiChunk({ content: 'Once upon a time ' }),
    openaiChunk({ content: 'and then forever' }),
    openaiChunk({}, { finishReason: 'stop' }),
  ]);
  return {
    status: 200,
    headers: { 'content-type': 'text/event-stream' },
    chunks: [role + first, ...rest],
    chunkDelayMs: 60_000,
  };
}

const app = browserStackForFile();
const connectionIds: string[] = [];

beforeAll(async () => {
  for (const [name, model] of [
    ['tavern', 'emulated-model'],
    ['backup', 'other-model'],
  ]) {
    connectionIds.push(
      (
        await apiPost<{ id: string }>(app.stack, '/api/connections', {
          name,
          api: 'openai',
          baseUrl: `${app.stack.emulator.url}/v1`,
          model,
        })
      ).id,
    );
  }
});
beforeEach(() => app.stack.emulator.reset());

const storedChat = async (id: string) =>
  (await (await fetch(`${app.stack.serverUrl}/api/chats/${id}`)).json()) as {
    title: string;
    connectionId: string | null;
    characterIds: string[];
  };

describe.each(VIEWPORTS)('SillyTavern habits at $name width', (viewport) => {
  it('starts a chat from a character, switches the model in the header and estimates tokens', async () => {
    const character = await apiPost<{ id: string }>(app.stack, '/api/characters', {
      name: `Mira ${viewport.name}`,
      first_mes: '*waves* Welcome back.',
    });
    const context = await app.browser.newContext({
      baseURL: app.stack.serverUrl,
      viewport: { width: viewport.width, height: viewport.height },
    });
    const page = await context.newPage();
    await page.goto('/#/characters');
    await page.getByRole('button', { name: `Start chat with Mira ${viewport.name}` }).click();
    await poll(() => page.url()).toMatch(/#\/chats\/[^/]+$/);
    const chatId = page.url().split('/').pop() as string;
    await poll(() => page.getByRole('heading', { name: `Mira ${viewport.name}` }).isVisible()).toBe(true);
    await poll(() =>
      page.getByRole('article', { name: `Mira ${viewport.name} message` }).textContent(),
    ).toContain('Welcome back.');
    const started = await storedChat(chatId);
    expect(started).toMatchObject({ title: `Mira ${viewport.name}`, characterIds: [character.id] });
    // it starts on a connection, so it can answer straight away
    expect(connectionIds).toContain(started.connectionId);
    const other = connectionIds.find((id) => id !== started.connectionId) as string;

    // the header names the connection and model, and switches them
    const select = page.getByRole('combobox', { name: 'Connection' });
    const shown = () => select.evaluate((s: HTMLSelectElement) => s.selectedOptions[0].textContent);
    const labels = ['tavern · emulated-model', 'backup · other-model'];
    await poll(shown).toBe(labels[connectionIds.indexOf(started.connectionId as string)]);
    await select.selectOption(other);
    await poll(async () => (await storedChat(chatId)).connectionId).toBe(other);
    await poll(shown).toBe(labels[connectionIds.indexOf(other)]);

    // the estimate grows with the draft
    const estimate = page.getByText(/≈ [\d,]+ tokens/);
    const count = async () => Number((await estimate.textContent())?.replace(/\D/g, ''));
    const before = await count();
    expect(before).toBeGreaterThan(0);
    await page.getByRole('textbox', { name: 'Message' }).fill('x'.repeat(400));
    await poll(count).toBe(before + 100);
    await screenshot(page, `chat-header-${viewport.name}`);

    // deleting the character says which chats it takes part in
    await page.goto('/#/characters');
    await page.getByRole('button', { name: `Delete Mira ${viewport.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete character' });
    await poll(() => dialog.textContent()).toContain(
      `It takes part in 1 chat (Mira ${viewport.name}), which carries on without it.`,
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await context.close();
  });

  it('sends with Enter, edits the last message with Up and stops with Escape', async () => {
    const chat = await apiPost<{ id: string }>(app.stack, '/api/chats', {
      title: 'Keys',
      connectionId: connectionIds[0],
    });
    app.stack.emulator.on('/v1/chat/completions', (request) => {
      const messages = (request.body as { messages: Array<{ content: string }> }).messages;
      return messages[messages.length - 1].content.includes('story')
        ? endlessAnswer()
        : textAnswer('Hi there.');
    });
    const context = await app.browser.newContext({
      baseURL: app.stack.serverUrl,
      viewport: { width: viewport.width, height: viewport.height },
    });
    const page = await context.newPage();
    await page.goto(`/#/chats/${chat.id}`);
    const input = page.getByRole('textbox', { name: 'Message' });
    await sendWithEnter(page, 'Hello');
    await poll(() => page.getByRole('article').last().textContent()).toContain('Hi there.');
    // the reply can show before the run has ended (its finish event); Up only edits once the chat is idle
    await poll(() => page.getByRole('button', { name: 'Stop' }).count()).toBe(0);

    // Up in the empty box opens the last message's editor
    // (the chat is idle once the stored history has replaced the live answer: press again until then)
    const editor = page.getByRole('article').last().getByRole('textbox', { name: 'Edit message' });
    await poll(async () => {
      if (!(await editor.isVisible())) await input.press('ArrowUp');
      return editor.isVisible();
    }).toBe(true);
    expect(await editor.inputValue()).toBe('Hi there.');
    await page.getByRole('article').last().getByRole('button', { name: 'Cancel' }).click();

    // Escape stops a running generation
    await sendWithEnter(page, 'Tell me a story');
    await poll(() => page.getByText('Once upon a time').isVisible(), { timeout: 20_000 }).toBe(true);
    await page.keyboard.press('Escape');
    await poll(() => page.getByRole('status').filter({ hasText: 'Stopped.' }).isVisible()).toBe(true);
    await poll(() => page.getByRole('button', { name: 'Send' }).isVisible()).toBe(true);
    await context.close();
  });
});
