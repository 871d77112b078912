import { describe, expect, it } from 'vitest';
import type { Sandbox, SandboxRunJob, SandboxRunResult } from '../sandbox/types.js';
import { executeToolCall, executeToolCalls, SIMULATED_PLACEHOLDER } from './execute.js';
import type { NativeToolContext } from './registered-tool.js';
import { ToolRegistry } from './registry.js';
import type { ToolDefinition, ToolResultEnvelope } from './types.js';

function def(name: string, extra: Partial<ToolDefinition> = {}): ToolDefinition {
  return {
    name,
    description: `${name} tool`,
    parameters: { type: 'object', properties: {} },
    mode: 'read',
    kind: 'native',
    enabled: true,
    ...extra,
  };
}

const silent = { warn: () => {} };

/** A Sandbox that records jobs and answers with a scripted result. */
function fakeSandbox(answer: (job: SandboxRunJob) => SandboxRunResult | Promise<SandboxRunResult>) {
  const jobs: SandboxRunJob[] = [];
  const sandbox: Sandbox = {
    run: async (job) => {
      jobs.push(job);
      return answer(job);
    },
    compile: async () => ({ ok: true }),
    close: async () => {},
  };
  return { sandbox, jobs };
}

function errorOf(envelope: ToolResultEnvelope) {
  if (envelope.ok) throw new Error(`expected a failure, got ${JSON.stringify(envelope)}`);
  return envelope.error;
}

describe('executeToolCall lookups', () => {
  const registry = new ToolRegistry({ logger: silent });
  registry.register(def('echo'), { layer: 'builtin', run: (args) => args });
  registry.register(def('hidden'), { layer: 'extension', run: () => 'x' });
  registry.defineScope('chat:1');
  registry.setToolEnabled('chat:1', 'hidden', false);

  it('answers unknown_tool for missing names and prototype keys, listing what exists', async () => {
    for (const name of ['nope', 'constructor', '__proto__', 'toString']) {
      const envelope = await executeToolCall({ name, args: {} }, { registry });
      expect(envelope.ok).toBe(false);
      expect(errorOf(envelope)).toEqual({
        code: 'unknown_tool',
        message: `Unknown tool: ${name}`,
        hint: 'Call one of: echo, hidden.',
      });
      expect(typeof envelope.durationMs).toBe('number');
    }
    const odd = await executeToolCall({ name: undefined as never, args: {} }, { registry });
    expect(errorOf(odd).code).toBe('unknown_tool');
  });

  it('answers disabled for a tool switched off in the scope', async () => {
    const envelope = await executeToolCall({ name: 'hidden', args: {} }, { registry, scope: 'chat:1' });
    expect(errorOf(envelope)).toMatchObject({ code: 'disabled', message: 'Tool is disabled: hidden' });
    expect((await executeToolCall({ name: 'hidden', args: {} }, { registry })).ok).toBe(true);
  });

  it('answers not_allowed outside the allowed names', async () => {
    const envelope = await executeToolCall(
      { name: 'echo', args: {} },
      { registry, allowedNames: ['hidden'] },
    );
    expect(errorOf(envelope)).toMatchObject({
      code: 'not_allowed',
      message: 'Tool not allowed in this chat: echo',
    });
    const unknown = await executeToolCall({ name: 'zzz', args: {} }, { registry, allowedNames: ['hidden'] });
    expect(errorOf(unknown).hint).toBe('Call one of: hidden.');
  });

  it('answers invalid_arguments with the validation message and a hint', async () => {
    const reg = new ToolRegistry({ logger: silent });
    reg.register(
      def('roll_dice', {
        parameters: {
          type: 'object',
          properties: { sides: { type: 'integer', minimum: 2 }, count: { type: 'integer' } },
          required: ['count'],
        },
      }),
      { layer: 'builtin', run: () => 'rolled' },
    );
    const envelope = await executeToolCall({ name: 'roll_dice', args: '{"sides": 1}' }, { registry: reg });
    expect(errorOf(envelope)).toMatchObject({
      code: 'invalid_arguments',
      message: 'Invalid arguments for roll_dice: /sides must be >= 2; missing required property "count".',
      hint: 'Fix the arguments as described and call roll_dice again.',
    });
    const ok = await executeToolCall({ name: 'roll_dice', args: '{"count": 1}' }, { registry: reg });
    expect(ok).toMatchObject({ ok: true, result: 'rolled' });
  });
});

describe('executeToolCall kinds', () => {
  it('returns static text, and OK for an empty one', async () => {
    const registry = new ToolRegistry({ logger: silent });
    registry.register(def('motto', { kind: 'static', staticResult: 'Carpe diem' }));
    registry.register(def('ack', { kind: 'static', staticResult: '' }));
    registry.register(def('ack2', { kind: 'static', staticResult: '  \n' }));
    registry.register(def('ack3', { kind: 'static' }));
    expect(await executeToolCall({ name: 'motto', args: '' }, { registry })).toMatchObject({
      ok: true,
      result: 'Carpe diem',
    });
    for (const name of ['ack', 'ack2', 'ack3']) {
      expect(await executeToolCall({ name, args: {} }, { registry })).toMatchObject({
        ok: true,
        result: 'OK',
      });
    }
  });

  it('calls native functions with validated args and a context', async () => {
    const registry = new ToolRegistry({ logger: silent });
    let seen: [Record<string, unknown>, NativeToolContext] | undefined;
    registry.register(
      def('native_fn', { parameters: { type: 'object', properties: { n: { type: 'number' } } } }),
      {
        layer: 'extension',
        run: (args, context) => {
          seen = [args, context];
          return undefined;
        },
      },
    );
    const controller = new AbortController();
    const envelope = await executeToolCall(
      { id: 'call_1', name: 'native_fn', args: '{"n": 2}' },
      { registry, ctx: { chatId: 7 }, signal: controller.signal },
    );
    expect(envelope).toMatchObject({ ok: true, result: null });
    expect(seen?.[0]).toEqual({ n: 2 });
    expect(seen?.[1]).toMatchObject({
      toolName: 'native_fn',
      callId: 'call_1',
      ctx: { chatId: 7 },
      simulate: false,
    });
    expect(seen?.[1].signal).toBe(controller.signal);
  });

  it('turns thrown values of any type into readable tool errors', async () => {
    const bomb = new Error('x');
    Object.defineProperty(bomb, 'message', {
      get() {
        throw new Error('gotcha');
      },
    });
    class QuotaError extends Error {
      override name = 'QuotaError';
    }
    const cases: Array<[unknown, string]> = [
      [new Error('disk full'), 'Tool t failed: disk full'],
      [new QuotaError('too many'), 'Tool t failed: QuotaError: too many'],
      ['plain string', 'Tool t failed: plain string'],
      [null, 'Tool t failed: threw null (no error message)'],
      [undefined, 'Tool t failed: threw undefined (no error message)'],
      [42, 'Tool t failed: threw 42'],
      [{ message: 'object with message' }, 'Tool t failed: object with message'],
      [{ code: 7 }, 'Tool t failed: threw {"code":7}'],
      [Symbol('s'), 'Tool t failed: threw Symbol(s)'],
      [bomb, 'Tool t failed: an error without a readable message'],
    ];
    for (const [thrown, message] of cases) {
      for (const style of ['sync', 'async'] as const) {
        const registry = new ToolRegistry({ logger: silent });
        registry.register(def('t'), {
          layer: 'extension',
          run:
            style === 'sync'
              ? () => {
                  throw thrown;
                }
              : () => Promise.reject(thrown),
        });
        const envelope = await executeToolCall({ name: 't', args: {} }, { registry });
        expect(errorOf(envelope)).toEqual({ code: 'tool_error', message });
      }
    }
  });

  it('times out a native tool that never settles', async () => {
    const registry = new ToolRegistry({ logger: silent });
    registry.register(def('stuck'), { layer: 'extension', run: () => new Promise(() => {}) });
    const envelope = await executeToolCall({ name: 'stuck', args: {} }, { registry, timeoutMs: 20 });
    expect(errorOf(envelope)).toEqual({ code: 'timeout', message: 'Tool stuck timed out after 20 ms.' });
  });

  it('answers aborted when the signal fires before or during a call', async () => {
    const registry = new ToolRegistry({ logger: silent });
    let started!: () => void;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    registry.register(def('slow'), {
      layer: 'extension',
      run: () => {
        started();
        return new Promise(() => {});
      },
    });
    const before = new AbortController();
    before.abort();
    expect(
      errorOf(await executeToolCall({ name: 'slow', args: {} }, { registry, signal: before.signal })).code,
    ).toBe('aborted');
    const during = new AbortController();
    const pending = executeToolCall({ name: 'slow', args: {} }, { registry, signal: during.signal });
    await running;
    during.abort();
    expect(errorOf(await pending)).toEqual({ code: 'aborted', message: 'Tool slow was aborted.' });
  });

  it('runs webhooks through the injected executor, and answers not_supported without one', async () => {
    const registry = new ToolRegistry({ logger: silent });
    const hook = def('hook', {
      kind: 'webhook',
      webhookUrl: 'https://hooks.example.com/x',
      parameters: { type: 'object', properties: { q: { type: 'string' } } },
    });
    registry.register(hook);
    expect(errorOf(await executeToolCall({ name: 'hook', args: {} }, { registry }))).toMatchObject({
      code: 'not_supported',
      message: 'Tool hook failed: Webhook tools cannot run here: no webhook executor is configured.',
    });
    const calls: unknown[] = [];
    const envelope = await executeToolCall(
      { name: 'hook', args: { q: 'hi' } },
      {
        registry,
        ctx: { user: 'u' },
        executors: {
          webhook: async (tool, args, options) => {
            calls.push([tool.webhookUrl, args, options.ctx]);
            return { answer: 42 };
          },
        },
      },
    );
    expect(envelope).toMatchObject({ ok: true, result: { answer: 42 } });
    expect(calls).toEqual([['https://hooks.example.com/x', { q: 'hi' }, { user: 'u' }]]);
    const failing = await executeToolCall(
      { name: 'hook', args: {} },
      {
        registry,
        executors: {
          webhook: async () => {
            throw new Error('Webhook answered HTTP 502');
          },
        },
      },
    );
    expect(errorOf(failing)).toEqual({
      code: 'tool_error',
      message: 'Tool hook failed: Webhook answered HTTP 502',
    });
  });

  it('runs scripts through the sandbox with args, ctx, host functions, deadline and signal', async () => {
    const registry = new ToolRegistry({ logger: silent });
    registry.register(
      def('calc', { kind: 'script', body: 'return args.x + 1;', parameters: { type: 'object' } }),
    );
    expect(errorOf(await executeToolCall({ name: 'calc', args: {} }, { registry })).code).toBe(
      'not_supported',
    );

    const { sandbox, jobs } = fakeSandbox(() => ({
      ok: true,
      result: 3,
      logs: [{ level: 'log', message: 'hi' }],
      durationMs: 1,
    }));
    const hostFunctions = { lookup: async () => 1 };
    const signal = new AbortController().signal;
    const envelope = await executeToolCall(
      { name: 'calc', args: { x: 2 } },
      { registry, sandbox, ctx: { chat: [] }, hostFunctions, timeoutMs: 500, signal },
    );
    expect(envelope).toMatchObject({ ok: true, result: 3, logs: [{ level: 'log', message: 'hi' }] });
    expect(jobs).toEqual([
      {
        body: 'return args.x + 1;',
        args: { x: 2 },
        ctx: { chat: [] },
        hostFunctions,
        timeoutMs: 500,
        signal,
      },
    ]);
  });

  it('maps sandbox failures to timeout, aborted and tool_error, keeping the logs', async () => {
    const registry = new ToolRegistry({ logger: silent });
    registry.register(def('s', { kind: 'script', body: 'return 1;' }));
    const logs = [{ level: 'warn' as const, message: 'careful' }];
    const expectations = [
      ['timeout', { code: 'timeout', message: 'Tool s timed out after 100 ms.' }],
      ['aborted', { code: 'aborted', message: 'Tool s was aborted.' }],
      ['out_of_memory', { code: 'tool_error', message: 'Tool s failed: boom' }],
      ['error', { code: 'tool_error', message: 'Tool s failed: boom' }],
    ] as const;
    for (const [errorCode, error] of expectations) {
      const { sandbox } = fakeSandbox(() => ({ ok: false, error: 'boom', errorCode, logs, durationMs: 1 }));
      const envelope = await executeToolCall({ name: 's', args: {} }, { registry, sandbox, timeoutMs: 100 });
      expect(envelope).toMatchObject({ ok: false, error, logs });
    }
    const { sandbox: throwing } = fakeSandbox(() => {
      throw new Error('sandbox closed');
    });
    expect(errorOf(await executeToolCall({ name: 's', args: {} }, { registry, sandbox: throwing }))).toEqual({
      code: 'tool_error',
      message: 'Tool s failed: sandbox closed',
    });
  });

  it('marks stealth results', async () => {
    const registry = new ToolRegistry({ logger: silent });
    registry.registerFunctionTool({ name: 'quiet', description: 'x', action: () => 'done', stealth: true });
    expect(await executeToolCall({ name: 'quiet', args: {} }, { registry })).toMatchObject({
      ok: true,
      result: 'done',
      stealth: true,
    });
  });
});

describe('simulation', () => {
  function simRegistry() {
    const registry = new ToolRegistry({ logger: silent });
    const ran: string[] = [];
    const record = (name: string, result: string) => () => {
      ran.push(name);
      return result;
    };
    registry.register(def('read_it'), { layer: 'builtin', run: record('read_it', 'real read') });
    registry.register(def('write_plain', { mode: 'write' }), {
      layer: 'builtin',
      run: record('write_plain', 'real write'),
    });
    registry.registerOrchestrationTool({
      name: 'write_sim',
      description: 'x',
      mode: 'write',
      exec: record('write_sim', 'real'),
      simulate: (_args, context) => {
        ran.push('write_sim.simulate');
        return `pretend ${String(context.simulate)}`;
      },
    });
    registry.register(
      def('script_sim', { kind: 'script', mode: 'write', body: 'real()', simulateBody: 'return "sim";' }),
    );
    registry.register(def('script_plain', { kind: 'script', mode: 'write', body: 'real()' }));
    registry.register(
      def('hook_write', { kind: 'webhook', mode: 'write', webhookUrl: 'https://x.example/' }),
    );
    return { registry, ran };
  }

  it('runs read tools for real and marks the run simulated', async () => {
    const { registry, ran } = simRegistry();
    const envelope = await executeToolCall({ name: 'read_it', args: {} }, { registry, simulate: true });
    expect(envelope).toMatchObject({ ok: true, result: 'real read', simulated: true });
    expect(envelope.unvalidated).toBeUndefined();
    expect(ran).toEqual(['read_it']);
  });

  it('runs the simulate function of a native write tool', async () => {
    const { registry, ran } = simRegistry();
    const envelope = await executeToolCall({ name: 'write_sim', args: {} }, { registry, simulate: true });
    expect(envelope).toMatchObject({ ok: true, result: 'pretend true', simulated: true });
    expect(ran).toEqual(['write_sim.simulate']);
  });

  it('runs the simulate body of a script write tool', async () => {
    const { registry } = simRegistry();
    const { sandbox, jobs } = fakeSandbox((job) => ({ ok: true, result: job.body, logs: [], durationMs: 0 }));
    const envelope = await executeToolCall(
      { name: 'script_sim', args: {} },
      { registry, simulate: true, sandbox },
    );
    expect(envelope).toMatchObject({ ok: true, result: 'return "sim";', simulated: true });
    expect(jobs.map((j) => j.body)).toEqual(['return "sim";']);
  });

  it('returns the unvalidated placeholder for write tools with nothing to simulate', async () => {
    const { registry, ran } = simRegistry();
    const { sandbox, jobs } = fakeSandbox(() => ({ ok: true, result: 'ran', logs: [], durationMs: 0 }));
    const webhookCalls: unknown[] = [];
    for (const name of ['write_plain', 'script_plain', 'hook_write']) {
      const envelope = await executeToolCall(
        { name, args: {} },
        { registry, simulate: true, sandbox, executors: { webhook: async (t) => webhookCalls.push(t) } },
      );
      expect(envelope).toEqual({
        ok: true,
        result: { ok: true, simulated: true, unvalidated: true },
        simulated: true,
        unvalidated: true,
        durationMs: expect.any(Number),
      });
    }
    expect(SIMULATED_PLACEHOLDER).toEqual({ ok: true, simulated: true, unvalidated: true });
    expect(ran).toEqual([]);
    expect(jobs).toEqual([]);
    expect(webhookCalls).toEqual([]);
  });

  it('still validates arguments in simulation', async () => {
    const { registry } = simRegistry();
    const envelope = await executeToolCall(
      { name: 'write_plain', args: '[1]' },
      { registry, simulate: true },
    );
    expect(errorOf(envelope).code).toBe('invalid_arguments');
  });
});

describe('executeToolCalls', () => {
  /** Native tools that wait on gates the test opens, to control completion order. */
  function gatedRegistry() {
    const registry = new ToolRegistry({ logger: silent });
    const gates = new Map<string, () => void>();
    const finished: string[] = [];
    let active = 0;
    let maxActive = 0;
    const waiters: Array<{ count: number; resolve: () => void }> = [];
    let startedCount = 0;
    registry.register(
      def('gated', { parameters: { type: 'object', properties: { id: { type: 'string' } } } }),
      {
        layer: 'extension',
        run: async (args) => {
          const id = String(args.id);
          active++;
          maxActive = Math.max(maxActive, active);
          startedCount++;
          for (const w of waiters) if (startedCount >= w.count) w.resolve();
          await new Promise<void>((resolve) => gates.set(id, resolve));
          active--;
          finished.push(id);
          return `result ${id}`;
        },
      },
    );
    const started = (count: number) =>
      new Promise<void>((resolve) => (startedCount >= count ? resolve() : waiters.push({ count, resolve })));
    const open = async (id: string) => {
      gates.get(id)!();
      // let the released call finish before the next step
      await new Promise((resolve) => setImmediate(resolve));
    };
    return { registry, started, open, finished, stats: () => ({ maxActive }) };
  }

  it('returns results in call order when calls finish out of order', async () => {
    const { registry, started, open, finished } = gatedRegistry();
    const calls = ['a', 'b', 'c'].map((id) => ({ name: 'gated', args: { id } }));
    const all = executeToolCalls([...calls, { name: 'missing', args: {} }], { registry, concurrency: 4 });
    await started(3);
    await open('c');
    await open('a');
    await open('b');
    const results = await all;
    expect(finished).toEqual(['c', 'a', 'b']);
    expect(results.map((r) => (r.ok ? r.result : r.error.code))).toEqual([
      'result a',
      'result b',
      'result c',
      'unknown_tool',
    ]);
  });

  it('bounds concurrency', async () => {
    const { registry, started, open, stats } = gatedRegistry();
    const ids = ['1', '2', '3', '4', '5'];
    const all = executeToolCalls(
      ids.map((id) => ({ name: 'gated', args: { id } })),
      { registry, concurrency: 2 },
    );
    await started(2);
    await open('2');
    await started(3);
    await open('1');
    await started(4);
    await open('4');
    await started(5);
    await open('3');
    await open('5');
    const results = await all;
    expect(stats().maxActive).toBe(2);
    expect(results.map((r) => r.ok && r.result)).toEqual(ids.map((id) => `result ${id}`));
  });

  it('handles an empty list', async () => {
    expect(await executeToolCalls([], { registry: new ToolRegistry({ logger: silent }) })).toEqual([]);
  });
});

describe('executeToolCall approval', () => {
  const ran: unknown[] = [];
  const registry = new ToolRegistry({ logger: silent });
  registry.register(
    def('save_note', {
      mode: 'write',
      parameters: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
    }),
    {
      layer: 'builtin',
      run: (args) => {
        ran.push(args);
        return 'saved';
      },
    },
  );

  it('asks with the checked arguments, runs when allowed and fails with `denied` otherwise', async () => {
    const asked: unknown[] = [];
    const allowed = await executeToolCall(
      { id: 'c1', name: 'save_note', args: { text: 'hi' } },
      {
        registry,
        approve: (call, tool) => {
          asked.push([call, tool.mode]);
          return { allowed: true };
        },
      },
    );
    expect(allowed).toMatchObject({ ok: true, result: 'saved' });
    expect(asked).toEqual([[{ id: 'c1', name: 'save_note', args: { text: 'hi' } }, 'write']]);

    ran.length = 0;
    const denied = await executeToolCall(
      { id: 'c2', name: 'save_note', args: { text: 'no' } },
      { registry, approve: async () => ({ allowed: false, reason: 'denied' }) },
    );
    expect(errorOf(denied)).toEqual({
      code: 'denied',
      message: 'The user did not allow save_note to run.',
      hint: 'Do not call it again for this request; continue without it.',
    });
    const timedOut = await executeToolCall(
      { id: 'c3', name: 'save_note', args: { text: 'late' } },
      { registry, approve: () => ({ allowed: false, reason: 'timeout' }) },
    );
    expect(errorOf(timedOut).message).toBe('Nobody approved save_note in time, so it did not run.');
    expect(ran).toEqual([]);
  });

  it('never asks about invalid arguments or in simulation', async () => {
    let asked = 0;
    const approve = () => {
      asked++;
      return { allowed: false, reason: 'denied' } as const;
    };
    const invalid = await executeToolCall({ name: 'save_note', args: {} }, { registry, approve });
    expect(errorOf(invalid).code).toBe('invalid_arguments');
    const simulated = await executeToolCall(
      { name: 'save_note', args: { text: 'x' } },
      { registry, approve, simulate: true },
    );
    expect(simulated.ok).toBe(true);
    expect(asked).toBe(0);
  });
});

describe('executeToolCall observer', () => {
  it('tells executors.observe about every finished call, and an observer that throws changes nothing', async () => {
    const registry = new ToolRegistry({ logger: silent });
    registry.register(def('echo'), { layer: 'builtin', run: (args) => args });
    registry.register(def('boom'), {
      layer: 'builtin',
      run: () => {
        throw new Error('kaput');
      },
    });
    const runs: unknown[] = [];
    const executors = { observe: (run: unknown) => runs.push(run) };
    await executeToolCall({ name: 'echo', args: { a: 1 } }, { registry, executors });
    await executeToolCall({ name: 'boom', args: {} }, { registry, executors, simulate: true });
    await executeToolCall({ name: 'nope', args: {} }, { registry, executors });
    expect(runs).toEqual([
      {
        name: 'echo',
        kind: 'native',
        durationMs: expect.any(Number),
        ok: true,
        simulated: false,
        args: { a: 1 },
        result: { a: 1 },
      },
      expect.objectContaining({
        name: 'boom',
        kind: 'native',
        ok: false,
        errorCode: 'tool_error',
        simulated: true,
      }),
      expect.objectContaining({ name: 'nope', kind: undefined, ok: false, errorCode: 'unknown_tool' }),
    ]);
    const throwing = {
      observe: () => {
        throw new Error('logger down');
      },
    };
    const envelope = await executeToolCall(
      { name: 'echo', args: { a: 2 } },
      { registry, executors: throwing },
    );
    expect(envelope).toMatchObject({ ok: true, result: { a: 2 } });
  });
});
