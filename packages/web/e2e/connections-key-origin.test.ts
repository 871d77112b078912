// Issue 9 item 1 on the Connections page: moving a connection with a stored key to another address asks for the
// key again (or an explicit "keep"), so an edited base URL never silently carries the key to a new host.
import { createEmulator, type Emulator } from '@toolsmith/emulator';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPost, launchBrowser, newPage, poll, type Stack, screenshot, startStack } from './harness.js';

let stack: Stack;
let browser: Browser;
let other: Emulator;

beforeAll(async () => {
  stack = await startStack();
  other = await createEmulator();
  browser = await launchBrowser();
  await apiPost(stack, '/api/connections', {
    name: 'keyed',
    api: 'openai',
    baseUrl: `${stack.emulator.url}/v1`,
    apiKey: 'sk-for-the-first-host',
  });
});
afterAll(async () => {
  await browser?.close();
  await other?.close();
  await stack?.stop();
});

describe('changing the base URL of a connection with a key', () => {
  it('says where the key would go, refuses a silent move, and saves with an explicit keep', async () => {
    const { page, context } = await newPage(browser, stack.serverUrl);
    await page.goto('/#/connections');
    const card = page.getByRole('listitem', { name: 'keyed' });
    await card.getByRole('button', { name: 'Edit keyed' }).click();
    const form = page.getByRole('form', { name: 'Edit keyed' });
    await form.getByLabel('Base URL').fill(`${other.url}/v1`);

    const notice = form.getByRole('note');
    await poll(() => notice.textContent()).toContain(`now points to ${other.url}`);
    const keep = notice.getByLabel(`Send the stored key to ${other.url}`);
    expect(await keep.isChecked()).toBe(false);

    // the server refuses the silent move and names the field
    await keep.check();
    await keep.uncheck();
    await form.getByRole('button', { name: 'Save connection' }).click();
    await poll(() => form.getByRole('alert').first().textContent()).toContain('keepApiKey');
    const stored = await (await fetch(`${stack.serverUrl}/api/connections`)).json();
    expect(stored.connections[0].baseUrl).toBe(`${stack.emulator.url}/v1`);

    await keep.check();
    await screenshot(page, 'connections-key-origin');
    await form.getByRole('button', { name: 'Save connection' }).click();
    await poll(() => card.getByText(`${other.url}/v1`, { exact: false }).isVisible()).toBe(true);
    expect(await card.getByText('Key: set').isVisible()).toBe(true);

    // typing a new key needs no confirmation
    await card.getByRole('button', { name: 'Edit keyed' }).click();
    await form.getByLabel('Base URL').fill(`${stack.emulator.url}/v1`);
    await form.getByLabel('API key').fill('sk-back-home');
    expect(await form.getByRole('note').count()).toBe(0);
    await form.getByRole('button', { name: 'Save connection' }).click();
    await poll(() => card.getByText(`${stack.emulator.url}/v1`, { exact: false }).isVisible()).toBe(true);
    await context.close();
  });
});
