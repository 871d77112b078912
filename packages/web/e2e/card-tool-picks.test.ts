import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { browserStackForFile, poll } from './harness.js';

// Issue 14.6 in a real browser: the card review has a checkbox per tool (Select all / none), and Apply with
// tools stores only the ticked ones.

const tool = (name: string) => ({
  name,
  description: `The ${name} tool.`,
  parameters: { type: 'object', properties: {} },
  mode: 'read',
  kind: 'static',
  staticResult: name,
  enabled: true,
});

const app = browserStackForFile();
let cardPath: string;

beforeAll(async () => {
  const dir = join(app.stack.dataDir, 'upload');
  mkdirSync(dir, { recursive: true });
  cardPath = join(dir, 'mira.json');
  writeFileSync(
    cardPath,
    JSON.stringify({
      spec: 'chara_card_v2',
      spec_version: '2.0',
      data: {
        name: 'Mira',
        description: 'A cartographer.',
        first_mes: 'Hello.',
        extensions: { toolsmith: { version: 1, tools: [tool('draw_map'), tool('measure'), tool('sketch')] } },
      },
    }),
  );
});

describe('card review with a checkbox per tool', () => {
  it('select none, tick one, apply: only that tool is stored', async () => {
    const { page, context } = await app.newPage();
    await page.goto('/#/characters');
    await page.getByLabel('Character card file to import').setInputFiles(cardPath);
    const review = page.getByRole('region', { name: 'Review the tools of “Mira”' });
    await poll(() => review.isVisible()).toBe(true);
    expect(await review.getByText('3 of 3 tools selected').isVisible()).toBe(true);
    await review.getByRole('button', { name: 'Select none' }).click();
    expect(await review.getByText('0 of 3 tools selected').isVisible()).toBe(true);
    await review.getByRole('checkbox', { name: 'Import measure' }).check();
    await review.getByRole('button', { name: 'Apply with tools' }).click();
    await poll(() => review.count()).toBe(0);
    const characters = (
      (await (await fetch(`${app.stack.serverUrl}/api/characters`)).json()) as {
        characters: Array<{ id: string }>;
      }
    ).characters;
    const tools = (
      (await (await fetch(`${app.stack.serverUrl}/api/characters/${characters[0].id}/tools`)).json()) as {
        tools: Array<{ name: string }>;
      }
    ).tools;
    expect(tools.map((t) => t.name)).toEqual(['measure']);
    await context.close();
  });
});
