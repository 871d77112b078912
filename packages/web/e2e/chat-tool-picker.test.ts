// One place to scope tools, in a real browser against the built server and the provider emulator: the chat's
// "Choose Functions" picker lists every source in its group — the character's own tools too — a chat's own
// list never hides them (Chat Settings says "+N character tools"), and one can be switched off for the chat.
// At 1280×860 and 390×844.
import { openaiChunk, openaiStream } from '@toolsmith/emulator';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiPost, browserStackForFile, poll, screenshot } from './harness.js';

const staticTool = (name: string, description: string) => ({
  name,
  description,
  parameters: { type: 'object', properties: {} },
  mode: 'read',
  kind: 'static',
  staticResult: `${name} says hello`,
  includeHiddenContext: false,
  enabled: true,
});

const card = {
  spec: 'chara_card_v2',
  spec_version: '2.0',
  data: {
    name: 'Ayla',
    description: 'A lighthouse keeper.',
    personality: 'calm',
    scenario: '',
    first_mes: 'Welcome in.',
    mes_example: '',
    creator_notes: '',
    system_prompt: '',
    post_history_instructions: '',
    alternate_greetings: [],
    tags: [],
    creator: '',
    character_version: '',
    extensions: {
      toolsmith: {
        version: 1,
        tools: [
          staticTool('house_rules', 'The house rules of the lighthouse.'),
          staticTool('lighthouse_log', 'The keeper’s log.'),
        ],
      },
    },
  },
};

const app = browserStackForFile();
let chatId: string;

const toolNames = (body: unknown) =>
  ((body as { tools?: Array<{ function: { name: string } }> }).tools ?? []).map((t) => t.function.name);

beforeAll(async () => {
  const connection = await apiPost<{ id: string }>(app.stack, '/api/connections', {
    name: 'emulated',
    api: 'openai',
    baseUrl: `${app.stack.emulator.url}/v1`,
    model: 'emulated-model',
  });
  await apiPost(app.stack, '/api/tools', staticTool('store_hours', 'Opening hours of the store.'));
  await apiPost(app.stack, '/api/tools', staticTool('weather', 'The weather outside.'));
  const upload = await fetch(`${app.stack.serverUrl}/api/characters/import`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-toolsmith-request': '1' },
    body: JSON.stringify(card),
  });
  const { importId } = (await upload.json()) as { importId: string };
  const applied = await apiPost<{ character: { id: string } }>(
    app.stack,
    `/api/characters/import/${importId}/apply`,
    {
      withTools: true,
    },
  );
  chatId = (
    await apiPost<{ id: string }>(app.stack, '/api/chats', {
      title: 'Lighthouse night',
      connectionId: connection.id,
      characterIds: [applied.character.id],
      settings: { toolUse: true, tools: ['store_hours'] },
    })
  ).id;
});

async function openSettings(page: Page) {
  await page.goto(`/#/chats/${chatId}`);
  await page.getByRole('button', { name: 'Chat Settings' }).click();
  return page.getByRole('complementary', { name: 'Chat Settings' });
}

describe('the chat’s tool picker', () => {
  it('lists the character’s tools in their own group, never hidden by the chat’s list (1280×860)', async () => {
    const { page, context } = await app.newPage();
    await page.setViewportSize({ width: 1280, height: 860 });
    const drawer = await openSettings(page);
    await poll(() => drawer.getByText('+2 character tools').isVisible()).toBe(true);
    expect(await drawer.locator('.character-tools-line').textContent()).toContain(
      'from Ayla: house_rules, lighthouse_log',
    );

    await drawer.getByRole('button', { name: 'Choose Functions' }).click();
    const picker = page.getByRole('dialog', { name: 'Choose Functions' });
    const global = picker.getByRole('group', { name: 'Global functions' });
    const aylas = picker.getByRole('group', { name: 'Ayla’s tools' });
    expect(await global.getByRole('checkbox', { name: 'store_hours' }).isChecked()).toBe(true);
    expect(await global.getByRole('checkbox', { name: 'weather' }).isChecked()).toBe(false);
    expect(
      await picker
        .getByRole('group', { name: 'Built-in' })
        .getByRole('checkbox', { name: 'roll_dice' })
        .isVisible(),
    ).toBe(true);
    expect(await aylas.getByRole('checkbox', { name: 'house_rules' }).isChecked()).toBe(true);
    expect(await aylas.getByRole('checkbox', { name: 'lighthouse_log' }).isChecked()).toBe(true);
    // one character tool off for this chat alone
    await aylas.getByRole('checkbox', { name: 'lighthouse_log' }).uncheck();
    await screenshot(page, 'chat-tool-picker-groups');
    await picker.getByRole('button', { name: 'Apply' }).click();
    await poll(() => picker.isVisible()).toBe(false);
    await poll(() => drawer.getByText('+1 character tool', { exact: true }).isVisible()).toBe(true);
    await poll(() => drawer.getByText('1 character tool is switched off in this chat.').isVisible()).toBe(
      true,
    );
    await screenshot(page, 'chat-settings-character-tools');

    // the model is offered the chat's own pick and the character tool that came along
    app.stack.emulator.enqueue(
      '/v1/chat/completions',
      openaiStream([
        openaiChunk({ role: 'assistant', content: 'Calm night.' }),
        openaiChunk({}, { finishReason: 'stop' }),
      ]),
    );
    await page.getByRole('textbox', { name: 'Message' }).fill('Anything to report?');
    await page.keyboard.press('Enter');
    await poll(() => page.getByText('Calm night.').isVisible(), { timeout: 20_000 }).toBe(true);
    const request = app.stack.emulator.requests.find((r) => r.path === '/v1/chat/completions');
    expect(toolNames(request?.body)).toEqual(['store_hours', 'house_rules']);
    await context.close();
  });

  it('fits a phone screen (390×844), searching across groups', async () => {
    const { page, context } = await app.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    const drawer = await openSettings(page);
    await drawer.getByRole('button', { name: 'Choose Functions' }).click();
    const picker = page.getByRole('dialog', { name: 'Choose Functions' });
    await picker.getByRole('searchbox', { name: 'Search functions' }).fill('log');
    await poll(() => picker.getByRole('group').count()).toBe(1);
    expect(await picker.getByRole('group', { name: 'Ayla’s tools' }).isVisible()).toBe(true);
    await picker.getByRole('searchbox', { name: 'Search functions' }).fill('');
    const box = await picker.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390 && box.y >= 0 && box.y + box.height <= 844).toBe(
      true,
    );
    const apply = await picker.getByRole('button', { name: 'Apply' }).boundingBox();
    expect(apply && apply.y + apply.height <= 844).toBe(true);
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await screenshot(page, 'chat-tool-picker-narrow');
    await context.close();
  });
});
