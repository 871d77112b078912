// issue 11 item 9: `auto` falls back to the text protocol only on real "tools unsupported" signals, never on
// context length or other 400s, and remembers per connection + model which mode works.
import {
  createEmulator,
  type Emulator,
  geminiResponse,
  otherRefusals,
  type ScriptedResponse,
  toolRefusals,
} from '@toolsmith/emulator';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isGenerateTaskError } from '../base/errors.js';
import { createRuntime } from '../runtime/create-runtime.js';
import { body, openaiAnswer, openaiConnection, triggerOf, xmlCalls } from './__fixtures__/answers.js';
import { createToolModeMemory } from './tool-mode-memory.js';

const PATH = '/v1/chat/completions';
const rollTool = {
  name: 'roll_dice',
  description: 'Roll dice',
  parameters: { type: 'object', properties: { sides: { type: 'integer' } }, required: ['sides'] },
};
const ask = [{ role: 'user' as const, content: 'Roll a d6.' }];

let emulator: Emulator;
beforeAll(async () => {
  emulator = await createEmulator();
});
afterAll(async () => {
  await emulator.close();
});
beforeEach(() => emulator.reset());

/** The first request gets `refusal`; later ones answer in the mode they were sent. */
function scriptRefusal(refusal: ScriptedResponse) {
  emulator.enqueue(PATH, refusal);
  emulator.on(PATH, (req) =>
    body(req).messages.some((m) => String(m.content).includes('<function_calls>'))
      ? openaiAnswer(req, { text: xmlCalls(triggerOf(req), [{ name: 'roll_dice', args: { sides: 6 } }]) })
      : openaiAnswer(req, { toolCalls: [{ id: 'c1', name: 'roll_dice', args: { sides: 6 } }] }),
  );
}

const toolsOf = (i: number) => (emulator.requests[i].body as { tools?: unknown }).tools;

describe('auto: fallback only on "tools unsupported"', () => {
  const signals: Array<[string, () => ScriptedResponse, string]> = [
    ['Ollama model without tools', () => toolRefusals.ollama(), 'model_without_tools'],
    ['llama.cpp without --jinja (500)', toolRefusals.llamaCppWithoutJinja, 'llama_cpp_without_jinja'],
    ['OpenRouter 404 no tool endpoints', toolRefusals.openRouterNoToolEndpoints, 'no_tool_endpoints'],
    ['vLLM without a tool parser', toolRefusals.vllmWithoutToolParser, 'vllm_without_tool_parser'],
    ["OpenAI 'tools' unsupported parameter", toolRefusals.openaiUnsupportedParameter, 'model_without_tools'],
    ['pydantic server without a tools field (422)', toolRefusals.pydanticExtraTools, 'tools_field_unknown'],
  ];
  for (const [label, refusal, signal] of signals) {
    it(`${label}: retried once in text mode, remembered`, async () => {
      scriptRefusal(refusal());
      const rt = createRuntime({ connections: [openaiConnection(emulator.url)] });
      const result = await rt.generateTask({ taskMessages: ask, tools: [rollTool] });
      expect(result.mode).toBe('prompt_xml');
      expect(result.details.fallback).toMatchObject({ from: 'native', to: 'prompt_xml', signal });
      expect(result.toolCalls.map((c) => c.args)).toEqual([{ sides: 6 }]);
      expect(emulator.requests).toHaveLength(2);
      expect(toolsOf(0)).toBeDefined();
      expect(toolsOf(1)).toBeUndefined();
    });
  }

  it('Gemini: function calling not enabled for the model', async () => {
    const WHOLE = '/v1beta/models/gemma-3-27b-it:generateContent';
    emulator.enqueue(WHOLE, toolRefusals.geminiFunctionCallingDisabled());
    emulator.on(WHOLE, (req) => {
      const system = JSON.stringify((req.body as { systemInstruction?: unknown }).systemInstruction ?? '');
      const trigger = /<Function_[A-Za-z0-9]{4}_Start\/>/.exec(system)?.[0] ?? 'none';
      return {
        json: geminiResponse([{ text: xmlCalls(trigger, [{ name: 'roll_dice', args: { sides: 6 } }]) }]),
      };
    });
    const rt = createRuntime({
      connections: [
        {
          name: 'gemma',
          api: 'google',
          baseUrl: `${emulator.url}/v1beta`,
          model: 'gemma-3-27b-it',
          apiKey: 'key',
          functionCalling: { enabled: true, mode: 'auto' },
        },
      ],
    });
    const result = await rt.generateTask({ taskMessages: ask, tools: [rollTool] });
    expect(result.details.fallback).toMatchObject({ status: 400, signal: 'model_without_tools' });
    expect(result.toolCalls.map((c) => c.args)).toEqual([{ sides: 6 }]);
    expect((emulator.requests[0].body as { tools?: unknown }).tools).toBeDefined();
    expect((emulator.requests[1].body as { tools?: unknown }).tools).toBeUndefined();
  });

  const others: Array<[string, () => ScriptedResponse, number]> = [
    ['context length exceeded', otherRefusals.contextLength, 400],
    ['an invalid tool schema', otherRefusals.invalidToolSchema, 400],
    ['a bad parameter', otherRefusals.badTemperature, 400],
    ["llama.cpp's full context", otherRefusals.llamaCppContextFull, 400],
    ['a server error', otherRefusals.serverError, 500],
  ];
  for (const [label, refusal, status] of others) {
    it(`${label}: the error is the caller's, paid once, nothing remembered`, async () => {
      emulator.enqueue(PATH, refusal());
      const memory = createToolModeMemory();
      const rt = createRuntime({ connections: [openaiConnection(emulator.url)], toolModeMemory: memory });
      const error = await rt.generateTask({ taskMessages: ask, tools: [rollTool] }).catch((e: unknown) => e);
      expect(isGenerateTaskError(error) && error.details.status).toBe(status);
      expect(emulator.requests).toHaveLength(1);
      expect(await memory.get(openaiConnection(emulator.url))).toBeUndefined();
    });
  }
});

describe('auto: the remembered outcome', () => {
  it('after a refusal the next request goes straight to text mode; another model tries native again', async () => {
    const memory = createToolModeMemory();
    const connection = openaiConnection(emulator.url);
    const rt = createRuntime({ connections: [connection], toolModeMemory: memory });
    scriptRefusal(toolRefusals.ollama());
    await rt.generateTask({ taskMessages: ask, tools: [rollTool] });
    expect(await memory.get(connection)).toMatchObject({
      mode: 'text',
      status: 400,
      reason: 'model_without_tools: registry.ollama.ai/library/gemma2:2b does not support tools',
    });

    // the next request does not even try native
    emulator.reset();
    emulator.on(PATH, (req) =>
      openaiAnswer(req, { text: xmlCalls(triggerOf(req), [{ name: 'roll_dice', args: { sides: 4 } }]) }),
    );
    const second = await rt.generateTask({ taskMessages: ask, tools: [rollTool] });
    expect(second.mode).toBe('prompt_xml');
    expect(second.details.fallback).toBeUndefined();
    expect(second.details.rememberedToolMode).toMatchObject({ mode: 'text' });
    expect(emulator.requests).toHaveLength(1);
    expect(toolsOf(0)).toBeUndefined();

    // the same connection with another model (e.g. the gateway's CONNECTION/MODEL) finds out for itself
    emulator.reset();
    emulator.on(PATH, (req) =>
      openaiAnswer(req, { toolCalls: [{ id: 'c9', name: 'roll_dice', args: { sides: 8 } }] }),
    );
    const other = createRuntime({
      connections: [{ ...connection, model: 'bigger-model' }],
      toolModeMemory: memory,
    });
    const third = await other.generateTask({ taskMessages: ask, tools: [rollTool] });
    expect(third.mode).toBe('native');
    expect(await memory.get({ ...connection, model: 'bigger-model' })).toMatchObject({ mode: 'native' });
  });

  it('a native success is remembered once; forgetting it (reset) makes auto try native again', async () => {
    const writes: string[] = [];
    const inner = createToolModeMemory();
    const memory = {
      get: inner.get,
      set: (c: Parameters<typeof inner.set>[0], o: Parameters<typeof inner.set>[1]) => {
        writes.push(o.mode);
        return inner.set(c, o);
      },
    };
    emulator.on(PATH, (req) =>
      openaiAnswer(req, { toolCalls: [{ id: 'c1', name: 'roll_dice', args: { sides: 6 } }] }),
    );
    const rt = createRuntime({ connections: [openaiConnection(emulator.url)], toolModeMemory: memory });
    await rt.generateTask({ taskMessages: ask, tools: [rollTool] });
    await rt.generateTask({ taskMessages: ask, tools: [rollTool] });
    expect(writes).toEqual(['native']);
    inner.clear();
    await rt.generateTask({ taskMessages: ask, tools: [rollTool] });
    expect(writes).toEqual(['native', 'native']);
  });

  it('a memory that fails costs a native try, never the request', async () => {
    emulator.on(PATH, (req) => openaiAnswer(req, { text: 'Rolled.' }));
    const rt = createRuntime({
      connections: [openaiConnection(emulator.url)],
      toolModeMemory: {
        get: () => Promise.reject(new Error('database is locked')),
        set: () => Promise.reject(new Error('database is locked')),
      },
    });
    const result = await rt.generateTask({ taskMessages: ask, tools: [rollTool] });
    expect(result.assistantText).toBe('Rolled.');
  });
});
