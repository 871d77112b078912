// Connections page in Chromium (desktop and phone): the Vision select stores true / false / null, a model's
// own reasoning tags are checked and stored, the template a model name points to is offered, the "Replies start inside <think>" box is stored (and deepseek-r1 previews the block it opens), and a
// text-completion connection's custom instruct template is edited with a live preview of the prompt it renders
// (from the server), a broken one is explained before saving, and the saved template is what the backend gets.
import { koboldGenerateResponse } from '@toolsmith/emulator';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiPost, browserStackForFile, poll, screenshot } from './harness.js';

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

const app = browserStackForFile();

const stored = async (name: string) => {
  const res = await fetch(`${app.stack.serverUrl}/api/connections`);
  const body = (await res.json()) as { connections: Record<string, unknown>[] };
  return body.connections.find((c) => c.name === name);
};

async function editForm(page: Page, name: string) {
  await page.goto('/#/connections');
  const card = page.getByRole('listitem', { name });
  await poll(() => card.isVisible()).toBe(true);
  await card.getByRole('button', { name: `Edit ${name}` }).click();
  return page.getByRole('form', { name: `Edit ${name}` });
}

describe.each(VIEWPORTS)('Connections form at $width×$height', (viewport) => {
  it('Vision: off, on and not set are stored as false, true and null', async () => {
    const name = `eyes-${viewport.name}`;
    await apiPost(app.stack, '/api/connections', {
      name,
      api: 'openai',
      baseUrl: `${app.stack.emulator.url}/v1`,
      model: 'm',
    });
    const context = await app.browser.newContext({ baseURL: app.stack.serverUrl, viewport });
    const page = await context.newPage();
    let form = await editForm(page, name);
    const vision = () => form.getByLabel('Vision (images)');
    expect(await vision().inputValue()).toBe('');
    await vision().selectOption('off');
    expect(await form.getByText('The model gets a note saying an image was attached').isVisible()).toBe(true);
    await form.getByRole('button', { name: 'Save connection' }).click();
    await poll(async () => (await stored(name))?.vision).toBe(false);
    form = await editForm(page, name);
    expect(await vision().inputValue()).toBe('off');
    await vision().selectOption('on');
    await form.getByRole('button', { name: 'Save connection' }).click();
    await poll(async () => (await stored(name))?.vision).toBe(true);
    form = await editForm(page, name);
    await vision().selectOption('');
    await form.getByRole('button', { name: 'Save connection' }).click();
    await poll(async () => (await stored(name))?.vision).toBe(null);
    await context.close();
  });

  it('reasoning models: "Replies start inside <think>" is stored, and deepseek-r1 previews the opened block', async () => {
    const name = `r1-${viewport.name}`;
    await apiPost(app.stack, '/api/connections', {
      name,
      api: 'text-completion',
      baseUrl: app.stack.emulator.url,
      model: 'DeepSeek-R1-Distill-Qwen-14B',
      textBackend: 'koboldcpp',
    });
    const context = await app.browser.newContext({ baseURL: app.stack.serverUrl, viewport });
    const page = await context.newPage();
    let form = await editForm(page, name);
    const box = () => form.getByLabel('Replies start inside <think>');
    expect(await box().isChecked()).toBe(false);
    // the model's name says its template opens <think>: a word about the box, gone once it is on
    const modelHint = form.getByRole('note').filter({ hasText: 'usually writes only </think>' });
    expect(await modelHint.textContent()).toContain(
      'DeepSeek-R1-Distill-Qwen-14B usually writes only </think>',
    );
    await box().check();
    expect(await modelHint.count()).toBe(0);
    // the model's name points to its instruct template: offered (not chosen), and one click takes it
    const suggestion = form.getByTestId('instruct-suggestion');
    expect(await suggestion.textContent()).toContain(
      'The model name “DeepSeek-R1-Distill-Qwen-14B” points to the template “DeepSeek-R1, reply opens <think>”.',
    );
    expect(await form.getByLabel('Instruct template').inputValue()).toBe('');
    await screenshot(page, `connections-template-suggestion-${viewport.name}`);
    await suggestion.getByRole('button', { name: 'Use it' }).click();
    expect(await form.getByLabel('Instruct template').inputValue()).toBe('deepseek-r1');
    expect(await suggestion.count()).toBe(0);
    await form.getByText('Preview of the prompt').click();
    await poll(() => form.getByTestId('instruct-preview').textContent()).toMatch(
      /<｜Assistant｜><think>\s*$/,
    );
    await screenshot(page, `connections-reply-reasoning-${viewport.name}`);
    // a SillyTavern instruct template pasted as exported previews the same way
    await form.getByLabel('Instruct template').selectOption('custom');
    await form.getByLabel('Custom template (JSON sequences)').fill(
      JSON.stringify({
        name: 'ChatML Thinking',
        input_sequence: '<|im_start|>user',
        output_sequence: '<|im_start|>assistant',
        last_output_sequence: '<|im_start|>assistant\n<think>',
        system_sequence: '<|im_start|>system',
        input_suffix: '<|im_end|>\n',
        output_suffix: '<|im_end|>\n',
        system_suffix: '<|im_end|>\n',
        stop_sequence: '<|im_end|>',
        wrap: true,
      }),
    );
    await poll(() => form.getByTestId('instruct-preview').textContent()).toMatch(
      /<\|im_start\|>assistant\n<think>\s*$/,
    );
    await form.getByLabel('Instruct template').selectOption('deepseek-r1');
    await form.getByRole('button', { name: 'Save connection' }).click();
    await poll(async () => {
      const c = await stored(name);
      return [c?.replyStartsInReasoning, c?.instructTemplate];
    }).toEqual([true, 'deepseek-r1']);
    form = await editForm(page, name);
    expect(await box().isChecked()).toBe(true);
    await box().uncheck();
    await form.getByRole('button', { name: 'Save connection' }).click();
    await poll(async () => (await stored(name))?.replyStartsInReasoning).toBe(false);
    await context.close();
  });

  it('reasoning tags: a bad opening tag is explained naming the field, fixed ones are stored, emptied ones cleared', async () => {
    const name = `rp-tags-${viewport.name}`;
    await apiPost(app.stack, '/api/connections', {
      name,
      api: 'openai',
      baseUrl: `${app.stack.emulator.url}/v1`,
      model: 'rp-finetune-12b',
    });
    const context = await app.browser.newContext({ baseURL: app.stack.serverUrl, viewport });
    const page = await context.newPage();
    let form = await editForm(page, name);
    await form.getByLabel('Opening tag').fill('reasoning');
    await form.getByLabel('Closing tag').fill('</reasoning>');
    await form.getByRole('button', { name: 'Save connection' }).click();
    const tags = form.getByRole('group', { name: 'Reasoning tags (optional)' });
    await poll(() => tags.getByText(/reasoningTags open must start with < or \[/).isVisible()).toBe(true);
    expect((await stored(name))?.reasoningTags).toBeNull();
    await screenshot(page, `connections-reasoning-tags-error-${viewport.name}`);
    await form.getByLabel('Opening tag').fill('<reasoning>');
    await form.getByRole('button', { name: 'Save connection' }).click();
    await poll(async () => (await stored(name))?.reasoningTags).toEqual({
      open: '<reasoning>',
      close: '</reasoning>',
    });
    form = await editForm(page, name);
    expect(await form.getByLabel('Closing tag').inputValue()).toBe('</reasoning>');
    await form.getByLabel('Opening tag').fill('');
    await form.getByLabel('Closing tag').fill('');
    await form.getByRole('button', { name: 'Save connection' }).click();
    await poll(async () => (await stored(name))?.reasoningTags).toBeNull();
    // a SillyTavern reasoning template pasted into a box fills both, without the newlines around its tags
    form = await editForm(page, name);
    await form.getByLabel('Closing tag').evaluate((input) => {
      const data = new DataTransfer();
      data.setData(
        'text/plain',
        JSON.stringify({
          name: 'Gemma 4',
          prefix: '<|channel>thought\n',
          suffix: '\n<channel|>',
          separator: '\n\n',
        }),
      );
      input.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    });
    await poll(() => form.getByLabel('Opening tag').inputValue()).toBe('<|channel>thought');
    expect(await form.getByLabel('Closing tag').inputValue()).toBe('<channel|>');
    expect(
      await form.getByRole('status').filter({ hasText: 'SillyTavern reasoning template “Gemma 4”' }).count(),
    ).toBe(1);
    await screenshot(page, `connections-reasoning-tags-pasted-${viewport.name}`);
    await form.getByRole('button', { name: 'Save connection' }).click();
    await poll(async () => (await stored(name))?.reasoningTags).toEqual({
      open: '<|channel>thought',
      close: '<channel|>',
    });
    await context.close();
  });

  it('custom instruct template: preview as you type, a broken one explained, the saved one sent to KoboldCpp', async () => {
    const name = `kobold-${viewport.name}`;
    await apiPost(app.stack, '/api/connections', {
      name,
      api: 'text-completion',
      baseUrl: app.stack.emulator.url,
      model: 'local',
      textBackend: 'koboldcpp',
    });
    const context = await app.browser.newContext({ baseURL: app.stack.serverUrl, viewport });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const form = await editForm(page, name);
    const preview = form.getByTestId('instruct-preview');
    // a built-in one shows its prompt too
    await form.getByLabel('Instruct template').selectOption('llama3');
    await form.getByText('Preview of the prompt').click();
    await poll(() => preview.textContent()).toContain('<|start_header_id|>user<|end_header_id|>');

    await form.getByLabel('Instruct template').selectOption('custom');
    const editor = form.getByLabel('Custom template (JSON sequences)');
    await poll(() => preview.textContent()).toContain('### User:\nIs a storm coming?');
    await editor.fill('{"userPrefix":"Q: "}');
    await poll(() => form.getByRole('alert').textContent()).toContain('needs userPrefix and assistantPrefix');
    await editor.fill(
      JSON.stringify({
        systemPrefix: '[SYS] ',
        systemSuffix: '\n',
        userPrefix: 'Q: ',
        userSuffix: '\n',
        assistantPrefix: 'A: ',
        stop: ['Q:'],
      }),
    );
    await poll(() => preview.textContent()).toBe(
      '[SYS] You are Ayla, the lighthouse keeper.\nQ: Is a storm coming?\nA: The gulls flew inland this morning.Q: Should I stay?\nA: ',
    );
    expect(await form.getByText('Stop strings: "Q:"').isVisible()).toBe(true);
    await screenshot(page, `connections-instruct-template-${viewport.name}`);
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(
      viewport.width,
    );
    await form.getByRole('button', { name: 'Save connection' }).click();
    await poll(async () => String((await stored(name))?.instructTemplate ?? '')).toContain(
      '"userPrefix":"Q: "',
    );

    // what the backend gets is the previewed form
    app.stack.emulator.reset();
    app.stack.emulator.enqueue('/api/v1/generate', koboldGenerateResponse('Stay.'));
    await apiPost(app.stack, '/v1/chat/completions', {
      model: name,
      messages: [{ role: 'user', content: 'Should I stay?' }],
    });
    expect((app.stack.emulator.requests[0].body as { prompt: string }).prompt).toBe('Q: Should I stay?\nA: ');
    expect(errors).toEqual([]);
    await context.close();
  });
});
