import { createEmulator, type Emulator, type RecordedRequest } from '@toolsmith/emulator';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  body,
  type OpenAIAnswer,
  openaiAnswer,
  openaiConnection,
  triggerOf,
  xmlCalls,
} from '../generate/__fixtures__/answers.js';
import { createRuntime } from '../runtime/create-runtime.js';
import { ToolRegistry } from '../tools/registry.js';
import type { ToolLoopEvent } from './types.js';

const PATH = '/v1/chat/completions';
const ask = [{ role: 'user' as const, content: 'Do the thing.' }];
const obj = (properties: Record<string, unknown> = {}, required: string[] = []) => ({
  type: 'object',
  properties,
  required,
});

let emulator: Emulator;
beforeAll(async () => {
  emulator = await createEmulator();
});
afterAll(async () => {
  await emulator.close();
});
beforeEach(() => emulator.reset());

/** Scripts the model: answer n (0-based) is `answers(n, request)`. */
function script(answers: (n: number, req: RecordedRequest) => OpenAIAnswer) {
  let n = 0;
  emulator.on(PATH, (req) => openaiAnswer(req, answers(n++, req)));
}

function setup() {
  const registry = new ToolRegistry({ logger: { warn() {} } });
  const rt = createRuntime({ connections: [openaiConnection(emulator.url)], registry });
  return { registry, rt };
}

type Wire = { role: string; content: unknown; tool_call_id?: string; tool_calls?: unknown[] };
const wire = (i: number) => body(emulator.requests[i]).messages as Wire[];

describe('runToolLoop', () => {
  it('runs calls, feeds the results back as tool messages, and stops when the model answers', async () => {
    const { rt } = setup();
    rt.registerFunctionTool({
      name: 'add',
      description: 'Add two numbers',
      parameters: obj({ a: { type: 'number' }, b: { type: 'number' } }, ['a', 'b']),
      action: (args) => (args.a as number) + (args.b as number),
    });
    script((n) =>
      n === 0
        ? { toolCalls: [{ id: 'call_a', name: 'add', args: { a: 2, b: 3 } }] }
        : { text: 'The sum is 5.' },
    );
    const events: ToolLoopEvent[] = [];
    const result = await rt.runToolLoop({ taskMessages: ask, onEvent: (e) => void events.push(e) });
    expect(result.stoppedBecause).toBe('completed');
    expect(result.finalText).toBe('The sum is 5.');
    expect(result.steps).toHaveLength(2);
    expect(result.trace).toEqual([
      expect.objectContaining({
        round: 1,
        id: 'call_a',
        name: 'add',
        args: { a: 2, b: 3 },
        ok: true,
        result: 5,
        simulated: false,
        unvalidated: false,
      }),
    ]);
    const second = wire(1);
    expect(second.at(-2)).toMatchObject({
      role: 'assistant',
      tool_calls: [expect.objectContaining({ id: 'call_a' })],
    });
    expect(second.at(-1)).toEqual({ role: 'tool', tool_call_id: 'call_a', content: '5' });
    expect(result.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    const types = events.map((e) => e.type);
    expect(types).toContain('tool-result');
    expect(types).toContain('text-delta');
    expect(types.filter((t) => t === 'round-start')).toHaveLength(2);
    expect(types.indexOf('tool-result')).toBeLessThan(types.lastIndexOf('round-start'));
  });

  it('runs a round in parallel and keeps the results in call order', async () => {
    const { rt } = setup();
    let releaseSlow!: () => void;
    const slowGate = new Promise<void>((r) => {
      releaseSlow = r;
    });
    const finished: string[] = [];
    rt.registerFunctionTool({
      name: 'slow',
      description: 'waits for fast',
      action: async () => {
        await slowGate;
        finished.push('slow');
        return 'slow done';
      },
    });
    rt.registerFunctionTool({
      name: 'fast',
      description: 'releases slow',
      action: () => {
        finished.push('fast');
        releaseSlow();
        return 'fast done';
      },
    });
    script((n) =>
      n === 0
        ? {
            toolCalls: [
              { id: 's', name: 'slow', args: {} },
              { id: 'f', name: 'fast', args: {} },
            ],
          }
        : { text: 'done' },
    );
    const result = await rt.runToolLoop({ taskMessages: ask });
    // slow could only finish because fast ran while it waited: they ran at the same time
    expect(finished).toEqual(['fast', 'slow']);
    expect(result.trace.map((t) => [t.id, t.result])).toEqual([
      ['s', 'slow done'],
      ['f', 'fast done'],
    ]);
    expect(
      wire(1)
        .slice(-2)
        .map((m) => m.tool_call_id),
    ).toEqual(['s', 'f']);
  });

  it('runs one call at a time when parallel is false', async () => {
    const { rt } = setup();
    const log: string[] = [];
    for (const name of ['one', 'two']) {
      rt.registerFunctionTool({
        name,
        description: name,
        action: async () => {
          log.push(`${name}:start`);
          await new Promise((r) => setImmediate(r));
          log.push(`${name}:end`);
          return name;
        },
      });
    }
    script((n) =>
      n === 0
        ? {
            toolCalls: [
              { id: '1', name: 'one', args: {} },
              { id: '2', name: 'two', args: {} },
            ],
          }
        : { text: 'ok' },
    );
    await rt.runToolLoop({ taskMessages: ask, parallel: false });
    expect(log).toEqual(['one:start', 'one:end', 'two:start', 'two:end']);
  });

  it('feeds unknown tools, invalid arguments and failures back to the model', async () => {
    const { rt } = setup();
    rt.registerFunctionTool({
      name: 'divide',
      description: 'Divide',
      parameters: obj({ a: { type: 'number' }, b: { type: 'number' } }, ['a', 'b']),
      action: (args) => {
        if (args.b === 0) throw new Error('division by zero');
        return (args.a as number) / (args.b as number);
      },
    });
    script((n) =>
      n === 0
        ? {
            toolCalls: [
              { id: 'u', name: 'teleport', args: {} },
              { id: 'i', name: 'divide', args: { a: 'x' } },
              { id: 'e', name: 'divide', args: { a: 1, b: 0 } },
            ],
          }
        : { text: 'I could not do it.' },
    );
    const result = await rt.runToolLoop({ taskMessages: ask });
    expect(result.stoppedBecause).toBe('completed');
    expect(result.trace.map((t) => [t.id, t.ok, t.error?.code])).toEqual([
      ['u', false, 'unknown_tool'],
      ['i', false, 'invalid_arguments'],
      ['e', false, 'tool_error'],
    ]);
    const results = wire(1)
      .filter((m) => m.role === 'tool')
      .map((m) => JSON.parse(String(m.content)));
    expect(results.map((r) => [r.ok, r.code])).toEqual([
      [false, 'unknown_tool'],
      [false, 'invalid_arguments'],
      [false, 'tool_error'],
    ]);
    expect(results[2].error).toMatch(/division by zero/);
    expect(results[0].hint).toMatch(/divide/);
  });

  it('after maxRounds makes one last call without tools', async () => {
    const { rt } = setup();
    let calls = 0;
    rt.registerFunctionTool({
      name: 'step',
      description: 'step',
      parameters: obj({ n: { type: 'integer' } }),
      action: () => ++calls,
    });
    script((n, req) =>
      (body(req) as { tools?: unknown }).tools
        ? { toolCalls: [{ id: `c${n}`, name: 'step', args: { n } }] }
        : { text: 'Final answer.' },
    );
    const result = await rt.runToolLoop({ taskMessages: ask, maxRounds: 2 });
    expect(result.stoppedBecause).toBe('max_rounds');
    expect(result.finalText).toBe('Final answer.');
    expect(calls).toBe(2);
    expect(emulator.requests).toHaveLength(3);
    const last = body(emulator.requests[2]) as { tools?: unknown; messages: Wire[] };
    expect(last.tools).toBeUndefined();
    expect(last.messages.some((m) => m.role === 'tool' || m.tool_calls)).toBe(false);
    expect(String(last.messages.at(-1)?.content)).toMatch(/\[Tool result\] step[\s\S]*answer now/);
    expect(result.steps.at(-1)?.final).toBe(true);
  });

  it('stops when the same call repeats three times', async () => {
    const { rt } = setup();
    let runs = 0;
    rt.registerFunctionTool({
      name: 'look',
      description: 'look',
      parameters: obj({ at: { type: 'string' }, far: { type: 'integer' } }),
      action: () => ++runs,
    });
    // the same arguments with the keys in another order are the same call
    script((n) => ({
      toolCalls: [
        { id: `c${n}`, name: 'look', args: n % 2 ? { at: 'door', far: 1 } : { far: 1, at: 'door' } },
      ],
    }));
    const result = await rt.runToolLoop({ taskMessages: ask });
    expect(result.stoppedBecause).toBe('repeated_call');
    expect(runs).toBe(2);
    expect(emulator.requests).toHaveLength(3);
  });

  it('does not count identical calls within one round as repeats', async () => {
    const { rt } = setup();
    let runs = 0;
    rt.registerFunctionTool({ name: 'roll', description: 'roll', action: () => ++runs });
    const call = (id: string) => ({ id, name: 'roll', args: { sides: 6 } });
    script((n) => (n === 0 ? { toolCalls: [call('a'), call('b'), call('c')] } : { text: 'Rolled three.' }));
    const result = await rt.runToolLoop({ taskMessages: ask });
    expect(result.stoppedBecause).toBe('completed');
    expect(runs).toBe(3);
  });

  it('does not run calls from an answer that did not finish normally', async () => {
    const { rt } = setup();
    let runs = 0;
    rt.registerFunctionTool({ name: 'look', description: 'look', action: () => ++runs });
    script(() => ({ toolCalls: [{ id: 'c', name: 'look', args: {} }], finishReason: 'length' }));
    const result = await rt.runToolLoop({ taskMessages: ask });
    expect(result.stoppedBecause).toBe('finish_reason');
    expect(runs).toBe(0);
  });

  it('marks simulated steps and placeholders in the trace', async () => {
    const { rt, registry } = setup();
    const real: string[] = [];
    registry.registerOrchestrationTool({
      name: 'peek',
      description: 'read',
      mode: 'read',
      exec: () => {
        real.push('peek');
        return 'seen';
      },
    });
    registry.registerOrchestrationTool({
      name: 'write_a',
      description: 'write',
      mode: 'write',
      exec: () => {
        real.push('write_a');
        return 'written';
      },
    });
    registry.registerOrchestrationTool({
      name: 'write_b',
      description: 'write with a simulation',
      mode: 'write',
      exec: () => {
        real.push('write_b');
        return 'written';
      },
      simulate: () => 'would write',
    });
    script((n) =>
      n === 0
        ? {
            toolCalls: [
              { id: 'p', name: 'peek', args: {} },
              { id: 'a', name: 'write_a', args: {} },
              { id: 'b', name: 'write_b', args: {} },
            ],
          }
        : { text: 'simulated' },
    );
    const result = await rt.runToolLoop({ taskMessages: ask, simulate: true });
    expect(real).toEqual(['peek']);
    expect(result.trace.map((t) => [t.name, t.simulated, t.unvalidated, t.result])).toEqual([
      ['peek', true, false, 'seen'],
      ['write_a', true, true, { ok: true, simulated: true, unvalidated: true }],
      ['write_b', true, false, 'would write'],
    ]);
  });

  it('stops on abort and on the wall-clock budget', async () => {
    for (const which of ['abort', 'budget'] as const) {
      emulator.reset();
      const { rt } = setup();
      const controller = new AbortController();
      rt.registerFunctionTool({
        name: 'wait',
        description: 'waits until stopped',
        action: (_args, context) => {
          if (which === 'abort') controller.abort();
          return new Promise((_resolve, reject) =>
            context.signal?.addEventListener('abort', () => reject(new Error('stopped'))),
          );
        },
      });
      script(() => ({ toolCalls: [{ id: 'w', name: 'wait', args: {} }] }));
      const result = await rt.runToolLoop({
        taskMessages: ask,
        abortSignal: controller.signal,
        ...(which === 'budget' ? { wallClockBudgetMs: 50 } : {}),
      });
      expect(result.stoppedBecause).toBe(which === 'abort' ? 'aborted' : 'budget');
      expect(result.trace[0].error?.code).toBe('aborted');
      expect(emulator.requests).toHaveLength(1);
    }
  });

  it('stops on an abort during generation', async () => {
    const { rt } = setup();
    emulator.enqueue(PATH, { hang: true });
    const controller = new AbortController();
    const pending = rt.runToolLoop({ taskMessages: ask, abortSignal: controller.signal });
    while (emulator.requests.length === 0) await new Promise((r) => setImmediate(r));
    controller.abort();
    const result = await pending;
    expect(result.stoppedBecause).toBe('aborted');
    expect(result.steps).toHaveLength(0);
  });

  it('in text mode, results go back as <tool_result> user messages', async () => {
    const { rt } = setup();
    rt.registerFunctionTool({
      name: 'weather',
      description: 'Weather',
      parameters: obj({ city: { type: 'string' } }, ['city']),
      action: (a) => `Sunny in ${a.city}`,
    });
    script((n, req) =>
      n === 0
        ? { text: xmlCalls(triggerOf(req), [{ name: 'weather', args: { city: 'Oslo' } }]) }
        : { text: 'It is sunny.' },
    );
    const result = await rt.runToolLoop({ taskMessages: ask, functionCallMode: 'prompt_xml' });
    expect(result.stoppedBecause).toBe('completed');
    const second = wire(1);
    expect(second.some((m) => m.role === 'tool')).toBe(false);
    expect(String(second.at(-1)?.content)).toContain(
      '<tool_result name="weather">\nSunny in Oslo\n</tool_result>',
    );
    expect(String(second.at(-2)?.content)).toContain('<tool>weather</tool>');
  });

  it("offers only the scope's enabled tools, and refuses calls outside an explicit tool list", async () => {
    const { rt, registry } = setup();
    rt.registerFunctionTool({ name: 'a', description: 'a', action: () => 'A' });
    rt.registerFunctionTool({ name: 'b', description: 'b', action: () => 'B' });
    registry.setToolEnabled('global', 'b', false);
    script((n) => (n === 0 ? { toolCalls: [{ id: '1', name: 'a', args: {} }] } : { text: 'ok' }));
    await rt.runToolLoop({ taskMessages: ask });
    expect(
      (emulator.requests[0].body as { tools: Array<{ function: { name: string } }> }).tools.map(
        (t) => t.function.name,
      ),
    ).toEqual(['a']);
    emulator.reset();
    registry.setToolEnabled('global', 'b', true);
    script((n) => (n === 0 ? { toolCalls: [{ id: '1', name: 'b', args: {} }] } : { text: 'ok' }));
    const result = await rt.runToolLoop({
      taskMessages: ask,
      tools: [{ name: 'a', description: 'a', parameters: obj() }],
    });
    expect(result.trace[0].error?.code).toBe('not_allowed');
  });

  it('does not ask again after a round of stealth tools only', async () => {
    const { rt } = setup();
    rt.registerFunctionTool({ name: 'hide', description: 'stealth', action: () => 'hidden', stealth: true });
    script(() => ({ toolCalls: [{ id: 'h', name: 'hide', args: {} }] }));
    const result = await rt.runToolLoop({ taskMessages: ask });
    expect(result.stoppedBecause).toBe('stealth');
    expect(result.trace[0]).toMatchObject({ name: 'hide', stealth: true, result: 'hidden' });
    expect(emulator.requests).toHaveLength(1);
  });

  it('throws provider failures with what ran so far', async () => {
    const { rt } = setup();
    rt.registerFunctionTool({ name: 'step', description: 'step', action: () => 'ok' });
    let n = 0;
    emulator.on(PATH, (req) =>
      n++ === 0
        ? openaiAnswer(req, { toolCalls: [{ id: 's', name: 'step', args: {} }] })
        : { status: 503, json: { error: { message: 'overloaded' } } },
    );
    const error = await rt.runToolLoop({ taskMessages: ask }).then(
      () => undefined,
      (e: unknown) => e as { code: string; details: { status: number; partial: { trace: unknown[] } } },
    );
    expect(error?.code).toBe('network');
    expect(error?.details.status).toBe(503);
    expect(error?.details.partial.trace).toHaveLength(1);
  });
});
