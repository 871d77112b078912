// Issue 9 item 4 in the editor: a webhook URL with credentials is shown masked, saving other changes keeps the
// stored URL (it still reaches the hook with its credentials), and exports say whether credentials are in them.
import { readFileSync } from 'node:fs';
import { createEmulator, type Emulator } from '@toolsmith/emulator';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPost, launchBrowser, newPage, poll, type Stack, startStack } from './harness.js';

let stack: Stack;
let browser: Browser;
let hook: Emulator;
let toolId: string;

beforeAll(async () => {
  stack = await startStack({ WEBHOOK_LOCAL_URLS_ENABLED: 'true' });
  hook = await createEmulator();
  hook.on('/diary', () => ({ json: { saved: true } }));
  browser = await launchBrowser();
  const created = await apiPost<{ id: string }>(stack, '/api/tools', {
    name: 'diary_hook',
    description: 'Posts to my diary.',
    kind: 'webhook',
    webhookUrl: `http://me:hunter2@${new URL(hook.url).host}/diary?token=abc123`,
    confirmCredentials: true,
  });
  toolId = created.id;
});
afterAll(async () => {
  await browser?.close();
  await hook?.close();
  await stack?.stop();
});

describe('webhook credentials in the editor', () => {
  it('shows them masked, keeps them on save, and runs with them', async () => {
    const { page, context } = await newPage(browser, stack.serverUrl);
    await page.goto(`/#/functions/${toolId}/edit`);
    const urlField = page.getByLabel('Webhook URL');
    await poll(() => urlField.inputValue()).toBe(`http://me:•••@${new URL(hook.url).host}/diary?token=•••`);
    expect(await page.getByText('Credentials in this URL are hidden').isVisible()).toBe(true);
    expect(await page.content()).not.toContain('hunter2');

    await page.getByLabel('Description', { exact: true }).fill('Posts to my private diary.');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await poll(() => page.getByText('Saved diary_hook.').isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await poll(() => hook.requests.length).toBe(1);
    expect(hook.requests[0].query.token).toBe('abc123');
    expect(hook.requests[0].headers.authorization).toBe(
      `Basic ${Buffer.from('me:hunter2').toString('base64')}`,
    );

    // the export dialog offers the masked file, and says so afterwards
    await page.getByRole('button', { name: 'Export this function as JSON' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export includes the webhook URL' });
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Export with credentials masked' }).click();
    const file = await download;
    expect(readFileSync((await file.path())!, 'utf8')).not.toContain('hunter2');
    await poll(() =>
      page.getByText('credentials in webhook URLs are masked', { exact: false }).isVisible(),
    ).toBe(true);
    await context.close();
  });
});
