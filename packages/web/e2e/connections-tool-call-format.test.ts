// Connections page in a real browser: the Tool-call format select stores a family on the connection, shows
// what `auto` does, and the saved choice comes back when the connection is edited again.
import { describe, expect, it } from 'vitest';
import { apiPost, browserStackForFile, poll, screenshot } from './harness.js';

const app = browserStackForFile();

describe('tool-call format on the Connections page', () => {
  it('saves a family, shows auto’s explanation, and reloads the choice', async () => {
    await apiPost(app.stack, '/api/connections', {
      name: 'llama-cpp',
      api: 'openai',
      baseUrl: `${app.stack.emulator.url}/v1`,
      model: 'GLM-4.6-Q4_K_M.gguf',
    });
    const { page, context } = await app.newPage();
    await page.goto('/#/connections');
    const card = page.getByRole('listitem', { name: 'llama-cpp' });
    await poll(() => card.isVisible()).toBe(true);
    await card.getByRole('button', { name: 'Edit llama-cpp' }).click();
    const edit = page.getByRole('form', { name: 'Edit llama-cpp' });
    const select = edit.getByLabel('Tool-call format');
    expect(await select.inputValue()).toBe('auto');
    expect(await edit.getByText('preferring the family the model name identifies').isVisible()).toBe(true);
    await select.selectOption('glm');
    expect(await edit.getByText('Only this family’s markup is read as calls').isVisible()).toBe(true);
    await screenshot(page, 'connections-tool-call-format');
    await edit.getByRole('button', { name: 'Save connection' }).click();
    await poll(async () => {
      const res = await fetch(`${app.stack.serverUrl}/api/connections`);
      const body = (await res.json()) as { connections: { name: string; toolCallFormat: string }[] };
      return body.connections.find((c) => c.name === 'llama-cpp')?.toolCallFormat;
    }).toBe('glm');

    await page.reload();
    await page
      .getByRole('listitem', { name: 'llama-cpp' })
      .getByRole('button', { name: 'Edit llama-cpp' })
      .click();
    expect(
      await page.getByRole('form', { name: 'Edit llama-cpp' }).getByLabel('Tool-call format').inputValue(),
    ).toBe('glm');
    await context.close();
  });
});
