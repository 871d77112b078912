// The native-mode fallback: a server without a tool parser for the model returns its calls as content.
// Over real HTTP against the emulator, through the OpenAI adapter, streamed and not.
import { createEmulator, type Emulator, type RecordedRequest } from '@toolsmith/emulator';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Connection } from '../providers/types.js';
import { createRuntime } from '../runtime/create-runtime.js';
import { contentAnswer, openaiConnection } from './__fixtures__/answers.js';
import type { GenerateEvent } from './types.js';

const PATH = '/v1/chat/completions';
const weather = {
  name: 'get_weather',
  description: 'Weather for a city',
  parameters: {
    type: 'object',
    properties: { city: { type: 'string' }, days: { type: 'integer' } },
    required: ['city'],
  },
};
const ask = [{ role: 'user' as const, content: 'Weather in Paris for 3 days?' }];

let emulator: Emulator;
beforeAll(async () => {
  emulator = await createEmulator();
});
afterAll(async () => {
  await emulator.close();
});
beforeEach(() => emulator.reset());

function answerWith(content: string) {
  emulator.on(PATH, (req: RecordedRequest) => contentAnswer(req, content));
}

function runtime(extra: Partial<Connection> = {}) {
  return createRuntime({
    connections: [
      openaiConnection(emulator.url, { functionCalling: { enabled: true, mode: 'native' }, ...extra }),
    ],
  });
}

async function stream(rt: ReturnType<typeof runtime>, options: Parameters<typeof rt.generateTaskStream>[0]) {
  const events: GenerateEvent[] = [];
  for await (const event of rt.generateTaskStream(options)) events.push(event);
  return events;
}

/** Markup a model wrote, per family, for get_weather(city: Paris, days: 3). */
const MARKUP: [string, Partial<Connection>, string][] = [
  [
    'Qwen 3 via Ollama',
    { model: 'qwen3:8b' },
    '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris", "days": 3}}\n</tool_call>',
  ],
  [
    'GLM-4.6 via llama.cpp',
    { model: 'GLM-4.6-Q4_K_M.gguf' },
    '<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Paris</arg_value>\n<arg_key>days</arg_key>\n<arg_value>3</arg_value>\n</tool_call>',
  ],
  [
    'DeepSeek V3.1 via vLLM',
    { model: 'deepseek-ai/DeepSeek-V3.1' },
    '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>get_weather<｜tool▁sep｜>{"city": "Paris", "days": 3}<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
  ],
  [
    'gpt-oss via LM Studio',
    { model: 'openai/gpt-oss-20b' },
    '<|channel|>analysis<|message|>Need weather.<|end|><|start|>assistant<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"city":"Paris","days":3}<|call|>',
  ],
  [
    'Llama 4 pythonic, format set on the connection',
    { model: 'local', toolCallFormat: 'pythonic' },
    "[get_weather(city='Paris', days=3)]",
  ],
  [
    'Llama 3.1 custom tool via KoboldCpp',
    { model: 'Meta-Llama-3.1-8B-Instruct-Q4_K_M' },
    '<function=get_weather>{"city": "Paris", "days": 3}</function>',
  ],
  [
    'Nemotron Nano v2 via vLLM',
    { model: 'nvidia/NVIDIA-Nemotron-Nano-9B-v2' },
    '<TOOLCALL>[{"name": "get_weather", "arguments": {"city": "Paris", "days": 3}}]</TOOLCALL>',
  ],
  [
    'Command R7B via llama.cpp',
    { model: 'c4ai-command-r7b-12-2024-Q4_K_M.gguf' },
    '<|START_ACTION|>[\n    {"tool_call_id": "0", "tool_name": "get_weather", "parameters": {"city": "Paris", "days": 3}}\n]<|END_ACTION|>',
  ],
];

describe('native mode: calls written as content', () => {
  for (const [label, connection, markup] of MARKUP) {
    it(`${label}: streamed and not, the call is taken out of the content`, async () => {
      answerWith(`<think>\nThe user wants Paris.\n</think>\n\nLet me check.\n${markup}`);
      const rt = runtime(connection);
      const result = await rt.generateTask({ taskMessages: ask, tools: [weather] });
      expect(result.mode).toBe('native');
      expect(result.toolCalls.map((c) => [c.name, c.args])).toEqual([
        ['get_weather', { city: 'Paris', days: 3 }],
      ]);
      expect(result.assistantText).toBe('Let me check.\n');
      expect(result.finishReason).toBe('tool_calls');
      expect(result.reasoning).toContain('The user wants Paris.');

      const events = await stream(rt, { taskMessages: ask, tools: [weather] });
      const text = events.flatMap((e) => (e.type === 'text-delta' ? [e.text] : [])).join('');
      expect(text).toBe('Let me check.\n');
      expect(events.filter((e) => e.type === 'tool-call')).toMatchObject([
        { name: 'get_weather', args: { city: 'Paris', days: 3 }, index: 0 },
      ]);
      expect(events.some((e) => e.type === 'tool-call-delta')).toBe(true);
      const last = events[events.length - 1];
      expect(last.type === 'result' && last.result.toolCalls.length).toBe(1);
      expect(events.find((e) => e.type === 'finish')).toMatchObject({ reason: 'tool_calls' });
    });
  }

  it('turns <think> in content into reasoning even without tools', async () => {
    answerWith('<think>Greeting.</think>\n\nHello! <tool_call> tags are for tools.');
    const result = await runtime().generateTask({ taskMessages: ask });
    expect(result.assistantText).toBe('Hello! <tool_call> tags are for tools.');
    expect(result.reasoning).toBe('Greeting.');
    expect(result.toolCalls).toEqual([]);
  });

  it('a server that passes end-of-turn tokens on: neither the token nor the turn the model wrote next is shown', async () => {
    answerWith(
      'Sunny, 21 °C.<|im_end|>\n<|im_start|>user\nAnd tomorrow?<|im_end|>\n<|im_start|>assistant\nRain.',
    );
    const rt = runtime();
    const events = await stream(rt, { taskMessages: ask });
    const text = events.flatMap((e) => (e.type === 'text-delta' ? [e.text] : [])).join('');
    expect(text).toBe('Sunny, 21 °C.');
    expect((await rt.generateTask({ taskMessages: ask })).assistantText).toBe('Sunny, 21 °C.');
  });

  it('an answer that is only a call it cannot read fails naming why, streamed and not', async () => {
    answerWith("[get_weather(city=Paris')]");
    const rt = runtime({ toolCallFormat: 'pythonic' });
    await expect(rt.generateTask({ taskMessages: ask, tools: [weather] })).rejects.toMatchObject({
      code: 'tool_call_parse',
      message: expect.stringContaining('get_weather'),
    });
    const events = await stream(rt, { taskMessages: ask, tools: [weather] }).catch((e) => [e]);
    expect(events.at(-1)).toMatchObject({ code: 'tool_call_parse' });
  });

  it('keeps the text when a call it cannot read comes with an answer', async () => {
    answerWith("It is sunny.\n[get_weather(city=Paris')]");
    const result = await runtime({ toolCallFormat: 'pythonic' }).generateTask({
      taskMessages: ask,
      tools: [weather],
    });
    expect(result.assistantText).toBe('It is sunny.\n');
    expect(result.toolCalls).toEqual([]);
  });

  it('leaves markup for a tool that was not offered as text', async () => {
    const content = '<tool_call>\n{"name": "delete_everything", "arguments": {}}\n</tool_call>';
    answerWith(content);
    const result = await runtime().generateTask({ taskMessages: ask, tools: [weather] });
    expect(result.toolCalls).toEqual([]);
    expect(result.assistantText).toBe(content);
    expect(result.finishReason).toBe('stop');
  });

  it('a connection set to another family does not read this one', async () => {
    const content = '[TOOL_CALLS]get_weather[ARGS]{"city": "Paris"}';
    answerWith(content);
    const result = await runtime({ toolCallFormat: 'glm' }).generateTask({
      taskMessages: ask,
      tools: [weather],
    });
    expect(result.toolCalls).toEqual([]);
    expect(result.assistantText).toBe(content);
  });
});
