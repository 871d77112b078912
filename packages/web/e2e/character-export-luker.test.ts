// Characters page in Chromium: "Luker, JSON" and "Luker, PNG" export a card carrying Luker's orchestrator
// extension, and the status says how much Luker could not hold as it is.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiPost, browserStackForFile, poll, screenshot } from './harness.js';

const app = browserStackForFile();

const tool = { parameters: { type: 'object', properties: {} }, includeHiddenContext: false, enabled: true };
const card = {
  spec: 'chara_card_v2',
  spec_version: '2.0',
  data: {
    name: 'Mira',
    description: 'A cartographer.',
    personality: '',
    scenario: '',
    first_mes: 'Hello.',
    mes_example: '',
    extensions: {
      toolsmith: {
        version: 1,
        tools: [
          {
            ...tool,
            name: 'draw_map',
            description: 'Draws.',
            mode: 'write',
            kind: 'script',
            body: 'return 1;',
          },
          {
            ...tool,
            name: 'legend',
            description: 'The legend.',
            mode: 'read',
            kind: 'static',
            staticResult: 'N up',
          },
        ],
      },
    },
  },
};

beforeAll(async () => {
  const response = await fetch(`${app.stack.serverUrl}/api/characters/import`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-toolsmith-request': '1' },
    body: JSON.stringify(card),
  });
  const review = (await response.json()) as { importId: string };
  await apiPost(app.stack, `/api/characters/import/${review.importId}/apply`, { withTools: true });
});

describe('character export for Luker', () => {
  it('writes Luker’s orchestrator extension (JSON and PNG) and reports what changed', async () => {
    const { page, context } = await app.newPage();
    await page.goto('/#/characters');
    const item = page.getByRole('listitem', { name: 'Mira' });
    await poll(() => item.isVisible()).toBe(true);

    await item.getByLabel('Export format for Mira').selectOption('luker');
    const json = page.waitForEvent('download');
    await item.getByRole('button', { name: 'Export Mira' }).click();
    const file = await json;
    expect(file.suggestedFilename()).toBe('Mira.luker.card.json');
    const doc = JSON.parse(readFileSync((await file.path())!, 'utf8'));
    expect(doc.data.extensions.toolsmith).toBeUndefined();
    const preset = doc.data.extensions.orchestrator.presetLibraries.loop.toolsmith;
    expect(preset.customTools.map((t: { name: string; body: string }) => [t.name, t.body])).toEqual([
      ['draw_map', 'return 1;'],
      ['legend', 'return "N up";'],
    ]);
    // the script arrived disabled for review, so Luker gets it switched off too
    expect(preset.tools.custom).toEqual({ draw_map: false, legend: true });
    await poll(() => page.getByText(/Luker cannot hold 1 part of the tools/).isVisible()).toBe(true);
    await screenshot(page, 'character-export-luker');

    await item.getByLabel('Export format for Mira').selectOption('luker-png');
    const png = page.waitForEvent('download');
    await item.getByRole('button', { name: 'Export Mira' }).click();
    const pngFile = await png;
    expect(pngFile.suggestedFilename()).toBe('Mira.luker.png');
    expect(
      readFileSync((await pngFile.path())!)
        .subarray(1, 4)
        .toString('latin1'),
    ).toBe('PNG');

    await page.setViewportSize({ width: 390, height: 800 });
    await poll(() => item.isVisible()).toBe(true);
    await screenshot(page, 'character-export-luker-narrow');
    await context.close();
  });
});
