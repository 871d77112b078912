import {
  anthropicMessage,
  anthropicScenarios,
  anthropicStream,
  createEmulator,
  type Emulator,
  geminiResponse,
} from '@toolsmith/emulator';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isGenerateTaskError } from '../base/errors.js';
import { anthropicAdapter } from './anthropic/adapter.js';
import { googleAdapter } from './google/adapter.js';
import type {
  ChatMessage,
  Connection,
  ProviderAdapter,
  ProviderRequest,
  StreamEvent,
  ToolSpec,
} from './types.js';

let emulator: Emulator;
beforeAll(async () => {
  emulator = await createEmulator();
});
afterAll(() => emulator.close());
beforeEach(() => emulator.reset());

const TOOLS: ToolSpec[] = [
  {
    name: 'roll',
    description: 'Roll dice',
    parameters: { type: 'object', properties: { n: { type: 'integer' } } },
  },
  {
    name: 'note',
    description: 'Take a note',
    parameters: { type: 'object', properties: { t: { type: 'string' } } },
  },
];

function claude(extra: Partial<Connection> = {}): Connection {
  return {
    name: 'claude',
    api: 'anthropic',
    baseUrl: `${emulator.url}/v1`,
    model: 'claude-test',
    functionCalling: { enabled: true, mode: 'native' },
    ...extra,
  };
}

function gemini(extra: Partial<Connection> = {}): Connection {
  return {
    name: 'gemini',
    api: 'google',
    baseUrl: `${emulator.url}/v1beta`,
    model: 'gemini-test',
    functionCalling: { enabled: true, mode: 'native' },
    ...extra,
  };
}

async function run(adapter: ProviderAdapter, request: ProviderRequest): Promise<StreamEvent[]> {
  const events: StreamEvent[] = [];
  for await (const event of adapter.send(request)) events.push(event);
  return events;
}

const bodyOf = (i = 0) => emulator.requests[i].body as Record<string, unknown>;

describe('Anthropic extended thinking', () => {
  it('sends thinking with the budget, raises max_tokens above it and drops what thinking refuses', async () => {
    emulator.enqueue('/v1/messages', anthropicStream(anthropicScenarios.text()));
    await run(anthropicAdapter, {
      connection: claude({ thinking: { budgetTokens: 2048 } }),
      messages: [{ role: 'user', content: 'Hi' }],
      params: { temperature: 0.7, topK: 40, topP: 0.9, stop: ['##'] },
      tools: TOOLS,
      stream: true,
    });
    expect(bodyOf()).toEqual({
      model: 'claude-test',
      max_tokens: 2048 + 4096,
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }],
      thinking: { type: 'enabled', budget_tokens: 2048 },
      tools: TOOLS.map((t) => ({ name: t.name, description: t.description, input_schema: t.parameters })),
      tool_choice: { type: 'auto' },
      stop_sequences: ['##'],
      stream: true,
    });
  });

  it("a preset's budget wins over the connection's; top_p ≥ 0.95 is kept; no thinking with a forced tool", async () => {
    emulator.enqueue('/v1/messages', { json: anthropicMessage([{ type: 'text', text: 'ok' }]) });
    emulator.enqueue('/v1/messages', {
      json: anthropicMessage([{ type: 'tool_use', id: 't1', name: 'roll', input: { n: 1 } }]),
    });
    const base = { messages: [{ role: 'user', content: 'Hi' }] as ChatMessage[], stream: false };
    await run(anthropicAdapter, {
      ...base,
      connection: claude({ thinking: { budgetTokens: 2048 } }),
      params: { thinking: { budgetTokens: 1024 }, maxTokens: 3000, topP: 0.95 },
    });
    expect(bodyOf(0)).toMatchObject({
      max_tokens: 3000,
      thinking: { type: 'enabled', budget_tokens: 1024 },
      top_p: 0.95,
    });
    await run(anthropicAdapter, {
      ...base,
      connection: claude({ thinking: { budgetTokens: 2048 } }),
      tools: TOOLS,
      toolChoice: { name: 'roll' },
      params: { temperature: 0.3 },
    });
    expect(bodyOf(1)).not.toHaveProperty('thinking');
    expect(bodyOf(1)).toMatchObject({
      max_tokens: 4096,
      temperature: 0.3,
      tool_choice: { type: 'tool', name: 'roll' },
    });
  });

  it('refuses a budget that does not fit under maxTokens, naming both', async () => {
    let error: unknown;
    try {
      await run(anthropicAdapter, {
        connection: claude({ thinking: { budgetTokens: 4000 } }),
        messages: [{ role: 'user', content: 'Hi' }],
        params: { maxTokens: 1000 },
        stream: false,
      });
    } catch (e) {
      error = e;
    }
    expect(isGenerateTaskError(error) && error.code).toBe('invalid_input');
    expect((error as Error).message).toBe(
      "The thinking budget (4000 tokens) must be below maxTokens (1000): raise the preset's maxTokens or lower the budget.",
    );
    expect(emulator.requests).toHaveLength(0);
  });
});

describe('Anthropic prompt caching', () => {
  const history: ChatMessage[] = [
    { role: 'system', content: 'You are a dungeon master.' },
    { role: 'user', content: 'Start.' },
    {
      role: 'assistant',
      content: '',
      toolCalls: [{ id: 'toolu_1', name: 'roll', args: { n: 20 } }],
      reasoning: [{ text: 'Roll first.', signature: 'sig-1' }],
    },
    { role: 'tool', toolCallId: 'toolu_1', name: 'roll', content: '17' },
    { role: 'assistant', content: 'You rolled 17.' },
    { role: 'user', content: 'Open the door.' },
  ];

  it('puts breakpoints after the tools, the system prompt, the last message and the user turn before it', async () => {
    emulator.enqueue('/v1/messages', { json: anthropicMessage([{ type: 'text', text: 'ok' }]) });
    await run(anthropicAdapter, {
      connection: claude({ promptCaching: { tools: true, system: true, history: true, ttl: '1h' } }),
      messages: history,
      tools: TOOLS,
      stream: false,
    });
    const cc = { type: 'ephemeral', ttl: '1h' };
    expect(bodyOf()).toEqual({
      model: 'claude-test',
      max_tokens: 4096,
      system: [{ type: 'text', text: 'You are a dungeon master.', cache_control: cc }],
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'Start.' }] },
        {
          role: 'assistant',
          content: [
            { type: 'thinking', thinking: 'Roll first.', signature: 'sig-1' },
            { type: 'tool_use', id: 'toolu_1', name: 'roll', input: { n: 20 } },
          ],
        },
        {
          role: 'user',
          content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: '17', cache_control: cc }],
        },
        { role: 'assistant', content: [{ type: 'text', text: 'You rolled 17.' }] },
        { role: 'user', content: [{ type: 'text', text: 'Open the door.', cache_control: cc }] },
      ],
      tools: [
        { name: 'roll', description: 'Roll dice', input_schema: TOOLS[0].parameters },
        { name: 'note', description: 'Take a note', input_schema: TOOLS[1].parameters, cache_control: cc },
      ],
      tool_choice: { type: 'auto' },
    });
  });

  it('sends no breakpoints unless asked, and only the ones asked for', async () => {
    emulator.enqueue('/v1/messages', { json: anthropicMessage([{ type: 'text', text: 'ok' }]) });
    emulator.enqueue('/v1/messages', { json: anthropicMessage([{ type: 'text', text: 'ok' }]) });
    await run(anthropicAdapter, { connection: claude(), messages: history, tools: TOOLS, stream: false });
    expect(JSON.stringify(bodyOf(0))).not.toContain('cache_control');
    await run(anthropicAdapter, {
      connection: claude({ promptCaching: { system: true } }),
      messages: history,
      tools: TOOLS,
      stream: false,
    });
    expect(bodyOf(1).system).toEqual([
      { type: 'text', text: 'You are a dungeon master.', cache_control: { type: 'ephemeral' } },
    ]);
    expect(JSON.stringify(bodyOf(1).messages)).not.toContain('cache_control');
  });
});

describe('Gemini thinkingConfig', () => {
  const WHOLE = '/v1beta/models/gemini-test:generateContent';
  const send = async (connection: Connection, params: ProviderRequest['params'] = {}) => {
    emulator.enqueue(WHOLE, { json: geminiResponse([{ text: 'ok' }]) });
    await run(googleAdapter, {
      connection,
      messages: [{ role: 'user', content: 'Hi' }],
      params,
      stream: false,
    });
    return (emulator.requests.at(-1)!.body as { generationConfig?: Record<string, unknown> })
      .generationConfig;
  };

  it('maps effort to thinkingLevel, a budget to thinkingBudget, and includeThoughts as it is', async () => {
    expect(await send(gemini({ thinking: { effort: 'low', includeThoughts: true } }))).toEqual({
      thinkingConfig: { thinkingLevel: 'low', includeThoughts: true },
    });
    expect(await send(gemini({ thinking: { budgetTokens: -1 } }), { maxTokens: 100 })).toEqual({
      maxOutputTokens: 100,
      thinkingConfig: { thinkingBudget: -1 },
    });
    // a level and a budget are refused together: the effort wins
    expect(
      await send(gemini({ thinking: { budgetTokens: 512 } }), { thinking: { effort: 'xhigh' } }),
    ).toEqual({
      thinkingConfig: { thinkingLevel: 'high' },
    });
    expect(await send(gemini({ thinking: { effort: 'none' } }))).toEqual({
      thinkingConfig: { thinkingBudget: 0 },
    });
    expect(await send(gemini())).toBeUndefined();
  });

  it('merges extraBody into generationConfig key by key', async () => {
    expect(
      await send(
        gemini({ thinking: { budgetTokens: 0 }, extraBody: { generationConfig: { candidateCount: 1 } } }),
        {
          temperature: 0.2,
        },
      ),
    ).toEqual({ temperature: 0.2, thinkingConfig: { thinkingBudget: 0 }, candidateCount: 1 });
  });
});
