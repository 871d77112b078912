import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserStackForFile, poll, screenshot } from './harness.js';

const app = browserStackForFile({ CUSTOM_TOOL_SCRIPT_ENABLED: 'true' });

/** Replaces the text of a CodeMirror editor the way a user would: select all, type. */
async function typeInto(page: Page, editor: Locator, text: string) {
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}

describe('script tool editor in a real browser (scripts enabled)', () => {
  it('marks a syntax error inline, clears it once fixed, then dry-runs with result and logs', async () => {
    const { page, context } = await app.newPage();
    await page.goto('/#/functions/new');
    await page.getByLabel('Technical name').fill('add_points');
    await page.getByLabel('Description', { exact: true }).fill('Adds two numbers of points.');
    await page.getByRole('radio', { name: 'Script' }).check();
    expect(await page.getByText('Script custom tools are disabled.').count()).toBe(0);
    // the reference beside the editor
    expect(
      await page
        .getByRole('complementary', { name: 'Script reference' })
        .getByText('args')
        .first()
        .isVisible(),
    ).toBe(true);

    await page.getByRole('button', { name: 'Add parameter' }).click();
    await page.getByLabel('Parameter 1 name').fill('a');
    await page.getByLabel('Parameter 1 type').selectOption('integer');
    await page.getByLabel('Parameter 1 required').check();
    await page.getByRole('button', { name: 'Add parameter' }).click();
    await page.getByLabel('Parameter 2 name').fill('b');
    await page.getByLabel('Parameter 2 type').selectOption('integer');

    const body = page.getByRole('textbox', { name: 'Script body' });
    await poll(() => body.isVisible()).toBe(true);
    await typeInto(page, body, "console.log('adding', args.a);\nreturn { sum: args.a + };");
    // inline: a lint mark in the text and the message under the editor, from the server's compile check
    await poll(() => page.locator('.cm-lintRange-error').count()).toBeGreaterThan(0);
    await poll(() => page.getByText(/^Line 2, column \d+: Unexpected token/).isVisible()).toBe(true);
    await screenshot(page, 'tool-editor-script-syntax-error');

    await typeInto(
      page,
      body,
      "console.log('adding', args.a);\nconsole.warn('b is', args.b);\nreturn { sum: args.a + (args.b ?? 0) };",
    );
    await poll(() => page.locator('.cm-lintRange-error').count()).toBe(0);
    expect(await page.getByText(/^Line \d+, column \d+:/).count()).toBe(0);

    // dry run: arguments prefilled from the schema, then edited
    const args = page.getByLabel('Arguments (JSON)');
    await poll(async () => JSON.parse(await args.inputValue())).toEqual({ a: 0, b: 0 });
    await args.fill('{ "a": 2, "b": 3 }');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    const result = page.getByRole('region', { name: 'Dry-run result' });
    await poll(() => result.isVisible()).toBe(true);
    expect(JSON.parse((await result.locator('pre.result').textContent()) ?? '')).toEqual({ sum: 5 });
    expect(await result.getByText('OK', { exact: true }).isVisible()).toBe(true);
    expect(await result.getByRole('list', { name: 'Logs' }).getByRole('listitem').allTextContents()).toEqual([
      '[log] adding 2',
      '[warn] b is 3',
    ]);
    expect(await result.getByText(/^Duration: \d+(\.\d+)? ms$/).isVisible()).toBe(true);

    // a failing run shows the server's error and code as returned
    await args.fill('{ "b": 3 }');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await poll(() => result.getByText('Failed', { exact: true }).isVisible()).toBe(true);
    expect(await result.getByText('invalid_arguments').isVisible()).toBe(true);

    // save: the body is stored as typed
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await poll(() => page.getByRole('heading', { name: 'Edit add_points' }).isVisible()).toBe(true);
    const tools = (await (await fetch(`${app.stack.serverUrl}/api/tools`)).json()) as {
      tools: Array<{ name: string; kind: string; body: string }>;
    };
    expect(tools.tools[0]).toMatchObject({ name: 'add_points', kind: 'script' });
    expect(tools.tools[0].body).toContain('return { sum: args.a + (args.b ?? 0) };');

    // the saved tool dry-runs by id as well
    await args.fill('{ "a": 40, "b": 2 }');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await poll(async () => (await result.locator('pre.result').textContent()) ?? '').toContain('42');
    await screenshot(page, 'tool-editor-script-dry-run');

    // a write tool's simulate body runs instead when simulating
    await page.getByRole('radio', { name: 'Write' }).check();
    await typeInto(
      page,
      page.getByRole('textbox', { name: 'Simulate body' }),
      'return { wouldAdd: args.a };',
    );
    await page.getByLabel('Simulate (run the simulate body instead)').check();
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await poll(async () => (await result.locator('pre.result').textContent()) ?? '').toContain('wouldAdd');
    expect(JSON.parse((await result.locator('pre.result').textContent()) ?? '')).toEqual({ wouldAdd: 40 });
    expect(await result.getByText('simulated', { exact: true }).isVisible()).toBe(true);
    await context.close();
  });
});
