import {
  completionsResponse,
  createEmulator,
  type Emulator,
  koboldGenerateResponse,
  llamacppCompletionResponse,
  llamacppCompletionStream,
  ollamaGenerateResponse,
  TINY_PNG_BASE64,
} from '@toolsmith/emulator';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isGenerateTaskError } from '../../base/errors.js';
import { collectEvents, textOf } from '../__fixtures__/adapter-events.js';
import type { Connection, ProviderRequest } from '../types.js';
import { textCompletionAdapter } from './adapter.js';

let emulator: Emulator;
beforeAll(async () => {
  emulator = await createEmulator();
});
afterAll(() => emulator.close());
beforeEach(() => emulator.reset());

const SCHEMA = { type: 'object', properties: { mood: { type: 'string' } }, required: ['mood'] };
const PNG = { mediaType: 'image/png', data: TINY_PNG_BASE64 };

function request(connection: Partial<Connection>, extra: Partial<ProviderRequest> = {}): ProviderRequest {
  return {
    connection: {
      name: 'local',
      api: 'text-completion',
      baseUrl: emulator.url,
      model: 'local-model',
      functionCalling: { enabled: true, mode: 'prompt_xml' },
      instructTemplate: 'chatml',
      ...connection,
    },
    messages: [{ role: 'user', content: 'Look', images: [PNG] }],
    params: { temperature: 0.8, maxTokens: 50, minP: 0.05, repetitionPenalty: 1.1, contextLength: 8192 },
    stream: false,
    ...extra,
  };
}

const collect = (req: ProviderRequest) => collectEvents(textCompletionAdapter, req);
const PROMPT = '<|im_start|>user\nLook<|im_end|>\n<|im_start|>assistant\n';
const STOPS = ['<|im_end|>', '<|im_start|>'];

describe('llama.cpp server /completion', () => {
  it('streams content chunks; sends llama.cpp sampler names, cache_prompt and json_schema', async () => {
    emulator.enqueue('/completion', llamacppCompletionStream(['{"mood":', '"calm"}'], { stopType: 'limit' }));
    const events = await collect(
      request(
        { textBackend: 'llamacpp', baseUrl: `${emulator.url}/v1`, vision: false },
        { stream: true, jsonSchema: { name: 'mood', schema: SCHEMA } },
      ),
    );
    expect(textOf(events)).toBe('{"mood":"calm"}');
    expect(events.at(-1)).toMatchObject({
      type: 'finish',
      reason: 'length',
      usage: { inputTokens: 14, outputTokens: 2, totalTokens: 16 },
    });
    expect(emulator.requests[0].path).toBe('/completion');
    expect(emulator.requests[0].body).toEqual({
      prompt:
        '<|im_start|>user\nLook\n[An image (image/png, 70 bytes) was attached here but not shown: this model takes text only.]<|im_end|>\n<|im_start|>assistant\n',
      stream: true,
      cache_prompt: true,
      n_predict: 50,
      temperature: 0.8,
      min_p: 0.05,
      repeat_penalty: 1.1,
      stop: STOPS,
      json_schema: SCHEMA,
    });
  });

  it('a whole answer: stop_type eos is a normal stop; an error chunk fails with its message', async () => {
    emulator.enqueue('/completion', llamacppCompletionResponse('Hello'));
    const events = await collect(request({ textBackend: 'llamacpp' }));
    expect(textOf(events)).toBe('Hello');
    expect(events.at(-1)).toMatchObject({ type: 'finish', reason: 'stop', rawReason: 'stop' });

    emulator.enqueue('/completion', llamacppCompletionStream(['x'], { error: 'the context is full' }));
    await expect(collect(request({ textBackend: 'llamacpp' }, { stream: true }))).rejects.toSatisfy(
      (error: unknown) => isGenerateTaskError(error) && error.message === 'the context is full',
    );
  });

  it('a llama.cpp image is a note: /completion takes no images in this form', async () => {
    emulator.enqueue('/completion', llamacppCompletionResponse('ok'));
    await collect(request({ textBackend: 'llamacpp' }));
    expect((emulator.requests[0].body as { prompt: string }).prompt).toContain(
      'not shown: the llamacpp API carries text only.]',
    );
  });
});

describe('context length, samplers and images on KoboldCpp and Ollama', () => {
  it('KoboldCpp: max_context_length, min_p, rep_pen and the image as base64 in images', async () => {
    emulator.enqueue('/api/v1/generate', koboldGenerateResponse('I see a pixel.'));
    await collect(request({ textBackend: 'koboldcpp' }));
    expect(emulator.requests[0].body).toEqual({
      prompt: PROMPT,
      stop_sequence: STOPS,
      trim_stop: true,
      max_context_length: 8192,
      max_length: 50,
      temperature: 0.8,
      min_p: 0.05,
      rep_pen: 1.1,
      images: [TINY_PNG_BASE64],
    });
  });

  it('Ollama /api/generate: num_ctx, min_p, repeat_penalty in options; images; the schema as format', async () => {
    emulator.enqueue('/api/generate', ollamaGenerateResponse('{"mood":"calm"}'));
    await collect(request({ textBackend: 'ollama' }, { jsonSchema: { name: 'mood', schema: SCHEMA } }));
    expect(emulator.requests[0].body).toEqual({
      model: 'local-model',
      prompt: PROMPT,
      raw: true,
      stream: false,
      options: {
        num_ctx: 8192,
        temperature: 0.8,
        num_predict: 50,
        stop: STOPS,
        min_p: 0.05,
        repeat_penalty: 1.1,
      },
      images: [TINY_PNG_BASE64],
      format: SCHEMA,
    });
  });

  it('a linked image on a local backend is a note (local servers take bytes, not links)', async () => {
    emulator.enqueue('/api/generate', ollamaGenerateResponse('ok'));
    await collect(
      request(
        { textBackend: 'ollama' },
        {
          messages: [
            {
              role: 'user',
              content: 'Look',
              images: [{ mediaType: 'image/jpeg', url: 'https://images.example/a.jpg' }],
            },
          ],
        },
      ),
    );
    const body = emulator.requests[0].body as Record<string, any>;
    expect(body.images).toBeUndefined();
    expect(body.prompt).toContain('not shown: local backends take image bytes, not links.]');
  });

  it('/v1/completions carries no images: a note; min_p and repetition_penalty as vLLM names them', async () => {
    emulator.enqueue('/v1/completions', completionsResponse('ok'));
    await collect(request({ textBackend: 'openai-completions' }));
    const body = emulator.requests[0].body as Record<string, any>;
    expect(body.prompt).toContain('not shown: the openai-completions API carries text only.]');
    expect(body).toMatchObject({ min_p: 0.05, repetition_penalty: 1.1 });
    expect(body.images).toBeUndefined();
  });
});
