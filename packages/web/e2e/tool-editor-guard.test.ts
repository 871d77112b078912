import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiPost, browserStackForFile, poll, screenshot } from './harness.js';

const app = browserStackForFile(); // scripts disabled (the default)

interface StoredTool {
  id: string;
  name: string;
  description: string;
}
const getTool = async (id: string) =>
  (await (await fetch(`${app.stack.serverUrl}/api/tools/${id}`)).json()) as StoredTool;
const description = (page: Page) => page.getByLabel('Description', { exact: true });
const leaveDialog = (page: Page) => page.getByRole('dialog', { name: 'Unsaved changes' });

describe('tool editor guards and limits in a real browser', () => {
  it('unsaved changes: Keep editing keeps the edits, Discard drops them', async () => {
    const tool = await apiPost<StoredTool>(app.stack, '/api/tools', {
      name: 'store_hours',
      description: 'Opening hours.',
      kind: 'static',
      staticResult: 'Open 9–5',
    });
    const { page, context } = await app.newPage();
    await page.goto('/#/functions');
    await page.getByRole('link', { name: 'Edit store_hours' }).click();
    await poll(() => description(page).inputValue()).toBe('Opening hours.');
    await description(page).fill('Edited, not saved.');
    await poll(() => page.getByText('Unsaved changes', { exact: true }).isVisible()).toBe(true);

    // the browser's back button is guarded (it would go back to the list)
    await page.goBack({ waitUntil: 'commit' });
    await poll(() => leaveDialog(page).isVisible()).toBe(true);
    await leaveDialog(page).getByRole('button', { name: 'Keep editing' }).click();
    expect(await description(page).inputValue()).toBe('Edited, not saved.');

    expect(page.url()).toContain(`#/functions/${tool.id}`);

    // in-app navigation through the main menu asks first
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Chats' }).click();
    await poll(() => leaveDialog(page).isVisible()).toBe(true);
    expect(page.url()).toContain(`#/functions/${tool.id}`);
    await screenshot(page, 'tool-editor-unsaved-guard');
    await leaveDialog(page).getByRole('button', { name: 'Keep editing' }).click();
    await poll(() => leaveDialog(page).count()).toBe(0);
    expect(await description(page).inputValue()).toBe('Edited, not saved.');
    expect(page.url()).toContain(`#/functions/${tool.id}`);

    // Discard leaves and drops the edits
    await page.getByRole('link', { name: 'Back to functions' }).click();
    await leaveDialog(page).getByRole('button', { name: 'Discard' }).click();
    await poll(() => page.getByRole('heading', { name: 'Functions', exact: true }).isVisible()).toBe(true);
    expect(page.url()).toMatch(/#\/functions$/);
    expect((await getTool(tool.id)).description).toBe('Opening hours.');
    await page.getByRole('link', { name: 'Edit store_hours' }).click();
    await poll(() => description(page).inputValue()).toBe('Opening hours.');
    await context.close();
  });

  it('Save & close stays open and says why when the save fails, then saves and leaves', async () => {
    const tool = await apiPost<StoredTool>(app.stack, '/api/tools', {
      name: 'weather',
      description: 'Weather.',
    });
    const { page, context } = await app.newPage();
    await page.goto(`/#/functions/${tool.id}`);
    await poll(() => description(page).inputValue()).toBe('Weather.');
    await description(page).fill('   ');
    await page.getByRole('link', { name: 'Back to functions' }).click();
    await leaveDialog(page).getByRole('button', { name: 'Save & close' }).click();
    await poll(() => leaveDialog(page).getByRole('alert').textContent()).toContain(
      'Description must be 1–8192 characters.',
    );
    expect(page.url()).toContain(`#/functions/${tool.id}`);
    expect(await page.getByText('Not saved: Description must be 1–8192 characters.').isVisible()).toBe(true);

    await leaveDialog(page).getByRole('button', { name: 'Keep editing' }).click();
    await description(page).fill('Weather for a city.');
    await page.getByRole('link', { name: 'Back to functions' }).click();
    await leaveDialog(page).getByRole('button', { name: 'Save & close' }).click();
    await poll(() => page.url()).toMatch(/#\/functions$/);
    expect((await getTool(tool.id)).description).toBe('Weather for a city.');
    await context.close();
  });

  it('asks before the tab is closed with unsaved edits', async () => {
    const { page, context } = await app.newPage();
    await page.goto('/#/functions/new');
    await page.getByLabel('Technical name').fill('draft_tool');
    let dialogType: string | null = null;
    page.on('dialog', (dialog) => {
      dialogType = dialog.type();
      void dialog.accept();
    });
    const closed = new Promise((resolve) => page.once('close', resolve));
    await page.close({ runBeforeUnload: true });
    await closed;
    expect(dialogType).toBe('beforeunload');
    await context.close();
  });

  it('greys the Script tile out with the instruction while scripts are disabled', async () => {
    const { page, context } = await app.newPage();
    await page.goto('/#/functions/new');
    const script = page.getByRole('radio', { name: 'Script' });
    await poll(() => script.isVisible()).toBe(true);
    expect(await script.isDisabled()).toBe(true);
    expect(await page.getByRole('radio', { name: 'Static' }).isDisabled()).toBe(false);
    const note = page.getByText(
      'Script custom tools are disabled. Set CUSTOM_TOOL_SCRIPT_ENABLED=true and restart to enable sandboxed script tools.',
      { exact: true },
    );
    expect(await note.isVisible()).toBe(true);
    expect(await script.getAttribute('aria-describedby')).toContain(await note.getAttribute('id'));
    expect(await page.locator('label.tile.disabled').filter({ hasText: 'Script' }).count()).toBe(1);
    await screenshot(page, 'tool-editor-scripts-disabled');
    // narrow screens: the tiles stack and the instruction stays readable
    await page.setViewportSize({ width: 390, height: 800 });
    expect(await note.isVisible()).toBe(true);
    const box = await note.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    await screenshot(page, 'tool-editor-narrow');
    await context.close();
  });

  it('opens an advanced schema in the JSON tab and warns before exporting a webhook URL', async () => {
    const parameters = {
      type: 'object',
      properties: { when: { type: 'string', format: 'date-time' }, city: { type: 'string' } },
      required: ['city'],
    };
    const tool = await apiPost<StoredTool>(app.stack, '/api/tools', {
      name: 'forecast',
      description: 'Forecast.',
      kind: 'webhook',
      webhookUrl: 'https://hooks.example.com/forecast?key=k123',
      parameters,
    });
    const { page, context } = await app.newPage();
    await page.goto(`/#/functions/${tool.id}`);
    const jsonTab = page.getByRole('tab', { name: 'JSON Schema' });
    await poll(() => jsonTab.getAttribute('aria-selected')).toBe('true');
    const schemaBox = page.getByLabel('Parameters JSON Schema');
    expect(JSON.parse(await schemaBox.inputValue())).toEqual(parameters);
    await page.getByRole('tab', { name: 'Rows' }).click();
    await poll(() => page.getByText(/stays in the JSON tab to keep every field/).isVisible()).toBe(true);
    expect(await jsonTab.getAttribute('aria-selected')).toBe('true');
    // nothing changed by looking: no guard
    expect(await page.getByText('Unsaved changes', { exact: true }).count()).toBe(0);

    // a simple schema typed in JSON moves to rows and back without loss
    await schemaBox.fill(
      JSON.stringify({ type: 'object', properties: { city: { type: 'string', enum: ['Oslo', 'Rome'] } } }),
    );
    await page.getByRole('tab', { name: 'Rows' }).click();
    await poll(() => page.getByLabel('Parameter 1 allowed values').inputValue()).toBe('Oslo, Rome');
    await page.getByRole('tab', { name: 'JSON Schema' }).click();
    expect(JSON.parse(await schemaBox.inputValue())).toEqual({
      type: 'object',
      properties: { city: { type: 'string', enum: ['Oslo', 'Rome'] } },
    });
    await schemaBox.fill(JSON.stringify(parameters));

    await page.getByRole('button', { name: 'Export this function as JSON' }).click();
    const warning = page.getByRole('dialog', { name: 'Export includes the webhook URL' });
    await poll(() => warning.isVisible()).toBe(true);
    const download = page.waitForEvent('download');
    await warning.getByRole('button', { name: 'Export anyway' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('forecast.tool.json');
    const saved = readFileSync((await file.path())!, 'utf8');
    expect(saved).toContain('https://hooks.example.com/forecast?key=k123');
    await context.close();
  });
});
