import { anthropicMessage, createEmulator, type Emulator } from '@toolsmith/emulator';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isGenerateTaskError } from '../base/errors.js';
import { defaultOrchestrationProfile } from '../orchestration/profile.js';
import { runOrchestration } from '../orchestration/run-orchestration.js';
import type { FunctionCallMode } from '../providers/types.js';
import { createRuntime } from '../runtime/create-runtime.js';
import { ToolRegistry } from '../tools/registry.js';
import { openaiAnswer, openaiConnection } from './__fixtures__/answers.js';
import type { GenerateEvent } from './types.js';

// issue 11 item 1: `functionCalling.enabled: false` means no tools in the request, no tool guide and no
// tool call run, whatever functionCallMode the connection or the call asks for.
const PATH = '/v1/chat/completions';
const rollTool = {
  name: 'roll_dice',
  description: 'Roll dice',
  parameters: { type: 'object', properties: { sides: { type: 'integer' } }, required: ['sides'] },
};
const ask = [
  { role: 'system' as const, content: 'You are a game master.' },
  { role: 'user' as const, content: 'Roll a d6 for me.' },
];

let emulator: Emulator;
beforeAll(async () => {
  emulator = await createEmulator();
});
afterAll(async () => {
  await emulator.close();
});
beforeEach(() => emulator.reset());

const offConnection = (mode: FunctionCallMode = 'auto') =>
  openaiConnection(emulator.url, { functionCalling: { enabled: false, mode } });

describe('function calling off on the connection', () => {
  for (const mode of ['auto', 'native', 'prompt_xml', 'prompt_json'] as const) {
    it(`${mode}: sends no tools and no tool guide, answers in text`, async () => {
      emulator.on(PATH, (req) => openaiAnswer(req, { text: 'You rolled a 4.' }));
      const rt = createRuntime({ connections: [offConnection(mode)] });
      const result = await rt.generateTask({ taskMessages: ask, tools: [rollTool] });
      expect(result.assistantText).toBe('You rolled a 4.');
      expect(result.toolCalls).toEqual([]);
      expect(result.details.functionCallingOff).toBe(true);
      expect(emulator.requests).toHaveLength(1);
      expect(emulator.requests[0].body).toEqual({
        model: 'gpt-test',
        messages: [
          { role: 'system', content: 'You are a game master.' },
          { role: 'user', content: 'Roll a d6 for me.' },
        ],
      });
    });
  }

  it('a functionCallMode passed by the caller does not bring the tools back', async () => {
    emulator.on(PATH, (req) => openaiAnswer(req, { text: 'Four.' }));
    const rt = createRuntime({ connections: [offConnection()] });
    const result = await rt.generateTask({
      taskMessages: ask,
      tools: [rollTool],
      functionCallMode: 'prompt_xml',
    });
    expect(result.mode).toBe('native');
    const body = emulator.requests[0].body as { messages: Array<{ content: string }>; tools?: unknown };
    expect(body.tools).toBeUndefined();
    expect(JSON.stringify(body.messages)).not.toMatch(/Function_|function_calls|# Tools/);
  });

  it('calls the model makes anyway are neither relayed nor returned', async () => {
    emulator.on(PATH, (req) =>
      openaiAnswer(req, {
        text: 'Rolling.',
        toolCalls: [{ id: 'call_1', name: 'roll_dice', args: { sides: 6 } }],
      }),
    );
    const rt = createRuntime({ connections: [offConnection('native')] });
    const events: GenerateEvent[] = [];
    for await (const event of rt.generateTaskStream({ taskMessages: ask, tools: [rollTool] }))
      events.push(event);
    expect(events.some((e) => e.type.startsWith('tool-call'))).toBe(false);
    const last = events.at(-1);
    expect(last?.type === 'result' && last.result.toolCalls).toEqual([]);
    expect(last?.type === 'result' && last.result.finishReason).toBe('stop');
  });

  it('a required tool call is refused with the reason, before any request', async () => {
    const rt = createRuntime({ connections: [offConnection()] });
    for (const options of [
      { toolChoice: 'required' as const },
      { functionCallOptions: { requiredFunctionName: 'roll_dice' } },
    ]) {
      const error = await rt
        .generateTask({ taskMessages: ask, tools: [rollTool], ...options })
        .catch((e: unknown) => e);
      expect(isGenerateTaskError(error) && error.code).toBe('invalid_input');
      expect((error as Error).message).toContain('function calling switched off');
    }
    expect(emulator.requests).toHaveLength(0);
  });

  it('tool history from an earlier connection goes as plain prose (Anthropic refuses tool blocks without tools)', async () => {
    emulator.on('/v1/messages', () => ({ json: anthropicMessage([{ type: 'text', text: 'It was a 4.' }]) }));
    const rt = createRuntime({
      connections: [
        {
          name: 'claude-backup',
          api: 'anthropic',
          baseUrl: `${emulator.url}/v1`,
          model: 'claude-test',
          apiKey: 'sk-ant',
          functionCalling: { enabled: false, mode: 'native' },
        },
      ],
    });
    await rt.generateTask({
      taskMessages: [
        { role: 'user', content: 'Roll a d6.' },
        {
          role: 'assistant',
          content: 'Rolling.',
          toolCalls: [{ id: 'toolu_1', name: 'roll_dice', args: { sides: 6 } }],
        },
        { role: 'tool', toolCallId: 'toolu_1', name: 'roll_dice', content: '{"total":4}' },
        { role: 'user', content: 'What was it?' },
      ],
      tools: [rollTool],
      params: { maxTokens: 100 },
    });
    expect(emulator.requests[0].body).toEqual({
      model: 'claude-test',
      max_tokens: 100,
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'Roll a d6.' }] },
        {
          role: 'assistant',
          content: [{ type: 'text', text: 'Rolling.\n\n[Tool call] roll_dice {"sides":6}' }],
        },
        {
          role: 'user',
          content: [
            { type: 'text', text: '[Tool result] roll_dice\n{"total":4}' },
            { type: 'text', text: 'What was it?' },
          ],
        },
      ],
    });
  });

  it('runToolLoop runs no tool even when the model asks for one', async () => {
    let ran = 0;
    const registry = new ToolRegistry();
    registry.registerFunctionTool({
      ...rollTool,
      action: () => {
        ran++;
        return { total: 4 };
      },
    });
    emulator.on(PATH, (req) =>
      openaiAnswer(req, { text: 'Sure.', toolCalls: [{ id: 'c1', name: 'roll_dice', args: { sides: 6 } }] }),
    );
    const rt = createRuntime({ connections: [offConnection('native')], registry });
    const result = await rt.runToolLoop({ taskMessages: ask });
    expect(ran).toBe(0);
    expect(result.stoppedBecause).toBe('completed');
    expect(result.trace).toEqual([]);
    expect(emulator.requests).toHaveLength(1);
    expect((emulator.requests[0].body as { tools?: unknown }).tools).toBeUndefined();
  });

  it('orchestration: an agent on such a connection is offered no tools and runs none', async () => {
    const registry = new ToolRegistry({ logger: { warn() {} } });
    registry.registerFunctionTool({ ...rollTool, mode: 'read', action: () => ({ total: 4 }) });
    emulator.on(PATH, (req) =>
      openaiAnswer(req, { text: 'Noted.', toolCalls: [{ id: 'c1', name: 'roll_dice', args: { sides: 6 } }] }),
    );
    const rt = createRuntime({ connections: [offConnection()], registry });
    const profile = defaultOrchestrationProfile();
    const run = await runOrchestration({ runtime: rt, profile, mode: 'loop', messages: ask.slice(1) });
    expect(run.trace.root.offeredTools).toEqual([]);
    expect(run.trace.root.rounds.flatMap((r) => r.calls)).toEqual([]);
    expect(emulator.requests).toHaveLength(1);
    expect((emulator.requests[0].body as { tools?: unknown }).tools).toBeUndefined();
  });
});

describe('isToolCallingSupported / canPerformToolCalls (SillyTavern ToolManager meaning)', () => {
  it('follow the connection switch and mode; quiet, impersonate and continue never call tools', async () => {
    const rt = createRuntime({
      connections: [
        openaiConnection('http://127.0.0.1:9', { name: 'on' }),
        openaiConnection('http://127.0.0.1:9', {
          name: 'off',
          functionCalling: { enabled: false, mode: 'auto' },
        }),
        {
          name: 'kobold',
          api: 'text-completion',
          baseUrl: 'http://127.0.0.1:9',
          model: '',
          functionCalling: { enabled: true, mode: 'native' },
        },
        {
          name: 'kobold-text',
          api: 'text-completion',
          baseUrl: 'http://127.0.0.1:9',
          model: '',
          functionCalling: { enabled: true, mode: 'auto' },
        },
      ],
    });
    expect(await rt.isToolCallingSupported()).toBe(true);
    expect(await rt.isToolCallingSupported('')).toBe(true);
    expect(await rt.isToolCallingSupported('off')).toBe(false);
    expect(await rt.isToolCallingSupported('kobold')).toBe(false);
    expect(await rt.isToolCallingSupported('kobold-text')).toBe(true);
    expect(await rt.isToolCallingSupported('missing')).toBe(false);
    expect(await rt.canPerformToolCalls('normal')).toBe(true);
    expect(await rt.canPerformToolCalls('swipe')).toBe(true);
    for (const type of ['quiet', 'impersonate', 'continue'])
      expect(await rt.canPerformToolCalls(type)).toBe(false);
    expect(await rt.canPerformToolCalls('normal', 'off')).toBe(false);
  });
});
