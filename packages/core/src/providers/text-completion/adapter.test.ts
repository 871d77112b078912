import {
  completionsResponse,
  completionsStream,
  createEmulator,
  type Emulator,
  koboldGenerateResponse,
  koboldStream,
  ollamaGenerateResponse,
  ollamaStream,
} from '@toolsmith/emulator';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  adapterFailure,
  collectEvents,
  finishOf,
  reasoningOf,
  textOf,
} from '../__fixtures__/adapter-events.js';
import type { Connection, ProviderRequest } from '../types.js';
import { textCompletionAdapter } from './adapter.js';

let emulator: Emulator;
beforeAll(async () => {
  emulator = await createEmulator();
});
afterAll(() => emulator.close());
beforeEach(() => emulator.reset());

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
    messages: [
      { role: 'system', content: 'Sys' },
      { role: 'user', content: 'Hi' },
    ],
    params: { temperature: 0.7, topP: 0.9, topK: 40, maxTokens: 64, stop: ['\nUser:'], seed: 5 },
    tools: [{ name: 'f', description: 'never sent natively', parameters: { type: 'object' } }],
    toolChoice: 'auto',
    stream: true,
    ...extra,
  };
}

const collect = (req: ProviderRequest) => collectEvents(textCompletionAdapter, req);

const failure = async (req: ProviderRequest) => (await adapterFailure(textCompletionAdapter, req)).error;

const PROMPT = '<|im_start|>system\nSys<|im_end|>\n<|im_start|>user\nHi<|im_end|>\n<|im_start|>assistant\n';
const STOPS = ['<|im_end|>', '<|im_start|>', '\nUser:'];

describe('KoboldCpp backend', () => {
  it('streams from /api/extra/generate/stream and sends the Kobold body', async () => {
    emulator.enqueue(
      '/api/extra/generate/stream',
      koboldStream(['Hel', 'lo', ' there'], { finishReason: 'length' }),
    );
    const events = await collect(request({ textBackend: 'koboldcpp', apiKey: 'pw' }));
    expect(textOf(events)).toBe('Hello there');
    expect(finishOf(events)).toMatchObject({ reason: 'length', rawReason: 'length' });
    const sent = emulator.requests[0];
    expect(sent.headers.authorization).toBe('Bearer pw');
    expect(sent.body).toEqual({
      prompt: PROMPT,
      stop_sequence: STOPS,
      trim_stop: true,
      max_length: 64,
      temperature: 0.7,
      top_p: 0.9,
      top_k: 40,
      sampler_seed: 5,
    });
  });

  it('non-streaming /api/v1/generate, base URL given with /api', async () => {
    emulator.enqueue('/api/v1/generate', koboldGenerateResponse('Whole answer'));
    const events = await collect(
      request({ textBackend: 'koboldcpp', baseUrl: `${emulator.url}/api` }, { stream: false }),
    );
    expect(textOf(events)).toBe('Whole answer');
    expect(finishOf(events)).toMatchObject({
      reason: 'stop',
      usage: { inputTokens: 12, outputTokens: 3, totalTokens: 15 },
      raw: { results: [{ text: 'Whole answer' }] },
    });
  });

  it('an older build without finish reasons ends cleanly; the template stop is cut even if echoed', async () => {
    emulator.enqueue(
      '/api/extra/generate/stream',
      koboldStream(['Yes', '<|im_', 'end|>', 'junk'], { finishReason: null }),
    );
    const events = await collect(request({ textBackend: 'koboldcpp' }));
    expect(textOf(events)).toBe('Yes');
    expect(finishOf(events)).toMatchObject({ reason: 'stop', rawReason: null });
  });

  it('an empty event stream → no_response', async () => {
    emulator.enqueue('/api/extra/generate/stream', {
      headers: { 'content-type': 'text/event-stream' },
      chunks: [],
    });
    expect((await failure(request({ textBackend: 'koboldcpp' }))).code).toBe('no_response');
  });

  it('a cut-off connection → network', async () => {
    emulator.enqueue('/api/extra/generate/stream', koboldStream(['par'], { cutOff: true }));
    expect((await failure(request({ textBackend: 'koboldcpp' }))).code).toBe('network');
  });
});

describe('/v1/completions backend (llama.cpp, text-generation-webui)', () => {
  it('streams choices[].text with usage and [DONE]', async () => {
    emulator.enqueue(
      '/v1/completions',
      completionsStream(['A', 'B', 'C'], { usage: { prompt_tokens: 9, completion_tokens: 3 } }),
    );
    const events = await collect(request({ textBackend: 'openai-completions', instructTemplate: 'llama3' }));
    expect(textOf(events)).toBe('ABC');
    expect(finishOf(events)).toMatchObject({
      reason: 'stop',
      usage: { inputTokens: 9, outputTokens: 3, totalTokens: 12 },
    });
    const body = emulator.requests[0].body as Record<string, unknown>;
    expect(body).toMatchObject({
      model: 'local-model',
      max_tokens: 64,
      temperature: 0.7,
      top_p: 0.9,
      top_k: 40,
      seed: 5,
      stream: true,
      stop: ['<|eot_id|>', '<|start_header_id|>', '<|end_of_text|>', '\nUser:'],
    });
    expect(String(body.prompt)).toMatch(/^<\|start_header_id\|>system<\|end_header_id\|>\n\nSys<\|eot_id\|>/);
    expect(body).not.toHaveProperty('tools');
  });

  it('accepts a final "data: [DONE]" without its blank line (older KoboldCpp /v1, which sends a finish reason)', async () => {
    const stream = completionsStream(['x', 'y'], { finishReason: 'length', done: false });
    emulator.enqueue('/v1/completions', { ...stream, chunks: [...stream.chunks!, 'data: [DONE]'] });
    const events = await collect(request({ textBackend: 'openai-completions' }));
    expect(textOf(events)).toBe('xy');
    expect(finishOf(events)).toMatchObject({ reason: 'length', rawReason: 'length' });
  });

  it('base URL with /v1 is not doubled; non-streaming body is replayed', async () => {
    emulator.enqueue('/v1/completions', completionsResponse('Done', { finishReason: 'length' }));
    const events = await collect(
      request({ textBackend: 'openai-completions', baseUrl: `${emulator.url}/v1` }, { stream: false }),
    );
    expect(textOf(events)).toBe('Done');
    expect(finishOf(events)).toMatchObject({ reason: 'length', usage: { inputTokens: 8, outputTokens: 4 } });
    expect(emulator.requests[0].body).not.toHaveProperty('stream');
  });

  it('a clean end without [DONE] or a finish reason is a cut-off → network', async () => {
    emulator.enqueue('/v1/completions', completionsStream(['A'], { finishReason: null, done: false }));
    const error = await failure(request({ textBackend: 'openai-completions' }));
    expect(error.code).toBe('network');
  });

  it('HTTP errors are mapped by status', async () => {
    emulator.enqueue('/v1/completions', { status: 503, json: { error: { message: 'loading model' } } });
    const error = await failure(request({ textBackend: 'openai-completions' }));
    expect(error.code).toBe('network');
    expect(error.details.status).toBe(503);
  });
});

describe('Ollama backend', () => {
  it('streams NDJSON split anywhere, with thinking, done_reason and counts; sends raw prompt and options', async () => {
    emulator.enqueue(
      '/api/generate',
      ollamaStream(['Sun', 'ny ☀️', '.'], { thinking: ['Look', 'ing'], doneReason: 'stop', chunkSize: 5 }),
    );
    const events = await collect(request({ textBackend: 'ollama', instructTemplate: 'mistral' }));
    expect(reasoningOf(events)).toBe('Looking');
    expect(textOf(events)).toBe('Sunny ☀️.');
    expect(finishOf(events)).toMatchObject({
      reason: 'stop',
      rawReason: 'stop',
      usage: { inputTokens: 11, outputTokens: 18, totalTokens: 29 },
    });
    expect(emulator.requests[0].body).toEqual({
      model: 'local-model',
      prompt: '[INST] Sys\n\nHi[/INST] ',
      raw: true,
      stream: true,
      options: {
        temperature: 0.7,
        top_p: 0.9,
        top_k: 40,
        num_predict: 64,
        stop: ['</s>', '[INST]', '\nUser:'],
        seed: 5,
      },
    });
  });

  it('non-streaming sends stream: false and reads the single object', async () => {
    emulator.enqueue('/api/generate', ollamaGenerateResponse('Fine.', { doneReason: 'length' }));
    const events = await collect(
      request({ textBackend: 'ollama', baseUrl: `${emulator.url}/v1` }, { stream: false }),
    );
    expect(textOf(events)).toBe('Fine.');
    expect(finishOf(events)).toMatchObject({ reason: 'length' });
    expect((emulator.requests[0].body as { stream: boolean }).stream).toBe(false);
  });

  it('a stream without the done line → network; an error line → unknown with the message', async () => {
    emulator.enqueue('/api/generate', ollamaStream(['a'], { finalLine: false }));
    expect((await failure(request({ textBackend: 'ollama' }))).code).toBe('network');
    emulator.enqueue('/api/generate', ollamaStream(['a'], { error: 'model runner crashed' }));
    const error = await failure(request({ textBackend: 'ollama' }));
    expect(error.code).toBe('unknown');
    expect(error.message).toBe('model runner crashed');
  });
});

describe('text-completion configuration', () => {
  it('unknown backend or template → invalid_input before any request', async () => {
    expect((await failure(request({ textBackend: 'tabby' as never }))).code).toBe('invalid_input');
    expect((await failure(request({ instructTemplate: 'nope' }))).code).toBe('invalid_input');
    expect(emulator.requests).toHaveLength(0);
  });

  it('does not carry tools natively', () => {
    expect(textCompletionAdapter.nativeTools).toBe(false);
    expect(textCompletionAdapter.api).toBe('text-completion');
  });
});
