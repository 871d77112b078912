// The OpenAI-compatible gateway driven by the official `openai` client, against the provider emulator:
// models, plain and streamed answers, structured output, client tools, text-mode upstreams.
import {
  anthropicEventsFor,
  anthropicMessage,
  anthropicStream,
  type Emulator,
  koboldGenerateResponse,
  koboldStream,
  openaiChunk,
  openaiStream,
  openaiToolCall,
  openaiUsage,
  openaiUsageChunk,
  type RecordedRequest,
} from '@toolsmith/emulator';
import type OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestServer } from '../test-support/test-server.js';
import { answer, ask, bodyOf, connection, setupGateway, weatherTool } from './__fixtures__/gateway-setup.js';
import { pieces, triggerIn, xmlCalls } from './__fixtures__/text-protocol.js';

let emulator: Emulator;
let server: TestServer;
let client: OpenAI;

beforeAll(async () => {
  ({ emulator, server, client } = await setupGateway());
});
afterAll(async () => {
  await server.close();
  await emulator.close();
});
beforeEach(() => emulator.reset());

describe('models', () => {
  it('lists every connection as a model and retrieves CONNECTION/MODEL ids', async () => {
    const page = await client.models.list();
    expect(page.data.map((m) => m.id).sort()).toEqual(['emu', 'kobold', 'xml']);
    expect(page.data.find((m) => m.id === 'emu')).toMatchObject({ object: 'model', owned_by: 'toolsmith' });
    expect((await client.models.retrieve('emu/gpt-4o-mini')).id).toBe('emu/gpt-4o-mini');
    await expect(client.models.retrieve('nope')).rejects.toMatchObject({
      status: 404,
      code: 'model_not_found',
    });
  });
});

describe('chat completions (plain)', () => {
  it('answers without streaming through the named connection, with its key and model', async () => {
    emulator.enqueue('/v1/chat/completions', answer({ content: 'Sunny.' }, { usage: openaiUsage(12, 3) }));
    const completion = await client.chat.completions.create({
      model: 'emu',
      messages: [{ role: 'system', content: 'Be brief. {{user}}' }, ...ask],
      temperature: 0.2,
      max_tokens: 50,
    });
    expect(completion.object).toBe('chat.completion');
    expect(completion.model).toBe('emu');
    expect(completion.choices[0].message).toMatchObject({ role: 'assistant', content: 'Sunny.' });
    expect(completion.choices[0].finish_reason).toBe('stop');
    expect(completion.usage).toEqual({ prompt_tokens: 12, completion_tokens: 3, total_tokens: 15 });
    const upstream = emulator.requests[0];
    expect(upstream.headers.authorization).toBe('Bearer sk-upstream');
    expect(bodyOf(upstream)).toMatchObject({
      model: 'gpt-emu',
      temperature: 0.2,
      max_tokens: 50,
      // client text is passed as written: no macro substitution
      messages: [
        { role: 'system', content: 'Be brief. {{user}}' },
        { role: 'user', content: 'What is the weather in Paris?' },
      ],
    });
    expect(bodyOf(upstream).stream).toBeUndefined();
  });

  it('CONNECTION/MODEL overrides the model sent upstream', async () => {
    emulator.enqueue('/v1/chat/completions', answer({ content: 'ok' }));
    const completion = await client.chat.completions.create({ model: 'emu/other-model', messages: ask });
    expect(completion.model).toBe('emu/other-model');
    expect(bodyOf(emulator.requests[0]).model).toBe('other-model');
  });

  it('streams text deltas, a finish chunk and the usage chunk', async () => {
    emulator.enqueue(
      '/v1/chat/completions',
      openaiStream([
        openaiChunk({ role: 'assistant', content: '' }),
        openaiChunk({ content: 'Sun' }),
        openaiChunk({ content: 'ny ' }),
        openaiChunk({ content: 'today.' }),
        openaiChunk({}, { finishReason: 'stop' }),
        openaiUsageChunk(openaiUsage(9, 4)),
      ]),
    );
    const stream = await client.chat.completions.create({
      model: 'emu',
      messages: ask,
      stream: true,
      stream_options: { include_usage: true },
    });
    const chunks = [];
    for await (const chunk of stream) chunks.push(chunk);
    const text = chunks.map((c) => c.choices[0]?.delta.content ?? '').join('');
    expect(text).toBe('Sunny today.');
    expect(chunks[0].choices[0].delta.role).toBe('assistant');
    expect(chunks.at(-2)?.choices[0].finish_reason).toBe('stop');
    expect(chunks.at(-1)).toMatchObject({
      choices: [],
      usage: { prompt_tokens: 9, completion_tokens: 4, total_tokens: 13 },
    });
    expect(new Set(chunks.map((c) => c.id)).size).toBe(1);
    expect(bodyOf(emulator.requests[0]).stream).toBe(true);
  });
});

describe('structured output', () => {
  const moodFormat = {
    type: 'json_schema' as const,
    json_schema: {
      name: 'mood',
      schema: {
        type: 'object',
        properties: { mood: { type: 'string' } },
        required: ['mood'],
        additionalProperties: false,
      },
    },
  };

  it('passes response_format json_schema upstream; an answer that breaks the schema is a 502', async () => {
    emulator.enqueue(
      '/v1/chat/completions',
      answer({ content: '{"mood":"calm"}' }),
      answer({ content: '{"feeling":1}' }),
    );
    const ok = await client.chat.completions.create({
      model: 'emu',
      messages: ask,
      response_format: moodFormat,
    });
    expect(JSON.parse(ok.choices[0].message.content!)).toEqual({ mood: 'calm' });
    expect((bodyOf(emulator.requests[0]) as any).response_format).toMatchObject({
      type: 'json_schema',
      json_schema: { name: 'mood', schema: moodFormat.json_schema.schema },
    });
    await expect(
      client.chat.completions.create({ model: 'emu', messages: ask, response_format: moodFormat }),
    ).rejects.toMatchObject({ status: 502, code: 'json_schema_violation' });
  });
});

describe('client tools', () => {
  it('passes tools through and returns tool_calls; the next turn carries the results back', async () => {
    emulator.enqueue(
      '/v1/chat/completions',
      answer({ tool_calls: [openaiToolCall('call_1', 'get_weather', { city: 'Paris' })] }),
      answer({ content: 'It is sunny in Paris.' }),
    );
    const first = await client.chat.completions.create({
      model: 'emu',
      messages: ask,
      tools: [weatherTool],
      tool_choice: 'auto',
    });
    const choice = first.choices[0];
    expect(choice.finish_reason).toBe('tool_calls');
    expect(choice.message.content).toBeNull();
    expect(choice.message.tool_calls).toEqual([
      { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
    ]);
    expect(bodyOf(emulator.requests[0]).tools).toEqual([weatherTool]);

    const second = await client.chat.completions.create({
      model: 'emu',
      tools: [weatherTool],
      messages: [
        ...ask,
        choice.message,
        { role: 'tool', tool_call_id: 'call_1', content: '{"sky":"clear"}' },
      ],
    });
    expect(second.choices[0].message.content).toBe('It is sunny in Paris.');
    expect(bodyOf(emulator.requests[1]).messages.slice(1)).toEqual([
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'call_1',
            type: 'function',
            function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
          },
        ],
      },
      { role: 'tool', tool_call_id: 'call_1', content: '{"sky":"clear"}' },
    ]);
  });

  it('streams parallel tool calls that the client helper reassembles', async () => {
    // two calls streamed the awkward way: indexes 1 and 2, continuation deltas without ids
    emulator.enqueue(
      '/v1/chat/completions',
      openaiStream([
        openaiChunk({ role: 'assistant', content: null }),
        openaiChunk({
          tool_calls: [
            { index: 1, id: 'call_a', type: 'function', function: { name: 'get_weather', arguments: '' } },
          ],
        }),
        openaiChunk({ tool_calls: [{ index: 1, function: { arguments: '{"ci' } }] }),
        openaiChunk({ tool_calls: [{ index: 1, function: { arguments: 'ty":"Paris"}' } }] }),
        openaiChunk({
          tool_calls: [
            { index: 2, id: 'call_b', function: { name: 'get_weather', arguments: '{"city":"Rome"}' } },
          ],
        }),
        openaiChunk({}, { finishReason: 'tool_calls' }),
      ]),
    );
    const runner = client.chat.completions.stream({ model: 'emu', messages: ask, tools: [weatherTool] });
    const final = await runner.finalChatCompletion();
    expect(final.choices[0].finish_reason).toBe('tool_calls');
    expect(final.choices[0].message.tool_calls).toEqual([
      { id: 'call_a', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
      { id: 'call_b', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Rome"}' } },
    ]);
  });
});

describe('other provider families', () => {
  it('an Anthropic connection: tool_use blocks come back as OpenAI tool_calls, streaming and not', async () => {
    const stored = await server.app.toolsmith.storage.connections.create(
      connection('claude', {
        api: 'anthropic',
        baseUrl: `${emulator.url}/v1`,
        model: 'claude-test',
        apiKey: 'ak',
      }),
    );
    try {
      const content = [
        { type: 'text' as const, text: 'Checking. ' },
        { type: 'tool_use' as const, id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } },
      ];
      emulator.on('/v1/messages', (r) =>
        (r.body as { stream?: boolean }).stream
          ? anthropicStream(anthropicEventsFor(content))
          : { json: anthropicMessage(content) },
      );
      const plain = await client.chat.completions.create({
        model: 'claude',
        messages: ask,
        tools: [weatherTool],
      });
      expect(plain.choices[0].finish_reason).toBe('tool_calls');
      expect(plain.choices[0].message).toMatchObject({
        content: 'Checking. ',
        tool_calls: [
          {
            id: 'toolu_1',
            type: 'function',
            function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
          },
        ],
      });
      const sent = emulator.requests[0].body as { tools: Array<{ name: string; input_schema: unknown }> };
      expect(sent.tools[0]).toMatchObject({
        name: 'get_weather',
        input_schema: weatherTool.function.parameters,
      });

      const final = await client.chat.completions
        .stream({ model: 'claude', messages: ask, tools: [weatherTool] })
        .finalChatCompletion();
      expect(final.choices[0].message.tool_calls?.[0]).toMatchObject({
        id: 'toolu_1',
        function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
      });
      expect(final.choices[0].message.content).toBe('Checking. ');
    } finally {
      await server.app.toolsmith.storage.connections.delete(stored.id);
    }
  });
});

describe('text-mode upstreams return native tool_calls', () => {
  it('a KoboldCpp (text-completion) connection: streaming and not', async () => {
    const answer = (r: RecordedRequest) =>
      xmlCalls(triggerIn(r), [{ name: 'get_weather', args: { city: 'Paris' } }], 'Let me check. ');
    emulator.on('/api/v1/generate', (r) => koboldGenerateResponse(answer(r)));
    emulator.on('/api/extra/generate/stream', (r) => koboldStream(pieces(answer(r))));

    const plain = await client.chat.completions.create({
      model: 'kobold',
      messages: ask,
      tools: [weatherTool],
    });
    expect(plain.choices[0].finish_reason).toBe('tool_calls');
    expect(plain.choices[0].message.content).toBe('Let me check. ');
    expect(plain.choices[0].message.tool_calls).toEqual([
      {
        id: expect.any(String),
        type: 'function',
        function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
      },
    ]);
    // the tools went upstream as the text protocol inside the prompt
    expect(bodyOf(emulator.requests[0]).prompt).toContain('get_weather');

    const final = await client.chat.completions
      .stream({ model: 'kobold', messages: ask, tools: [weatherTool] })
      .finalChatCompletion();
    expect(final.choices[0].finish_reason).toBe('tool_calls');
    expect(final.choices[0].message.content).toBe('Let me check. ');
    expect(final.choices[0].message.tool_calls?.[0].function).toEqual({
      name: 'get_weather',
      arguments: '{"city":"Paris"}',
    });
    expect(final.choices[0].message.content).not.toContain('function_calls');
  });

  it('a prompt_xml chat connection: no native tools upstream, tool results rendered back as text', async () => {
    emulator.on('/v1/chat/completions', (r) =>
      bodyOf(r).messages.some((m) => m.role === 'user' && String(m.content).includes('<tool_result'))
        ? answer({ content: 'Clear skies in Paris.' })
        : answer({
            content: xmlCalls(triggerIn(r), [{ name: 'get_weather', args: { city: 'Paris' } }]),
          }),
    );
    const first = await client.chat.completions.create({ model: 'xml', messages: ask, tools: [weatherTool] });
    const call = first.choices[0].message.tool_calls?.[0];
    expect(call).toMatchObject({
      type: 'function',
      function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
    });
    expect(bodyOf(emulator.requests[0]).tools).toBeUndefined();

    const second = await client.chat.completions.create({
      model: 'xml',
      tools: [weatherTool],
      messages: [
        ...ask,
        first.choices[0].message,
        { role: 'tool', tool_call_id: call!.id, content: 'clear' },
      ],
    });
    expect(second.choices[0].message.content).toBe('Clear skies in Paris.');
    const sent = bodyOf(emulator.requests[1]).messages;
    expect(sent.some((m) => String(m.content).includes('<tool_result name="get_weather">'))).toBe(true);
  });
});
