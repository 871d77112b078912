import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPost, browserStackForFile, poll, screenshot } from './harness.js';

// Issue 14.6 in a real browser: the tools import review with per-item checkboxes, a choice on each name
// conflict (Replace with a visible diff, Keep both renamed, Skip), a dry run that writes nothing, and Import
// that stores exactly those choices.

const app = browserStackForFile();
let fileDir: string;

beforeAll(async () => {
  fileDir = mkdtempSync(join(tmpdir(), 'toolsmith-import-conflicts-'));
});
afterAll(async () => {
  rmSync(fileDir, { recursive: true, force: true });
});

const staticTool = (name: string, staticResult: string, description = 'A test tool.') => ({
  name,
  description,
  kind: 'static',
  mode: 'read',
  staticResult,
  parameters: { type: 'object', properties: {} },
});

async function storedTools(): Promise<Array<{ id: string; name: string; staticResult: string }>> {
  return ((await (await fetch(`${app.stack.serverUrl}/api/tools`)).json()) as { tools: [] }).tools;
}

describe('tools import review with conflicts', () => {
  it('ticks, chooses Replace with the diff shown, dry-runs without writing, then imports exactly that', async () => {
    await apiPost(app.stack, '/api/tools', staticTool('weather', 'sunny\nwarm', 'Today.'));
    await apiPost(app.stack, '/api/tools', staticTool('same_one', 'unchanged'));
    const before = await storedTools();
    const filePath = join(fileDir, 'tools.json');
    writeFileSync(
      filePath,
      JSON.stringify({
        kind: 'toolsmith.tools',
        version: 1,
        tools: [
          staticTool('weather', 'rainy\nwarm', 'Tomorrow.'),
          staticTool('same_one', 'unchanged'),
          staticTool('fresh_tool', 'new'),
          { name: 'bad name!', kind: 'static', description: 'x' },
        ],
      }),
    );

    const { page, context } = await app.newPage();
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.goto('/#/functions');
    await poll(() => page.getByRole('switch', { name: 'Enable weather' }).isVisible()).toBe(true);
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Import functions from ZIP or JSON' }).click();
    await (await chooser).setFiles(filePath);

    const plan = page.getByRole('region', { name: 'Review import: tools.json' });
    await poll(() => plan.isVisible()).toBe(true);
    const item = (name: string) => plan.locator(`li[data-tool-name="${name}"]`);
    const box = (name: string) => plan.getByRole('checkbox', { name: `Import ${name}` });
    // defaults: the new one is created, a different one kept both (renamed), an identical one skipped
    expect(await box('fresh_tool').isChecked()).toBe(true);
    expect(await item('fresh_tool').getByText('Creates fresh_tool').isVisible()).toBe(true);
    expect(await item('weather').getByRole('radio', { name: 'Keep both (as weather_2)' }).isChecked()).toBe(
      true,
    );
    expect(await item('weather').getByText('Stored as weather_2').isVisible()).toBe(true);
    expect(await box('same_one').isChecked()).toBe(false);
    expect(await item('same_one').getByText('Skipped: identical to your same_one').isVisible()).toBe(true);
    expect(await plan.getByRole('list', { name: 'Cannot be imported' }).textContent()).toContain('bad name!');

    // select none / all
    await plan.getByRole('button', { name: 'Select none' }).click();
    for (const name of ['weather', 'same_one', 'fresh_tool']) expect(await box(name).isChecked()).toBe(false);
    expect(await plan.getByRole('button', { name: 'Import 0 selected' }).isDisabled()).toBe(true);
    await plan.getByRole('button', { name: 'Select all' }).click();
    for (const name of ['weather', 'same_one', 'fresh_tool']) expect(await box(name).isChecked()).toBe(true);
    expect(await item('same_one').getByText('Stored as same_one_2').isVisible()).toBe(true);

    // Replace on the conflict: the diff of yours against the file's is shown
    await item('weather').getByRole('radio', { name: 'Replace' }).check();
    expect(await item('weather').getByText('Replaces your weather').isVisible()).toBe(true);
    const diff = item('weather').getByRole('region', { name: 'Static result diff' });
    await poll(() => diff.isVisible()).toBe(true);
    expect(await diff.locator('.diff-del').allTextContents()).toEqual(['- sunny\n']);
    expect(await diff.locator('.diff-add').allTextContents()).toEqual(['+ rainy\n']);
    expect(await item('weather').getByRole('region', { name: 'Description diff' }).textContent()).toContain(
      '+ Tomorrow.',
    );
    // Skip by its radio unticks the item
    await item('same_one').getByRole('radio', { name: 'Skip' }).check();
    expect(await box('same_one').isChecked()).toBe(false);
    await screenshot(page, 'import-conflicts-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await diff.isVisible()).toBe(true);
    // nothing of the card overflows the phone's width
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'import-conflicts-phone');
    await page.setViewportSize({ width: 1280, height: 860 });

    // the dry run plans again on the server: the summary, and nothing written
    await plan.getByRole('button', { name: 'Dry run' }).click();
    await poll(() => plan.getByRole('status').textContent()).toBe(
      'Dry run, nothing written: 1 to create, 1 to replace, 0 to keep both (renamed), 2 skipped.',
    );
    expect(await storedTools()).toEqual(before);

    await plan.getByRole('button', { name: 'Import 2 selected' }).click();
    const result = page.getByRole('region', { name: 'Import result' });
    await poll(() => result.getByText('Imported 2 functions.').isVisible()).toBe(true);
    const after = await storedTools();
    expect(after.map((t) => t.name).sort()).toEqual(['fresh_tool', 'same_one', 'weather']);
    const weather = after.find((t) => t.name === 'weather')!;
    expect(weather.id).toBe(before.find((t) => t.name === 'weather')!.id);
    expect(weather.staticResult).toBe('rainy\nwarm');
    await context.close();
  });

  it('on a phone: the result lists every tool stored under another name (a Marinara builtin name, Keep both)', async () => {
    await apiPost(app.stack, '/api/tools', staticTool('forecast', 'sunny'));
    const filePath = join(fileDir, 'renames.json');
    writeFileSync(
      filePath,
      JSON.stringify({
        kind: 'toolsmith.tools',
        version: 1,
        tools: [staticTool('forecast', 'stormy'), staticTool('set_expression', 'smile')],
      }),
    );
    const { page, context } = await app.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/#/functions');
    await poll(() => page.getByRole('switch', { name: 'Enable forecast' }).isVisible()).toBe(true);
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Import functions from ZIP or JSON' }).click();
    await (await chooser).setFiles(filePath);
    const plan = page.getByRole('region', { name: 'Review import: renames.json' });
    await poll(() => plan.isVisible()).toBe(true);
    // Marinara's set_expression is reserved: skipped unless ticked, then stored as set_expression_custom
    await plan.getByRole('checkbox', { name: 'Import set_expression' }).check();
    await plan.getByRole('button', { name: 'Import 2 selected' }).click();
    const result = page.getByRole('region', { name: 'Import result' });
    await poll(() => result.getByText('Imported 2 functions.').isVisible()).toBe(true);
    expect(await result.getByRole('list', { name: 'Renamed' }).locator('li').allTextContents()).toEqual([
      'Renamed: forecast → forecast_2',
      'Renamed: set_expression → set_expression_custom',
    ]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'import-renamed-phone');
    // the result stays across a reload (session storage), renames included
    await page.reload();
    await poll(() => page.getByText('Renamed: set_expression → set_expression_custom').isVisible()).toBe(
      true,
    );
    expect((await storedTools()).map((t) => t.name)).toEqual(
      expect.arrayContaining(['forecast', 'forecast_2', 'set_expression_custom']),
    );
    await context.close();
  });
});
