// Chats with tool use in a real browser, against the built server and the provider emulator:
// flow 1 (a static tool picked in Chat Settings), flow 2 (webhook tools: a JSON answer and a 500), a tool card
// opened while the answer streams staying open, a new swipe's card starting closed though its call id
// repeats, and Stop.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  openaiChunk,
  openaiSseText,
  openaiStream,
  type RecordedRequest,
  type ScriptedResponse,
} from '@toolsmith/emulator';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiPost, browserStackForFile, poll, screenshot } from './harness.js';

const STORE_HOURS_TEXT = 'Open 9–5, Monday to Saturday';

const app = browserStackForFile({ WEBHOOK_LOCAL_URLS_ENABLED: 'true' });
let hook: Server;
let hookUrl: string;
const hookBodies: unknown[] = [];
let connectionId: string;

/** A streamed OpenAI answer that calls one tool. */
function toolCallAnswer(id: string, name: string, args: unknown): ScriptedResponse {
  return openaiStream([
    openaiChunk({ role: 'assistant', content: null }),
    openaiChunk({
      tool_calls: [{ index: 0, id, type: 'function', function: { name, arguments: JSON.stringify(args) } }],
    }),
    openaiChunk({}, { finishReason: 'tool_calls' }),
  ]);
}

/** A streamed OpenAI text answer in the given pieces. */
function textAnswer(pieces: string[]): ScriptedResponse {
  return openaiStream([
    openaiChunk({ role: 'assistant', content: '' }),
    ...pieces.map((content) => openaiChunk({ content })),
    openaiChunk({}, { finishReason: 'stop' }),
  ]);
}

type WireMessage = { role: string; content?: unknown; tool_call_id?: string };
const messagesOf = (request: RecordedRequest) => (request.body as { messages: WireMessage[] }).messages;
const toolNamesOf = (request: RecordedRequest) =>
  ((request.body as { tools?: Array<{ function: { name: string } }> }).tools ?? []).map(
    (t) => t.function.name,
  );
const contentText = (content: unknown) => (typeof content === 'string' ? content : JSON.stringify(content));

beforeAll(async () => {
  hook = createServer(async (req, res) => {
    let raw = '';
    for await (const part of req) raw += part;
    hookBodies.push(JSON.parse(raw));
    if (req.url === '/fail') {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('inventory service exploded');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ open: true, hours: '10:00-18:00', source: 'test-webhook' }));
  });
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}`;

  connectionId = (
    await apiPost<{ id: string }>(app.stack, '/api/connections', {
      name: 'emulated',
      api: 'openai',
      baseUrl: `${app.stack.emulator.url}/v1`,
      model: 'emulated-model',
      apiKey: 'sk-e2e',
    })
  ).id;
  // A second connection that cannot send tools, for the drawer's note.
  await apiPost(app.stack, '/api/connections', {
    name: 'no-tools',
    api: 'openai',
    baseUrl: `${app.stack.emulator.url}/v1`,
    functionCalling: { enabled: false, mode: 'auto' },
  });
});
afterAll(async () => {
  await new Promise<void>((resolve) => (hook ? hook.close(() => resolve()) : resolve()));
});
beforeEach(() => {
  app.stack.emulator.reset();
  hookBodies.length = 0;
});

async function openPage(hash: string): Promise<{ page: Page; close: () => Promise<void> }> {
  const { page, context } = await app.newPage();
  await page.goto(`/${hash}`);
  return { page, close: () => context.close() };
}

/** A read-only static tool without parameters, created through the API. */
async function createStaticTool(name: string, description: string, staticResult: string): Promise<void> {
  await apiPost(app.stack, '/api/tools', {
    name,
    description,
    parameters: { type: 'object', properties: {} },
    mode: 'read',
    kind: 'static',
    staticResult,
  });
}

async function send(page: Page, text: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
}

describe('chats with tool use in a real browser', () => {
  it('flow 1: a static tool added in Chat Settings is called and its text shown in the card', async () => {
    await createStaticTool('store_hours', 'Opening hours of the store.', STORE_HOURS_TEXT);
    // The model calls store_hours; once the request carries the tool's result, it answers.
    app.stack.emulator.on('/v1/chat/completions', (request) => {
      const messages = messagesOf(request);
      const last = messages[messages.length - 1];
      if (last.role === 'tool') {
        return contentText(last.content).includes('9–5')
          ? textAnswer(['We are open ', 'nine to five, ', 'Monday to Saturday.'])
          : textAnswer(['The tool result never arrived.']);
      }
      return toolCallAnswer('call_hours_1', 'store_hours', {});
    });

    const { page, close } = await openPage('#/chats');
    await page.getByRole('textbox', { name: 'New chat title' }).fill('Store questions');
    await page.getByRole('button', { name: 'New chat' }).click();
    await poll(() => page.getByRole('heading', { name: 'Store questions' }).isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Chat Settings' }).click();
    const drawer = page.getByRole('complementary', { name: 'Chat Settings' });
    await poll(() =>
      drawer.getByText('Allow AI to call functions (dice rolls, game state, etc.)').isVisible(),
    ).toBe(true);
    // The new chat starts on the first connection, with tool use off.
    await poll(() => drawer.getByLabel('Connection').inputValue()).toBe(connectionId);
    const toolUse = drawer.getByRole('switch', { name: 'Enable Tool Use' });
    expect(await toolUse.getAttribute('aria-checked')).toBe('false');
    await toolUse.click();
    await poll(() => toolUse.getAttribute('aria-checked')).toBe('true');

    await drawer.getByRole('button', { name: 'Choose Functions' }).click();
    const picker = page.getByRole('dialog', { name: 'Choose Functions' });
    await picker.getByRole('searchbox', { name: 'Search functions' }).fill('hours');
    await picker.getByRole('checkbox', { name: 'store_hours' }).check();
    await screenshot(page, 'chat-function-picker');
    await picker.getByRole('button', { name: 'Apply' }).click();
    await poll(() => picker.isVisible()).toBe(false);
    const chatTools = drawer.getByRole('list', { name: 'Functions in this chat' });
    await poll(() => chatTools.getByText('store_hours').isVisible()).toBe(true);
    await poll(() => drawer.getByRole('button', { name: 'Remove store_hours' }).isVisible()).toBe(true);
    await screenshot(page, 'chat-settings-drawer');

    await send(page, 'When are you open?');
    const card = page.getByRole('group', { name: 'Tool call store_hours' });
    await poll(() => card.isVisible(), { timeout: 20_000 }).toBe(true);
    await poll(() => page.getByText('We are open nine to five, Monday to Saturday.').isVisible()).toBe(true);
    // Opened live or stored (the stored history replaces the live answer about now), the card stays open.
    await card.locator('summary').click();
    await poll(() => card.locator('pre').filter({ hasText: STORE_HOURS_TEXT }).isVisible()).toBe(true);

    // What the model saw: the tool offered, then its result in the follow-up request.
    const calls = app.stack.emulator.requests.filter((r) => r.path === '/v1/chat/completions');
    expect(calls).toHaveLength(2);
    expect(toolNamesOf(calls[0])).toEqual(['store_hours']);
    expect(contentText(messagesOf(calls[1]).at(-1)?.content)).toContain(STORE_HOURS_TEXT);

    // Stored history reloads with the same card.
    await page.reload();
    const stored = page.getByRole('group', { name: 'Tool call store_hours' });
    await poll(() => stored.isVisible()).toBe(true);
    await stored.locator('summary').click();
    await poll(() => stored.locator('pre').filter({ hasText: STORE_HOURS_TEXT }).isVisible()).toBe(true);
    await poll(() => page.getByText('We are open nine to five, Monday to Saturday.').isVisible()).toBe(true);
    await screenshot(page, 'chat-static-tool');

    // At phone width the drawer covers the chat and every control stays on screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Chat Settings' }).click();
    const narrowSwitch = page.getByRole('switch', { name: 'Enable Tool Use' });
    await poll(() => narrowSwitch.getAttribute('aria-checked')).toBe('true');
    const box = await narrowSwitch.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    // Switching to a connection with function calling off brings up the note.
    const narrowDrawer = page.getByRole('complementary', { name: 'Chat Settings' });
    await narrowDrawer.getByLabel('Connection').selectOption({ label: 'no-tools' });
    await poll(() => narrowDrawer.getByRole('note').textContent()).toContain(
      'has function calling turned off, so this chat cannot send tools',
    );
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await screenshot(page, 'chat-settings-narrow');
    await page.getByRole('button', { name: 'Close Chat Settings' }).click();
    await poll(() => narrowSwitch.isVisible()).toBe(false);
    await close();
  });

  it('flow 2: a webhook tool shows the JSON answer; a webhook answering 500 shows an error card', async () => {
    for (const [name, path] of [
      ['store_status', '/status'],
      ['broken_inventory', '/fail'],
    ]) {
      await apiPost(app.stack, '/api/tools', {
        name,
        description: `The ${name} webhook.`,
        parameters: { type: 'object', properties: { item: { type: 'string' } } },
        mode: 'read',
        kind: 'webhook',
        webhookUrl: `${hookUrl}${path}`,
      });
    }
    const chat = await apiPost<{ id: string }>(app.stack, '/api/chats', {
      title: 'Webhook chat',
      connectionId,
      settings: { toolUse: true, tools: ['store_status', 'broken_inventory'] },
    });
    // The user's words pick the tool; after a tool result the model sums up.
    app.stack.emulator.on('/v1/chat/completions', (request) => {
      const messages = messagesOf(request);
      const last = messages[messages.length - 1];
      if (last.role === 'tool')
        return textAnswer([`Tool answered: ${contentText(last.content).slice(0, 40)}`]);
      return contentText(last.content).includes('inventory')
        ? toolCallAnswer('call_inv_1', 'broken_inventory', { item: 'umbrella' })
        : toolCallAnswer('call_status_1', 'store_status', { item: 'shop' });
    });

    const { page, close } = await openPage(`#/chats/${chat.id}`);
    await poll(() => page.getByRole('heading', { name: 'Webhook chat' }).isVisible()).toBe(true);
    await send(page, 'Is the store open?');
    const ok = page.getByRole('group', { name: 'Tool call store_status' });
    await poll(() => ok.isVisible(), { timeout: 20_000 }).toBe(true);
    await poll(() =>
      page
        .getByText(/^Tool answered:/)
        .first()
        .isVisible(),
    ).toBe(true);
    await ok.locator('summary').click();
    const okBody = await ok.locator('pre').last().textContent();
    expect(JSON.parse(okBody ?? '')).toEqual({ open: true, hours: '10:00-18:00', source: 'test-webhook' });
    expect(await ok.getAttribute('class')).not.toContain('failed');
    expect(hookBodies[0]).toMatchObject({ tool: 'store_status', arguments: { item: 'shop' } });

    await send(page, 'Check the inventory please');
    const failed = page.getByRole('group', { name: 'Tool call broken_inventory' });
    await poll(() => failed.isVisible(), { timeout: 20_000 }).toBe(true);
    await poll(() => failed.getAttribute('class')).toContain('failed');
    expect(await failed.getByText('Failed', { exact: true }).isVisible()).toBe(true);
    // Wait for the turn to finish first: the view then swaps the live cards for the stored ones.
    await poll(() =>
      page
        .getByText(/^Tool answered:/)
        .nth(1)
        .isVisible(),
    ).toBe(true);
    await failed.locator('summary').click();
    await poll(() => failed.getByRole('heading', { name: 'Error' }).isVisible()).toBe(true);
    expect(await failed.locator('pre.error').textContent()).toContain('500');
    await failed.scrollIntoViewIfNeeded();
    await screenshot(page, 'chat-webhook-tools');
    await close();
  });

  it('a tool card opened while the answer streams stays open when the stored history replaces it', async () => {
    await createStaticTool(
      'shelf_count',
      'How many umbrellas are on the shelf.',
      'Twelve umbrellas on the shelf',
    );
    const chat = await apiPost<{ id: string }>(app.stack, '/api/chats', {
      title: 'Shelf chat',
      connectionId,
      settings: { toolUse: true, tools: ['shelf_count'] },
    });
    // The follow-up answer (after the tool result) waits for the test: the answer stays live meanwhile.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    app.stack.emulator.on('/v1/chat/completions', async (request) => {
      if (messagesOf(request).at(-1)?.role !== 'tool')
        return toolCallAnswer('call_shelf_1', 'shelf_count', {});
      await released;
      return textAnswer(['Twelve ', 'umbrellas.']);
    });

    const { page, close } = await openPage(`#/chats/${chat.id}`);
    await poll(() => page.getByRole('heading', { name: 'Shelf chat' }).isVisible()).toBe(true);
    await send(page, 'How many umbrellas?');
    const card = page.getByRole('group', { name: 'Tool call shelf_count' });
    const result = card.locator('pre').filter({ hasText: 'Twelve umbrellas on the shelf' });
    // The card's tool has answered, in the live answer (still busy).
    await poll(() => card.getAttribute('class'), { timeout: 20_000 }).toContain('ok');
    expect(await page.locator('article[aria-busy="true"]').getByRole('group').count()).toBe(1);
    await card.locator('summary').click();
    await poll(() => result.isVisible()).toBe(true);
    // Mark the live card's element, to tell when the stored history's card has replaced it.
    await card.evaluate((el) => el.setAttribute('data-live-card', ''));

    await page.getByRole('textbox', { name: 'Message' }).fill('Thanks');
    release();
    // Send is enabled again only once the stored history has replaced the live answer.
    await poll(() => page.getByRole('button', { name: 'Send' }).isEnabled(), { timeout: 20_000 }).toBe(true);
    expect(await page.locator('[data-live-card]').count()).toBe(0);
    expect(await card.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(true);
    expect(await result.isVisible()).toBe(true);
    await close();
  });

  it("a new swipe's tool card starts closed when the provider reuses the call id; each swipe keeps its own", async () => {
    await createStaticTool('bin_count', 'How many bins are in the yard.', 'Nine bins in the yard');
    const chat = await apiPost<{ id: string }>(app.stack, '/api/chats', {
      title: 'Bin chat',
      connectionId,
      settings: { toolUse: true, tools: ['bin_count'] },
    });
    // Every answer numbers its calls from 0, as some servers do: both swipes' calls are `call_0`.
    let answers = 0;
    app.stack.emulator.on('/v1/chat/completions', (request) => {
      if (messagesOf(request).at(-1)?.role !== 'tool') return toolCallAnswer('call_0', 'bin_count', {});
      answers++;
      return textAnswer([`Nine bins (answer ${answers}).`]);
    });

    const { page, close } = await openPage(`#/chats/${chat.id}`);
    await poll(() => page.getByRole('heading', { name: 'Bin chat' }).isVisible()).toBe(true);
    await send(page, 'How many bins?');
    await poll(() => page.getByText('Nine bins (answer 1).').isVisible(), { timeout: 20_000 }).toBe(true);
    // stored: the answer's actions (Regenerate) come once the stream is over
    const regenerate = page.getByRole('button', { name: 'Regenerate' });
    await poll(() => regenerate.isVisible()).toBe(true);
    const card = page.getByRole('group', { name: 'Tool call bin_count' });
    const isOpen = () => card.evaluate((el) => (el as HTMLDetailsElement).open);
    expect(await isOpen()).toBe(false);
    await card.locator('summary').click();
    await poll(isOpen).toBe(true);

    await regenerate.click();
    await poll(() => page.getByText('Nine bins (answer 2).').isVisible(), { timeout: 20_000 }).toBe(true);
    await poll(() => regenerate.isVisible()).toBe(true);
    expect(await page.locator('.swipe-count').textContent()).toBe('2/2');
    // the second swipe is another answer: its card has not been opened
    expect(await isOpen()).toBe(false);
    await page.getByRole('button', { name: 'Previous swipe' }).click();
    await poll(() => page.getByText('Nine bins (answer 1).').isVisible()).toBe(true);
    expect(await isOpen()).toBe(true);
    await close();
  });

  it('Stop aborts a streaming answer and keeps what was already generated', async () => {
    const chat = await apiPost<{ id: string }>(app.stack, '/api/chats', { title: 'Stop chat', connectionId });
    // The first piece arrives at once (one write); the emulator then waits a minute before the rest.
    app.stack.emulator.on('/v1/chat/completions', () => {
      const [role, first, ...rest] = openaiSseText([
        openaiChunk({ role: 'assistant', content: '' }),
        openaiChunk({ content: 'A partial ' }),
        openaiChunk({ content: 'answer that never ends' }),
        openaiChunk({}, { finishReason: 'stop' }),
      ]);
      return {
        status: 200,
        headers: { 'content-type': 'text/event-stream' },
        chunks: [role + first, ...rest],
        chunkDelayMs: 60_000,
      };
    });

    const { page, close } = await openPage(`#/chats/${chat.id}`);
    await poll(() => page.getByRole('heading', { name: 'Stop chat' }).isVisible()).toBe(true);
    await send(page, 'Tell me a long story');
    await poll(() => page.getByText('A partial').isVisible(), { timeout: 20_000 }).toBe(true);
    await page.getByRole('button', { name: 'Stop' }).click();
    await poll(() => page.getByRole('status').filter({ hasText: 'Stopped.' }).isVisible()).toBe(true);
    await poll(() => page.getByRole('button', { name: 'Send' }).isVisible()).toBe(true);
    // The view now shows stored history, which holds the partial answer the user saw.
    await poll(() => page.getByRole('article', { name: 'Assistant message' }).last().textContent()).toContain(
      'A partial',
    );
    // The server kept the user message (and the partial answer, once it has noticed the stop).
    await poll(async () => {
      const response = await fetch(`${app.stack.serverUrl}/api/chats/${chat.id}/messages`);
      const { messages } = (await response.json()) as {
        messages: Array<{ role: string; content: string }>;
      };
      return messages.map((m) => [m.role, m.content]);
    }).toEqual([
      ['user', 'Tell me a long story'],
      ['assistant', 'A partial '],
    ]);
    await close();
  });

  it('chat list: renames and deletes chats', async () => {
    const chat = await apiPost<{ id: string }>(app.stack, '/api/chats', { title: 'Old title' });
    const { page, close } = await openPage('#/chats');
    const list = page.getByRole('list', { name: 'Chats' });
    await poll(() => list.getByRole('link', { name: 'Old title' }).isVisible()).toBe(true);

    await list.getByRole('button', { name: 'Rename Old title' }).click();
    await list.getByRole('textbox', { name: 'Title of Old title' }).fill('New title');
    await list.getByRole('button', { name: 'Save title' }).click();
    await poll(() => list.getByRole('link', { name: 'New title' }).isVisible()).toBe(true);
    const stored = (await (await fetch(`${app.stack.serverUrl}/api/chats/${chat.id}`)).json()) as {
      title: string;
    };
    expect(stored.title).toBe('New title');

    await list.getByRole('button', { name: 'Delete New title' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete chat' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await poll(() => list.getByRole('link', { name: 'New title' }).count()).toBe(0);
    expect((await fetch(`${app.stack.serverUrl}/api/chats/${chat.id}`)).status).toBe(404);
    await close();
  });
});
