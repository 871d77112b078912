// Issue 11.12: a preset's contextLength, minP and repetitionPenalty reach the backend of a chat's connection.
import { type Emulator, koboldStream, ollamaStream } from '@toolsmith/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmulatedServer, startEmulatedServer } from '../test-support/emulated-server.js';
import type { TestServer } from '../test-support/test-server.js';

describe('a chat with a preset of context length, min-p and repetition penalty', () => {
  let setup: EmulatedServer;
  let emulator: Emulator;
  let server: TestServer;
  let presetId: string;
  beforeAll(async () => {
    setup = await startEmulatedServer({ connection: false });
    ({ server, emulator } = setup);
    const preset = await server.request('POST', '/api/presets', {
      name: 'Long context',
      temperature: 0.7,
      contextLength: 8192,
      minP: 0.05,
      repetitionPenalty: 1.1,
    });
    expect(preset.status, JSON.stringify(preset.body)).toBe(201);
    presetId = preset.body.id;
  });
  afterAll(() => setup?.close());

  /** One turn of a chat on a text-completion connection to `backend`; the request the backend got. */
  async function turn(backend: 'koboldcpp' | 'ollama') {
    const connection = await server.request('POST', '/api/connections', {
      name: backend,
      api: 'text-completion',
      baseUrl: emulator.url,
      model: backend === 'ollama' ? 'llama3' : '',
      functionCalling: { enabled: false, mode: 'prompt_xml' },
      instructTemplate: 'chatml',
      textBackend: backend,
    });
    expect(connection.status, JSON.stringify(connection.body)).toBe(201);
    const chat = await server.request('POST', '/api/chats', { connectionId: connection.body.id, presetId });
    expect(chat.status, JSON.stringify(chat.body)).toBe(201);
    emulator.reset();
    emulator.on('/api/extra/generate/stream', () => koboldStream(['Hi.'], { finishReason: 'stop' }));
    emulator.on('/api/generate', () => ollamaStream(['Hi.']));
    const response = await fetch(`${server.url}/api/chats/${chat.body.id}/generate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-toolsmith-request': '1' },
      body: JSON.stringify({ content: 'Hello' }),
    });
    const stream = await response.text();
    expect(stream).toContain('event: finish');
    expect(emulator.requests).toHaveLength(1);
    return emulator.requests[0];
  }

  it('sends max_context_length, min_p and rep_pen to KoboldCpp', async () => {
    const request = await turn('koboldcpp');
    expect(request.path).toBe('/api/extra/generate/stream');
    expect(request.body).toEqual({
      prompt: '<|im_start|>user\nHello<|im_end|>\n<|im_start|>assistant\n',
      stop_sequence: ['<|im_end|>', '<|im_start|>'],
      trim_stop: true,
      max_context_length: 8192,
      temperature: 0.7,
      min_p: 0.05,
      rep_pen: 1.1,
    });
  });

  it('sends num_ctx, min_p and repeat_penalty to Ollama', async () => {
    const request = await turn('ollama');
    expect(request.path).toBe('/api/generate');
    expect(request.body).toEqual({
      model: 'llama3',
      prompt: '<|im_start|>user\nHello<|im_end|>\n<|im_start|>assistant\n',
      raw: true,
      stream: true,
      options: {
        num_ctx: 8192,
        temperature: 0.7,
        stop: ['<|im_end|>', '<|im_start|>'],
        min_p: 0.05,
        repeat_penalty: 1.1,
      },
    });
  });
});
