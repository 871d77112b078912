// Connections are privileged: with ADMIN_SECRET_ON_LOOPBACK=true the UI asks for the secret, reports a wrong
// one plainly, and loads again by itself once the right one is given.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage, poll, type Stack, screenshot, startBrowserStack, stopBrowserStack } from './harness.js';

/** expect.poll with room for a loaded machine: page loads and streamed answers can take seconds. */

const SECRET = 'e2e-admin-secret-0123456789';
let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  ({ stack, browser } = await startBrowserStack({ ADMIN_SECRET: SECRET, ADMIN_SECRET_ON_LOOPBACK: 'true' }));
});
afterAll(() => stopBrowserStack(stack, browser));

describe('connections behind the admin secret', () => {
  it('asks for the secret, reports a wrong one, and loads and saves with the right one', async () => {
    const { page, context } = await newPage(browser, stack.serverUrl);
    await page.goto('/#/connections');
    const dialog = page.getByRole('dialog', { name: 'Admin secret needed' });
    await poll(() => dialog.isVisible()).toBe(true);
    // The page says what failed, with the server's message.
    await poll(() => page.getByRole('alert').first().textContent()).toContain('ADMIN_SECRET');

    // a refused read: once a secret is saved, the page loads again by itself
    await dialog.getByLabel('Admin secret').fill('wrong-secret');
    await dialog.getByRole('button', { name: 'Save secret' }).click();
    await poll(() => dialog.getByText('The admin secret was wrong.', { exact: false }).isVisible()).toBe(
      true,
    );

    await dialog.getByLabel('Admin secret').fill(SECRET);
    await dialog.getByRole('button', { name: 'Save secret' }).click();
    await poll(() => page.getByText('No connections yet.', { exact: false }).isVisible()).toBe(true);

    await page.getByRole('button', { name: 'New connection' }).click();
    const form = page.getByRole('form', { name: 'New connection' });
    await form.getByLabel('Name', { exact: true }).fill('guarded');
    await form.getByLabel('Base URL', { exact: true }).fill(`${stack.emulator.url}/v1`);
    await form.getByRole('button', { name: 'Create connection' }).click();
    await poll(() => page.getByRole('listitem', { name: 'guarded' }).isVisible()).toBe(true);
    expect(await dialog.isVisible()).toBe(false);
    await screenshot(page, 'connections-admin-secret');
    await context.close();
  });
});
