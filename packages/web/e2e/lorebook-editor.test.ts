// Lorebooks in a real browser, against the built server and the provider emulator: create a book with an entry,
// import a SillyTavern world-info file, attach the book to a chat, generate, and read the activation trace.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openaiChunk, openaiStream, type RecordedRequest, type ScriptedResponse } from '@toolsmith/emulator';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiPost, browserStackForFile, poll, screenshot } from './harness.js';

const DRAGON_FACT = 'Dragons of Vel sleep under the glass mountain.';

const app = browserStackForFile();
let connectionId: string;

function textAnswer(text: string): ScriptedResponse {
  return openaiStream([
    openaiChunk({ role: 'assistant', content: '' }),
    openaiChunk({ content: text }),
    openaiChunk({}, { finishReason: 'stop' }),
  ]);
}
const wireText = (request: RecordedRequest) =>
  JSON.stringify((request.body as { messages: unknown }).messages);

beforeAll(async () => {
  connectionId = (
    await apiPost<{ id: string }>(app.stack, '/api/connections', {
      name: 'emulated',
      api: 'openai',
      baseUrl: `${app.stack.emulator.url}/v1`,
      model: 'emulated-model',
      apiKey: 'sk-e2e',
    })
  ).id;
});

async function openPage(hash: string, width = 1280): Promise<{ page: Page; close: () => Promise<void> }> {
  const { page, context } = await app.newPage();
  if (width !== 1280) await page.setViewportSize({ width, height: 900 });
  page.setDefaultTimeout(15_000);
  await page.goto(`/${hash}`);
  return { page, close: () => context.close() };
}

describe('lorebooks in a real browser', () => {
  it('creates a book with an entry, attaches it to a chat, and shows why the entry activated', async () => {
    const { page, close } = await openPage('#/lorebooks');
    await poll(() => page.getByText('No lorebooks yet.', { exact: false }).isVisible()).toBe(true);
    await page.getByRole('textbox', { name: 'New lorebook name' }).fill('Vel atlas');
    await page.getByRole('button', { name: 'Create lorebook' }).click();
    await poll(() => page.getByRole('heading', { name: 'Vel atlas' }).isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Add entry' }).click();
    const entry = page.getByRole('listitem', { name: /^Entry / });
    await entry.getByLabel('Title (comment)').fill('Dragons');
    // comma-separated keys as SillyTavern users type them, shown back as chips
    await entry.getByLabel('Keys', { exact: true }).fill('dragon, drake\n/wyrms?/i');
    await poll(() =>
      entry.getByRole('list', { name: 'Keys as read' }).getByRole('listitem').allTextContents(),
    ).toEqual(['dragon', 'drake', '/wyrms?/i']);
    await entry.getByLabel('Secondary keys (optional)').fill('sunlight');
    await entry.getByLabel('Secondary logic').selectOption('NOT_ANY');
    await entry.getByLabel('Content').fill(DRAGON_FACT);
    await entry.getByLabel('Whole words only').selectOption('yes');
    await entry.getByLabel('Position').selectOption('depth');
    await entry.getByLabel('Depth', { exact: true }).fill('1');
    await entry.getByLabel('Order').fill('20');
    // A bad probability is refused in the editor with its message, and nothing is saved.
    await entry.getByLabel('Probability (%)').fill('150');
    await page.getByRole('button', { name: 'Save lorebook' }).first().click();
    await poll(() => page.getByText('Probability must be a number from 0 to 100.').isVisible()).toBe(true);
    await poll(() => page.getByRole('alert').first().textContent()).toContain('Some entries need fixing');
    await entry.getByLabel('Probability (%)').fill('100');
    await page.getByRole('button', { name: 'Save lorebook' }).first().click();
    await poll(() => page.getByRole('status').textContent()).toBe('Saved.');

    // What the server stored is what was typed.
    const books = (await (await fetch(`${app.stack.serverUrl}/api/lorebooks`)).json()) as {
      lorebooks: Array<{ id: string }>;
    };
    const book = (await (
      await fetch(`${app.stack.serverUrl}/api/lorebooks/${books.lorebooks[0].id}`)
    ).json()) as {
      entries: Array<Record<string, unknown>>;
    };
    expect(book.entries).toEqual([
      expect.objectContaining({
        comment: 'Dragons',
        keys: ['dragon', 'drake', '/wyrms?/i'],
        secondaryKeys: ['sunlight'],
        selectiveLogic: 'NOT_ANY',
        content: DRAGON_FACT,
        matchWholeWords: true,
        position: 'depth',
        depth: 1,
        role: 'system',
        order: 20,
        probability: 100,
      }),
    ]);
    await screenshot(page, 'lorebook-editor');

    // Attach it to a chat in Chat Settings, then generate.
    const chat = await apiPost<{ id: string }>(app.stack, '/api/chats', {
      title: 'Vel travels',
      connectionId,
    });
    app.stack.emulator.on('/v1/chat/completions', (request) =>
      textAnswer(
        wireText(request).includes(DRAGON_FACT)
          ? 'The dragons sleep beneath the mountain.'
          : 'No lore arrived.',
      ),
    );
    await page.goto(`/#/chats/${chat.id}`);
    await page.getByRole('button', { name: 'Chat Settings' }).click();
    const drawer = page.getByRole('complementary', { name: 'Chat Settings' });
    await poll(() =>
      drawer.getByText('No generation has activated world info in this chat yet.').isVisible(),
    ).toBe(true);
    const attach = drawer.getByRole('checkbox', { name: 'Vel atlas' });
    await attach.click();
    await poll(() => attach.isChecked()).toBe(true);
    await poll(async () => {
      const stored = (await (await fetch(`${app.stack.serverUrl}/api/chats/${chat.id}`)).json()) as {
        settings: { lorebookIds: string[] };
      };
      return stored.settings.lorebookIds;
    }).toEqual([books.lorebooks[0].id]);

    // The chat's activation settings: a token budget and scan depth, stored in settings.worldInfo.
    const activationForm = drawer.getByRole('form', { name: 'World info activation settings' });
    await activationForm.getByLabel('Scan depth').fill('4');
    await activationForm.getByLabel('Budget', { exact: true }).fill('1000');
    await activationForm.getByRole('button', { name: 'Save activation settings' }).click();
    await poll(() => activationForm.getByRole('status').textContent()).toBe('Activation settings saved.');
    await poll(async () => {
      const stored = (await (await fetch(`${app.stack.serverUrl}/api/chats/${chat.id}`)).json()) as {
        settings: { worldInfo?: unknown };
      };
      return stored.settings.worldInfo;
    }).toEqual({ scanDepth: 4, budget: { limit: 1000, unit: 'tokens' } });
    // A wrong number is refused with its message.
    await activationForm.getByLabel('Recursion rounds').fill('11');
    await activationForm.getByRole('button', { name: 'Save activation settings' }).click();
    await poll(() => drawer.getByRole('alert').first().textContent()).toContain(
      'Recursion rounds must be a whole number from 0 to 10.',
    );
    await activationForm.getByLabel('Recursion rounds').fill('');

    await page.getByRole('textbox', { name: 'Message' }).fill('Where do the Wyrms of Vel rest?');
    await page.getByRole('button', { name: 'Send' }).click();
    await poll(() => page.getByText('The dragons sleep beneath the mountain.').isVisible(), {
      timeout: 20_000,
    }).toBe(true);

    await drawer.getByRole('button', { name: 'Refresh activation' }).click();
    const trace = drawer.getByRole('list', { name: 'World info activation' });
    await poll(() => trace.isVisible()).toBe(true);
    const line = trace.getByRole('listitem').filter({ hasText: 'Vel atlas › Dragons' });
    await poll(() => line.textContent()).toContain('Used');
    await poll(() => line.textContent()).toContain('secondary logic NOT_ANY');
    await poll(() => line.textContent()).toContain('“Wyrms”');
    await poll(() => drawer.getByText(/budget \d+\/1000 tokens/).isVisible()).toBe(true);
    await screenshot(page, 'lorebook-chat-trace');

    // Phone width: the drawer's trace stays readable without sideways scrolling.
    await page.setViewportSize({ width: 390, height: 800 });
    await poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(
      true,
    );
    await screenshot(page, 'lorebook-chat-trace-narrow');
    await close();
  });

  it('imports a SillyTavern world-info file, refuses a file that is not one, guards unsaved edits, deletes', async () => {
    const dir = join(app.stack.dataDir, 'upload');
    mkdirSync(dir, { recursive: true });
    const good = join(dir, 'harbor-lore.json');
    writeFileSync(
      good,
      JSON.stringify({
        entries: {
          0: {
            uid: 0,
            key: ['harbor'],
            keysecondary: [],
            content: 'The harbor freezes in winter.',
            comment: 'Harbor',
            order: 100,
            position: 0,
          },
          1: {
            uid: 1,
            key: ['lighthouse'],
            content: 'The lighthouse is haunted.',
            comment: 'Lighthouse',
            constant: true,
            position: 1,
          },
        },
      }),
    );
    const bad = join(dir, 'notes.json');
    writeFileSync(bad, JSON.stringify({ hello: 'world' }));

    const { page, close } = await openPage('#/lorebooks', 390);
    await poll(() => page.getByRole('heading', { name: 'Lorebooks' }).isVisible()).toBe(true);
    await page.getByLabel('World-info file to import').setInputFiles(bad);
    await poll(() => page.getByRole('alert').textContent()).toContain('Import failed: ');
    await poll(() => page.getByRole('alert').textContent()).toContain('Not a lorebook');

    await page.getByLabel('World-info file to import').setInputFiles(good);
    // a file import opens its review first; importing every entry stores the book
    const review = page.getByRole('region', { name: 'Import “harbor-lore.json”' });
    await poll(() => review.isVisible()).toBe(true);
    await review.getByRole('button', { name: 'Import 2 entries' }).click();
    await poll(() => page.getByRole('status').locator('span').textContent()).toBe(
      'Imported "harbor-lore" with 2 entries.',
    );
    const card = page.getByRole('listitem', { name: 'harbor-lore' });
    await poll(() => card.textContent()).toContain('2 entries');
    await card.getByRole('link', { name: 'Edit harbor-lore' }).click();
    const lighthouse = page.getByRole('listitem', { name: 'Entry Lighthouse' });
    await poll(() => lighthouse.getByLabel('Constant (always active)').isChecked()).toBe(true);
    await poll(() => lighthouse.getByLabel('Position').inputValue()).toBe('after');
    await poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(
      true,
    );
    await screenshot(page, 'lorebook-import-narrow');

    // Unsaved edits: leaving asks first; Keep editing keeps them, Discard leaves without saving.
    await page.getByLabel('Name', { exact: true }).fill('Renamed harbor');
    await page.getByRole('link', { name: '← Lorebooks' }).click();
    const guard = page.getByRole('dialog', { name: 'Unsaved changes' });
    await poll(() => guard.isVisible()).toBe(true);
    await guard.getByRole('button', { name: 'Cancel' }).click();
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('Renamed harbor');
    await page.getByRole('link', { name: '← Lorebooks' }).click();
    await guard.getByRole('button', { name: 'Discard changes' }).click();
    await poll(() => page.getByRole('heading', { name: 'Lorebooks', level: 1 }).isVisible()).toBe(true);
    await poll(() => page.getByRole('listitem', { name: 'harbor-lore' }).isVisible()).toBe(true);

    // Delete asks first, naming the book and how many entries go with it, then the book is gone.
    await page.getByRole('button', { name: 'Delete harbor-lore' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete lorebook' });
    await poll(() => confirm.textContent()).toContain(
      'Delete harbor-lore and its 2 entries? Chats that use it carry on without it.',
    );
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await poll(() => page.getByRole('listitem', { name: 'harbor-lore' }).count()).toBe(0);
    await close();
  });
});
