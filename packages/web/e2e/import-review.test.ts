import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPost, launchBrowser, newPage, poll, type Stack, screenshot, startStack } from './harness.js';

/** expect.poll with room for a loaded machine: page loads and server answers can take seconds. */

let stack: Stack;
let browser: Browser;
let fileDir: string;

beforeAll(async () => {
  stack = await startStack(); // scripts stay disabled: the imported script tool also shows the amber pill
  browser = await launchBrowser();
  fileDir = mkdtempSync(join(tmpdir(), 'toolsmith-import-'));
});
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  rmSync(fileDir, { recursive: true, force: true });
});

const json = (value: unknown) => strToU8(JSON.stringify(value, null, 2));

/** A ZIP in Toolsmith's export layout asking for both tools enabled and with hidden context. */
function toolsZip(): Uint8Array {
  return zipSync({
    'toolsmith-tools.json': json({
      kind: 'toolsmith.tools',
      version: 1,
      tools: [
        { name: 'lookup_order', path: 'tools/lookup_order/tool.json' },
        { name: 'tally_points', path: 'tools/tally_points/tool.json' },
        { name: 'roll_dice', path: 'tools/roll_dice/tool.json' },
      ],
    }),
    'tools/lookup_order/tool.json': json({
      name: 'lookup_order',
      description: 'Looks an order up in the shop system.',
      mode: 'read',
      kind: 'webhook',
      webhookUrl: 'https://hooks.example.com:8443/orders?token=secret',
      includeHiddenContext: true,
      enabled: true,
      parametersPath: 'parameters.schema.json',
    }),
    'tools/lookup_order/parameters.schema.json': json({
      type: 'object',
      properties: { orderId: { type: 'string' } },
      required: ['orderId'],
    }),
    'tools/tally_points/tool.json': json({
      name: 'tally_points',
      description: 'Adds points to the score.',
      mode: 'write',
      kind: 'script',
      bodyPath: 'script.js',
      includeHiddenContext: true,
      enabled: true,
    }),
    'tools/tally_points/script.js': strToU8('return { total: (args.points ?? 0) + 1 };'),
    'tools/roll_dice/tool.json': json({ name: 'roll_dice', description: 'Clash.', kind: 'static' }),
  });
}

describe('import review in a real browser', () => {
  it('imports a ZIP with a webhook and a script tool: counts, skipped, review panel, both off', async () => {
    await apiPost(stack, '/api/tools', {
      name: 'existing_tool',
      description: 'Already here.',
      kind: 'static',
    });
    const zipPath = join(fileDir, 'shop-tools.zip');
    writeFileSync(zipPath, toolsZip());

    const { page, context } = await newPage(browser, stack.serverUrl);
    await page.goto('/#/functions');
    await poll(() => page.getByRole('switch', { name: 'Enable existing_tool' }).isVisible()).toBe(true);
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Import functions from ZIP or JSON' }).click();
    await (await chooser).setFiles(zipPath);

    // first the review: nothing stored yet; the built-in name clash is unticked (Skip) by default
    const plan = page.getByRole('region', { name: 'Review import: shop-tools.zip' });
    await poll(() => plan.isVisible()).toBe(true);
    expect(await plan.getByRole('checkbox', { name: 'Import roll_dice' }).isChecked()).toBe(false);
    expect(await plan.getByText('Skipped: roll_dice is a built-in tool name').isVisible()).toBe(true);
    expect(await plan.getByText('Creates lookup_order, switched off').isVisible()).toBe(true);
    expect((await (await fetch(`${stack.serverUrl}/api/tools`)).json()).tools).toHaveLength(1);
    await plan.getByRole('button', { name: 'Import 2 selected' }).click();

    const review = page.getByRole('region', { name: 'Import result' });
    await poll(() => review.getByText('Imported 2 functions.').isVisible()).toBe(true);
    expect(await review.getByText('Skipped roll_dice: roll_dice is a built-in tool name.').isVisible()).toBe(
      true,
    );
    expect(await plan.count()).toBe(0);
    const items = review.getByRole('list', { name: 'Imported tools to review' }).getByRole('listitem');
    expect(await items.count()).toBe(2);
    const webhook = items.filter({ hasText: 'lookup_order' });
    expect(await webhook.getByText('Webhook').isVisible()).toBe(true);
    // origin only: scheme + host + port, never the path or the token
    expect(await webhook.getByText('https://hooks.example.com:8443', { exact: true }).isVisible()).toBe(true);
    expect(await review.textContent()).not.toContain('secret');
    const facts = async (item: typeof webhook) =>
      item.locator('dd').evaluateAll((dds) => dds.map((d) => d.textContent));
    expect(await facts(webhook)).toEqual(['https://hooks.example.com:8443', 'yes', 'yes']);
    const script = items.filter({ hasText: 'tally_points' });
    expect(await script.getByText('Script', { exact: true }).isVisible()).toBe(true);
    // a script also says whether it calls fetch (Allow fetch always arrives off)
    expect(await facts(script)).toEqual(['—', 'yes', 'yes', 'no']);
    expect(await script.getByText('Calls fetch (Allow fetch arrives off)').isVisible()).toBe(true);
    expect(await webhook.getByText('Off', { exact: true }).isVisible()).toBe(true);
    expect(await script.getByText('Off', { exact: true }).isVisible()).toBe(true);

    // in the list: both switched off; the script tool carries the amber pill while scripts are off
    for (const name of ['lookup_order', 'tally_points']) {
      await poll(() =>
        page.getByRole('switch', { name: `Enable ${name}` }).getAttribute('aria-checked'),
      ).toBe('false');
    }
    const scriptRow = page
      .getByRole('list', { name: 'Custom functions' })
      .locator('li[data-tool-name="tally_points"]');
    expect(await scriptRow.getByText('Script disabled').isVisible()).toBe(true);
    const stored = (await (await fetch(`${stack.serverUrl}/api/tools`)).json()) as {
      tools: Array<{ name: string; enabled: boolean; includeHiddenContext: boolean }>;
    };
    for (const name of ['lookup_order', 'tally_points']) {
      expect(stored.tools.find((t) => t.name === name)).toMatchObject({
        enabled: false,
        includeHiddenContext: false,
      });
    }
    await screenshot(page, 'import-review');

    // opening one from the review panel leads to its editor, where it can be switched on
    await webhook.getByRole('link', { name: 'Open lookup_order to review' }).click();
    await poll(() => page.getByRole('heading', { name: 'Edit lookup_order' }).isVisible()).toBe(true);
    expect(await page.getByLabel('Include hidden chat context').isChecked()).toBe(false);
    await page.getByRole('switch', { name: 'Enable lookup_order' }).click();
    await poll(() =>
      page.getByRole('switch', { name: 'Enable lookup_order' }).getAttribute('aria-checked'),
    ).toBe('true');
    await page.getByRole('link', { name: 'Back to functions' }).click();
    await poll(() => webhook.getByText('On', { exact: true }).isVisible()).toBe(true);
    await context.close();
  });

  it('reports a refused file with the server message', async () => {
    const badPath = join(fileDir, 'broken.json');
    writeFileSync(badPath, '{ "tools": [ nope');
    const { page, context } = await newPage(browser, stack.serverUrl);
    await page.goto('/#/functions');
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Import functions from ZIP or JSON' }).click();
    await (await chooser).setFiles(badPath);
    await poll(async () => (await page.getByRole('alert').textContent()) ?? '').toMatch(/JSON/);
    await context.close();
  });
});
