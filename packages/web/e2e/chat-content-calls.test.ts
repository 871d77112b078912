// What a user of vLLM, llama.cpp or LM Studio without a tool parser for their model sees: the server answers
// in native mode with the model's own call markup in `content` (gpt-oss harmony, Qwen3 XML after a <think>
// block, DeepSeek's full-width tokens, QwQ's reasoning closed by a lone </think>, Apriel's answer markers,
// end-of-turn tokens passed on and the next turn written after one), streamed token by token. The chat shows the reasoning as reasoning,
// each call as a tool card with its arguments and result, and the answer — never the markup, neither while
// it streams nor after a reload. Chromium at desktop and phone widths, against the built server.
import { contentCallChunks, openaiStream, type RecordedRequest } from '@toolsmith/emulator';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiPost, browserStackForFile, openChatPage, poll, screenshot, sendWithEnter } from './harness.js';
import { addStoreHoursTool, expectStoreHoursReply, STORE } from './store-hours.js';

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 860 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** Each family's first answer (reasoning, maybe text, one call) as the model writes it. */
const FAMILIES = [
  {
    name: 'gpt-oss harmony',
    model: 'gpt-oss-20b',
    reasoning: 'The user wants the hours. I should call store_hours.',
    text: '',
    answer: `<|channel|>analysis<|message|>The user wants the hours. I should call store_hours.<|end|><|start|>assistant<|channel|>commentary to=functions.store_hours <|constrain|>json<|message|>${JSON.stringify({ store: STORE })}<|call|>`,
    final: '<|start|>assistant<|channel|>final<|message|>The **Harbour** store is open 9 to 5.<|return|>',
  },
  {
    name: 'Qwen3 XML',
    model: 'Qwen3-Coder-30B-A3B',
    reasoning: 'They ask about the Harbour store; use the tool.',
    text: 'Let me check the hours.',
    answer: `<think>\nThey ask about the Harbour store; use the tool.\n</think>\n\nLet me check the hours.\n<tool_call>\n<function=store_hours>\n<parameter=store>\n${STORE}\n</parameter>\n</function>\n</tool_call>`,
    final: 'The **Harbour** store is open 9 to 5.',
  },
  {
    name: 'DeepSeek V3.1',
    model: 'deepseek-v3.1',
    reasoning: '',
    text: 'Let me check.',
    answer: `Let me check.<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>store_hours<｜tool▁sep｜>${JSON.stringify({ store: STORE })}<｜tool▁call▁end｜><｜tool▁calls▁end｜>`,
    final: 'The **Harbour** store is open 9 to 5.',
  },
  {
    // QwQ / DeepSeek-R1 on a server whose chat template opens <think> and that does not separate the
    // reasoning: the model writes only </think>, and the connection says so
    name: 'QwQ, template opens <think>',
    model: 'QwQ-32B',
    replyStartsInReasoning: true,
    reasoning: 'The user asks for the Harbour hours. I will call store_hours.',
    text: '',
    answer: `The user asks for the Harbour hours. I will call store_hours.\n</think>\n\n<tool_call>\n${JSON.stringify({ name: 'store_hours', arguments: { store: STORE } })}\n</tool_call>`,
    final: '</think>\n\nThe **Harbour** store is open 9 to 5.',
  },
  {
    // Apriel: its template opens the reasoning for every reply (its name says so); the answer follows
    // [BEGIN FINAL RESPONSE], and this server passes its end-of-generation token on as text
    name: 'Apriel',
    model: 'Apriel-1.6-15b-Thinker',
    reasoning: 'The user asks for the Harbour hours. I will call store_hours.',
    text: 'Checking.',
    answer: `The user asks for the Harbour hours. I will call store_hours.\n[BEGIN FINAL RESPONSE]\nChecking.\n<tool_calls>[${JSON.stringify({ name: 'store_hours', arguments: { store: STORE } })}]</tool_calls>\n[END FINAL RESPONSE]\n<|end|>`,
    final: '[BEGIN FINAL RESPONSE]\nThe **Harbour** store is open 9 to 5.\n[END FINAL RESPONSE]\n<|end|>',
  },
  {
    // a GGUF whose end-of-generation token is wrong: the server passes <|im_end|> on and the model goes on to
    // write the user's next turn
    name: 'ChatML, end-of-turn token passed on',
    model: 'Hermes-3-Llama-3.1-8B',
    reasoning: '',
    text: '',
    answer: `<tool_call>\n${JSON.stringify({ name: 'store_hours', arguments: { store: STORE } })}\n</tool_call><|im_end|>`,
    final:
      'The **Harbour** store is open 9 to 5.<|im_end|>\n<|im_start|>user\nThanks! And on Sunday?<|im_end|>\n<|im_start|>assistant\nClosed.',
  },
] as const;

/** Any of the families' markup tokens, as a user would see them if they leaked. */
const MARKUP =
  /<\||\|>|<｜|｜>|<\/?think>|<\/?tool_calls?>|<function=|<parameter=|to=functions|FINAL RESPONSE|And on Sunday/;

const app = browserStackForFile();
const chats = new Map<string, string>();

beforeAll(async () => {
  await addStoreHoursTool(app.stack);
  for (const family of FAMILIES) {
    const connection = await apiPost<{ id: string }>(app.stack, '/api/connections', {
      name: `vllm ${family.model}`,
      api: 'openai',
      baseUrl: `${app.stack.emulator.url}/v1`,
      model: family.model,
      functionCalling: { enabled: true, mode: 'native' },
      replyStartsInReasoning: 'replyStartsInReasoning' in family,
    });
    for (const viewport of VIEWPORTS) {
      const chat = await apiPost<{ id: string }>(app.stack, '/api/chats', {
        title: `${family.name} ${viewport.name}`,
        connectionId: connection.id,
        settings: { toolUse: true, tools: ['store_hours'] },
      });
      chats.set(`${family.name} ${viewport.name}`, chat.id);
    }
  }
});
beforeEach(() => app.stack.emulator.reset());

const lastRole = (request: RecordedRequest) => {
  const messages = (request.body as { messages: { role: string; content?: unknown }[] }).messages;
  return messages[messages.length - 1];
};

describe.each(VIEWPORTS)('model markup in content at $width×$height', (viewport) => {
  it.each(FAMILIES)('$name: reasoning, a tool card and the answer; never the markup', async (family) => {
    app.stack.emulator.on('/v1/chat/completions', (request) =>
      openaiStream(contentCallChunks(lastRole(request).role === 'tool' ? family.final : family.answer)),
    );
    const chatId = chats.get(`${family.name} ${viewport.name}`) ?? '';
    const { page, errors, close } = await openChatPage(app, chatId, viewport);
    await sendWithEnter(page, 'When is the Harbour store open?');

    const answer = page.getByRole('article').last();
    await poll(() => answer.getByText('store is open 9 to 5').isVisible()).toBe(true);
    // the tool ran with the arguments decoded from the markup, and its result went back to the model
    const toolMessage = lastRole(app.stack.emulator.requests[1]);
    expect(toolMessage).toMatchObject({ role: 'tool', content: 'Open 9 to 5' });

    const check = (when: string) =>
      expectStoreHoursReply(answer, { markup: MARKUP, text: family.text, reasoning: family.reasoning, when });
    await check('streamed');
    await screenshot(page, `chat-content-calls-${family.model}-${viewport.name}`);
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
