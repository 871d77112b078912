// "New custom function" in Chat Settings' picker (issue 12.6, Marinara's habit), in a real browser: the boxes
// ticked so far are kept, the tool editor opens, and saving brings the user back to the chat with Chat
// Settings open and the new function switched on for this chat (and offered to the model). 1280×860 and 390×844.
import { openaiChunk, openaiStream } from '@toolsmith/emulator';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiPost, browserStackForFile, poll, screenshot } from './harness.js';

const staticTool = (name: string) => ({
  name,
  description: `The ${name} tool.`,
  kind: 'static',
  staticResult: `${name} says hello`,
});

const app = browserStackForFile();
let connectionId: string;

const chatSettings = async (id: string) =>
  (
    (await (await fetch(`${app.stack.serverUrl}/api/chats/${id}`)).json()) as {
      settings: { tools: string[] };
    }
  ).settings;
const toolNames = (body: unknown) =>
  ((body as { tools?: Array<{ function: { name: string } }> }).tools ?? []).map((t) => t.function.name);

beforeAll(async () => {
  connectionId = (
    await apiPost<{ id: string }>(app.stack, '/api/connections', {
      name: 'emulated',
      api: 'openai',
      baseUrl: `${app.stack.emulator.url}/v1`,
      model: 'emulated-model',
    })
  ).id;
  await apiPost(app.stack, '/api/tools', staticTool('store_hours'));
  await apiPost(app.stack, '/api/tools', staticTool('weather'));
});

describe('New custom function from Chat Settings', () => {
  it('keeps the ticks, opens the editor, and comes back with the new function on in this chat', async () => {
    const chat = await apiPost<{ id: string }>(app.stack, '/api/chats', {
      title: 'Harbour watch',
      connectionId,
      settings: { toolUse: true, tools: ['store_hours'] },
    });
    const { page, context } = await app.newPage();
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.goto(`/#/chats/${chat.id}`);
    await page.getByRole('button', { name: 'Chat Settings' }).click();
    const drawer = page.getByRole('complementary', { name: 'Chat Settings' });
    await drawer.getByRole('button', { name: 'Choose Functions' }).click();
    const picker = page.getByRole('dialog', { name: 'Choose Functions' });
    await picker.getByRole('checkbox', { name: 'weather' }).check();
    await screenshot(page, 'chat-new-function-picker');
    await picker.getByRole('button', { name: 'New custom function' }).click();

    await poll(() => page.url()).toContain('#/functions/new');
    // the editor renders after the URL changes: wait for it rather than look once
    await poll(() => page.getByText('After saving you go back to the chat “Harbour watch”').isVisible()).toBe(
      true,
    );
    // the tick made before leaving was kept
    expect((await chatSettings(chat.id)).tools).toEqual(['store_hours', 'weather']);
    await page.getByLabel('Technical name').fill('tide_table');
    await page.getByLabel('Description', { exact: true }).fill('High and low tide for today.');
    await page.getByLabel('Static result').fill('High tide 06:12, low tide 12:30.');
    await page.getByRole('button', { name: 'Save', exact: true }).click();

    await poll(() => page.url()).toContain(`#/chats/${chat.id}`);
    await poll(() =>
      drawer.getByText('Saved tide_table and switched it on in “Harbour watch”.').isVisible(),
    ).toBe(true);
    const list = drawer.getByRole('list', { name: 'Functions in this chat' });
    await poll(() => list.getByRole('listitem').allTextContents()).toEqual([
      expect.stringContaining('store_hours'),
      expect.stringContaining('weather'),
      expect.stringContaining('tide_table'),
    ]);
    expect((await chatSettings(chat.id)).tools).toEqual(['store_hours', 'weather', 'tide_table']);
    await screenshot(page, 'chat-new-function-back');

    // the model is offered it in this chat
    app.stack.emulator.enqueue(
      '/v1/chat/completions',
      openaiStream([
        openaiChunk({ role: 'assistant', content: 'Tides noted.' }),
        openaiChunk({}, { finishReason: 'stop' }),
      ]),
    );
    await page.getByRole('textbox', { name: 'Message' }).fill('When is high tide?');
    await page.keyboard.press('Enter');
    await poll(() => page.getByText('Tides noted.').isVisible(), { timeout: 20_000 }).toBe(true);
    const request = app.stack.emulator.requests.findLast((r) => r.path === '/v1/chat/completions');
    expect(toolNames(request?.body)).toEqual(['store_hours', 'weather', 'tide_table']);
    await context.close();
  });

  it('a chat offering every enabled function keeps its empty list; fits a phone (390×844)', async () => {
    const chat = await apiPost<{ id: string }>(app.stack, '/api/chats', {
      title: 'Open sea',
      connectionId,
      settings: { toolUse: true, tools: [] },
    });
    const { page, context } = await app.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/#/chats/${chat.id}`);
    await page.getByRole('button', { name: 'Chat Settings' }).click();
    const drawer = page.getByRole('complementary', { name: 'Chat Settings' });
    await drawer.getByRole('button', { name: 'Choose Functions' }).click();
    const picker = page.getByRole('dialog', { name: 'Choose Functions' });
    const button = await picker.getByRole('button', { name: 'New custom function' }).boundingBox();
    expect(button && button.x >= 0 && button.x + button.width <= 390 && button.y + button.height <= 844).toBe(
      true,
    );
    await picker.getByRole('button', { name: 'New custom function' }).click();
    await poll(() => page.url()).toContain('#/functions/new');
    await page.getByLabel('Technical name').fill('buoy_report');
    await page.getByLabel('Description', { exact: true }).fill('The nearest buoy’s report.');
    await page.getByLabel('Static result').fill('Waves 1.2 m.');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await poll(() => page.url()).toContain(`#/chats/${chat.id}`);
    await poll(() =>
      drawer
        .getByText('Saved buoy_report. “Open sea” offers every enabled function, so it is on here.')
        .isVisible(),
    ).toBe(true);
    expect((await chatSettings(chat.id)).tools).toEqual([]);
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await screenshot(page, 'chat-new-function-narrow');
    await context.close();
  });
});
