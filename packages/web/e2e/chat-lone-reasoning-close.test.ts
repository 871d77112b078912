// A reasoning model whose chat template opens <think> for the reply (QwQ, DeepSeek-R1 distills) on a server
// that passes the reply on as content, with a connection that does not say so: the model writes only
// </think>, so its reasoning is kept as the answer. After the reply the chat says why and what to change on
// the connection (the box for a chat server, an instruct template for text completion), with a link there.
// Chromium at desktop and phone widths, against the built server and the emulator.
import { contentCallChunks, koboldStream, openaiStream } from '@toolsmith/emulator';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiPost, browserStackForFile, openChatPage, poll, screenshot, sendWithEnter } from './harness.js';

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 860 },
  { name: 'phone', width: 390, height: 844 },
] as const;

const REPLY = 'Okay, the user greets me. I should greet back.\n</think>\n\nHello! How can I help?';

const app = browserStackForFile();
const chats = new Map<string, string>();

beforeAll(async () => {
  const server = await apiPost<{ id: string }>(app.stack, '/api/connections', {
    name: 'LM Studio QwQ',
    api: 'openai',
    baseUrl: `${app.stack.emulator.url}/v1`,
    model: 'QwQ-32B',
  });
  const kobold = await apiPost<{ id: string }>(app.stack, '/api/connections', {
    name: 'KoboldCpp R1',
    api: 'text-completion',
    textBackend: 'koboldcpp',
    baseUrl: app.stack.emulator.url,
    model: 'DeepSeek-R1-Distill-Qwen-14B',
    instructTemplate: 'deepseek',
  });
  for (const viewport of VIEWPORTS) {
    for (const [kind, connection] of [
      ['server', server],
      ['kobold', kobold],
    ] as const) {
      const chat = await apiPost<{ id: string }>(app.stack, '/api/chats', {
        title: `${kind} ${viewport.name}`,
        connectionId: connection.id,
      });
      chats.set(`${kind} ${viewport.name}`, chat.id);
    }
  }
});
beforeEach(() => {
  app.stack.emulator.reset();
  app.stack.emulator.on('/v1/chat/completions', () => openaiStream(contentCallChunks(REPLY)));
  app.stack.emulator.on('/api/extra/generate/stream', () => koboldStream(REPLY.match(/[\s\S]{1,6}/g) ?? []));
});

describe.each(VIEWPORTS)('a reply whose reasoning closed without opening, at $width×$height', (viewport) => {
  it('a chat server: says so, names the box and the connection, and links to Connections', async () => {
    const { page, errors, close } = await openChatPage(
      app,
      chats.get(`server ${viewport.name}`) ?? '',
      viewport,
    );
    await sendWithEnter(page, 'Hi');
    const note = page.getByRole('status').filter({ hasText: 'without opening it' });
    await poll(() => note.isVisible()).toBe(true);
    expect(await note.textContent()).toBe(
      'The model closed its reasoning with </think> without opening it: its template opens the block for every reply, so the reasoning before it was kept as the answer. In Connections, turn on “Replies start inside <think>” for LM Studio QwQ.',
    );
    // the answer as stored: the tag itself is never shown
    const answer = page.getByRole('article').last();
    await poll(() => answer.getByText('Hello! How can I help?').isVisible()).toBe(true);
    expect(await answer.textContent()).not.toContain('</think>');
    await screenshot(page, `chat-lone-reasoning-close-${viewport.name}`);
    await note.getByRole('link', { name: 'Connections' }).click();
    await poll(() => page.url()).toContain('#/connections');
    expect(errors).toEqual([]);
    await close();
  });

  it('text completion: points to an instruct template that opens the block; the next reply clears it', async () => {
    const { page, errors, close } = await openChatPage(
      app,
      chats.get(`kobold ${viewport.name}`) ?? '',
      viewport,
    );
    await sendWithEnter(page, 'Hi');
    const note = page.getByRole('status').filter({ hasText: 'without opening it' });
    await poll(() => note.isVisible()).toBe(true);
    expect(await note.textContent()).toContain(
      'give KoboldCpp R1 an instruct template that opens it, such as deepseek-r1 or chatml-think.',
    );
    app.stack.emulator.on('/api/extra/generate/stream', () => koboldStream(['Fine, ', 'thanks.']));
    await sendWithEnter(page, 'How are you?');
    await poll(() => page.getByRole('article').last().getByText('Fine, thanks.').isVisible()).toBe(true);
    expect(await note.count()).toBe(0);
    expect(errors).toEqual([]);
    await close();
  });
});
