// Connections and presets pages in a real browser against the built server and the provider emulator.
import { openaiErrors } from '@toolsmith/emulator';
import { describe, expect, it } from 'vitest';
import { browserStackForFile, poll, screenshot } from './harness.js';

const app = browserStackForFile();

describe('connections and presets in a real browser', () => {
  it('creates a connection whose key shows as set, and a failing Test shows the error code', async () => {
    const { page, context } = await app.newPage();
    await page.goto('/#/connections');
    await poll(() => page.getByText('No connections yet.', { exact: false }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'New connection' }).click();
    const form = page.getByRole('form', { name: 'New connection' });
    await form.getByLabel('Name', { exact: true }).fill('emulated');
    await form.getByLabel('API family').selectOption('openai');
    await form.getByLabel('Base URL', { exact: true }).fill(`${app.stack.emulator.url}/v1`);
    await form.getByLabel('Model', { exact: true }).fill('emulated-model');
    await form.getByLabel('API key', { exact: true }).fill('sk-wrong-key');
    await form.getByRole('button', { name: 'Create connection' }).click();

    const card = page.getByRole('listitem', { name: 'emulated' });
    await poll(() => card.getByText('Key: set').isVisible()).toBe(true);
    // The key is write-only: the API answers with a flag, never the key.
    const listed = await (await fetch(`${app.stack.serverUrl}/api/connections`)).text();
    expect(listed).toContain('"hasApiKey":true');
    expect(listed).not.toContain('sk-wrong-key');

    app.stack.emulator.enqueue('/v1/chat/completions', openaiErrors.invalidKey());
    await card.getByRole('button', { name: 'Test emulated' }).click();
    const outcome = card.getByRole('alert');
    await poll(() => outcome.isVisible(), { timeout: 20_000 }).toBe(true);
    const text = await outcome.textContent();
    expect(text).toContain('Test failed');
    expect(text).toContain('auth_missing');
    expect(text).toContain('Incorrect API key provided.');
    const sent = app.stack.emulator.requests.find((r) => r.path === '/v1/chat/completions');
    expect(sent?.headers.authorization).toBe('Bearer sk-wrong-key');
    await screenshot(page, 'connections-test-failed');

    // Edit: clear the key and turn function calling off; the card says so.
    await card.getByRole('button', { name: 'Edit emulated' }).click();
    const edit = page.getByRole('form', { name: 'Edit emulated' });
    await edit.getByRole('button', { name: 'Clear key' }).click();
    await edit.getByRole('switch', { name: 'Function calling' }).click();
    await edit.getByRole('button', { name: 'Save connection' }).click();
    await poll(() => card.getByText('Key: not set').isVisible()).toBe(true);
    expect(await card.getByText('Function calling off').isVisible()).toBe(true);

    // A server refusal is shown with its message next to the field.
    await page.getByRole('button', { name: 'New connection' }).click();
    const second = page.getByRole('form', { name: 'New connection' });
    await second.getByLabel('Name', { exact: true }).fill('emulated');
    await second.getByRole('button', { name: 'Create connection' }).click();
    await poll(() => second.getByRole('alert').first().textContent()).toContain(
      'A connection named "emulated" already exists.',
    );

    // Text-completion shows its own settings.
    await second.getByLabel('API family').selectOption('text-completion');
    expect(await second.getByLabel('Text backend').isVisible()).toBe(true);
    expect(await second.getByLabel('Instruct template').isVisible()).toBe(true);

    // Phone width: nothing spills sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await poll(() => page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await screenshot(page, 'connections-narrow');
    await context.close();
  });

  it('creates and edits a preset; an out-of-range value is reported before saving', async () => {
    const { page, context } = await app.newPage();
    await page.goto('/#/presets');
    await page.getByRole('button', { name: 'New preset' }).click();
    const form = page.getByRole('form', { name: 'New preset' });
    await form.getByLabel('Name', { exact: true }).fill('creative');
    await form.getByLabel('Temperature').fill('1.1');
    await form.getByLabel('Top P').fill('1.5');
    await form.getByLabel('Max tokens').fill('300');
    await form.getByLabel('Stop strings').fill('\\n\\nUser:\nEND');
    await form.getByRole('button', { name: 'Create preset' }).click();
    await poll(() => form.getByText('Top P must be a number from 0 to 1, or empty.').isVisible()).toBe(true);
    await form.getByLabel('Top P').fill('0.9');
    await form.getByRole('button', { name: 'Create preset' }).click();

    const card = page.getByRole('listitem', { name: 'creative' });
    await poll(() => card.isVisible()).toBe(true);
    expect(await card.textContent()).toContain(
      'Temperature 1.1 · Top P 0.9 · Max tokens 300 · 2 stop strings',
    );
    const { presets } = (await (await fetch(`${app.stack.serverUrl}/api/presets`)).json()) as {
      presets: Array<{ stop: string[] }>;
    };
    expect(presets[0].stop).toEqual(['\n\nUser:', 'END']);

    await card.getByRole('button', { name: 'Edit creative' }).click();
    const edit = page.getByRole('form', { name: 'Edit creative' });
    await edit.getByLabel('Temperature').fill('');
    expect(await edit.getByText('Ollama num_ctx').isVisible()).toBe(true);
    await edit.getByLabel('Context length').fill('8192');
    await edit.getByLabel('Min P').fill('0.05');
    await edit.getByLabel('Repetition penalty').fill('1.1');
    await edit.getByRole('button', { name: 'Save preset' }).click();
    await poll(() => card.textContent()).toContain(
      'Top P 0.9 · Max tokens 300 · Context length 8192 · Min P 0.05 · Repetition penalty 1.1',
    );
    expect(await card.textContent()).not.toContain('Temperature');
    const saved = (await (await fetch(`${app.stack.serverUrl}/api/presets`)).json()) as {
      presets: Array<Record<string, unknown>>;
    };
    expect(saved.presets[0]).toMatchObject({ contextLength: 8192, minP: 0.05, repetitionPenalty: 1.1 });
    await screenshot(page, 'presets');
    await context.close();
  });
});
