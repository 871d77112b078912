// What a KoboldCpp user of GLM-4.7 or MiniMax-M2 sees with the model's own instruct template: the prompt ends where
// that template opens the reply (inside <think>), the model answers with its reasoning and its own call markup,
// streamed in small pieces, and the chat shows the reasoning as reasoning, a tool card with the decoded arguments
// and result, and the answer — never the markup, neither while it streams nor after a reload. Chromium at desktop
// and phone widths, against the built server.
import { koboldStream, type RecordedRequest } from '@toolsmith/emulator';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiPost, browserStackForFile, openChatPage, poll, screenshot, sendWithEnter } from './harness.js';
import { addStoreHoursTool, expectStoreHoursReply, STORE } from './store-hours.js';

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 860 },
  { name: 'phone', width: 390, height: 844 },
] as const;

const FAMILIES = [
  {
    model: 'GLM-4.7-Flash-Q4_K_M',
    template: 'glm-4.7',
    promptEnd: '<|assistant|><think>',
    reasoning: 'They ask about the Harbour store; use the tool.',
    answer: `They ask about the Harbour store; use the tool.</think>Let me check.<tool_call>store_hours<arg_key>store</arg_key><arg_value>${STORE}</arg_value></tool_call>`,
    final: 'It returned the hours.</think>The **Harbour** store is open 9 to 5.',
  },
  {
    model: 'MiniMax-M2-UD-Q3_K_XL',
    template: 'minimax-m2',
    promptEnd: ']~b]ai\n<think>\n',
    reasoning: 'They ask about the Harbour store; use the tool.',
    answer: `They ask about the Harbour store; use the tool.\n</think>\n\nLet me check.\n<minimax:tool_call>\n<invoke name="store_hours">\n<parameter name="store">${STORE}</parameter>\n</invoke>\n</minimax:tool_call>`,
    final: 'It returned the hours.\n</think>\n\nThe **Harbour** store is open 9 to 5.',
  },
] as const;

/** Any of the two families' markup, as a user would see it if it leaked. */
const MARKUP =
  /<\/?think>|<\/?tool_call>|<arg_key>|<arg_value>|minimax:tool_call|<invoke|<parameter|\]~b\]|\[e~\[/;

const app = browserStackForFile();
const chats = new Map<string, string>();

beforeAll(async () => {
  await addStoreHoursTool(app.stack);
  for (const family of FAMILIES) {
    const connection = await apiPost<{ id: string }>(app.stack, '/api/connections', {
      name: `kobold ${family.model}`,
      api: 'text-completion',
      baseUrl: app.stack.emulator.url,
      model: family.model,
      textBackend: 'koboldcpp',
      instructTemplate: family.template,
    });
    for (const viewport of VIEWPORTS) {
      const chat = await apiPost<{ id: string }>(app.stack, '/api/chats', {
        title: `${family.model} ${viewport.name}`,
        connectionId: connection.id,
        settings: { toolUse: true, tools: ['store_hours'] },
      });
      chats.set(`${family.model} ${viewport.name}`, chat.id);
    }
  }
});
beforeEach(() => app.stack.emulator.reset());

const promptOf = (request: RecordedRequest) => String((request.body as { prompt: string }).prompt);

describe.each(VIEWPORTS)('text completion with the model family template at $width×$height', (viewport) => {
  it.each(FAMILIES)('$template: reasoning, a tool card and the answer; never the markup', async (family) => {
    let n = 0;
    app.stack.emulator.on('/api/extra/generate/stream', () =>
      koboldStream((n++ === 0 ? family.answer : family.final).match(/[\s\S]{1,5}/g) ?? []),
    );
    const chatId = chats.get(`${family.model} ${viewport.name}`) ?? '';
    const { page, errors, close } = await openChatPage(app, chatId, viewport);
    await sendWithEnter(page, 'When is the Harbour store open?');

    const answer = page.getByRole('article').last();
    await poll(() => answer.getByText('store is open 9 to 5').isVisible()).toBe(true);
    const [first, second] = app.stack.emulator.requests.filter(
      (r) => r.path === '/api/extra/generate/stream',
    );
    expect(promptOf(first).endsWith(family.promptEnd)).toBe(true);
    // the tool's result went back in the second prompt, which again opens the reply inside <think>
    expect(promptOf(second)).toContain('Open 9 to 5');
    expect(promptOf(second).endsWith(family.promptEnd)).toBe(true);

    const check = (when: string) =>
      expectStoreHoursReply(answer, {
        markup: MARKUP,
        text: 'Let me check.',
        reasoning: family.reasoning,
        when,
      });
    await check('streamed');
    await screenshot(page, `chat-text-completion-${family.template}-${viewport.name}`);
    await page.reload();
    await poll(() => answer.getByText('store is open 9 to 5').isVisible()).toBe(true);
    await check('stored');
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(
      viewport.width,
    );
    expect(errors).toEqual([]);
    await close();
  });
});

describe.each(VIEWPORTS)(
  'a connection left on ChatML whose model has its own template at $width×$height',
  (viewport) => {
    const chatFor = async (name: string, instructTemplate?: string) => {
      const connection = await apiPost<{ id: string }>(app.stack, '/api/connections', {
        name,
        api: 'text-completion',
        baseUrl: app.stack.emulator.url,
        model: 'GLM-4.7-Flash-Q4_K_M',
        textBackend: 'koboldcpp',
        ...(instructTemplate ? { instructTemplate } : {}),
      });
      const chat = await apiPost<{ id: string }>(app.stack, '/api/chats', {
        title: name,
        connectionId: connection.id,
      });
      return { connectionId: connection.id, chatId: chat.id };
    };
    const storedTemplate = async (connectionId: string) => {
      const res = await fetch(`${app.stack.serverUrl}/api/connections/${connectionId}`);
      return ((await res.json()) as { instructTemplate: string }).instructTemplate;
    };

    it('the chat says so and sets the template in one click; a chosen ChatML is left alone', async () => {
      const left = await chatFor(`left-${viewport.name}`);
      const { page, errors, close } = await openChatPage(app, left.chatId, viewport);
      const note = page.getByRole('note').filter({ hasText: 'points to the template' });
      await poll(() => note.textContent()).toContain(
        'The connection left-' +
          viewport.name +
          ' sends its prompts in ChatML, the default, but the model name “GLM-4.7-Flash-Q4_K_M” points to the template “GLM-4.7, reply opens <think>”',
      );
      await screenshot(page, `chat-template-suggestion-${viewport.name}`);
      await note.getByRole('button', { name: 'Use it' }).click();
      await poll(() => storedTemplate(left.connectionId)).toBe('glm-4.7');
      await poll(() => page.getByRole('note').filter({ hasText: 'now uses the template' }).isVisible()).toBe(
        true,
      );
      await page.reload();
      await poll(() => page.getByRole('textbox', { name: 'Message' }).isVisible()).toBe(true);
      expect(await page.getByText('points to the template').count()).toBe(0);
      expect(errors).toEqual([]);
      await close();

      // ChatML chosen on purpose: no note
      const chosen = await chatFor(`chosen-${viewport.name}`, 'chatml');
      const second = await openChatPage(app, chosen.chatId, viewport);
      await poll(() => second.page.getByRole('textbox', { name: 'Message' }).isVisible()).toBe(true);
      expect(await second.page.getByText('points to the template').count()).toBe(0);
      await second.close();
    });

    it('dismissed, it stays away for that connection, which keeps ChatML', async () => {
      const kept = await chatFor(`kept-${viewport.name}`);
      const { page, close } = await openChatPage(app, kept.chatId, viewport);
      const note = page.getByRole('note').filter({ hasText: 'points to the template' });
      await poll(() => note.isVisible()).toBe(true);
      await note.getByRole('button', { name: 'Keep ChatML for this connection' }).click();
      expect(await note.count()).toBe(0);
      await page.reload();
      await poll(() => page.getByRole('textbox', { name: 'Message' }).isVisible()).toBe(true);
      expect(await page.getByText('points to the template').count()).toBe(0);
      expect(await storedTemplate(kept.connectionId)).toBe('');
      await close();
    });
  },
);
