import {
  anthropicMessage,
  createEmulator,
  type Emulator,
  geminiResponse,
  openaiCompletion,
  responsesObject,
  TINY_PNG_BASE64,
  TINY_PNG_DATA_URL,
} from '@toolsmith/emulator';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { anthropicAdapter } from './anthropic/adapter.js';
import { googleAdapter } from './google/adapter.js';
import { imageNote, parseImageDataUrl } from './images.js';
import { openaiAdapter } from './openai/adapter.js';
import { openaiResponsesAdapter } from './openai-responses/adapter.js';
import type { ChatMessage, Connection, ProviderAdapter, ProviderRequest } from './types.js';

let emulator: Emulator;
beforeAll(async () => {
  emulator = await createEmulator();
});
afterAll(() => emulator.close());
beforeEach(() => emulator.reset());

const PNG = { mediaType: 'image/png', data: TINY_PNG_BASE64 };
const LINK = { mediaType: 'image/jpeg', url: 'https://images.example/cat.jpg' };
const NOTE_PNG =
  '[An image (image/png, 70 bytes) was attached here but not shown: this model takes text only.]';
const NOTE_LINK =
  '[An image (image/jpeg, https://images.example/cat.jpg) was attached here but not shown: this model takes text only.]';

const HISTORY: ChatMessage[] = [
  { role: 'system', content: 'Sys' },
  { role: 'user', content: 'What is this?', images: [PNG, LINK] },
  { role: 'assistant', content: '', toolCalls: [{ id: 'call_1', name: 'screenshot', args: {} }] },
  { role: 'tool', toolCallId: 'call_1', name: 'screenshot', content: 'Captured.', images: [PNG] },
];
const TOOLS = [{ name: 'screenshot', description: 'Takes a screenshot', parameters: { type: 'object' } }];

function request(connection: Partial<Connection> & Pick<Connection, 'api'>): ProviderRequest {
  return {
    connection: {
      name: 'c',
      baseUrl: `${emulator.url}/v1`,
      model: 'vision-model',
      functionCalling: { enabled: true, mode: 'native' },
      ...connection,
    },
    messages: HISTORY,
    tools: TOOLS,
    stream: false,
  };
}

async function sentBody(adapter: ProviderAdapter, req: ProviderRequest) {
  for await (const _event of adapter.send(req)) {
    // drain
  }
  return emulator.requests[0].body as Record<string, any>;
}

describe('images: each provider in its own wire shape', () => {
  it('OpenAI-compatible: image_url parts (data: URL or link); a tool result’s images follow as a user message', async () => {
    emulator.enqueue('/v1/chat/completions', { json: openaiCompletion({ content: 'A cat.' }) });
    const body = await sentBody(openaiAdapter, request({ api: 'openai' }));
    expect(body.messages).toEqual([
      { role: 'system', content: 'Sys' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'What is this?' },
          { type: 'image_url', image_url: { url: TINY_PNG_DATA_URL } },
          { type: 'image_url', image_url: { url: 'https://images.example/cat.jpg' } },
        ],
      },
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'screenshot', arguments: '{}' } }],
      },
      { role: 'tool', tool_call_id: 'call_1', content: 'Captured.' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Images returned by the tool screenshot (call call_1):' },
          { type: 'image_url', image_url: { url: TINY_PNG_DATA_URL } },
        ],
      },
    ]);
  });

  it('OpenAI Responses: input_text / input_image, and a function_call_output with parts', async () => {
    emulator.enqueue('/v1/responses', {
      json: responsesObject([
        {
          type: 'message',
          id: 'msg_1',
          status: 'completed',
          role: 'assistant',
          content: [{ type: 'output_text', text: 'A cat.', annotations: [] }],
        },
      ]),
    });
    const body = await sentBody(openaiResponsesAdapter, request({ api: 'openai-responses' }));
    expect(body.input).toEqual([
      {
        role: 'user',
        content: [
          { type: 'input_text', text: 'What is this?' },
          { type: 'input_image', image_url: TINY_PNG_DATA_URL, detail: 'auto' },
          { type: 'input_image', image_url: 'https://images.example/cat.jpg', detail: 'auto' },
        ],
      },
      { type: 'function_call', call_id: 'call_1', name: 'screenshot', arguments: '{}' },
      {
        type: 'function_call_output',
        call_id: 'call_1',
        output: [
          { type: 'input_text', text: 'Captured.' },
          { type: 'input_image', image_url: TINY_PNG_DATA_URL, detail: 'auto' },
        ],
      },
    ]);
  });

  it('Anthropic: image blocks (base64 / url) before the text; images inside the tool_result', async () => {
    emulator.enqueue('/v1/messages', { json: anthropicMessage([{ type: 'text', text: 'A cat.' }]) });
    const body = await sentBody(anthropicAdapter, request({ api: 'anthropic' }));
    const image = {
      type: 'image',
      source: { type: 'base64', media_type: 'image/png', data: TINY_PNG_BASE64 },
    };
    expect(body.system).toBe('Sys');
    expect(body.messages).toEqual([
      {
        role: 'user',
        content: [
          image,
          { type: 'image', source: { type: 'url', url: 'https://images.example/cat.jpg' } },
          { type: 'text', text: 'What is this?' },
        ],
      },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'call_1', name: 'screenshot', input: {} }] },
      {
        role: 'user',
        content: [
          {
            type: 'tool_result',
            tool_use_id: 'call_1',
            content: [{ type: 'text', text: 'Captured.' }, image],
          },
        ],
      },
    ]);
  });

  it('Gemini: inlineData / fileData parts; a result’s images after the functionResponse', async () => {
    emulator.enqueue('/v1beta/models/vision-model:generateContent', {
      json: geminiResponse([{ text: 'A cat.' }]),
    });
    const body = await sentBody(googleAdapter, request({ api: 'google', baseUrl: `${emulator.url}/v1beta` }));
    const inline = { inlineData: { mimeType: 'image/png', data: TINY_PNG_BASE64 } };
    expect(body.contents).toEqual([
      {
        role: 'user',
        parts: [
          inline,
          { fileData: { mimeType: 'image/jpeg', fileUri: 'https://images.example/cat.jpg' } },
          { text: 'What is this?' },
        ],
      },
      { role: 'model', parts: [{ functionCall: { name: 'screenshot', args: {}, id: 'call_1' } }] },
      {
        role: 'user',
        parts: [
          { functionResponse: { name: 'screenshot', response: { result: 'Captured.' }, id: 'call_1' } },
          inline,
        ],
      },
    ]);
  });

  it('a text-only model (vision: false) gets a note for each image instead, on every adapter', async () => {
    emulator.enqueue('/v1/chat/completions', { json: openaiCompletion({ content: 'ok' }) });
    const openai = await sentBody(openaiAdapter, request({ api: 'openai', vision: false }));
    expect(openai.messages[1]).toEqual({ role: 'user', content: `What is this?\n${NOTE_PNG}\n${NOTE_LINK}` });
    expect(openai.messages[3]).toEqual({
      role: 'tool',
      tool_call_id: 'call_1',
      content: `Captured.\n${NOTE_PNG}`,
    });
    expect(openai.messages).toHaveLength(4);

    emulator.reset();
    emulator.enqueue('/v1/messages', { json: anthropicMessage([{ type: 'text', text: 'ok' }]) });
    const anthropic = await sentBody(anthropicAdapter, request({ api: 'anthropic', vision: false }));
    expect(anthropic.messages[0].content).toEqual([
      { type: 'text', text: `What is this?\n${NOTE_PNG}\n${NOTE_LINK}` },
    ]);
    expect(anthropic.messages[2].content[0].content).toBe(`Captured.\n${NOTE_PNG}`);
  });
});

describe('image helpers', () => {
  it('reads data: URLs of images only', () => {
    expect(parseImageDataUrl(TINY_PNG_DATA_URL)).toEqual(PNG);
    expect(parseImageDataUrl('data:text/plain;base64,aGk=')).toBeUndefined();
    expect(parseImageDataUrl('https://images.example/a.png')).toBeUndefined();
  });

  it('a note names the media type and size, never the bytes', () => {
    const note = imageNote({ mediaType: 'image/webp', data: 'A'.repeat(4 * 1024 * 1024) }, 'why.');
    expect(note).toBe('[An image (image/webp, 3.0 MB) was attached here but not shown: why.]');
  });
});
