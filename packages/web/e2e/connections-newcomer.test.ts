// A newcomer's first connection in a real browser: a preset fills the form, the missing /v1 is found by
// Test and fixed with one click, Test also tries a tiny tool call and says which mode works, and "Fetch
// models" lists what the server has.
import { openaiCompletion, type RecordedRequest, toolRefusals } from '@toolsmith/emulator';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiPost, browserStackForFile, poll, screenshot } from './harness.js';

const TRIGGER = /<Function_[A-Za-z0-9]{4}_Start\/>/;

const app = browserStackForFile();

/** An Ollama-like server: models under /v1, a model without tools (native refused, the text protocol works). */
function ollamaLike(request: RecordedRequest) {
  const body = request.body as { tools?: unknown; messages: Array<{ role: string; content: string }> };
  if (body.tools) return toolRefusals.ollama();
  const trigger = TRIGGER.exec(body.messages.find((m) => m.role === 'system')?.content ?? '')?.[0];
  const content = trigger
    ? `${trigger}\n<function_calls><function_call><tool>report_status</tool><args_json><![CDATA[{"status":"ok"}]]></args_json></function_call></function_calls>`
    : 'OK';
  return { json: openaiCompletion({ content }) };
}

beforeAll(async () => {
  app.stack.emulator.on('/v1/models', () => ({
    json: { object: 'list', data: [{ id: 'qwen3:8b' }, { id: 'gemma2:2b' }] },
  }));
  app.stack.emulator.on('/v1/chat/completions', ollamaLike);
});

describe('connections as a newcomer meets them', () => {
  it('preset, missing /v1 fixed from Test, tool calling tested, models fetched', async () => {
    const { page, context } = await app.newPage();
    await page.goto('/#/connections');
    await page.getByRole('button', { name: 'New connection' }).click();
    const form = page.getByRole('form', { name: 'New connection' });
    await form.getByLabel('Start from a preset').selectOption({ label: 'Ollama' });
    expect(await form.getByLabel('Name', { exact: true }).inputValue()).toBe('Ollama');
    expect(await form.getByLabel('Base URL', { exact: true }).inputValue()).toBe('http://127.0.0.1:11434/v1');
    expect(await form.getByLabel('Function calling mode').inputValue()).toBe('auto');
    expect(await form.getByRole('note').textContent()).toContain('ollama pull');
    await screenshot(page, 'connection-preset-ollama');

    // the newcomer's server runs elsewhere, and the /v1 got lost on the way
    await form.getByLabel('Base URL', { exact: true }).fill(app.stack.emulator.url);
    await form.getByRole('button', { name: 'Create connection' }).click();
    const card = page.getByRole('listitem', { name: 'Ollama' });
    await poll(() => card.isVisible()).toBe(true);

    await card.getByRole('button', { name: 'Test Ollama' }).click();
    const failed = card.getByRole('alert');
    await poll(() => failed.textContent()).toContain('answers under');
    await failed.getByRole('button', { name: `Use ${app.stack.emulator.url}/v1` }).click();
    await poll(() => card.textContent()).toContain(`${app.stack.emulator.url}/v1`);

    await card.getByRole('button', { name: 'Test Ollama' }).click();
    const probe = card.getByRole('region', { name: 'Tool calling test' });
    await poll(() => probe.isVisible()).toBe(true);
    expect(await probe.textContent()).toContain('Native: did not work');
    expect(await probe.textContent()).toContain('does not support tools');
    expect(await probe.textContent()).toContain('Text protocol: works');
    // Auto learned it: the card says what it will use
    const memory = card.getByRole('region', { name: 'Remembered tool calling' });
    await poll(() => memory.isVisible()).toBe(true);
    expect(await memory.textContent()).toContain('Text protocol');
    await screenshot(page, 'connection-test-tool-calling');

    await card.getByRole('button', { name: 'Edit Ollama' }).click();
    const edit = page.getByRole('form', { name: 'Edit Ollama' });
    await edit.getByRole('button', { name: 'Fetch models' }).click();
    const models = edit.getByLabel('Models on the server');
    await poll(() => models.isVisible()).toBe(true);
    await models.selectOption('qwen3:8b');
    expect(await edit.getByLabel('Model', { exact: true }).inputValue()).toBe('qwen3:8b');
    await edit.getByRole('button', { name: 'Save connection' }).click();
    await poll(() => page.getByRole('listitem', { name: 'Ollama' }).textContent()).toContain('qwen3:8b');
    await context.close();
  });

  it('a fixed mode that does not work: the test recommends the one that does, one click switches', async () => {
    await apiPost(app.stack, '/api/connections', {
      name: 'strict-native',
      api: 'openai',
      baseUrl: `${app.stack.emulator.url}/v1`,
      model: 'gemma2:2b',
      functionCalling: { enabled: true, mode: 'native' },
    });
    const { page, context } = await app.newPage();
    await page.goto('/#/connections');
    const card = page.getByRole('listitem', { name: 'strict-native' });
    await card.getByRole('button', { name: 'Test strict-native' }).click();
    const use = card.getByRole('button', { name: 'Use Prompt (XML)' });
    await poll(() => use.isVisible()).toBe(true);
    await use.click();
    await poll(() => card.textContent()).toContain('Function calling: Prompt (XML)');
    await context.close();
  });
});
