import { readFileSync } from 'node:fs';
import { unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiPost, browserStackForFile, poll, screenshot } from './harness.js';

const app = browserStackForFile();

const customList = (page: Page) => page.getByRole('list', { name: 'Custom functions' });
const rowNames = (page: Page) =>
  customList(page)
    .locator('li.tool-row')
    .evaluateAll((items) => items.map((li) => li.getAttribute('data-tool-name')));

async function apiGet<T>(path: string): Promise<T> {
  const response = await fetch(app.stack.serverUrl + path);
  return (await response.json()) as T;
}

describe('Functions panel in a real browser', () => {
  it('creates a tool in the editor, then toggling and reordering persist across a reload', async () => {
    const { page, context } = await app.newPage();
    await page.goto('/#/functions');
    await poll(() => page.getByText('No functions yet').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Export functions to ZIP' }).isDisabled()).toBe(true);
    // builtins: their own read-only section with switches
    const builtins = page.getByRole('list', { name: 'Built-in functions' });
    await poll(() => builtins.getByRole('switch', { name: 'Enable roll_dice' }).isVisible()).toBe(true);
    expect(await builtins.getByRole('link', { name: /Edit/ }).count()).toBe(0);

    await page.getByRole('button', { name: 'Create function' }).click();
    await poll(() => page.url()).toContain('#/functions/new');
    const name = page.getByLabel('Technical name');
    await name.fill('store hours');
    await poll(() =>
      page.getByText('Tool name must start with a letter and use only letters').isVisible(),
    ).toBe(true);
    await name.fill('roll_dice');
    await poll(() => page.getByText('"roll_dice" is a reserved built-in tool name.').isVisible()).toBe(true);
    // Marinara Engine's builtin names are reserved too, with a free name offered
    await name.fill('update_game_state');
    await poll(() =>
      page
        .getByText(
          '"update_game_state" is a reserved built-in tool name. Rename it (the name field), e.g. to "update_game_state_custom".',
        )
        .isVisible(),
    ).toBe(true);
    await name.fill('store_hours');
    await poll(() => page.locator('#name-errors').count()).toBe(0);
    await page.getByLabel('Display name').fill('Store hours');
    await page.getByLabel('Description', { exact: true }).fill('Opening hours of the store.');
    await poll(() => page.getByText('27 / 8,192 characters', { exact: false }).isVisible()).toBe(true);
    await page.getByLabel('Static result').fill('Open 9–5, Monday to Saturday.');
    await page.getByRole('button', { name: 'Add parameter' }).click();
    await page.getByLabel('Parameter 1 name').fill('day');
    await page.getByLabel('Parameter 1 allowed values').fill('mon, sat');
    await page.getByLabel('Parameter 1 required').check();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await poll(() => page.getByRole('heading', { name: 'Edit store_hours' }).isVisible()).toBe(true);
    // the saved static tool dry-runs with arguments prefilled from its schema
    await poll(async () => JSON.parse(await page.getByLabel('Arguments (JSON)').inputValue())).toEqual({
      day: 'mon',
    });
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    const result = page.getByRole('region', { name: 'Dry-run result' });
    await poll(() => result.locator('pre.result').textContent()).toBe('Open 9–5, Monday to Saturday.');
    expect(await result.getByRole('heading', { name: 'Result (text)' }).isVisible()).toBe(true);

    const stored = await apiGet<{ tools: Array<{ name: string; parameters: unknown; enabled: boolean }> }>(
      '/api/tools',
    );
    expect(stored.tools).toHaveLength(1);
    expect(stored.tools[0].parameters).toEqual({
      type: 'object',
      properties: { day: { type: 'string', enum: ['mon', 'sat'] } },
      required: ['day'],
    });

    // a second and third tool through the API, then back to the list
    for (const n of ['weather', 'dice_log']) {
      await apiPost(app.stack, '/api/tools', { name: n, description: `${n} tool`, kind: 'static' });
    }
    await page.getByRole('link', { name: 'Back to functions' }).click();
    await poll(() => rowNames(page)).toEqual(['store_hours', 'weather', 'dice_log']);
    const storeRow = customList(page).locator('li[data-tool-name="store_hours"]');
    expect(await storeRow.getByText('Static').isVisible()).toBe(true);
    expect(await storeRow.getByText('1 parameter').isVisible()).toBe(true);
    expect(await storeRow.getByText('Opening hours of the store.').isVisible()).toBe(true);

    // switch off, move dice_log up by keyboard-reachable buttons, drag weather to the top
    await page.getByRole('switch', { name: 'Enable store_hours' }).click();
    await poll(() =>
      page.getByRole('switch', { name: 'Enable store_hours' }).getAttribute('aria-checked'),
    ).toBe('false');
    await page.getByRole('button', { name: 'Move dice_log up' }).click();
    await poll(() => rowNames(page)).toEqual(['store_hours', 'dice_log', 'weather']);
    await customList(page)
      .locator('li[data-tool-name="weather"] .drag-handle')
      .dragTo(customList(page).locator('li[data-tool-name="store_hours"]'));
    await poll(() => rowNames(page)).toEqual(['weather', 'store_hours', 'dice_log']);
    // keyboard: the focused move button keeps focus, so Enter can be pressed again
    await page.getByRole('button', { name: 'Move store_hours down' }).focus();
    await page.keyboard.press('Enter');
    await poll(() => rowNames(page)).toEqual(['weather', 'dice_log', 'store_hours']);
    await page.getByRole('button', { name: 'Move dice_log up' }).focus();
    await page.keyboard.press('Enter');
    await poll(() => rowNames(page)).toEqual(['dice_log', 'weather', 'store_hours']);
    // at the top the button says it is unavailable but keeps focus; pressing it again changes nothing
    const focused = () => page.locator(':focus').getAttribute('aria-label');
    expect(await focused()).toBe('Move dice_log up');
    expect(await page.getByRole('button', { name: 'Move dice_log up' }).getAttribute('aria-disabled')).toBe(
      'true',
    );
    await page.keyboard.press('Enter');
    expect(await rowNames(page)).toEqual(['dice_log', 'weather', 'store_hours']);
    await page.getByRole('button', { name: 'Move dice_log down' }).focus();
    await page.keyboard.press('Enter');
    await poll(() => rowNames(page)).toEqual(['weather', 'dice_log', 'store_hours']);
    await page.keyboard.press('Enter');
    await poll(() => rowNames(page)).toEqual(['weather', 'store_hours', 'dice_log']);
    await poll(async () =>
      (await apiGet<{ tools: Array<{ name: string }> }>('/api/tools')).tools.map((t) => t.name),
    ).toEqual(['weather', 'store_hours', 'dice_log']);

    await page.reload();
    await poll(() => rowNames(page)).toEqual(['weather', 'store_hours', 'dice_log']);
    expect(await page.getByRole('switch', { name: 'Enable store_hours' }).getAttribute('aria-checked')).toBe(
      'false',
    );
    expect(await page.getByRole('switch', { name: 'Enable weather' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    expect(await page.getByRole('button', { name: 'Export functions to ZIP' }).isDisabled()).toBe(false);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export functions to ZIP' }).click();
    const zip = await download;
    expect(zip.suggestedFilename()).toMatch(/\.zip$/);
    const bytes = readFileSync((await zip.path())!);
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(Object.keys(unzipSync(new Uint8Array(bytes))).filter((f) => f.endsWith('tool.json'))).toHaveLength(
      3,
    );

    // builtin switch persists too
    const dice = () => page.getByRole('switch', { name: 'Enable roll_dice' }).getAttribute('aria-checked');
    const flipped = (await dice()) === 'true' ? 'false' : 'true';
    await page.getByRole('switch', { name: 'Enable roll_dice' }).click();
    await poll(dice).toBe(flipped);
    await page.reload();
    await poll(dice).toBe(flipped);

    // delete asks first; Cancel keeps the tool, Delete removes it
    await page.getByRole('button', { name: 'Delete dice_log' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete dice_log?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await rowNames(page)).toContain('dice_log');
    await page.getByRole('button', { name: 'Delete dice_log' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await poll(() => rowNames(page)).toEqual(['weather', 'store_hours']);
    await screenshot(page, 'functions-panel');

    await page.setViewportSize({ width: 390, height: 800 });
    await poll(() => page.getByRole('switch', { name: 'Enable weather' }).isVisible()).toBe(true);
    await screenshot(page, 'functions-panel-narrow');
    await context.close();
  });

  it('shows a server failure with its message', async () => {
    const { page, context } = await app.newPage();
    await page.goto('/#/functions/t_missing');
    await poll(() => page.getByRole('alert').textContent()).toContain('t_missing');
    await context.close();
  });
});
