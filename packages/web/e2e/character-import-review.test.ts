// Character card import review in a real browser, against the built server: a card carrying a script tool is
// reviewed (body and simulate body shown), Cancel stores nothing, Apply with tools stores the character with
// its tool disabled, the tool can be switched on, the card exports with its tool, and a chat picks the
// character and a persona in Chat Settings.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiPost, browserStackForFile, poll, screenshot } from './harness.js';

/** The page's import status line's text (the first status on the page; an open character form has its own), its × aside. */
const importStatus = (page: Page) => page.getByRole('status').first().locator('span');

const BODY = 'const mood = String(args.mood);\nreturn "mood is now " + mood;';
const SIMULATE_BODY = 'return "would set the mood to " + args.mood;';

function card() {
  return {
    spec: 'chara_card_v2',
    spec_version: '2.0',
    data: {
      name: 'Ayla',
      description: 'A lighthouse keeper.',
      personality: 'calm',
      scenario: 'A stormy night.',
      first_mes: 'Welcome in, {{user}}.',
      mes_example: '',
      creator_notes: '',
      system_prompt: '',
      post_history_instructions: '',
      alternate_greetings: [],
      tags: ['fantasy'],
      creator: 'tester',
      character_version: '1.0',
      character_book: {
        name: 'Ayla lore',
        entries: [
          { keys: ['lighthouse'], content: 'The lighthouse is old.', enabled: true, insertion_order: 100 },
        ],
      },
      extensions: {
        toolsmith: {
          version: 1,
          tools: [
            {
              name: 'track_mood',
              displayName: 'Track mood',
              description: 'Records the character mood.',
              parameters: { type: 'object', properties: { mood: { type: 'string' } }, required: ['mood'] },
              mode: 'write',
              kind: 'script',
              body: BODY,
              simulateBody: SIMULATE_BODY,
              includeHiddenContext: true,
              enabled: true,
            },
          ],
        },
      },
    },
  };
}

const app = browserStackForFile();
let cardPath: string;

const getJson = async <T>(path: string): Promise<T> =>
  (await (await fetch(app.stack.serverUrl + path)).json()) as T;

beforeAll(async () => {
  const dir = join(app.stack.dataDir, 'upload');
  mkdirSync(dir, { recursive: true });
  cardPath = join(dir, 'ayla.card.json');
  writeFileSync(cardPath, JSON.stringify(card()));
});

describe('character card import review in a real browser', () => {
  it('reviews a card with a script tool: Cancel stores nothing, Apply with tools stores it disabled', async () => {
    const { page, context } = await app.newPage();
    await page.goto('/#/characters');
    await poll(() => page.getByText('No characters yet.', { exact: false }).isVisible()).toBe(true);

    await page.getByLabel('Character card file to import').setInputFiles(cardPath);
    const review = page.getByRole('region', { name: 'Review the tools of “Ayla”' });
    await poll(() => review.isVisible()).toBe(true);
    const tool = review.getByRole('listitem', { name: 'Tool track_mood' });
    await poll(() => tool.getByLabel('Body of track_mood', { exact: true }).textContent()).toBe(BODY);
    expect(await tool.getByLabel('Simulate body of track_mood').textContent()).toBe(SIMULATE_BODY);
    const facts = await tool.textContent();
    expect(facts).toContain('Script');
    expect(facts).toContain('Write');
    expect(facts).toContain('Records the character mood.');
    expect(facts).toContain('enabled, hidden chat context requested');
    expect(facts).toContain('Arrives disabled');
    await screenshot(page, 'character-import-review');
    await page.setViewportSize({ width: 390, height: 800 });
    await poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(
      true,
    );
    await screenshot(page, 'character-import-review-narrow');
    await page.setViewportSize({ width: 1280, height: 900 });

    // Cancel: nothing at all is stored — no character, no tool, no lorebook.
    await review.getByRole('button', { name: 'Cancel' }).click();
    await poll(() => importStatus(page).textContent()).toBe('Cancelled: nothing from “Ayla” was saved.');
    expect(await review.count()).toBe(0);
    expect((await getJson<{ characters: unknown[] }>('/api/characters')).characters).toEqual([]);
    expect((await getJson<{ tools: unknown[] }>('/api/tools')).tools).toEqual([]);
    expect((await getJson<{ lorebooks: unknown[] }>('/api/lorebooks')).lorebooks).toEqual([]);

    // Import again and apply with tools: the character is stored, its script tool disabled.
    await page.getByLabel('Character card file to import').setInputFiles(cardPath);
    await poll(() => review.isVisible()).toBe(true);
    await review.getByRole('button', { name: 'Apply with tools' }).click();
    await poll(() => importStatus(page).textContent()).toContain('Imported “Ayla” with 1 tool');
    expect(await importStatus(page).textContent()).toContain('1 disabled until you switch it on');
    const characters = (
      await getJson<{ characters: Array<{ id: string; name: string; lorebookId: string }> }>(
        '/api/characters',
      )
    ).characters;
    expect(characters.map((c) => c.name)).toEqual(['Ayla']);
    expect(characters[0].lorebookId).toEqual(expect.any(String));
    const toolsOf = () =>
      getJson<{ tools: Array<{ name: string; enabled: boolean; body: string }> }>(
        `/api/characters/${characters[0].id}/tools`,
      );
    expect((await toolsOf()).tools).toEqual([
      expect.objectContaining({ name: 'track_mood', enabled: false, body: BODY }),
    ]);

    const toolsSection = page.getByRole('region', { name: 'Tools of Ayla' });
    const row = toolsSection.getByRole('listitem', { name: 'track_mood' });
    await poll(() => row.textContent()).toContain('Disabled');
    const toggle = row.getByRole('switch', { name: 'track_mood enabled' });
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await screenshot(page, 'character-applied-with-tools');
    await toggle.click();
    await poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    expect((await toolsOf()).tools[0].enabled).toBe(true);

    // Export as JSON V2: the card carries its tool again.
    await page.getByRole('button', { name: 'Cancel' }).click();
    const item = page.getByRole('listitem', { name: 'Ayla' });
    await item.getByLabel('Export format for Ayla').selectOption('json-v2');
    const download = page.waitForEvent('download');
    await item.getByRole('button', { name: 'Export Ayla' }).click();
    const file = await download;
    const exported = JSON.parse(readFileSync((await file.path())!, 'utf8')) as {
      spec: string;
      data: { extensions: { toolsmith: { tools: Array<{ name: string; body: string }> } } };
    };
    expect(exported.spec).toBe('chara_card_v2');
    expect(exported.data.extensions.toolsmith.tools.map((t) => [t.name, t.body])).toEqual([
      ['track_mood', BODY],
    ]);
    await context.close();
  });

  it('exports a PNG card and imports it back; Apply without tools stores the character alone', async () => {
    const { page, context } = await app.newPage();
    await page.goto('/#/characters');
    const item = page.getByRole('listitem', { name: 'Ayla' });
    await poll(() => item.isVisible()).toBe(true);
    await item.getByLabel('Export format for Ayla').selectOption('png-v3');
    const download = page.waitForEvent('download');
    await item.getByRole('button', { name: 'Export Ayla' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('Ayla.png');
    const pngPath = join(app.stack.dataDir, 'upload', 'Ayla.png');
    const bytes = readFileSync((await file.path())!);
    expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    writeFileSync(pngPath, bytes);

    await page.getByLabel('Character card file to import').setInputFiles(pngPath);
    const review = page.getByRole('region', { name: 'Review the tools of “Ayla”' });
    await poll(() => review.isVisible()).toBe(true);
    await poll(() => review.textContent()).toContain('This PNG card');
    await poll(() => review.getByLabel('Body of track_mood', { exact: true }).textContent()).toBe(BODY);
    await review.getByRole('button', { name: 'Apply without tools' }).click();
    await poll(() => importStatus(page).textContent()).toMatch(/^Imported “Ayla”;/);
    const characters = (
      await getJson<{ characters: Array<{ id: string; hasAvatar: boolean }> }>('/api/characters')
    ).characters;
    expect(characters).toHaveLength(2);
    expect(characters[1].hasAvatar).toBe(true);
    expect((await getJson<{ tools: unknown[] }>(`/api/characters/${characters[1].id}/tools`)).tools).toEqual(
      [],
    );
    await poll(() => page.getByRole('listitem', { name: 'Ayla' }).count()).toBe(2);
    await screenshot(page, 'character-list');
    await context.close();
  });

  it('a chat picks its character and persona in Chat Settings; a refused import shows the server message', async () => {
    const persona = await apiPost<{ id: string }>(app.stack, '/api/personas', {
      name: 'Rin',
      description: 'A traveller.',
    });
    const chat = await apiPost<{ id: string }>(app.stack, '/api/chats', { title: 'Storm night' });
    const { page, context } = await app.newPage();
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(`/#/chats/${chat.id}`);
    await page.getByRole('button', { name: 'Chat Settings' }).first().click();
    const drawer = page.getByRole('complementary', { name: 'Chat Settings' });
    const ayla = drawer
      .getByRole('group', { name: 'Characters in this chat' })
      .getByRole('checkbox', { name: 'Ayla' })
      .first();
    await poll(() => ayla.isVisible()).toBe(true);
    await ayla.click();
    await poll(() => ayla.isChecked()).toBe(true);
    // The character's book now applies to the chat, shown as such in World Info.
    const book = drawer
      .getByRole('group', { name: 'Lorebooks in this chat' })
      .getByRole('listitem')
      .filter({ hasText: 'Via Ayla' });
    await poll(() => book.count()).toBe(1);
    expect(await book.getByRole('checkbox').isChecked()).toBe(true);
    expect(await book.getByRole('checkbox').isDisabled()).toBe(true);
    await drawer.getByLabel('Persona').selectOption(persona.id);
    await poll(async () => {
      const stored = await getJson<{ personaId: string | null; characterIds: string[] }>(
        `/api/chats/${chat.id}`,
      );
      return [stored.personaId, stored.characterIds.length];
    }).toEqual([persona.id, 1]);
    await poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(
      true,
    );
    await screenshot(page, 'character-chat-settings-narrow');

    const bad = join(app.stack.dataDir, 'upload', 'not-a-card.json');
    writeFileSync(bad, JSON.stringify({ hello: 'world' }));
    await page.goto('/#/characters');
    await page.getByLabel('Character card file to import').setInputFiles(bad);
    await poll(() => page.getByRole('alert').textContent()).toMatch(/^Import failed: .+/);
    await context.close();
  });
});
