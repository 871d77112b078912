import {
  createEmulator,
  type Emulator,
  mistralExtraForbidden,
  openaiChunk,
  openaiCompletion,
  openaiError,
  openaiStream,
} from '@toolsmith/emulator';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isGenerateTaskError } from '../../base/errors.js';
import type { Connection, GenerationParams, ProviderRequest, StreamEvent, ToolSpec } from '../types.js';
import { openaiAdapter } from './adapter.js';
import { detectOpenAIProfile, isOpenAIReasoningModel } from './profile.js';

let emulator: Emulator;
beforeAll(async () => {
  emulator = await createEmulator();
});
afterAll(() => emulator.close());
beforeEach(() => emulator.reset());

const PATH = '/v1/chat/completions';
const TOOL: ToolSpec = {
  name: 'lookup',
  description: 'Look up',
  parameters: { type: 'object', properties: {} },
};
const PARAMS: GenerationParams = {
  temperature: 0.7,
  topP: 0.9,
  maxTokens: 500,
  stop: ['END'],
  frequencyPenalty: 0.1,
  presencePenalty: 0.2,
  seed: 7,
};

function connection(extra: Partial<Connection> = {}): Connection {
  return {
    name: 'c',
    api: 'openai',
    baseUrl: `${emulator.url}/v1`,
    model: 'test-model',
    functionCalling: { enabled: true, mode: 'native' },
    ...extra,
  };
}

async function send(request: Partial<ProviderRequest>, stream = true): Promise<Record<string, unknown>> {
  emulator.enqueue(
    PATH,
    stream
      ? openaiStream([openaiChunk({ content: 'ok' }, { finishReason: 'stop' })])
      : { json: openaiCompletion({ content: 'ok' }) },
  );
  const events: StreamEvent[] = [];
  for await (const event of openaiAdapter.send({
    connection: connection(),
    messages: [{ role: 'user', content: 'hi', name: 'Ann' }],
    stream,
    ...request,
  }))
    events.push(event);
  expect(events.at(-1)?.type).toBe('finish');
  return emulator.requests.at(-1)!.body as Record<string, unknown>;
}

/** Sends a request whose answer the test queued itself, and returns the failure. */
async function failure(request: Partial<ProviderRequest>) {
  try {
    for await (const _ of openaiAdapter.send({
      connection: connection(),
      messages: [{ role: 'user', content: 'hi', name: 'Ann' }],
      stream: false,
      ...request,
    })) {
      // events are not needed
    }
  } catch (error) {
    if (isGenerateTaskError(error)) return error;
    throw error;
  }
  throw new Error('expected a failure');
}

describe('o-series and gpt-5', () => {
  it('sends max_completion_tokens and reasoning_effort, and leaves out sampling parameters and stop', async () => {
    for (const model of ['o3-mini', 'o1', 'gpt-5', 'gpt-5.1-codex', 'openai/o4-mini']) {
      const body = await send({
        connection: connection({ model, thinking: { effort: 'high' } }),
        params: PARAMS,
      });
      expect(body).toEqual({
        model,
        messages: [{ role: 'user', content: 'hi', name: 'Ann' }],
        max_completion_tokens: 500,
        seed: 7,
        reasoning_effort: 'high',
        stream: true,
        stream_options: { include_usage: true },
      });
    }
  });

  it('keeps ordinary models as they were (gpt-5-chat is a chat model)', async () => {
    for (const model of ['gpt-4o', 'gpt-5-chat-latest', 'qwen3']) {
      const body = await send({ connection: connection({ model }), params: PARAMS }, false);
      expect(body).toEqual({
        model,
        messages: [{ role: 'user', content: 'hi', name: 'Ann' }],
        temperature: 0.7,
        top_p: 0.9,
        max_tokens: 500,
        stop: ['END'],
        frequency_penalty: 0.1,
        presence_penalty: 0.2,
        seed: 7,
      });
    }
  });

  it('recognises the reasoning families by name only', () => {
    expect(
      ['o1', 'o1-mini', 'o3', 'o4-mini-2025-04-16', 'gpt-5', 'gpt-5-mini', 'gpt-5.2'].map(
        isOpenAIReasoningModel,
      ),
    ).toEqual([true, true, true, true, true, true, true]);
    expect(
      ['gpt-4o', 'gpt-5-chat-latest', 'omni', 'o', 'ollama3', 'gpt-50x'].map(isOpenAIReasoningModel),
    ).toEqual([false, false, false, false, false, false]);
  });

  it('uses max_completion_tokens for every model on api.openai.com (the OpenAI profile)', async () => {
    const body = await send(
      {
        connection: connection({ model: 'gpt-4o', quirks: { profile: 'openai' } }),
        params: { maxTokens: 9 },
      },
      false,
    );
    expect(body).toEqual({
      model: 'gpt-4o',
      messages: [{ role: 'user', content: 'hi', name: 'Ann' }],
      max_completion_tokens: 9,
    });
  });
});

describe('extraBody', () => {
  it("merges the connection's extraBody, then the preset's, into the request (objects key by key)", async () => {
    const body = await send(
      {
        connection: connection({
          extraBody: { top_k: 20, provider: { order: ['a'], allow_fallbacks: false }, temperature: 0.1 },
        }),
        params: { temperature: 0.5, extraBody: { provider: { order: ['b'] }, min_p: 0.05 } },
      },
      false,
    );
    expect(body).toEqual({
      model: 'test-model',
      messages: [{ role: 'user', content: 'hi', name: 'Ann' }],
      temperature: 0.1,
      top_k: 20,
      provider: { order: ['b'], allow_fallbacks: false },
      min_p: 0.05,
    });
  });

  it('ignores prototype keys in user JSON', async () => {
    const extra = JSON.parse('{"__proto__": {"polluted": true}, "ok": 1}');
    const body = await send({ connection: connection({ extraBody: extra }) }, false);
    expect(body.ok).toBe(1);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.hasOwn(body, 'polluted')).toBe(false);
  });
});

describe('thinking controls in each profile', () => {
  it('OpenRouter gets its reasoning object; Gemini its thinking_config extension for a budget', async () => {
    const router = await send(
      {
        connection: connection({
          quirks: { profile: 'openrouter' },
          thinking: { budgetTokens: 2000, includeThoughts: false },
        }),
      },
      false,
    );
    expect(router.reasoning).toEqual({ max_tokens: 2000, exclude: true });
    expect(router).not.toHaveProperty('reasoning_effort');
    const routerEffort = await send(
      {
        connection: connection({ quirks: { profile: 'openrouter' } }),
        params: { thinking: { effort: 'low' } },
      },
      false,
    );
    expect(routerEffort.reasoning).toEqual({ effort: 'low' });
    const gemini = await send(
      {
        connection: connection({
          quirks: { profile: 'gemini' },
          thinking: { budgetTokens: 1024, includeThoughts: true },
        }),
      },
      false,
    );
    expect(gemini.extra_body).toEqual({
      google: { thinking_config: { thinking_budget: 1024, include_thoughts: true } },
    });
    const geminiEffort = await send(
      {
        connection: connection({
          quirks: { profile: 'gemini' },
          thinking: { effort: 'low', budgetTokens: 1024 },
        }),
      },
      false,
    );
    expect(geminiEffort.reasoning_effort).toBe('low');
    expect(geminiEffort).not.toHaveProperty('extra_body');
  });
});

describe('provider quirks', () => {
  it('detects the provider from the base URL', () => {
    expect(
      [
        'https://api.openai.com/v1',
        'https://api.mistral.ai/v1',
        'https://api.deepseek.com',
        'https://openrouter.ai/api/v1',
        'https://generativelanguage.googleapis.com/v1beta/openai/',
        'https://api.groq.com/openai/v1',
        'http://127.0.0.1:1234/v1',
        'https://notmistral.ai.example.com/v1',
        'not a url',
      ].map(detectOpenAIProfile),
    ).toEqual([
      'openai',
      'mistral',
      'deepseek',
      'openrouter',
      'gemini',
      'groq',
      'generic',
      'generic',
      'generic',
    ]);
  });

  it('Mistral: no stream_options and no name on messages', async () => {
    const body = await send({
      connection: connection({ quirks: { profile: 'mistral' } }),
      tools: [TOOL],
      parallelToolCalls: false,
    });
    expect(body).toEqual({
      model: 'test-model',
      messages: [{ role: 'user', content: 'hi' }],
      tools: [
        {
          type: 'function',
          function: { name: 'lookup', description: 'Look up', parameters: TOOL.parameters },
        },
      ],
      parallel_tool_calls: false,
      stream: true,
    });
  });

  it('the omit list leaves out parallel_tool_calls, stream_options and names for any provider', async () => {
    const body = await send({
      connection: connection({ quirks: { omit: ['parallel_tool_calls', 'stream_options', 'message_name'] } }),
      tools: [TOOL],
      toolChoice: 'auto',
      parallelToolCalls: true,
    });
    expect(body).toEqual({
      model: 'test-model',
      messages: [{ role: 'user', content: 'hi' }],
      tools: [
        {
          type: 'function',
          function: { name: 'lookup', description: 'Look up', parameters: TOOL.parameters },
        },
      ],
      tool_choice: 'auto',
      stream: true,
    });
  });

  it('Groq: no name on messages (documented as unsupported)', async () => {
    const body = await send({ connection: connection({ quirks: { profile: 'groq' } }) }, false);
    expect(body.messages).toEqual([{ role: 'user', content: 'hi' }]);
  });

  it('an unexpected 422 names the refused field and the setting that leaves it out', async () => {
    emulator.enqueue(PATH, mistralExtraForbidden(['stream_options'], { include_usage: true }));
    const error = await failure({ stream: true });
    expect(error.details.status).toBe(422);
    expect(error.message).toBe(
      'The provider refused the request field "stream_options" (Extra inputs are not permitted). Add "stream_options" to the connection\'s quirks (omit), or choose its provider profile.',
    );
    expect(error.details.fields).toEqual(['stream_options']);
  });

  it('names nested message fields and fields without a quirk setting', async () => {
    emulator.enqueue(PATH, mistralExtraForbidden(['messages', 0, 'user', 'name'], 'Ann'));
    const named = await failure({});
    expect(named.message).toContain('"messages[0].user.name"');
    expect(named.message).toContain('"message_name"');
    emulator.enqueue(PATH, mistralExtraForbidden(['top_k'], 20));
    const other = await failure({ connection: connection({ extraBody: { top_k: 20 } }) });
    expect(other.message).toBe(
      'The provider refused the request field "top_k" (Extra inputs are not permitted). Remove it from the connection or preset (extraBody), or choose the connection\'s provider profile.',
    );
    emulator.enqueue(PATH, openaiError(422, { message: 'Unprocessable', param: 'seed' }));
    const param = await failure({});
    expect(param.message).toContain('"seed"');
  });

  it('leaves other errors as they were', async () => {
    emulator.enqueue(PATH, openaiError(400, { message: 'Context too long', param: 'messages' }));
    const error = await failure({});
    expect(error.message).toBe('Context too long');
  });
});
