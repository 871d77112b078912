// The fuller gateway (issue 13 item 7) with the official `openai` client: image parts to every family in its
// own shape (a text-only connection gets a note), sampler fields passed through, /v1/completions, and the
// NAME+tools alias.
import {
  anthropicMessage,
  completionsResponse,
  type Emulator,
  koboldGenerateResponse,
  llamacppCompletionStream,
  openaiToolCall,
  TINY_PNG_BASE64,
  TINY_PNG_DATA_URL,
} from '@toolsmith/emulator';
import type OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestServer } from '../test-support/test-server.js';
import { answer, bodyOf, connection, setupGateway } from './__fixtures__/gateway-setup.js';

let emulator: Emulator;
let server: TestServer;
let client: OpenAI;

beforeAll(async () => {
  ({ emulator, server, client } = await setupGateway());
  const connections = server.app.toolsmith.storage.connections;
  await connections.create(
    connection('claude', {
      api: 'anthropic',
      baseUrl: `${emulator.url}/v1`,
      model: 'claude-emu',
      apiKey: 'k',
    }),
  );
  await connections.create(connection('textonly', { baseUrl: `${emulator.url}/v1`, vision: false }));
  await connections.create(
    connection('llama', {
      api: 'text-completion',
      baseUrl: emulator.url,
      model: 'local',
      textBackend: 'llamacpp',
      instructTemplate: 'chatml',
    }),
  );
  await connections.create(
    connection('vllm', {
      api: 'text-completion',
      baseUrl: `${emulator.url}/v1`,
      model: 'qwen',
      textBackend: 'openai-completions',
      instructTemplate: 'chatml',
    }),
  );
});
afterAll(async () => {
  await server.close();
  await emulator.close();
});
beforeEach(() => emulator.reset());

const lookAt: OpenAI.ChatCompletionMessageParam[] = [
  {
    role: 'user',
    content: [
      { type: 'text', text: 'What is in this picture?' },
      { type: 'image_url', image_url: { url: TINY_PNG_DATA_URL, detail: 'low' } },
    ],
  },
];

describe('images through the gateway', () => {
  it('OpenAI-compatible upstream: the image_url part goes on as sent', async () => {
    emulator.enqueue('/v1/chat/completions', answer({ content: 'A pixel.' }));
    const completion = await client.chat.completions.create({ model: 'emu', messages: lookAt });
    expect(completion.choices[0].message.content).toBe('A pixel.');
    expect(bodyOf(emulator.requests[0]).messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'What is in this picture?' },
          { type: 'image_url', image_url: { url: TINY_PNG_DATA_URL } },
        ],
      },
    ]);
  });

  it('Anthropic upstream: a base64 image block; a tool result’s image inside its tool_result', async () => {
    emulator.enqueue('/v1/messages', { json: anthropicMessage([{ type: 'text', text: 'A pixel.' }]) });
    await client.chat.completions.create({
      model: 'claude',
      messages: [
        ...lookAt,
        { role: 'assistant', content: null, tool_calls: [openaiToolCall('call_s', 'snap', {})] },
        {
          role: 'tool',
          tool_call_id: 'call_s',
          content: [
            { type: 'text', text: 'Snapped.' },
            { type: 'image_url', image_url: { url: TINY_PNG_DATA_URL } },
          ] as any,
        },
      ],
      tools: [{ type: 'function', function: { name: 'snap', parameters: { type: 'object' } } }],
    });
    const image = {
      type: 'image',
      source: { type: 'base64', media_type: 'image/png', data: TINY_PNG_BASE64 },
    };
    expect((emulator.requests[0].body as any).messages).toEqual([
      { role: 'user', content: [image, { type: 'text', text: 'What is in this picture?' }] },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'call_s', name: 'snap', input: {} }] },
      {
        role: 'user',
        content: [
          {
            type: 'tool_result',
            tool_use_id: 'call_s',
            content: [{ type: 'text', text: 'Snapped.' }, image],
          },
        ],
      },
    ]);
  });

  it('a connection marked text-only (vision: false) sends a note instead of the image', async () => {
    emulator.enqueue('/v1/chat/completions', answer({ content: 'I cannot see it.' }));
    await client.chat.completions.create({ model: 'textonly', messages: lookAt });
    expect(bodyOf(emulator.requests[0]).messages).toEqual([
      {
        role: 'user',
        content:
          'What is in this picture?\n[An image (image/png, 70 bytes) was attached here but not shown: this model takes text only.]',
      },
    ]);
  });

  it('a bad image is a 400 naming the part; an image in a system message too', async () => {
    await expect(
      client.chat.completions.create({
        model: 'emu',
        messages: [
          {
            role: 'user',
            content: [{ type: 'image_url', image_url: { url: 'data:image/svg+xml;base64,PHN2Zz4=' } }],
          },
        ],
      }),
    ).rejects.toMatchObject({
      status: 400,
      code: 'invalid_image',
      param: 'messages[0].content[0].image_url.url',
    });
    await expect(
      client.chat.completions.create({
        model: 'emu',
        messages: [
          { role: 'user', content: [{ type: 'image_url', image_url: { url: 'file:///etc/passwd' } }] },
        ],
      }),
    ).rejects.toMatchObject({ status: 400, code: 'invalid_image' });
    await expect(
      client.chat.completions.create({
        model: 'emu',
        messages: [
          { role: 'system', content: [{ type: 'image_url', image_url: { url: TINY_PNG_DATA_URL } }] as any },
        ],
      }),
    ).rejects.toMatchObject({ status: 400, code: 'unsupported_content', param: 'messages[0].content[0]' });
    expect(emulator.requests).toHaveLength(0);
  });
});

describe('sampler fields', () => {
  const samplers = {
    top_k: 40,
    min_p: 0.05,
    repetition_penalty: 1.1,
    seed: 7,
    typical_p: 0.9,
    dry_multiplier: 0.8,
  };

  it('a local OpenAI-compatible server gets them by their names; KoboldCpp in its own', async () => {
    emulator.enqueue('/v1/chat/completions', answer({ content: 'ok' }));
    await client.chat.completions.create({
      model: 'emu',
      messages: [{ role: 'user', content: 'hi' }],
      ...samplers,
    } as any);
    expect(bodyOf(emulator.requests[0])).toMatchObject(samplers);

    emulator.enqueue('/api/v1/generate', koboldGenerateResponse('ok'));
    await client.chat.completions.create({
      model: 'kobold',
      messages: [{ role: 'user', content: 'hi' }],
      ...samplers,
    } as any);
    expect(emulator.requests[1].body).toMatchObject({
      top_k: 40,
      min_p: 0.05,
      rep_pen: 1.1,
      sampler_seed: 7,
      typical_p: 0.9,
      dry_multiplier: 0.8,
    });
  });

  it('Anthropic takes top_k only; the local samplers never reach it', async () => {
    emulator.enqueue('/v1/messages', { json: anthropicMessage([{ type: 'text', text: 'ok' }]) });
    await client.chat.completions.create({
      model: 'claude',
      messages: [{ role: 'user', content: 'hi' }],
      ...samplers,
    } as any);
    const body = emulator.requests[0].body as Record<string, unknown>;
    expect(body.top_k).toBe(40);
    for (const key of ['min_p', 'repetition_penalty', 'typical_p', 'dry_multiplier', 'seed'])
      expect(body).not.toHaveProperty(key);
  });

  it('a sampler that is not a number is a 400 naming it', async () => {
    await expect(
      client.chat.completions.create({
        model: 'emu',
        messages: [{ role: 'user', content: 'hi' }],
        min_p: 'low',
      } as any),
    ).rejects.toMatchObject({ status: 400, param: 'min_p' });
  });
});

describe('/v1/completions', () => {
  it('a text-completion connection gets the prompt as it is (no template), streamed back as text_completion chunks', async () => {
    emulator.enqueue('/completion', llamacppCompletionStream(['Once', ' upon']));
    const stream = await client.completions.create({
      model: 'llama',
      prompt: '<|im_start|>user\nTell a story<|im_end|>\n<|im_start|>assistant\n',
      max_tokens: 20,
      min_p: 0.1,
      stream: true,
      stream_options: { include_usage: true },
    } as any);
    const chunks: any[] = [];
    for await (const chunk of stream as any) chunks.push(chunk);
    expect(chunks.map((c) => c.choices[0]?.text ?? '').join('')).toBe('Once upon');
    expect(chunks[0]).toMatchObject({ object: 'text_completion', model: 'llama' });
    expect(chunks.at(-2).choices[0].finish_reason).toBe('stop');
    expect(chunks.at(-1)).toMatchObject({ choices: [], usage: { prompt_tokens: 14, completion_tokens: 2 } });
    expect(emulator.requests[0].body).toEqual({
      prompt: '<|im_start|>user\nTell a story<|im_end|>\n<|im_start|>assistant\n',
      stream: true,
      cache_prompt: true,
      n_predict: 20,
      min_p: 0.1,
    });
  });

  it('without streaming, through /v1/completions upstream; echo puts the prompt first', async () => {
    emulator.enqueue('/v1/completions', completionsResponse(' world', { finishReason: 'length' }));
    const completion = await client.completions.create({
      model: 'vllm/qwen-7b',
      prompt: 'Hello',
      echo: true,
      max_tokens: 1,
    });
    expect(completion).toMatchObject({
      object: 'text_completion',
      model: 'vllm/qwen-7b',
      choices: [{ index: 0, text: 'Hello world', finish_reason: 'length', logprobs: null }],
      usage: { prompt_tokens: 8, completion_tokens: 4, total_tokens: 12 },
    });
    expect(completion.id).toMatch(/^cmpl-/);
    expect(emulator.requests[0].body).toEqual({ model: 'qwen-7b', prompt: 'Hello', max_tokens: 1 });
  });

  it('a chat connection gets the prompt as one user message', async () => {
    emulator.enqueue('/v1/chat/completions', answer({ content: 'Paris.' }));
    const completion = await client.completions.create({ model: 'emu', prompt: 'Capital of France?' });
    expect(completion.choices[0].text).toBe('Paris.');
    expect(bodyOf(emulator.requests[0]).messages).toEqual([{ role: 'user', content: 'Capital of France?' }]);
  });

  it('bad requests are 400s in OpenAI’s shape naming the field', async () => {
    await expect(client.completions.create({ model: 'emu', prompt: ['a', 'b'] })).rejects.toMatchObject({
      status: 400,
      param: 'prompt',
      type: 'invalid_request_error',
    });
    await expect(client.completions.create({ model: 'emu', prompt: 'x', n: 2 })).rejects.toMatchObject({
      status: 400,
      param: 'n',
    });
    await expect(client.completions.create({ model: 'nope', prompt: 'x' })).rejects.toMatchObject({
      status: 404,
      code: 'model_not_found',
    });
    expect(emulator.requests).toHaveLength(0);
  });
});

describe('the NAME+tools alias', () => {
  it('runs the server tools on the server for a client that sends nothing else', async () => {
    emulator.on('/v1/chat/completions', (r) => {
      const hasResult = bodyOf(r).messages.some((m) => m.role === 'tool');
      if (hasResult) return answer({ content: 'Open 9 to 5.' });
      return answer({ tool_calls: [openaiToolCall('call_h', 'store_hours', { day: 'mon' })] });
    });
    const completion = await client.chat.completions.create({
      model: 'emu+tools',
      messages: [{ role: 'user', content: 'When are you open?' }],
    });
    expect(completion.model).toBe('emu+tools');
    expect(completion.choices[0].message.content).toBe('Open 9 to 5.');
    expect((completion as any).toolsmith.trace).toMatchObject([{ name: 'store_hours', ok: true }]);
    expect(bodyOf(emulator.requests[0]).tools!.map((t: any) => t.function.name)).toContain('store_hours');
    expect((await client.models.retrieve('emu+tools')).id).toBe('emu+tools');
  });

  it('with client tools it is a 400 that says where client tools go', async () => {
    await expect(
      client.chat.completions.create({
        model: 'emu+tools',
        messages: [{ role: 'user', content: 'hi' }],
        tools: [{ type: 'function', function: { name: 'x', parameters: { type: 'object' } } }],
      }),
    ).rejects.toMatchObject({ status: 400, param: 'tools' });
  });
});
