// Tool writes are privileged: with ADMIN_SECRET_ON_LOOPBACK=true the Functions panel and the editor show the
// refusal with the server's message, the shell asks for the secret, and the same action works once it is right.
import { describe, expect, it } from 'vitest';
import { browserStackForFile, poll, screenshot } from './harness.js';

const SECRET = 'functions-e2e-secret-9876543210';
const app = browserStackForFile({ ADMIN_SECRET: SECRET, ADMIN_SECRET_ON_LOOPBACK: 'true' });

describe('functions behind the admin secret', () => {
  it('reports the refusal, a wrong secret plainly, and saves and toggles with the right one', async () => {
    const { page, context } = await app.newPage();
    await page.goto('/#/functions/new');
    await page.getByLabel('Technical name').fill('guarded_tool');
    await page.getByLabel('Description', { exact: true }).fill('Only with the secret.');
    const save = page.getByRole('button', { name: 'Save', exact: true });
    await save.click();

    const dialog = page.getByRole('dialog', { name: 'Admin secret needed' });
    await poll(() => dialog.isVisible()).toBe(true);
    await poll(() => page.getByText(/^Not saved: .*ADMIN_SECRET/).isVisible()).toBe(true);

    await dialog.getByLabel('Admin secret').fill('not-the-secret');
    await dialog.getByRole('button', { name: 'Save secret' }).click();
    await save.click();
    await poll(() => dialog.getByText('The admin secret was wrong.', { exact: false }).isVisible()).toBe(
      true,
    );
    await poll(() =>
      page
        .getByText('Not saved: The X-Admin-Secret header does not match ADMIN_SECRET.', { exact: false })
        .isVisible(),
    ).toBe(true);

    await dialog.getByLabel('Admin secret').fill(SECRET);
    await dialog.getByRole('button', { name: 'Save secret' }).click();
    await save.click();
    await poll(() => page.getByRole('heading', { name: 'Edit guarded_tool' }).isVisible()).toBe(true);

    // the secret is kept for the tab: the list's switch works without asking again
    await page.getByRole('link', { name: 'Back to functions' }).click();
    const toggle = page.getByRole('switch', { name: 'Enable guarded_tool' });
    await poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    await toggle.click();
    await poll(() => toggle.getAttribute('aria-checked')).toBe('false');
    expect(await dialog.count()).toBe(0);
    await screenshot(page, 'functions-admin-secret');
    await context.close();
  });
});
