// The MCP servers page in a real browser against the built server, with a real MCP server package from npm
// (@modelcontextprotocol/server-everything over stdio): add it with a secret env value (never shown again),
// review the exact command and approve it, see it connect, switch a tool off, and find its tools in a
// chat's tool picker. At 1280×860 and 390×844.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiPost, browserStackForFile, poll, screenshot } from './harness.js';

const require = createRequire(import.meta.url);
const EVERYTHING = join(
  dirname(require.resolve('@modelcontextprotocol/server-everything/package.json')),
  'dist/index.js',
);
const SECRET = 'mcp-env-secret-5d1c';

const app = browserStackForFile();

async function getJson<T>(path: string): Promise<T> {
  return (await (await fetch(app.stack.serverUrl + path)).json()) as T;
}

const card = (page: Page) => page.getByRole('listitem', { name: 'everything' });

describe('the MCP servers page', () => {
  it('adds a stdio server, shows the exact command for review, approves it and switches a tool (1280×860)', async () => {
    const { page, context } = await app.newPage();
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.goto('/#/mcp');
    await page.getByRole('link', { name: 'MCP' }).waitFor();
    expect(await page.title()).toBe('MCP servers — Toolsmith');
    await poll(() => page.getByText('No MCP servers yet.').isVisible()).toBe(true);

    await page.getByRole('button', { name: 'New MCP server' }).click();
    const form = page.getByRole('form', { name: 'New MCP server' });
    await form.getByRole('textbox', { name: /^Name/ }).fill('everything');
    await form.getByRole('textbox', { name: /^Command/ }).fill(process.execPath);
    await form.getByRole('textbox', { name: /^Arguments/ }).fill(`${EVERYTHING}\nstdio`);
    await form.getByRole('textbox', { name: /^Environment/ }).fill(`MCP_TEST_TOKEN=${SECRET}`);
    await form.getByRole('button', { name: 'Add server' }).click();

    await poll(() => card(page).getByText('Waiting for approval').isVisible()).toBe(true);
    expect(await page.content()).not.toContain(SECRET);

    await card(page).getByRole('button', { name: 'Review and approve' }).click();
    const review = page.getByRole('dialog', { name: 'Review everything' });
    expect(await review.getByTestId('mcp-command-line').textContent()).toBe(
      `${process.execPath} ${EVERYTHING} stdio`,
    );
    expect(await review.getByText('MCP_TEST_TOKEN (values hidden)').isVisible()).toBe(true);
    await screenshot(page, 'mcp-review');
    await review.getByRole('button', { name: 'Approve and start' }).click();
    await poll(() => review.isVisible()).toBe(false);

    // approving opens its tools: listing them starts the process
    const tools = card(page).getByRole('list', { name: 'everything tools' });
    await poll(() => tools.getByRole('switch', { name: 'echo on' }).isVisible(), { timeout: 30_000 }).toBe(
      true,
    );
    await poll(() => card(page).getByText('Connected').isVisible()).toBe(true);
    expect(await tools.getByText('everything_get_tiny_image').isVisible()).toBe(true);

    await tools.getByRole('switch', { name: 'echo on' }).click();
    await poll(async () => {
      const servers = await getJson<{ servers: Array<{ id: string }> }>('/api/mcp/servers');
      const list = await getJson<{ tools: Array<{ name: string; enabled: boolean }> }>(
        `/api/mcp/servers/${servers.servers[0].id}/tools`,
      );
      return list.tools.find((t) => t.name === 'echo')?.enabled;
    }).toBe(false);
    await screenshot(page, 'mcp-servers');
    await context.close();
  });

  it('offers the server’s tools in a chat’s tool picker, in their own group', async () => {
    const chat = await apiPost<{ id: string }>(app.stack, '/api/chats', {
      title: 'With MCP',
      settings: { toolUse: true },
    });
    const { page, context } = await app.newPage();
    await page.goto(`/#/chats/${chat.id}`);
    await page.locator('button[aria-controls="chat-settings"]').click();
    const drawer = page.getByRole('complementary', { name: 'Chat Settings' });
    await drawer.getByRole('button', { name: 'Choose Functions' }).click();
    const picker = page.getByRole('dialog', { name: 'Choose Functions' });
    const group = picker.getByRole('group', { name: 'MCP: everything' });
    await poll(() => group.isVisible()).toBe(true);
    expect(await group.getByText('everything_get_tiny_image').count()).toBeGreaterThan(0);
    // echo was switched off on the MCP page: ticking it says why it still will not be offered
    await group.getByRole('checkbox', { name: 'echo' }).check();
    await poll(() => group.getByText('Switched off on the MCP servers page.').isVisible()).toBe(true);
    await screenshot(page, 'mcp-chat-tool-picker');
    await context.close();
  });

  it('fits a phone screen (390×844)', async () => {
    const { page, context } = await app.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/#/mcp');
    await poll(() => card(page).isVisible()).toBe(true);
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    expect(await page.getByText(`${app.stack.serverUrl}/mcp`).isVisible()).toBe(true);
    await screenshot(page, 'mcp-servers-narrow');
    await context.close();
  });
});
