import {
  createEmulator,
  type Emulator,
  openaiErrors,
  type RecordedRequest,
  responsesErrors,
  responsesEventsFor,
  responsesItem,
  responsesObject,
  responsesStream,
  responsesUsage,
} from '@toolsmith/emulator';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isGenerateTaskError } from '../../base/errors.js';
import { createRuntime } from '../../runtime/create-runtime.js';
import { ToolRegistry } from '../../tools/registry.js';
import type { Connection, ProviderRequest, StreamEvent, ToolSpec } from '../types.js';
import { openaiResponsesAdapter } from './adapter.js';

let emulator: Emulator;
beforeAll(async () => {
  emulator = await createEmulator();
});
afterAll(() => emulator.close());
beforeEach(() => emulator.reset());

const PATH = '/v1/responses';
const WEATHER: ToolSpec = {
  name: 'get_weather',
  description: 'Weather for a city',
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};

function connection(extra: Partial<Connection> = {}): Connection {
  return {
    name: 'responses',
    api: 'openai-responses',
    baseUrl: `${emulator.url}/v1`,
    model: 'o4-mini',
    apiKey: 'sk-test',
    functionCalling: { enabled: true, mode: 'native' },
    ...extra,
  };
}

async function collect(request: Partial<ProviderRequest>): Promise<StreamEvent[]> {
  const events: StreamEvent[] = [];
  for await (const event of openaiResponsesAdapter.send({
    connection: connection(),
    messages: [{ role: 'user', content: 'Weather in Paris?' }],
    stream: true,
    ...request,
  }))
    events.push(event);
  return events;
}

async function failure(request: Partial<ProviderRequest>) {
  try {
    await collect(request);
  } catch (error) {
    if (isGenerateTaskError(error)) return error;
    throw error;
  }
  throw new Error('expected a failure');
}

const bodyOf = (r: RecordedRequest) => r.body as Record<string, any>;

/** reasoning (two summary parts, encrypted) → a function call in three pieces */
const REASONED_CALL = [
  responsesItem.reasoning('rs_1', ['Need the weather.', 'Call the tool.'], 'gAAAA-encrypted-1'),
  {
    item: responsesItem.functionCall('fc_1', 'call_1', 'get_weather', '{"city":"Paris"}'),
    pieces: ['{"ci', 'ty":"Pa', 'ris"}'],
  },
];

describe('OpenAI Responses adapter', () => {
  it('sends a stateless request and reads reasoning summaries, call deltas and the finish', async () => {
    emulator.enqueue(
      PATH,
      responsesStream(responsesEventsFor(REASONED_CALL, { usage: responsesUsage(40, 30, 12) })),
    );
    const events = await collect({
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Weather in Paris?' },
      ],
      tools: [WEATHER],
      toolChoice: 'auto',
      parallelToolCalls: false,
      params: { maxTokens: 800, temperature: 0.3, stop: ['x'] },
      connection: connection({ thinking: { effort: 'medium', includeThoughts: true } }),
    });
    const request = emulator.requests[0];
    expect(request.path).toBe(PATH);
    expect(request.headers.authorization).toBe('Bearer sk-test');
    expect(request.body).toEqual({
      model: 'o4-mini',
      instructions: 'Be brief.',
      input: [{ role: 'user', content: 'Weather in Paris?' }],
      tools: [
        {
          type: 'function',
          name: 'get_weather',
          description: 'Weather for a city',
          parameters: WEATHER.parameters,
          strict: false,
        },
      ],
      tool_choice: 'auto',
      parallel_tool_calls: false,
      max_output_tokens: 800,
      reasoning: { effort: 'medium', summary: 'auto' },
      store: false,
      include: ['reasoning.encrypted_content'],
      stream: true,
    });
    expect(events).toEqual([
      { type: 'reasoning-delta', text: 'Need the ' },
      { type: 'reasoning-delta', text: 'weather.' },
      { type: 'reasoning-delta', text: '\n\n' },
      { type: 'reasoning-delta', text: 'Call th' },
      { type: 'reasoning-delta', text: 'e tool.' },
      {
        type: 'reasoning-part',
        part: {
          text: 'Need the weather.\n\nCall the tool.',
          item: {
            type: 'reasoning',
            id: 'rs_1',
            summary: [
              { type: 'summary_text', text: 'Need the weather.' },
              { type: 'summary_text', text: 'Call the tool.' },
            ],
            encrypted_content: 'gAAAA-encrypted-1',
          },
          position: 0,
        },
      },
      { type: 'tool-call-start', id: 'call_1', index: 0, name: 'get_weather' },
      { type: 'tool-call-delta', id: 'call_1', index: 0, argsDelta: '{"ci' },
      { type: 'tool-call-delta', id: 'call_1', index: 0, argsDelta: 'ty":"Pa' },
      { type: 'tool-call-delta', id: 'call_1', index: 0, argsDelta: 'ris"}' },
      {
        type: 'tool-call',
        id: 'call_1',
        index: 0,
        name: 'get_weather',
        args: { city: 'Paris' },
        rawArgs: '{"city":"Paris"}',
        providerMetadata: { itemId: 'fc_1' },
      },
      {
        type: 'finish',
        reason: 'tool_calls',
        rawReason: 'completed',
        usage: { inputTokens: 40, outputTokens: 30, totalTokens: 70, reasoningTokens: 12 },
      },
    ]);
  });

  it('replays reasoning items statelessly, each before the call it led to, in the next round', async () => {
    let round = 0;
    // a replay server that insists, like the API, that a reasoning item is followed by its call
    emulator.on(PATH, (req) => {
      round++;
      if (round === 1) return responsesStream(responsesEventsFor(REASONED_CALL));
      const input = bodyOf(req).input as Array<Record<string, unknown>>;
      const at = input.findIndex((item) => item.type === 'reasoning');
      if (at === -1 || input[at + 1]?.type !== 'function_call') return responsesErrors.missingFollowingItem();
      return responsesStream(responsesEventsFor([responsesItem.message('msg_2', 'Sunny, 24 °C.')]));
    });
    const registry = new ToolRegistry({ logger: { warn() {} } });
    const rt = createRuntime({ connections: [connection()], registry });
    rt.registerFunctionTool({ ...WEATHER, action: () => ({ sky: 'sunny', c: 24 }) });
    const result = await rt.runToolLoop({ taskMessages: [{ role: 'user', content: 'Weather in Paris?' }] });
    expect(result.finalText).toBe('Sunny, 24 °C.');
    const second = bodyOf(emulator.requests[1]);
    expect(second).not.toHaveProperty('previous_response_id');
    expect(second.store).toBe(false);
    expect(second.input).toEqual([
      { role: 'user', content: 'Weather in Paris?' },
      {
        type: 'reasoning',
        id: 'rs_1',
        summary: [
          { type: 'summary_text', text: 'Need the weather.' },
          { type: 'summary_text', text: 'Call the tool.' },
        ],
        encrypted_content: 'gAAAA-encrypted-1',
      },
      {
        type: 'function_call',
        call_id: 'call_1',
        name: 'get_weather',
        arguments: '{"city":"Paris"}',
        id: 'fc_1',
      },
      { type: 'function_call_output', call_id: 'call_1', output: '{"sky":"sunny","c":24}' },
    ]);
  });

  it('keeps interleaved reasoning in order around parallel calls', async () => {
    emulator.enqueue(
      PATH,
      responsesStream(
        responsesEventsFor([
          responsesItem.message('msg_1', 'Checking both.'),
          responsesItem.reasoning('rs_a', [], 'enc-a'),
          responsesItem.functionCall('fc_a', 'call_a', 'get_weather', '{"city":"Paris"}'),
          responsesItem.reasoning('rs_b', [], 'enc-b'),
          responsesItem.functionCall('fc_b', 'call_b', 'get_weather', '{"city":"Rome"}'),
        ]),
      ),
    );
    const events = await collect({ tools: [WEATHER] });
    const parts = events.filter((e) => e.type === 'reasoning-part');
    expect(parts.map((p) => p.type === 'reasoning-part' && [p.part.item?.id, p.part.position])).toEqual([
      ['rs_a', 0],
      ['rs_b', 1],
    ]);
    expect(events.filter((e) => e.type === 'text-delta')).toEqual([
      { type: 'text-delta', text: 'Checking both.' },
    ]);
    emulator.enqueue(PATH, { json: responsesObject([responsesItem.message('msg_9', 'ok')]) });
    const calls = events.filter(
      (e): e is Extract<StreamEvent, { type: 'tool-call' }> => e.type === 'tool-call',
    );
    await collect({
      stream: false,
      tools: [WEATHER],
      messages: [
        { role: 'user', content: 'Both?' },
        {
          role: 'assistant',
          content: 'Checking both.',
          toolCalls: calls.map((c) => ({
            id: c.id,
            name: c.name,
            args: c.args,
            providerMetadata: c.providerMetadata,
          })),
          reasoning: parts.map((p) => (p.type === 'reasoning-part' ? p.part : { text: '' })),
        },
        { role: 'tool', toolCallId: 'call_a', name: 'get_weather', content: 'sun' },
        { role: 'tool', toolCallId: 'call_b', name: 'get_weather', content: 'rain' },
      ],
    });
    expect(
      (bodyOf(emulator.requests[1]).input as Array<Record<string, unknown>>).map((i) => i.type ?? i.role),
    ).toEqual([
      'user',
      'assistant',
      'reasoning',
      'function_call',
      'reasoning',
      'function_call',
      'function_call_output',
      'function_call_output',
    ]);
  });

  it('replays a whole (non-streaming) response; structured output goes as text.format', async () => {
    emulator.enqueue(PATH, {
      json: responsesObject([responsesItem.message('msg_1', '{"ok":true}')], { usage: responsesUsage(5, 3) }),
    });
    const events = await collect({
      stream: false,
      connection: connection({ model: 'gpt-4.1' }),
      params: { temperature: 0.2 },
      jsonSchema: { name: 'answer set', schema: { type: 'object', properties: { ok: { type: 'boolean' } } } },
    });
    expect(bodyOf(emulator.requests[0])).toEqual({
      model: 'gpt-4.1',
      input: [{ role: 'user', content: 'Weather in Paris?' }],
      text: {
        format: {
          type: 'json_schema',
          name: 'answer_set',
          schema: { type: 'object', properties: { ok: { type: 'boolean' } } },
          strict: false,
        },
      },
      temperature: 0.2,
      store: false,
    });
    expect(events.filter((e) => e.type === 'text-delta')).toEqual([
      { type: 'text-delta', text: '{"ok":true}' },
    ]);
    expect(events.at(-1)).toMatchObject({
      type: 'finish',
      reason: 'stop',
      rawReason: 'completed',
      usage: { inputTokens: 5, outputTokens: 3, totalTokens: 8, reasoningTokens: 0 },
    });
  });

  it('an incomplete answer finishes with length and drops a half-written call', async () => {
    const events = [
      { type: 'response.created', response: responsesObject([], { status: 'in_progress' }) },
      {
        type: 'response.output_item.added',
        output_index: 0,
        item: { type: 'function_call', id: 'fc_x', call_id: 'call_x', name: 'get_weather', arguments: '' },
      },
      { type: 'response.function_call_arguments.delta', item_id: 'fc_x', output_index: 0, delta: '{"ci' },
      {
        type: 'response.incomplete',
        response: responsesObject([], { status: 'incomplete', incompleteReason: 'max_output_tokens' }),
      },
    ];
    emulator.enqueue(PATH, responsesStream(events));
    const out = await collect({ tools: [WEATHER] });
    expect(out.filter((e) => e.type === 'tool-call')).toEqual([]);
    expect(out.at(-1)).toMatchObject({ type: 'finish', reason: 'length', rawReason: 'max_output_tokens' });
  });

  it('errors: HTTP status, an error event, a failed response, a cut-off stream', async () => {
    emulator.enqueue(PATH, openaiErrors.invalidKey());
    expect((await failure({})).code).toBe('auth_missing');

    emulator.enqueue(
      PATH,
      responsesStream([
        { type: 'response.created', response: responsesObject([], { status: 'in_progress' }) },
        responsesErrors.errorEvent('rate_limit_exceeded', 'Slow down.'),
      ]),
    );
    const limited = await failure({});
    expect([limited.code, limited.message]).toEqual(['rate_limit', 'Slow down.']);

    emulator.enqueue(PATH, responsesStream([responsesErrors.failed('server_error', 'Boom.')]));
    const failed = await failure({});
    expect([failed.code, failed.message]).toEqual(['network', 'Boom.']);

    const partial = responsesEventsFor([responsesItem.message('msg_1', 'Half')]).slice(0, -2);
    emulator.enqueue(PATH, responsesStream(partial, { cutOff: true }));
    expect((await failure({})).code).toBe('network');
  });
});
