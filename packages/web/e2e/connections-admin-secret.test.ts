// Connections are privileged: with ADMIN_SECRET_ON_LOOPBACK=true the UI asks for the secret, reports a wrong
// one plainly, and loads again by itself once the right one is given.
import { describe, expect, it } from 'vitest';
import { browserStackForFile, poll, screenshot } from './harness.js';

const SECRET = 'e2e-admin-secret-0123456789';
const app = browserStackForFile({ ADMIN_SECRET: SECRET, ADMIN_SECRET_ON_LOOPBACK: 'true' });

describe('connections behind the admin secret', () => {
  it('asks for the secret, reports a wrong one, and loads and saves with the right one', async () => {
    const { page, context } = await app.newPage();
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
    await form.getByLabel('Base URL', { exact: true }).fill(`${app.stack.emulator.url}/v1`);
    await form.getByRole('button', { name: 'Create connection' }).click();
    await poll(() => page.getByRole('listitem', { name: 'guarded' }).isVisible()).toBe(true);
    expect(await dialog.isVisible()).toBe(false);
    await screenshot(page, 'connections-admin-secret');
    await context.close();
  });
});
