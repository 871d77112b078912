// The chat as a SillyTavern user expects it, in Chromium at desktop and phone widths, against the built server
// and the provider emulator: greetings and swipes, markdown that never runs HTML, edit / regenerate / continue /
// retry, and Allow / Deny for write tools.
import { openaiChunk, openaiStream, type RecordedRequest, type ScriptedResponse } from '@toolsmith/emulator';
import type { Page } from 'playwright-core';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiPost, browserStackForFile, openChatPage, poll, screenshot } from './harness.js';

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 860 },
  { name: 'phone', width: 390, height: 844 },
] as const;

function textAnswer(text: string, finishReason = 'stop'): ScriptedResponse {
  return openaiStream([
    openaiChunk({ role: 'assistant', content: '' }),
    openaiChunk({ content: text }),
    openaiChunk({}, { finishReason }),
  ]);
}

function toolCallAnswer(id: string, name: string, args: unknown, text = ''): ScriptedResponse {
  return openaiStream([
    openaiChunk({ role: 'assistant', content: text || null }),
    openaiChunk({
      tool_calls: [{ index: 0, id, type: 'function', function: { name, arguments: JSON.stringify(args) } }],
    }),
    openaiChunk({}, { finishReason: 'tool_calls' }),
  ]);
}

type Wire = { role: string; content?: unknown };
const lastOf = (request: RecordedRequest) => {
  const messages = (request.body as { messages: Wire[] }).messages;
  return messages[messages.length - 1];
};
const textOf = (content: unknown) => (typeof content === 'string' ? content : JSON.stringify(content));

/** A 1×1 PNG, as base64 (a persona's portrait). */
const TINY_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const XSS_ANSWER = [
  '*waves slowly* **Welcome** to the "Lantern Inn".',
  '',
  '- bread',
  '- soup',
  '',
  '> an old sign creaks',
  '',
  'Say `hello`. <img src=x onerror="window.__xss=1"><script>window.__xss=2</script>',
  '[click me](javascript:window.__xss=3) <b onclick="window.__xss=4">bold?</b>',
].join('\n');

const app = browserStackForFile({ TOOL_APPROVAL_TIMEOUT_MS: '60000' });
let connectionId: string;

beforeAll(async () => {
  connectionId = (
    await apiPost<{ id: string }>(app.stack, '/api/connections', {
      name: 'emulated',
      api: 'openai',
      baseUrl: `${app.stack.emulator.url}/v1`,
      model: 'emulated-model',
    })
  ).id;
  await apiPost(app.stack, '/api/tools', {
    name: 'save_note',
    description: 'Save a note in the journal.',
    parameters: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
    mode: 'write',
    kind: 'static',
    staticResult: 'Note saved.',
  });
});
beforeEach(() => app.stack.emulator.reset());

const openChat = (chatId: string, viewport: (typeof VIEWPORTS)[number]) =>
  openChatPage(app, chatId, viewport);

async function send(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
}

const lastMessage = (page: Page) => page.getByRole('article').last();

/** The page never scrolls sideways: everything fits the width. */
async function fitsWidth(page: Page, width: number) {
  expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
}

describe.each(VIEWPORTS)('chat messages at $width×$height', (viewport) => {
  it('opens with the greeting, swipes through alternate greetings and regenerated answers', async () => {
    const character = await apiPost<{ id: string }>(app.stack, '/api/characters', {
      name: 'Ayla',
      first_mes: '*looks up from the lamp* Evening, {{user}}.',
      alternate_greetings: ['*polishes the lens* Oh, a visitor.'],
    });
    const persona = await apiPost<{ id: string }>(app.stack, '/api/personas', {
      name: 'Kit',
      avatar: TINY_PNG,
    });
    const chat = await apiPost<{ id: string }>(app.stack, '/api/chats', {
      title: `Lighthouse ${viewport.name}`,
      connectionId,
      characterIds: [character.id],
      personaId: persona.id,
    });
    let answers = 0;
    app.stack.emulator.on('/v1/chat/completions', () =>
      textAnswer(answers++ === 0 ? 'The storm is coming.' : 'The sea is calm tonight.'),
    );
    const { page, errors, close } = await openChat(chat.id, viewport);
    const greeting = page.getByRole('article', { name: 'Ayla message' }).first();
    await poll(() => greeting.textContent()).toContain('Evening, Kit.');
    // *actions* are italics
    expect(await greeting.locator('em').first().textContent()).toBe('looks up from the lamp');
    await poll(() => greeting.getByText('1/2').isVisible()).toBe(true);
    await greeting.getByRole('button', { name: 'Next swipe' }).click();
    await poll(() => greeting.textContent()).toContain('Oh, a visitor.');
    expect(await greeting.getByText('2/2').isVisible()).toBe(true);
    // the last greeting is the end: no generated greeting
    expect(await greeting.getByRole('button', { name: 'Next swipe' }).isDisabled()).toBe(true);
    await screenshot(page, `chat-greeting-${viewport.name}`);

    await send(page, 'Any news?');
    const answer = lastMessage(page);
    await poll(() => answer.textContent()).toContain('The storm is coming.');
    expect(await answer.getAttribute('aria-label')).toBe('Ayla message');
    // the persona's name and portrait on the user's message
    const mine = page.getByRole('article', { name: 'Kit message' });
    await poll(() => mine.locator('img.avatar').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(
      1,
    );
    // what the model read: the chosen greeting after the new-chat line
    const first = app.stack.emulator.requests[0].body as { messages: Wire[] };
    expect(first.messages.slice(-3).map((m) => [m.role, textOf(m.content)])).toEqual([
      ['user', '[Start a new Chat]'],
      ['assistant', '*polishes the lens* Oh, a visitor.'],
      ['user', 'Any news?'],
    ]);
    // swiping right on the last answer generates a new swipe
    await poll(() => answer.getByRole('button', { name: 'Next swipe' }).isEnabled()).toBe(true);
    await answer.getByRole('button', { name: 'Next swipe' }).click();
    await poll(() => lastMessage(page).textContent()).toContain('The sea is calm tonight.');
    await poll(() => lastMessage(page).getByText('2/2').isVisible()).toBe(true);
    await lastMessage(page).getByRole('button', { name: 'Previous swipe' }).click();
    await poll(() => lastMessage(page).textContent()).toContain('The storm is coming.');
    expect(await page.getByRole('article').count()).toBe(3);
    await fitsWidth(page, viewport.width);
    await screenshot(page, `chat-swipes-${viewport.name}`);
    // the choice is stored: it survives a reload
    await page.reload();
    await poll(() => lastMessage(page).textContent()).toContain('The storm is coming.');
    expect(errors).toEqual([]);
    await close();
  });

  it('renders markdown and never turns model text into HTML elements or script', async () => {
    const chat = await apiPost<{ id: string }>(app.stack, '/api/chats', { title: 'Markdown', connectionId });
    app.stack.emulator.on('/v1/chat/completions', () => textAnswer(XSS_ANSWER));
    const { page, errors, close } = await openChat(chat.id, viewport);
    await send(page, 'Describe the inn <img src=y onerror="window.__xss=5">');
    const answer = lastMessage(page);
    await poll(() => answer.locator('blockquote').count()).toBe(1);
    const log = page.getByRole('log', { name: 'Messages' });
    await poll(() => answer.locator('.markdown').count()).toBe(1);
    expect(await answer.locator('em').first().textContent()).toBe('waves slowly');
    expect(await answer.locator('strong').first().textContent()).toBe('Welcome');
    expect(await answer.locator('li').allTextContents()).toEqual(['bread', 'soup']);
    expect(await answer.locator('code').first().textContent()).toBe('hello');
    expect(await answer.locator('.dialogue').first().textContent()).toBe('"Lantern Inn"');
    // the tags are text, not elements; the javascript: link is not a link
    expect(await answer.textContent()).toContain('<img src=x onerror="window.__xss=1">');
    expect(await answer.textContent()).toContain('<script>window.__xss=2</script>');
    expect(await log.locator('img, script, b, [onerror], [onclick], a[href^="javascript"]').count()).toBe(0);
    // the user's own text is markdown too, and just as inert
    expect(await page.getByRole('article').first().textContent()).toContain('<img src=y');
    await page.reload();
    await poll(() => lastMessage(page).locator('blockquote').count()).toBe(1);
    expect(await log.locator('img, script, b, [onerror], [onclick]').count()).toBe(0);
    expect(await page.evaluate('window.__xss')).toBeUndefined();
    expect(errors).toEqual([]);
    await fitsWidth(page, viewport.width);
    await screenshot(page, `chat-markdown-${viewport.name}`);
    await close();
  });

  it('edits, continues a cut answer and retries a failed one without a second copy of the message', async () => {
    const chat = await apiPost<{ id: string }>(app.stack, '/api/chats', { title: 'Actions', connectionId });
    let failNext = false;
    app.stack.emulator.on('/v1/chat/completions', (request) => {
      const last = lastOf(request);
      if (last.role === 'system') return textAnswer(' and the fog lifted.');
      if (failNext) {
        failNext = false;
        return {
          status: 500,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ error: { message: 'upstream down' } }),
        };
      }
      if (textOf(last.content).includes('weather')) return textAnswer('The rain stopped', 'length');
      return textAnswer(`You said: ${textOf(last.content)}`);
    });
    const { page, errors, close } = await openChat(chat.id, viewport);
    await send(page, 'How is the weather?');
    await poll(() => lastMessage(page).textContent()).toContain('The rain stopped');

    // Continue: the cut answer grows in place
    await lastMessage(page).getByRole('button', { name: 'Continue' }).click();
    await poll(() => lastMessage(page).textContent()).toContain('The rain stopped and the fog lifted.');
    expect(await page.getByRole('article').count()).toBe(2);

    // Edit the user's message
    const mine = page.getByRole('article', { name: 'You message' });
    await mine.getByRole('button', { name: 'Edit' }).click();
    await mine.getByRole('textbox', { name: 'Edit message' }).fill('How is the weather today?');
    await mine.getByRole('button', { name: 'Save' }).click();
    await poll(() => mine.textContent()).toContain('How is the weather today?');
    await poll(() => mine.getByText('(edited)').isVisible()).toBe(true);
    // Edit the answer
    await lastMessage(page).getByRole('button', { name: 'Edit' }).click();
    await lastMessage(page).getByRole('textbox', { name: 'Edit message' }).fill('*shrugs* Rainy.');
    await lastMessage(page).getByRole('button', { name: 'Save' }).click();
    await poll(() => lastMessage(page).locator('em').first().textContent()).toBe('shrugs');

    // A failed answer: Retry answers the stranded message once
    failNext = true;
    await send(page, 'Still there?');
    const failure = page.getByRole('alert').filter({ hasText: 'Generation failed' });
    await poll(() => failure.isVisible()).toBe(true);
    await screenshot(page, `chat-failed-${viewport.name}`);
    await failure.getByRole('button', { name: 'Retry' }).click();
    await poll(() => lastMessage(page).textContent()).toContain('You said: Still there?');
    const texts = await page.getByRole('article').allTextContents();
    expect(texts.filter((t) => t.includes('Still there?') && !t.includes('You said'))).toHaveLength(1);
    const retried = app.stack.emulator.requests[app.stack.emulator.requests.length - 1].body as {
      messages: Wire[];
    };
    expect(retried.messages.filter((m) => m.role === 'user').map((m) => textOf(m.content))).toEqual([
      'How is the weather today?',
      'Still there?',
    ]);

    // Regenerate from the button; Delete removes the answer with its swipes
    await lastMessage(page).getByRole('button', { name: 'Regenerate' }).click();
    await poll(() => lastMessage(page).getByText('2/2').isVisible()).toBe(true);
    await lastMessage(page).getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: 'Delete message' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await poll(() => page.getByRole('article').count()).toBe(3);
    expect(errors).toEqual([]);
    await fitsWidth(page, viewport.width);
    await screenshot(page, `chat-actions-${viewport.name}`);
    await close();
  });

  it('asks before a write tool runs: Allow runs it, Deny tells the model; text comes before its card', async () => {
    const chat = await apiPost<{ id: string }>(app.stack, '/api/chats', {
      title: 'Journal',
      connectionId,
      settings: { toolUse: true, approveWriteTools: true },
    });
    app.stack.emulator.on('/v1/chat/completions', (request) => {
      const last = lastOf(request);
      if (last.role === 'tool') return textAnswer(`Tool said: ${textOf(last.content).slice(0, 60)}`);
      return toolCallAnswer(
        `call_${app.stack.emulator.requests.length}`,
        'save_note',
        { text: 'buy rope' },
        'Let me write that down.',
      );
    });
    const { page, errors, close } = await openChat(chat.id, viewport);
    await send(page, 'Remember to buy rope');
    const card = page.getByRole('group', { name: 'Tool call save_note' }).last();
    await poll(() => card.getByText('Needs your approval').isVisible()).toBe(true);
    expect(await card.locator('pre').first().textContent()).toContain('buy rope');
    // what the model wrote before calling comes first (plain until the markdown renderer has loaded, so any
    // .message-text, and polled: the card can be drawn before the lazily loaded renderer swaps the text in)
    const textBeforeCard = () =>
      lastMessage(page).evaluate((article) => {
        const text = Array.from(article.querySelectorAll('.message-text')).find((n) =>
          n.textContent?.includes('Let me write'),
        );
        const cardNode = article.querySelector('.tool-card');
        return Boolean(
          text && cardNode && text.compareDocumentPosition(cardNode) & Node.DOCUMENT_POSITION_FOLLOWING,
        );
      });
    await poll(textBeforeCard).toBe(true);
    await screenshot(page, `chat-approval-${viewport.name}`);
    await card.getByRole('button', { name: 'Allow' }).click();
    await poll(() => page.getByText('Tool said: Note saved.').isVisible()).toBe(true);

    await send(page, 'And remember the lamp oil');
    const second = page.getByRole('group', { name: 'Tool call save_note' }).last();
    await poll(() => second.getByText('Needs your approval').isVisible()).toBe(true);
    await second.getByRole('button', { name: 'Deny' }).click();
    await poll(() => page.getByText('Tool said: {"ok":false').isVisible()).toBe(true);
    const denied = page.getByRole('group', { name: 'Tool call save_note' }).last();
    await poll(() => denied.getByText('Not allowed').isVisible()).toBe(true);
    const toolMessage = (
      app.stack.emulator.requests[app.stack.emulator.requests.length - 1].body as { messages: Wire[] }
    ).messages.at(-1);
    expect(textOf(toolMessage?.content)).toContain('The user did not allow save_note to run.');
    expect(errors).toEqual([]);
    await fitsWidth(page, viewport.width);
    await screenshot(page, `chat-approval-denied-${viewport.name}`);
    await close();
  });
});
