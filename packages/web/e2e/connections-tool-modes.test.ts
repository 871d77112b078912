// Connections page in a real browser: what Auto learned about tool calling (a model without tools refused
// them, so it uses the text protocol) is shown on the connection with the reason, and can be forgotten.
import { openaiChunk, openaiCompletion, openaiStream, toolRefusals } from '@toolsmith/emulator';
import { describe, expect, it } from 'vitest';
import { apiPost, browserStackForFile, poll, screenshot } from './harness.js';

const app = browserStackForFile();

describe('remembered tool calling on the Connections page', () => {
  it('shows the text-protocol outcome with its reason, and Forget removes it', async () => {
    const connection = await apiPost<{ id: string }>(app.stack, '/api/connections', {
      name: 'local-ollama',
      api: 'openai',
      baseUrl: `${app.stack.emulator.url}/v1`,
      model: 'gemma2:2b',
    });
    const chat = await apiPost<{ id: string }>(app.stack, '/api/chats', {
      title: 'Dice',
      connectionId: connection.id,
      settings: { toolUse: true, tools: ['roll_dice'] },
    });
    app.stack.emulator.enqueue('/v1/chat/completions', toolRefusals.ollama());
    app.stack.emulator.on('/v1/chat/completions', () =>
      openaiStream([
        openaiChunk({ role: 'assistant', content: 'Fine.' }),
        openaiChunk({}, { finishReason: 'stop' }),
      ]),
    );
    const response = await fetch(`${app.stack.serverUrl}/api/chats/${chat.id}/generate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-toolsmith-request': '1' },
      body: JSON.stringify({ content: 'Roll a d6.' }),
    });
    await response.text();
    expect(app.stack.emulator.requests).toHaveLength(2);

    const { page, context } = await app.newPage();
    await page.goto('/#/connections');
    const card = page.getByRole('listitem', { name: 'local-ollama' });
    const memory = card.getByRole('region', { name: 'Remembered tool calling' });
    await poll(() => memory.isVisible()).toBe(true);
    expect(await memory.textContent()).toContain('gemma2:2b');
    expect(await memory.textContent()).toContain('Text protocol');
    expect(await memory.textContent()).toContain('does not support tools');
    await screenshot(page, 'connections-tool-modes');
    await memory.getByRole('button', { name: 'Forget the tool mode of gemma2:2b' }).click();
    await poll(() => memory.count()).toBe(0);
    await context.close();
  });
});

describe('testing a reasoning model', () => {
  it('passes when the model spends the few tokens reasoning, and says so', async () => {
    await apiPost(app.stack, '/api/connections', {
      name: 'deepseek-reasoner',
      api: 'openai',
      baseUrl: `${app.stack.emulator.url}/v1`,
      model: 'deepseek-reasoner',
      functionCalling: { enabled: false, mode: 'auto' },
    });
    app.stack.emulator.reset();
    // the test's one request is not streamed
    app.stack.emulator.on('/v1/chat/completions', () => ({
      json: openaiCompletion(
        { content: null, reasoning_content: 'The user wants me to reply with' },
        { finishReason: 'length' },
      ),
    }));
    const { page, context } = await app.newPage();
    await page.goto('/#/connections');
    const card = page.getByRole('listitem', { name: 'deepseek-reasoner' });
    await poll(() => card.isVisible()).toBe(true);
    await card.getByRole('button', { name: 'Test deepseek-reasoner' }).click();
    const outcome = card.getByRole('status').filter({ hasText: 'Test passed' });
    await poll(() => outcome.isVisible()).toBe(true);
    expect(await outcome.textContent()).toBe(
      'Test passed. The model spent the test’s few tokens reasoning, so no answer text came back — but it answered.',
    );
    await screenshot(page, 'connections-test-reasoned');
    await context.close();
  });
  it('a tool-calling test the model spends reasoning: asked twice, then "could not tell", nothing learned', async () => {
    await apiPost(app.stack, '/api/connections', {
      name: 'qwq-local',
      api: 'openai',
      baseUrl: `${app.stack.emulator.url}/v1`,
      model: 'QwQ-32B',
    });
    app.stack.emulator.reset();
    app.stack.emulator.on('/v1/chat/completions', () => ({
      json: openaiCompletion(
        { content: null, reasoning_content: 'Okay, so this is a connection test. Let me think' },
        { finishReason: 'length' },
      ),
    }));
    const { page, context } = await app.newPage();
    await page.goto('/#/connections');
    const card = page.getByRole('listitem', { name: 'qwq-local' });
    await poll(() => card.isVisible()).toBe(true);
    await card.getByRole('button', { name: 'Test qwq-local' }).click();
    const probe = card.getByRole('region', { name: 'Tool calling test' });
    await poll(() => probe.isVisible()).toBe(true);
    expect(await probe.textContent()).toContain(
      'Tool calling: The test could not tell whether tool calling works: the model spent the whole test reasoning.',
    );
    expect(await probe.textContent()).toContain(
      'Native: could not tell — The model was still reasoning when its 1024 tokens ran out',
    );
    expect(await probe.textContent()).not.toContain('Text protocol');
    // the tiny answer, then the forced call with 200 tokens and again with 1024
    expect(app.stack.emulator.requests.map((r) => (r.body as { max_tokens?: number }).max_tokens)).toEqual([
      16, 200, 1024,
    ]);
    expect(await card.getByRole('region', { name: 'Remembered tool calling' }).count()).toBe(0);
    await screenshot(page, 'connections-test-tools-undecided');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'connections-test-tools-undecided-phone');
    await context.close();
  });
});
