import {
  createEmulator,
  deepseekMissingReasoningError,
  deepseekThinkingToolCallChunks,
  type Emulator,
  geminiCompatTextCompletion,
  geminiCompatToolCallChunks,
  openaiChunk,
  openaiCompletion,
  openaiStream,
  openrouterMergedReasoningDetails,
  openrouterReasoningDetailsChunks,
  type RecordedRequest,
} from '@toolsmith/emulator';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createRuntime } from '../../runtime/create-runtime.js';
import { ToolRegistry } from '../../tools/registry.js';
import type { ChatMessage, Connection, ProviderRequest, QuirkProfile, StreamEvent } from '../types.js';
import { openaiAdapter } from './adapter.js';

let emulator: Emulator;
beforeAll(async () => {
  emulator = await createEmulator();
});
afterAll(() => emulator.close());
beforeEach(() => emulator.reset());

const PATH = '/v1/chat/completions';

function connection(profile: QuirkProfile, extra: Partial<Connection> = {}): Connection {
  return {
    name: profile,
    api: 'openai',
    baseUrl: `${emulator.url}/v1`,
    model: 'test-model',
    functionCalling: { enabled: true, mode: 'native' },
    quirks: { profile },
    ...extra,
  };
}

async function collect(request: ProviderRequest): Promise<StreamEvent[]> {
  const events: StreamEvent[] = [];
  for await (const event of openaiAdapter.send(request)) events.push(event);
  return events;
}

const messagesOf = (request: RecordedRequest) => (request.body as { messages: unknown[] }).messages;

/** A tool loop over one connection, with `get_weather` / `get_time` / `check_flight` / `book_taxi` tools. */
function loop(conn: Connection) {
  const registry = new ToolRegistry({ logger: { warn() {} } });
  const rt = createRuntime({ connections: [conn], registry });
  for (const name of ['get_weather', 'get_time', 'check_flight', 'book_taxi']) {
    rt.registerFunctionTool({
      name,
      description: `The ${name} tool`,
      parameters: { type: 'object', properties: {} },
      action: () => ({ ok: name }),
    });
  }
  return rt;
}

describe('DeepSeek thinking mode: reasoning_content goes back after tool calls', () => {
  it('keeps the reasoning on the assistant message and sends it back in the next round', async () => {
    let round = 0;
    // A replay server that behaves like DeepSeek: the second request must carry the reasoning back.
    emulator.on(PATH, (req) => {
      round++;
      if (round === 1) return openaiStream(deepseekThinkingToolCallChunks());
      const assistant = messagesOf(req).find(
        (m) => (m as { role: string; tool_calls?: unknown }).role === 'assistant',
      ) as Record<string, unknown>;
      if (!('reasoning_content' in assistant)) return deepseekMissingReasoningError();
      return openaiStream([openaiChunk({ content: 'Sunny in Paris.' }, { finishReason: 'stop' })]);
    });
    const rt = loop(connection('deepseek'));
    const result = await rt.runToolLoop({ taskMessages: [{ role: 'user', content: 'Weather in Paris?' }] });
    expect(result.finalText).toBe('Sunny in Paris.');
    expect(messagesOf(emulator.requests[1])).toEqual([
      { role: 'user', content: 'Weather in Paris?' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'call_00_ds',
            type: 'function',
            function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
          },
        ],
        reasoning_content: 'The user wants the weather; I should call get_weather.',
      },
      { role: 'tool', tool_call_id: 'call_00_ds', content: '{"ok":"get_weather"}' },
    ]);
    // the message kept in the loop says where the reasoning came from
    expect(result.messages[1]).toMatchObject({
      role: 'assistant',
      reasoning: [
        { text: 'The user wants the weather; I should call get_weather.', field: 'reasoning_content' },
      ],
    });
  });

  it('sends an empty reasoning_content on a tool-call turn that has none (DeepSeek checks the field)', async () => {
    emulator.enqueue(PATH, openaiStream([openaiChunk({ content: 'ok' }, { finishReason: 'stop' })]));
    const messages: ChatMessage[] = [
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'get_time', args: {} }] },
      { role: 'tool', toolCallId: 'c1', name: 'get_time', content: '12:00' },
    ];
    await collect({ connection: connection('deepseek'), messages, stream: true });
    expect(messagesOf(emulator.requests[0])[1]).toEqual({
      role: 'assistant',
      content: null,
      tool_calls: [{ id: 'c1', type: 'function', function: { name: 'get_time', arguments: '{}' } }],
      reasoning_content: '',
    });
  });

  it('never sends reasoning fields to OpenAI itself or to Mistral (they refuse unknown message fields)', async () => {
    const messages: ChatMessage[] = [
      { role: 'user', content: 'hi' },
      {
        role: 'assistant',
        content: '',
        toolCalls: [{ id: 'c1', name: 'get_time', args: {} }],
        reasoning: [{ text: 'thinking', field: 'reasoning_content' }],
      },
      { role: 'tool', toolCallId: 'c1', name: 'get_time', content: '12:00' },
    ];
    for (const profile of ['openai', 'mistral'] as const) {
      emulator.enqueue(PATH, { json: openaiCompletion({ content: 'ok' }) });
      await collect({ connection: connection(profile), messages, stream: false });
    }
    for (const request of emulator.requests) {
      expect(messagesOf(request)[1]).not.toHaveProperty('reasoning_content');
    }
  });
});

describe('OpenRouter reasoning and reasoning_details', () => {
  it('merges the streamed reasoning_details fragments and sends them back exactly', async () => {
    let round = 0;
    emulator.on(PATH, () =>
      ++round === 1
        ? openaiStream(openrouterReasoningDetailsChunks())
        : openaiStream([openaiChunk({ content: 'It is noon.' }, { finishReason: 'stop' })]),
    );
    const rt = loop(connection('openrouter'));
    const events: unknown[] = [];
    const result = await rt.runToolLoop({
      taskMessages: [{ role: 'user', content: 'Time?' }],
      onEvent: (e) => void events.push(e),
    });
    expect(result.finalText).toBe('It is noon.');
    expect(result.steps[0].reasoning).toBe('Look up the time.');
    const assistant = messagesOf(emulator.requests[1])[1];
    expect(assistant).toEqual({
      role: 'assistant',
      content: null,
      tool_calls: [
        { id: 'toolu_01', type: 'function', function: { name: 'get_time', arguments: '{"zone":"CET"}' } },
      ],
      reasoning_details: openrouterMergedReasoningDetails,
    });
  });

  it('sends plain `reasoning` text back in the field it came in when there are no details', async () => {
    emulator.enqueue(
      PATH,
      openaiStream([
        openaiChunk({ reasoning: 'Need the clock.' }),
        openaiChunk({
          tool_calls: [
            { index: 0, id: 'c9', type: 'function', function: { name: 'get_time', arguments: '{}' } },
          ],
        }),
        openaiChunk({}, { finishReason: 'tool_calls' }),
      ]),
    );
    const events = await collect({
      connection: connection('generic'),
      messages: [{ role: 'user', content: 'Time?' }],
      stream: true,
    });
    const part = events.find((e) => e.type === 'reasoning-part');
    expect(part).toEqual({ type: 'reasoning-part', part: { text: 'Need the clock.', field: 'reasoning' } });
    emulator.enqueue(PATH, { json: openaiCompletion({ content: 'ok' }) });
    await collect({
      connection: connection('generic'),
      messages: [
        { role: 'user', content: 'Time?' },
        {
          role: 'assistant',
          content: '',
          toolCalls: [{ id: 'c9', name: 'get_time', args: {} }],
          reasoning: [part?.type === 'reasoning-part' ? part.part : { text: '' }],
        },
        { role: 'tool', toolCallId: 'c9', name: 'get_time', content: 'noon' },
      ],
      stream: false,
    });
    expect(messagesOf(emulator.requests[1])[1]).toMatchObject({ reasoning: 'Need the clock.' });
    expect(messagesOf(emulator.requests[1])[1]).not.toHaveProperty('reasoning_content');
  });
});

describe("Gemini's OpenAI compatibility: thought signatures", () => {
  it('keeps extra_content.google.thought_signature on the call that had it and sends it back there', async () => {
    let round = 0;
    emulator.on(PATH, () =>
      ++round === 1
        ? openaiStream(geminiCompatToolCallChunks('CsUBAdHtim9sig'))
        : openaiStream([openaiChunk({ content: 'Booked.' }, { finishReason: 'stop' })]),
    );
    const rt = loop(connection('gemini'));
    const result = await rt.runToolLoop({
      taskMessages: [{ role: 'user', content: 'Check AA100, book a taxi.' }],
    });
    expect(result.finalText).toBe('Booked.');
    expect(messagesOf(emulator.requests[1])[1]).toEqual({
      role: 'assistant',
      content: null,
      tool_calls: [
        {
          id: 'function-call-1',
          type: 'function',
          function: { name: 'check_flight', arguments: '{"flight":"AA100"}' },
          extra_content: { google: { thought_signature: 'CsUBAdHtim9sig' } },
        },
        {
          id: 'function-call-2',
          type: 'function',
          function: { name: 'book_taxi', arguments: '{"time":"10 AM"}' },
        },
      ],
    });
  });

  it('reads the signature of a text answer and writes it back on the assistant message', async () => {
    emulator.enqueue(PATH, { json: geminiCompatTextCompletion('CrICAdHtextsig') });
    const events = await collect({
      connection: connection('gemini'),
      messages: [{ role: 'user', content: 'Weather?' }],
      stream: false,
    });
    const finish = events.at(-1);
    expect(finish).toMatchObject({
      type: 'finish',
      providerMetadata: { thoughtSignature: 'CrICAdHtextsig' },
    });
    emulator.enqueue(PATH, { json: openaiCompletion({ content: 'ok' }) });
    await collect({
      connection: connection('gemini'),
      messages: [
        { role: 'user', content: 'Weather?' },
        {
          role: 'assistant',
          content: 'It is sunny.',
          providerMetadata: { thoughtSignature: 'CrICAdHtextsig' },
        },
        { role: 'user', content: 'Thanks' },
      ],
      stream: false,
    });
    expect(messagesOf(emulator.requests[1])[1]).toEqual({
      role: 'assistant',
      content: 'It is sunny.',
      extra_content: { google: { thought_signature: 'CrICAdHtextsig' } },
    });
  });

  it('generateTask keeps the text signature on the assistant message it returns', async () => {
    emulator.enqueue(PATH, { json: geminiCompatTextCompletion('CrICAdHtextsig') });
    const rt = createRuntime({ connections: [connection('gemini')] });
    const result = await rt.generateTask({ taskMessages: [{ role: 'user', content: 'Weather?' }] });
    expect(result.message).toEqual({
      role: 'assistant',
      content: 'It is sunny.',
      providerMetadata: { thoughtSignature: 'CrICAdHtextsig' },
    });
  });
});
