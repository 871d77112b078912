import { createEmulator, type Emulator, openaiChunk, openaiErrors, openaiStream } from '@toolsmith/emulator';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type GenerateTaskError, isGenerateTaskError } from '../base/errors.js';
import type { Connection } from '../providers/types.js';
import { createRuntime } from '../runtime/create-runtime.js';
import {
  body,
  jsonCalls,
  openaiAnswer,
  openaiConnection,
  triggerOf,
  xmlCalls,
} from './__fixtures__/answers.js';
import type { GenerateEvent, GenerateTaskOptions } from './types.js';

const PATH = '/v1/chat/completions';
const rollTool = {
  name: 'roll_dice',
  description: 'Roll dice',
  parameters: {
    type: 'object',
    properties: { sides: { type: 'integer', minimum: 2 }, count: { type: 'integer' } },
    required: ['sides'],
    additionalProperties: false,
  },
};
const ask = [{ role: 'user' as const, content: 'Roll a d6 for me.' }];

let emulator: Emulator;
beforeAll(async () => {
  emulator = await createEmulator();
});
afterAll(async () => {
  await emulator.close();
});
beforeEach(() => emulator.reset());

function runtime(connections?: Connection[], extra: Record<string, unknown> = {}) {
  return createRuntime({
    connections: connections ?? [openaiConnection(emulator.url)],
    presets: [
      { name: 'default', temperature: 0.7 },
      { name: 'cold', temperature: 0.1, maxTokens: 50 },
    ],
    ...extra,
  });
}

async function failure(promise: Promise<unknown>): Promise<GenerateTaskError> {
  try {
    await promise;
  } catch (error) {
    expect(isGenerateTaskError(error)).toBe(true);
    return error as GenerateTaskError;
  }
  throw new Error('expected a GenerateTaskError');
}

async function collect(iterable: AsyncIterable<GenerateEvent>): Promise<GenerateEvent[]> {
  const events: GenerateEvent[] = [];
  for await (const event of iterable) events.push(event);
  return events;
}

describe('generateTask: native (OpenAI-compatible)', () => {
  it('sends tools natively and returns the calls', async () => {
    emulator.on(PATH, (req) =>
      openaiAnswer(req, { toolCalls: [{ id: 'call_1', name: 'roll_dice', args: { sides: 6 } }] }),
    );
    const result = await runtime().generateTask({
      taskMessages: ask,
      tools: [rollTool],
      toolChoice: 'required',
    });
    expect(result.mode).toBe('native');
    expect(result.toolCalls).toEqual([
      { id: 'call_1', name: 'roll_dice', args: { sides: 6 }, raw: '{"sides":6}' },
    ]);
    expect(result.finishReason).toBe('tool_calls');
    expect(result.usage).toMatchObject({ inputTokens: 10, outputTokens: 5 });
    expect(result.message).toEqual({
      role: 'assistant',
      content: '',
      toolCalls: [{ id: 'call_1', name: 'roll_dice', args: { sides: 6 } }],
    });
    expect(result.raw).toMatchObject({ object: 'chat.completion' });
    const sent = emulator.requests[0].body as Record<string, unknown>;
    expect(sent.tools).toEqual([{ type: 'function', function: rollTool }]);
    expect(sent.tool_choice).toBe('required');
    expect(sent.stream).toBeUndefined();
    expect(sent.temperature).toBe(0.7);
  });

  it('streams events and ends with the result', async () => {
    emulator.on(PATH, (req) =>
      openaiAnswer(req, {
        text: 'Rolling now.',
        toolCalls: [{ id: 'c9', name: 'roll_dice', args: { sides: 20 } }],
      }),
    );
    const events = await collect(runtime().generateTaskStream({ taskMessages: ask, tools: [rollTool] }));
    const types = events.map((e) => e.type);
    expect(types[0]).toBe('text-delta');
    expect(types).toContain('tool-call-start');
    expect(types.slice(-3)).toEqual(['tool-call', 'finish', 'result']);
    const text = events.flatMap((e) => (e.type === 'text-delta' ? [e.text] : [])).join('');
    expect(text).toBe('Rolling now.');
    const last = events.at(-1);
    expect(last?.type === 'result' && last.result.toolCalls[0]).toMatchObject({
      name: 'roll_dice',
      args: { sides: 20 },
    });
    expect((emulator.requests[0].body as Record<string, unknown>).stream).toBe(true);
  });

  it('picks the connection and preset by name', async () => {
    emulator.on(PATH, (req) => openaiAnswer(req, { text: 'ok' }));
    const rt = runtime([
      openaiConnection('http://127.0.0.1:9'),
      openaiConnection(emulator.url, { name: 'second', model: 'm2' }),
    ]);
    const result = await rt.generateTask({
      taskMessages: ask,
      apiPresetName: 'second',
      llmPresetName: 'cold',
    });
    expect(result.assistantText).toBe('ok');
    expect(result.details).toMatchObject({ connection: 'second', preset: 'cold', api: 'openai' });
    expect(emulator.requests[0].body).toMatchObject({ model: 'm2', temperature: 0.1, max_tokens: 50 });
    expect((await failure(rt.generateTask({ taskMessages: ask, apiPresetName: 'nope' }))).code).toBe(
      'invalid_input',
    );
    expect((await failure(rt.generateTask({ taskMessages: ask, llmPresetName: 'nope' }))).code).toBe(
      'invalid_input',
    );
  });

  it('lists connection profiles without their secrets', async () => {
    const list = await runtime().connectionProfiles.list();
    expect(list).toEqual([
      expect.objectContaining({ name: 'oa', api: 'openai', model: 'gpt-test', hasApiKey: true }),
    ]);
    expect(JSON.stringify(list)).not.toContain('sk-test');
  });

  it('rejects invalid options before any request', async () => {
    const rt = runtime();
    const cases: Array<Partial<GenerateTaskOptions>> = [
      { taskMessages: [] },
      { taskMessages: ask, tools: [rollTool], jsonSchema: { type: 'object' } },
      { taskMessages: ask, worldInfoSource: 'custom' },
      { taskMessages: ask, functionCallMode: 'psychic' as never },
      { taskMessages: ask, tools: [rollTool], toolChoice: 'sometimes' as never },
    ];
    for (const options of cases) {
      expect((await failure(rt.generateTask(options as GenerateTaskOptions))).code).toBe('invalid_input');
    }
    expect(emulator.requests).toHaveLength(0);
  });

  it('maps HTTP failures by status', async () => {
    emulator.enqueue(PATH, openaiErrors.invalidKey(), openaiErrors.rateLimited(7), openaiErrors.server());
    const rt = runtime();
    expect((await failure(rt.generateTask({ taskMessages: ask }))).code).toBe('auth_missing');
    const limited = await failure(rt.generateTask({ taskMessages: ask }));
    expect(limited.code).toBe('rate_limit');
    expect(limited.details.retryAfterMs).toBe(7000);
    const server = await failure(rt.generateTask({ taskMessages: ask }));
    expect(server.code).toBe('network');
    expect(server.details.status).toBe(500);
  });

  it('reports a stream cut off mid-way and a refused connection as network', async () => {
    emulator.enqueue(PATH, openaiStream([openaiChunk({ content: 'Hel' })], { done: false, cutOff: true }));
    expect((await failure(collect(runtime().generateTaskStream({ taskMessages: ask })))).code).toBe(
      'network',
    );
    const closed = await createEmulator();
    const url = closed.url;
    await closed.close();
    expect((await failure(runtime([openaiConnection(url)]).generateTask({ taskMessages: ask }))).code).toBe(
      'network',
    );
  });

  it('reports an empty answer as no_response', async () => {
    emulator.on(PATH, (req) => openaiAnswer(req, { text: '' }));
    expect((await failure(runtime().generateTask({ taskMessages: ask }))).code).toBe('no_response');
    expect((await failure(collect(runtime().generateTaskStream({ taskMessages: ask })))).code).toBe(
      'no_response',
    );
  });

  it('reports tool arguments that are not JSON as tool_call_parse', async () => {
    emulator.on(PATH, (req) =>
      openaiAnswer(req, { toolCalls: [{ id: 'c1', name: 'roll_dice', args: '{"sides": 6' }] }),
    );
    const error = await failure(runtime().generateTask({ taskMessages: ask, tools: [rollTool] }));
    expect(error.code).toBe('tool_call_parse');
    expect(error.details.rawArgs).toBe('{"sides": 6');
  });

  it('aborts a pending request, and refuses an already aborted signal', async () => {
    emulator.enqueue(PATH, { hang: true });
    const controller = new AbortController();
    const pending = runtime().generateTask({ taskMessages: ask, abortSignal: controller.signal });
    while (emulator.requests.length === 0) await new Promise((r) => setImmediate(r));
    controller.abort();
    expect((await failure(pending)).code).toBe('aborted');
    expect(
      (await failure(runtime().generateTask({ taskMessages: ask, abortSignal: AbortSignal.abort() }))).code,
    ).toBe('aborted');
  });

  it('answers unsupported_api for a family without an adapter', async () => {
    const rt = runtime([{ ...openaiConnection(emulator.url), api: 'cohere' as never }]);
    expect((await failure(rt.generateTask({ taskMessages: ask }))).code).toBe('unsupported_api');
  });

  it('uses native structured output and validates it with Ajv', async () => {
    const schema = {
      type: 'object',
      properties: { verdict: { type: 'string', enum: ['yes', 'no'] } },
      required: ['verdict'],
      additionalProperties: false,
    };
    emulator.enqueue(PATH, {
      json: { choices: [{ message: { content: '{"verdict":"yes"}' }, finish_reason: 'stop' }] },
    });
    const result = await runtime().generateTask({
      taskMessages: ask,
      jsonSchema: { name: 'verdict', schema },
    });
    expect(result.jsonData).toEqual({ verdict: 'yes' });
    expect((emulator.requests[0].body as { response_format: unknown }).response_format).toMatchObject({
      type: 'json_schema',
      json_schema: { name: 'verdict', schema },
    });
    emulator.on(PATH, (req) => openaiAnswer(req, { text: '{"verdict":"maybe"}' }));
    const error = await failure(runtime().generateTask({ taskMessages: ask, jsonSchema: schema }));
    expect(error.code).toBe('json_schema_violation');
    expect(error.details.errors).toEqual([
      expect.objectContaining({ instancePath: '/verdict', keyword: 'enum' }),
    ]);
  });

  it('substitutes macros and activates world info into the request', async () => {
    emulator.on(PATH, (req) => openaiAnswer(req, { text: 'ok' }));
    const rt = runtime(undefined, {
      persona: { name: 'Ann' },
      characters: [{ name: 'Bob', description: 'A smith.' }],
      chat: { characterName: 'Bob' },
      worldInfo: [{ keys: ['sword'], content: 'Swords are forged by {{char}}.' }],
    });
    await rt.generateTask({
      taskMessages: [
        { role: 'system', content: 'Help {{user}}.' },
        { role: 'user', content: 'Tell me about the sword.' },
      ],
      includeCharacterCard: true,
      worldInfoSource: 'task',
    });
    expect(body(emulator.requests[0]).messages[0]).toEqual({
      role: 'system',
      content: 'Help Ann.\n\nSwords are forged by Bob.\n\n[Character: Bob]\nA smith.',
    });
  });
});

describe('generateTask: text protocol', () => {
  it('prompt_xml: injects the protocol, parses the calls, and behaves the same streaming or not', async () => {
    emulator.on(PATH, (req) =>
      openaiAnswer(req, {
        text: `Let me roll.\n${xmlCalls(triggerOf(req), [{ name: 'roll_dice', args: { sides: 6, count: 2 } }])}`,
      }),
    );
    const options: GenerateTaskOptions = {
      taskMessages: ask,
      tools: [rollTool],
      functionCallMode: 'prompt_xml',
    };
    const plain = await runtime().generateTask(options);
    const events = await collect(runtime().generateTaskStream(options));
    const last = events.at(-1);
    const streamed = last?.type === 'result' ? last.result : undefined;
    for (const result of [plain, streamed!]) {
      expect(result.mode).toBe('prompt_xml');
      expect(result.toolCalls.map((c) => [c.name, c.args])).toEqual([['roll_dice', { sides: 6, count: 2 }]]);
      expect(result.assistantText.trim()).toBe('Let me roll.');
      expect(result.finishReason).toBe('tool_calls');
    }
    const sent = body(emulator.requests[0]) as {
      tools?: unknown;
      messages: Array<{ role: string; content: string }>;
    };
    expect(sent.tools).toBeUndefined();
    expect(sent.messages[0].role).toBe('system');
    expect(sent.messages[0].content).toContain('roll_dice');
    expect(events.map((e) => e.type).slice(-3)).toEqual(['tool-call', 'finish', 'result']);
    // streamed text never shows the call markup
    const text = events.flatMap((e) => (e.type === 'text-delta' ? [e.text] : [])).join('');
    expect(text).not.toContain('function_call');
  });

  it('prompt_json: parses the JSON form', async () => {
    emulator.on(PATH, (req) =>
      openaiAnswer(req, { text: jsonCalls(triggerOf(req), [{ name: 'roll_dice', args: { sides: 8 } }]) }),
    );
    const result = await runtime().generateTask({
      taskMessages: ask,
      tools: [rollTool],
      functionCallMode: 'prompt_json',
    });
    expect(result.mode).toBe('prompt_json');
    expect(result.toolCalls.map((c) => c.args)).toEqual([{ sides: 8 }]);
  });

  it('re-asks once with the validation error, then returns the corrected call', async () => {
    for (const stream of [false, true]) {
      emulator.reset();
      let n = 0;
      emulator.on(PATH, (req) => {
        n++;
        const args = n === 1 ? { sides: 1 } : { sides: 12 };
        return openaiAnswer(req, { text: xmlCalls(triggerOf(req), [{ name: 'roll_dice', args }]) });
      });
      const options: GenerateTaskOptions = {
        taskMessages: ask,
        tools: [rollTool],
        functionCallMode: 'prompt_xml',
      };
      const events: GenerateEvent[] = [];
      const result = stream
        ? await (async () => {
            events.push(...(await collect(runtime().generateTaskStream(options))));
            const last = events.at(-1);
            return last?.type === 'result' ? last.result : undefined;
          })()
        : await runtime().generateTask(options);
      expect(result?.toolCalls.map((c) => c.args)).toEqual([{ sides: 12 }]);
      expect(result?.details.retries).toBe(1);
      expect(result?.details.retryReasons[0]).toMatch(/sides/);
      expect(emulator.requests).toHaveLength(2);
      const second = body(emulator.requests[1]).messages as Array<{ role: string; content: string }>;
      expect(second.at(-2)?.role).toBe('assistant');
      expect(second.at(-1)?.role).toBe('user');
      expect(second.at(-1)?.content).toMatch(/sides/);
      if (stream) {
        expect(events.some((e) => e.type === 'retry')).toBe(true);
        // the rejected call was never emitted as a finished call
        expect(events.filter((e) => e.type === 'tool-call')).toHaveLength(1);
      }
    }
  });

  it('with no retries left, returns invalid calls for the loop to report', async () => {
    emulator.on(PATH, (req) =>
      openaiAnswer(req, { text: xmlCalls(triggerOf(req), [{ name: 'roll_dice', args: { sides: 1 } }]) }),
    );
    const result = await runtime().generateTask({
      taskMessages: ask,
      tools: [rollTool],
      functionCallMode: 'prompt_xml',
      functionCallOptions: { retries: 0 },
    });
    expect(emulator.requests).toHaveLength(1);
    expect(result.toolCalls).toHaveLength(1);
    expect(result.details.textProtocolErrors?.[0]).toMatch(/sides/);
  });

  it('a call that cannot be parsed after the retries is tool_call_parse', async () => {
    emulator.on(PATH, (req) =>
      openaiAnswer(req, {
        text: `${triggerOf(req)}\n<function_calls>\n<function_call><tool>roll_dice</tool><args_json><![CDATA[{"sides": 6`,
      }),
    );
    const error = await failure(
      runtime().generateTask({
        taskMessages: ask,
        tools: [rollTool],
        functionCallMode: 'prompt_xml',
        functionCallOptions: { retries: 2 },
      }),
    );
    expect(error.code).toBe('tool_call_parse');
    expect(emulator.requests).toHaveLength(3);
  });

  it('re-asks when a required tool was not called', async () => {
    let n = 0;
    emulator.on(PATH, (req) => {
      n++;
      return openaiAnswer(req, {
        text:
          n === 1
            ? 'I would rather not.'
            : xmlCalls(triggerOf(req), [{ name: 'roll_dice', args: { sides: 4 } }]),
      });
    });
    const result = await runtime().generateTask({
      taskMessages: ask,
      tools: [rollTool],
      functionCallMode: 'prompt_xml',
      functionCallOptions: { requiredFunctionName: 'roll_dice' },
    });
    expect(result.toolCalls.map((c) => c.args)).toEqual([{ sides: 4 }]);
    expect(result.details.retries).toBe(1);
  });

  it('auto: a native request refused with HTTP 400 is retried once in text mode', async () => {
    for (const stream of [false, true]) {
      emulator.reset();
      emulator.enqueue(PATH, openaiErrors.toolsRejected());
      emulator.on(PATH, (req) =>
        openaiAnswer(req, { text: xmlCalls(triggerOf(req), [{ name: 'roll_dice', args: { sides: 6 } }]) }),
      );
      const options: GenerateTaskOptions = { taskMessages: ask, tools: [rollTool], functionCallMode: 'auto' };
      const events = stream ? await collect(runtime().generateTaskStream(options)) : [];
      const last = events.at(-1);
      const result = stream
        ? last?.type === 'result'
          ? last.result
          : undefined
        : await runtime().generateTask(options);
      expect(result?.mode).toBe('prompt_xml');
      expect(result?.details.fallback).toMatchObject({ from: 'native', to: 'prompt_xml', status: 400 });
      expect(result?.toolCalls.map((c) => c.args)).toEqual([{ sides: 6 }]);
      expect((emulator.requests[0].body as Record<string, unknown>).tools).toBeDefined();
      expect((emulator.requests[1].body as Record<string, unknown>).tools).toBeUndefined();
      if (stream) expect(events.some((e) => e.type === 'fallback')).toBe(true);
    }
  });

  it('native mode does not fall back', async () => {
    emulator.enqueue(PATH, openaiErrors.toolsRejected());
    const error = await failure(
      runtime().generateTask({ taskMessages: ask, tools: [rollTool], functionCallMode: 'native' }),
    );
    expect(error.details.status).toBe(400);
    expect(emulator.requests).toHaveLength(1);
  });

  it('gives the same result streamed with random chunk boundaries as in one body', async () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const answerText = (trigger: string) =>
      `Thinking about it — 🎲 "dice" {braces}.\n${xmlCalls(trigger, [
        { name: 'roll_dice', args: { sides: 6, count: 2 } },
        { name: 'roll_dice', args: { sides: 20 } },
      ])}\nDone ✓`;
    emulator.on(PATH, (req) => {
      const text = answerText(triggerOf(req));
      if (!body(req).stream) return openaiAnswer(req, { text });
      const chunks: unknown[] = [];
      for (let i = 0; i < text.length; ) {
        const size = 1 + Math.floor(random() * 12);
        chunks.push(openaiChunk({ content: text.slice(i, i + size) }));
        i += size;
      }
      chunks.push(openaiChunk({}, { finishReason: 'stop' }));
      const sse = openaiStream(chunks);
      const all = (sse.chunks as string[]).join('');
      const offsets = Array.from({ length: 30 }, () => Math.floor(random() * all.length)).sort(
        (a, b) => a - b,
      );
      return openaiStream(chunks, { splitAt: offsets });
    });
    const options: GenerateTaskOptions = {
      taskMessages: ask,
      tools: [rollTool],
      functionCallMode: 'prompt_xml',
    };
    const reference = await runtime().generateTask(options);
    expect(reference.toolCalls.map((c) => c.args)).toEqual([{ sides: 6, count: 2 }, { sides: 20 }]);
    for (let round = 0; round < 8; round++) {
      const events = await collect(runtime().generateTaskStream(options));
      const last = events.at(-1);
      const result = last?.type === 'result' ? last.result : undefined;
      expect(result?.assistantText).toBe(reference.assistantText);
      expect(result?.toolCalls.map((c) => [c.name, c.args, c.raw])).toEqual(
        reference.toolCalls.map((c) => [c.name, c.args, c.raw]),
      );
    }
  });
});
