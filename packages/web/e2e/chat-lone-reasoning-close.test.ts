// A reasoning model whose chat template opens <think> for the reply (QwQ, DeepSeek-R1 distills) on a server
// that passes the reply on as content, with a connection that does not say so: the model writes only
// </think>, so its reasoning is kept as the answer. After the reply the chat says why and what to change on
// the connection (the box for a chat server, an instruct template for text completion), links there, and
// makes the change in one click; regenerated, the reply shows its reasoning apart.
// Chromium at desktop and phone widths, against the built server and the emulator.
import { contentCallChunks, koboldStream, openaiStream } from '@toolsmith/emulator';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiPost, browserStackForFile, openChatPage, poll, screenshot, sendWithEnter } from './harness.js';

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 860 },
  { name: 'phone', width: 390, height: 844 },
] as const;

const REASONING = 'Okay, the user greets me. I should greet back.';
const REPLY = `${REASONING}\n</think>\n\nHello! How can I help?`;

const app = browserStackForFile();
const chats = new Map<string, string>();

const stored = async (name: string) => {
  const res = await fetch(`${app.stack.serverUrl}/api/connections`);
  const body = (await res.json()) as { connections: Record<string, unknown>[] };
  return body.connections.find((c) => c.name === name);
};

beforeAll(async () => {
  // each viewport its own connections: the one-click fix changes them
  for (const viewport of VIEWPORTS) {
    const server = await apiPost<{ id: string }>(app.stack, '/api/connections', {
      name: `LM Studio QwQ ${viewport.name}`,
      api: 'openai',
      baseUrl: `${app.stack.emulator.url}/v1`,
      model: 'QwQ-32B',
    });
    const kobold = await apiPost<{ id: string }>(app.stack, '/api/connections', {
      name: `KoboldCpp R1 ${viewport.name}`,
      api: 'text-completion',
      textBackend: 'koboldcpp',
      baseUrl: app.stack.emulator.url,
      model: 'DeepSeek-R1-Distill-Qwen-14B',
      instructTemplate: 'deepseek',
    });
    const custom = await apiPost<{ id: string }>(app.stack, '/api/connections', {
      name: `KoboldCpp custom ${viewport.name}`,
      api: 'text-completion',
      textBackend: 'koboldcpp',
      baseUrl: app.stack.emulator.url,
      model: 'QwQ-32B-Q4_K_M',
      instructTemplate: JSON.stringify({ userPrefix: '### User\n', assistantPrefix: '### Assistant\n' }),
    });
    for (const [kind, connection] of [
      ['server', server],
      ['kobold', kobold],
      ['custom', custom],
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
  it('a chat server: says so and links to Connections; Turn it on, Regenerate, and the reasoning is apart', async () => {
    const name = `LM Studio QwQ ${viewport.name}`;
    const { page, errors, close } = await openChatPage(
      app,
      chats.get(`server ${viewport.name}`) ?? '',
      viewport,
    );
    await sendWithEnter(page, 'Hi');
    // both its explanation and, after the fix, what changed name the connection
    const note = page.getByRole('status').filter({ hasText: name });
    await poll(() => note.isVisible()).toBe(true);
    expect(await note.locator('span.grow').textContent()).toBe(
      `The model closed its reasoning with </think> without opening it: its template opens the block for every reply, so the reasoning before it was kept as the answer. In Connections, turn on “Replies start inside <think>” for ${name}.`,
    );
    expect(await note.getByRole('link', { name: 'Connections' }).getAttribute('href')).toBe('#/connections');
    // the answer as stored: the tag itself is never shown
    const answer = page.getByRole('article').last();
    await poll(() => answer.getByText('Hello! How can I help?').isVisible()).toBe(true);
    expect(await answer.textContent()).not.toContain('</think>');
    await screenshot(page, `chat-lone-reasoning-close-${viewport.name}`);

    await note.getByRole('button', { name: 'Turn it on' }).click();
    await poll(async () => (await stored(name))?.replyStartsInReasoning).toBe(true);
    await poll(() => note.locator('span.grow').textContent()).toBe(
      `Changed: ${name} now reads each reply as starting inside its reasoning. Regenerate to see this one that way.`,
    );
    await screenshot(page, `chat-lone-reasoning-close-fixed-${viewport.name}`);
    await note.getByRole('button', { name: 'Regenerate' }).click();
    const reasoning = page.getByRole('article').last().locator('details.reasoning');
    await poll(() => reasoning.count()).toBe(1);
    if (!(await reasoning.evaluate((d) => (d as HTMLDetailsElement).open)))
      await reasoning.locator('summary').click();
    await poll(() => reasoning.textContent()).toContain(REASONING);
    await poll(() => note.count()).toBe(0);
    expect(errors).toEqual([]);
    await close();
  });

  it('text completion: names a template that opens the block, switches to it, and the next prompt opens it', async () => {
    const name = `KoboldCpp R1 ${viewport.name}`;
    const { page, errors, close } = await openChatPage(
      app,
      chats.get(`kobold ${viewport.name}`) ?? '',
      viewport,
    );
    await sendWithEnter(page, 'Hi');
    const note = page.getByRole('status').filter({ hasText: 'without opening it' });
    await poll(() => note.isVisible()).toBe(true);
    expect(await note.textContent()).toContain(
      `give ${name} an instruct template that opens it, such as deepseek-r1 or chatml-think.`,
    );
    await note.getByRole('button', { name: 'Use deepseek-r1' }).click();
    await poll(async () => (await stored(name))?.instructTemplate).toBe('deepseek-r1');
    app.stack.emulator.on('/api/extra/generate/stream', () =>
      koboldStream(['Asked how I am.\n</th', 'ink>\n\nFine, ', 'thanks.']),
    );
    await sendWithEnter(page, 'How are you?');
    const answer = page.getByRole('article').last();
    await poll(() => answer.getByText('Fine, thanks.').isVisible()).toBe(true);
    // its reasoning is in the reasoning section now
    expect(await answer.locator('details.reasoning').textContent()).toContain('Asked how I am');
    const last = app.stack.emulator.requests.at(-1);
    const prompt = String((last?.body as { prompt?: string } | undefined)?.prompt);
    expect(prompt.endsWith('<｜Assistant｜><think>\n')).toBe(true);
    expect(await note.count()).toBe(0);
    expect(errors).toEqual([]);
    await close();
  });

  it('a change that fails is said, naming the connection, and the explanation stays', async () => {
    const name = `Gone QwQ ${viewport.name}`;
    const connection = await apiPost<{ id: string }>(app.stack, '/api/connections', {
      name,
      api: 'openai',
      baseUrl: `${app.stack.emulator.url}/v1`,
      model: 'QwQ-32B',
    });
    const chat = await apiPost<{ id: string }>(app.stack, '/api/chats', { connectionId: connection.id });
    const { page, errors, close } = await openChatPage(app, chat.id, viewport);
    await sendWithEnter(page, 'Hi');
    const note = page.getByRole('status').filter({ hasText: name });
    await poll(() => note.isVisible()).toBe(true);
    // removed meanwhile (another tab): the change cannot be made
    const removed = await fetch(`${app.stack.serverUrl}/api/connections/${connection.id}`, {
      method: 'DELETE',
      headers: { 'x-toolsmith-request': '1' },
    });
    expect(removed.ok).toBe(true);
    await note.getByRole('button', { name: 'Turn it on' }).click();
    await poll(() => note.textContent()).toContain(
      `Could not change ${name}: No connection with id "${connection.id}".`,
    );
    expect(await note.textContent()).toContain('without opening it');
    expect(errors).toEqual([]);
    await close();
  });

  it('a custom template: one click gives it a reply that opens <think>, and the next prompt ends with it', async () => {
    const name = `KoboldCpp custom ${viewport.name}`;
    const { page, errors, close } = await openChatPage(
      app,
      chats.get(`custom ${viewport.name}`) ?? '',
      viewport,
    );
    await sendWithEnter(page, 'Hi');
    const note = page.getByRole('status').filter({ hasText: name });
    await poll(() => note.isVisible()).toBe(true);
    await note.getByRole('button', { name: 'Open the reasoning block in its template' }).click();
    await poll(async () => JSON.parse(String((await stored(name))?.instructTemplate ?? '{}'))).toEqual({
      userPrefix: '### User\n',
      assistantPrefix: '### Assistant\n',
      replyPrefix: '<think>\n',
    });
    await note.getByRole('button', { name: 'Regenerate' }).click();
    const reasoning = page.getByRole('article').last().locator('details.reasoning');
    await poll(() => reasoning.count()).toBe(1);
    const last = app.stack.emulator.requests.at(-1);
    expect(String((last?.body as { prompt?: string } | undefined)?.prompt)).toMatch(
      /### Assistant\n<think>\n$/,
    );
    expect(errors).toEqual([]);
    await close();
  });
});
