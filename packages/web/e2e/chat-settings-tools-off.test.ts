// Chat Settings in a real browser: on a connection with function calling off, the tool controls are shown
// inactive with the reason, and come back when the chat moves to a connection that can use tools.
import { describe, expect, it } from 'vitest';
import { apiPost, browserStackForFile, poll, screenshot } from './harness.js';

const app = browserStackForFile();

describe('Chat Settings on a connection without function calling', () => {
  it('shows the tool controls inactive with the reason', async () => {
    const backup = await apiPost<{ id: string }>(app.stack, '/api/connections', {
      name: 'backup-no-tools',
      api: 'openai',
      baseUrl: `${app.stack.emulator.url}/v1`,
      functionCalling: { enabled: false, mode: 'auto' },
    });
    await apiPost(app.stack, '/api/connections', {
      name: 'main-with-tools',
      api: 'openai',
      baseUrl: `${app.stack.emulator.url}/v1`,
    });
    const chat = await apiPost<{ id: string }>(app.stack, '/api/chats', {
      title: 'Backup chat',
      connectionId: backup.id,
      settings: { toolUse: true, tools: ['roll_dice'] },
    });

    const { page, context } = await app.newPage();
    await page.goto(`/#/chats/${chat.id}`);
    await page.getByRole('button', { name: 'Chat Settings' }).click();
    const drawer = page.getByRole('complementary', { name: 'Chat Settings' });
    const note = drawer.getByRole('note');
    await poll(() => note.textContent()).toContain('Tool controls are inactive');
    expect(await note.textContent()).toContain('backup-no-tools');
    const toolUse = drawer.getByRole('switch', { name: 'Enable Tool Use' });
    expect(await toolUse.isDisabled()).toBe(true);
    // the chat's own setting is kept, only inactive
    expect(await toolUse.getAttribute('aria-checked')).toBe('true');
    expect(await drawer.getByRole('button', { name: 'Choose Functions' }).isDisabled()).toBe(true);
    expect(await drawer.getByRole('button', { name: 'Remove roll_dice' }).isDisabled()).toBe(true);
    await screenshot(page, 'chat-settings-tools-inactive');

    await drawer.getByLabel('Connection').selectOption({ label: 'main-with-tools' });
    await poll(() => note.count()).toBe(0);
    await poll(() => toolUse.isDisabled()).toBe(false);
    expect(await drawer.getByRole('button', { name: 'Choose Functions' }).isDisabled()).toBe(false);
    await context.close();
  });
});
