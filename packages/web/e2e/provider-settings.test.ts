// Reasoning, prompt caching, quirks and extra body on the Connections and Presets pages, in a real browser
// against the built server; the settings reach the provider emulator in its own terms.
import { openaiChunk, openaiStream } from '@toolsmith/emulator';
import { describe, expect, it } from 'vitest';
import { browserStackForFile, poll, screenshot } from './harness.js';

const app = browserStackForFile();

const api = async (path: string) => (await fetch(`${app.stack.serverUrl}${path}`)).json();

describe('provider settings in a real browser', () => {
  it('an Anthropic connection with a thinking budget and prompt caching; errors shown by the field', async () => {
    const { page, context } = await app.newPage();
    await page.goto('/#/connections');
    await page.getByRole('button', { name: 'New connection' }).click();
    const form = page.getByRole('form', { name: 'New connection' });
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('claude');
    await form.getByLabel('API family').selectOption('anthropic');
    await form.getByLabel('Base URL', { exact: true }).fill(`${app.stack.emulator.url}/v1`);
    await form.getByLabel('Model', { exact: true }).fill('claude-test');
    // family-specific controls: no effort or quirks for Anthropic, caching instead
    expect(await form.getByLabel('Reasoning effort').count()).toBe(0);
    expect(await form.getByLabel('Provider profile').count()).toBe(0);
    await form.getByLabel('Thinking budget (tokens)', { exact: true }).fill('512');
    await form.getByRole('button', { name: 'Create connection' }).click();
    await poll(() => form.getByText("Anthropic's thinking budget is at least 1024 tokens").isVisible()).toBe(
      true,
    );

    await form.getByLabel('Thinking budget (tokens)', { exact: true }).fill('2048');
    await form.getByRole('switch', { name: 'Cache conversation' }).click();
    await form.getByLabel('Cache lifetime').selectOption('1h');
    await form.getByLabel('Extra request body (JSON)').fill('{"messages": []}');
    await form.getByRole('button', { name: 'Create connection' }).click();
    // the server's refusal of a field the adapter builds, next to the field
    await poll(() => form.getByText('extraBody cannot set "messages"').first().isVisible()).toBe(true);
    await form.getByLabel('Extra request body (JSON)').fill('{"metadata": {"user_id": "u1"}}');
    await form.getByRole('button', { name: 'Create connection' }).click();
    await poll(() => page.getByRole('listitem', { name: 'claude' }).isVisible()).toBe(true);

    const stored = (await api('/api/connections')).connections.find((c: any) => c.name === 'claude');
    expect(stored).toMatchObject({
      thinking: { effort: null, budgetTokens: 2048, includeThoughts: null },
      promptCaching: { tools: false, system: false, history: true, ttl: '1h' },
      extraBody: { metadata: { user_id: 'u1' } },
    });
    // the edit form shows what is stored
    await page.getByRole('button', { name: 'Edit claude' }).click();
    const edit = page.getByRole('form', { name: 'Edit claude' });
    expect(await edit.getByLabel('Thinking budget (tokens)', { exact: true }).inputValue()).toBe('2048');
    expect(await edit.getByRole('switch', { name: 'Cache conversation' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    await screenshot(page, 'connection-provider-settings');
    await context.close();
  });

  it('OpenAI quirks and a preset effort reach the provider', async () => {
    const { page, context } = await app.newPage();
    await page.goto('/#/connections');
    await page.getByRole('button', { name: 'New connection' }).click();
    const form = page.getByRole('form', { name: 'New connection' });
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('mistral-like');
    await form.getByLabel('API family').selectOption('openai');
    await form.getByLabel('Base URL', { exact: true }).fill(`${app.stack.emulator.url}/v1`);
    await form.getByLabel('Model', { exact: true }).fill('o4-mini');
    await form.getByLabel('Provider profile').selectOption('mistral');
    await form.getByLabel('parallel_tool_calls', { exact: true }).check();
    await form.getByRole('button', { name: 'Create connection' }).click();
    await poll(() => page.getByRole('listitem', { name: 'mistral-like' }).isVisible()).toBe(true);

    await page.goto('/#/presets');
    await page.getByRole('button', { name: 'New preset' }).click();
    const preset = page.getByRole('form', { name: 'New preset' });
    await preset.getByRole('textbox', { name: 'Name', exact: true }).fill('think hard');
    await preset.getByLabel('Max tokens', { exact: true }).fill('256');
    await preset.getByLabel('Reasoning effort').selectOption('high');
    await preset.getByRole('button', { name: 'Create preset' }).click();
    await poll(async () => (await api('/api/presets')).presets.map((p: any) => p.name)).toContain(
      'think hard',
    );
    const stored = (await api('/api/presets')).presets.find((p: any) => p.name === 'think hard');
    expect(stored.thinking).toEqual({ effort: 'high', budgetTokens: null, includeThoughts: null });

    const connection = (await api('/api/connections')).connections.find(
      (c: any) => c.name === 'mistral-like',
    );
    expect(connection.quirks).toEqual({ profile: 'mistral', omit: ['parallel_tool_calls'] });
    const chat = await (
      await fetch(`${app.stack.serverUrl}/api/chats`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-toolsmith-request': '1' },
        body: JSON.stringify({ title: 't', connectionId: connection.id, presetId: stored.id }),
      })
    ).json();
    app.stack.emulator.enqueue(
      '/v1/chat/completions',
      openaiStream([openaiChunk({ content: 'ok' }, { finishReason: 'stop' })]),
    );
    const res = await fetch(`${app.stack.serverUrl}/api/chats/${chat.id}/generate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-toolsmith-request': '1' },
      body: JSON.stringify({ content: 'Hi' }),
    });
    await res.text();
    const sent = app.stack.emulator.requests.find((r) => r.path === '/v1/chat/completions')?.body as Record<
      string,
      any
    >;
    expect(sent).toMatchObject({
      model: 'o4-mini',
      max_completion_tokens: 256,
      reasoning_effort: 'high',
      stream: true,
    });
    expect(sent).not.toHaveProperty('stream_options');
    expect(sent.messages).toEqual([{ role: 'user', content: 'Hi' }]);
    await context.close();
  });
});
