// Images attached to chat messages through the real server (issue 11 item 1): stored with the user message in
// SQLite, listed with the chat, served only through their own chat, and sent to the model in each provider's
// wire format on this and later turns (regenerate keeps them); a text-only connection gets a note instead.
import {
  anthropicEventsFor,
  anthropicStream,
  type Emulator,
  geminiChunksFor,
  geminiStream,
  openaiChunk,
  openaiStream,
  TINY_PNG_BASE64,
  TINY_PNG_DATA_URL,
} from '@toolsmith/emulator';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { collect, postSse, type SseEvent } from '../generation/__fixtures__/sse-client.js';
import { type EmulatedServer, startEmulatedServer } from '../test-support/emulated-server.js';
import type { TestServer } from '../test-support/test-server.js';

/** A 1×1 GIF, base64. */
const TINY_GIF_BASE64 = 'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';
const ofType = (events: SseEvent[], type: string) =>
  events.filter((e) => e.event === type).map((e) => e.data);
const openaiText = (text: string) =>
  openaiStream([
    openaiChunk({ role: 'assistant', content: text }),
    openaiChunk({}, { finishReason: 'stop' }),
  ]);

let emulator: Emulator;
let server: TestServer;
let setup: EmulatedServer;
beforeAll(async () => {
  setup = await startEmulatedServer({ connection: false });
  ({ server, emulator } = setup);
});
afterAll(() => setup.close());
beforeEach(() => emulator.reset());

const chatFor = async (connection: Record<string, unknown>) => {
  const created = await server.request('POST', '/api/connections', connection);
  expect(created.status).toBe(201);
  const chat = await server.request('POST', '/api/chats', {
    connectionId: created.body.id,
    settings: { toolUse: false, tools: [] },
  });
  return chat.body.id as string;
};
const send = async (chatId: string, body: Record<string, unknown>) =>
  collect(await postSse(`${server.url}/api/chats/${chatId}/generate`, body));

describe('images on chat messages', () => {
  it('OpenAI-compatible: stored, listed, served from their chat only, sent as image_url parts; regenerate keeps them', async () => {
    const chatId = await chatFor({
      name: 'oa-eyes',
      api: 'openai',
      baseUrl: `${emulator.url}/v1`,
      model: 'm',
    });
    emulator.enqueue('/v1/chat/completions', openaiText('A dot.'), openaiText('Still a dot.'));
    const events = await send(chatId, {
      content: 'What is this?',
      images: [TINY_PNG_DATA_URL, TINY_GIF_BASE64],
    });
    expect(ofType(events, 'error')).toEqual([]);
    const userMessage = ofType(events, 'user-message')[0].message;
    expect(userMessage.images).toEqual([
      { id: expect.any(String), mediaType: 'image/png', bytes: 70 },
      { id: expect.any(String), mediaType: 'image/gif', bytes: 42 },
    ]);
    const expectedUser = {
      role: 'user',
      content: [
        { type: 'text', text: 'What is this?' },
        { type: 'image_url', image_url: { url: TINY_PNG_DATA_URL } },
        { type: 'image_url', image_url: { url: `data:image/gif;base64,${TINY_GIF_BASE64}` } },
      ],
    };
    expect((emulator.requests[0].body as any).messages).toEqual([expectedUser]);

    // listed with the chat; the bytes come back with their own type, through this chat only
    const listed = await server.request('GET', `/api/chats/${chatId}/messages`);
    const stored = listed.body.messages.find((m: any) => m.role === 'user');
    expect(stored.images).toEqual(userMessage.images);
    const png = await fetch(
      `${server.url}/api/chats/${chatId}/messages/${stored.id}/images/${stored.images[0].id}`,
    );
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(png.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await png.arrayBuffer()).toString('base64')).toBe(TINY_PNG_BASE64);
    const otherChat = (
      await server.request('POST', '/api/chats', { settings: { toolUse: false, tools: [] } })
    ).body.id;
    const elsewhere = await fetch(
      `${server.url}/api/chats/${otherChat}/messages/${stored.id}/images/${stored.images[0].id}`,
    );
    expect(elsewhere.status).toBe(404);

    // a new swipe reads the same history: the images go again
    const again = await send(chatId, { mode: 'regenerate' });
    expect(ofType(again, 'error')).toEqual([]);
    expect((emulator.requests[1].body as any).messages).toEqual([expectedUser]);
  });

  it('Anthropic: image blocks (base64 source) before the text, on later turns too', async () => {
    const chatId = await chatFor({
      name: 'an-eyes',
      api: 'anthropic',
      baseUrl: `${emulator.url}/v1`,
      model: 'claude-test',
      apiKey: 'k',
    });
    emulator.enqueue(
      '/v1/messages',
      anthropicStream(anthropicEventsFor([{ type: 'text', text: 'A dot.' }])),
      anthropicStream(anthropicEventsFor([{ type: 'text', text: 'Yes.' }])),
    );
    expect(
      ofType(await send(chatId, { content: 'What is this?', images: [TINY_PNG_BASE64] }), 'error'),
    ).toEqual([]);
    expect(ofType(await send(chatId, { content: 'Sure?' }), 'error')).toEqual([]);
    const image = {
      type: 'image',
      source: { type: 'base64', media_type: 'image/png', data: TINY_PNG_BASE64 },
    };
    expect((emulator.requests[1].body as any).messages).toEqual([
      { role: 'user', content: [image, { type: 'text', text: 'What is this?' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'A dot.' }] },
      { role: 'user', content: [{ type: 'text', text: 'Sure?' }] },
    ]);
  });

  it('Gemini: inlineData parts; an image without text is a message of its own', async () => {
    const chatId = await chatFor({
      name: 'ge-eyes',
      api: 'google',
      baseUrl: `${emulator.url}/v1beta`,
      model: 'gemini-emulated',
      apiKey: 'g',
    });
    emulator.enqueue(
      /\/v1beta\/models\/gemini-emulated:streamGenerateContent$/,
      geminiStream(geminiChunksFor([{ text: 'A dot.' }])),
    );
    expect(ofType(await send(chatId, { images: [TINY_PNG_DATA_URL] }), 'error')).toEqual([]);
    expect((emulator.requests[0].body as any).contents).toEqual([
      { role: 'user', parts: [{ inlineData: { mimeType: 'image/png', data: TINY_PNG_BASE64 } }] },
    ]);
  });

  it('a text-only connection (vision off) gets a note saying an image was there', async () => {
    const chatId = await chatFor({
      name: 'blind-chat',
      api: 'openai',
      baseUrl: `${emulator.url}/v1`,
      model: 'm',
      vision: false,
    });
    emulator.enqueue('/v1/chat/completions', openaiText('I cannot see it.'));
    expect(ofType(await send(chatId, { content: 'Look', images: [TINY_PNG_BASE64] }), 'error')).toEqual([]);
    expect((emulator.requests[0].body as any).messages).toEqual([
      {
        role: 'user',
        content:
          'Look\n[An image (image/png, 70 bytes) was attached here but not shown: this model takes text only.]',
      },
    ]);
  });

  it('refuses what is not an image, too many, too large or images outside a new message, naming the item; nothing is stored', async () => {
    const chatId = await chatFor({
      name: 'oa-refuse',
      api: 'openai',
      baseUrl: `${emulator.url}/v1`,
      model: 'm',
    });
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64');
    const cases: [Record<string, unknown>, number, string][] = [
      [
        { content: 'x', images: [TINY_PNG_BASE64, svg] },
        400,
        'images[1]: An image must be a PNG, JPEG, WebP or GIF',
      ],
      [{ content: 'x', images: 'abc' }, 400, 'images must be an array'],
      [{ content: 'x', images: Array(5).fill(TINY_PNG_BASE64) }, 400, 'at most 4 images'],
      [
        { content: 'x', images: ['not base64!'] },
        400,
        'images[0] must be a PNG, JPEG, WebP or GIF image as base64',
      ],
      [{ content: 'x', images: [TINY_PNG_BASE64.slice(0, 40)] }, 400, 'images[0]: The image is damaged'],
      [{ content: '  ' }, 400, 'not empty unless images are attached'],
      [{ mode: 'retry', images: [TINY_PNG_BASE64] }, 400, 'images go with a new message'],
    ];
    for (const [body, status, text] of cases) {
      const res = await server.request('POST', `/api/chats/${chatId}/generate`, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(JSON.stringify(res.body)).toContain(text);
    }
    // 5 MB of bytes: over the per-image cap (still under the route's body limit)
    const big = Buffer.alloc(5 * 1024 * 1024);
    Buffer.from(TINY_PNG_BASE64, 'base64').copy(big);
    const tooBig = await server.request('POST', `/api/chats/${chatId}/generate`, {
      content: 'x',
      images: [big.toString('base64')],
    });
    expect(tooBig.status).toBe(400);
    expect(JSON.stringify(tooBig.body)).toContain('an image may be at most 4194304 bytes');
    // past the route's body limit: 413 saying the limits
    const huge = await server.request('POST', `/api/chats/${chatId}/generate`, {
      content: 'x',
      images: Array(4).fill(Buffer.alloc(5 * 1024 * 1024).toString('base64')),
    });
    expect(huge.status).toBe(413);
    expect(huge.body.error).toContain('at most 4 images of 4194304 bytes each');
    expect((await server.request('GET', `/api/chats/${chatId}/messages`)).body.messages).toEqual([]);
    expect(emulator.requests).toEqual([]);
  });

  it('deleting the message or the chat deletes its images', async () => {
    const chatId = await chatFor({
      name: 'oa-delete',
      api: 'openai',
      baseUrl: `${emulator.url}/v1`,
      model: 'm',
    });
    emulator.enqueue('/v1/chat/completions', openaiText('ok'));
    const events = await send(chatId, { content: 'x', images: [TINY_PNG_BASE64] });
    const message = ofType(events, 'user-message')[0].message;
    const url = `/api/chats/${chatId}/messages/${message.id}/images/${message.images[0].id}`;
    expect((await server.request('GET', url)).status).toBe(200);
    // an unknown image id of the right message is a 404 too
    expect((await server.request('GET', `${url}x`)).status).toBe(404);
    // a message with images may lose its text (the images still say something); one without may not
    const edited = await server.request('PATCH', `/api/chats/${chatId}/messages/${message.id}`, {
      content: '',
    });
    expect(edited.status).toBe(200);
    expect(edited.body.images).toEqual(message.images);
    expect((await server.request('DELETE', `/api/chats/${chatId}/messages/${message.id}`)).status).toBe(200);
    expect((await server.request('GET', url)).status).toBe(404);
  });
});
