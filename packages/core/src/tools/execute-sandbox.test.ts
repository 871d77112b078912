import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, type QuickJsSandbox } from '../sandbox/index.js';
import { executeToolCall, executeToolCalls } from './execute.js';
import { ToolRegistry } from './registry.js';
import type { ToolDefinition, ToolResultEnvelope } from './types.js';

// Script tools against the real QuickJS sandbox (the fake-sandbox cases live in execute.test.ts).

function script(name: string, body: string, extra: Partial<ToolDefinition> = {}): ToolDefinition {
  return {
    name,
    description: `${name} script`,
    parameters: { type: 'object', properties: { x: { type: 'number' } } },
    mode: 'read',
    kind: 'script',
    body,
    enabled: true,
    ...extra,
  };
}

const codeOf = (envelope: ToolResultEnvelope) => (envelope.ok ? 'ok' : envelope.error.code);

describe('script tools in the real sandbox', () => {
  let sandbox: QuickJsSandbox;
  const registry = new ToolRegistry({ logger: { warn: () => {} } });
  registry.register(
    script(
      'double_it',
      "const r = await ctx.double(args.x);\nconsole.log('doubling', args.x);\nreturn { r, who: ctx.user };",
    ),
  );
  registry.register(script('fails', "throw new Error('no dice');"));
  registry.register(script('spins', 'while (true) {}'));
  registry.register(script('waits', 'await ctx.started();\nawait new Promise(() => {});'));
  registry.register(
    script('save', 'return "really saved";', {
      mode: 'write',
      simulateBody: 'return "would save " + args.x;',
    }),
  );

  beforeAll(() => {
    sandbox = createSandbox({ poolSize: 2 });
  });
  afterAll(async () => {
    await sandbox.close();
  });

  it('passes args, ctx and host functions, and returns the result with logs', async () => {
    const envelope = await executeToolCall(
      { name: 'double_it', args: '{"x": 21}' },
      { registry, sandbox, ctx: { user: 'ann' }, hostFunctions: { double: async (n) => Number(n) * 2 } },
    );
    expect(envelope).toMatchObject({
      ok: true,
      result: { r: 42, who: 'ann' },
      logs: [{ level: 'log', message: 'doubling 21' }],
    });
  });

  it('reports a thrown error as tool_error', async () => {
    const envelope = await executeToolCall({ name: 'fails', args: {} }, { registry, sandbox });
    expect(envelope.ok).toBe(false);
    if (!envelope.ok) {
      expect(envelope.error.code).toBe('tool_error');
      expect(envelope.error.message).toMatch(/^Tool fails failed: .*no dice/);
    }
  });

  it('stops a runaway script at the deadline, and the next call still works', async () => {
    const envelope = await executeToolCall(
      { name: 'spins', args: {} },
      { registry, sandbox, timeoutMs: 300 },
    );
    expect(envelope).toMatchObject({
      ok: false,
      error: { code: 'timeout', message: 'Tool spins timed out after 300 ms.' },
    });
    const after = await executeToolCall(
      { name: 'double_it', args: { x: 1 } },
      { registry, sandbox, ctx: { user: 'bo' }, hostFunctions: { double: async (n) => Number(n) * 2 } },
    );
    expect(after).toMatchObject({ ok: true, result: { r: 2, who: 'bo' } });
  });

  it('aborts a waiting script when the signal fires', async () => {
    const controller = new AbortController();
    const envelope = await executeToolCall(
      { name: 'waits', args: {} },
      {
        registry,
        sandbox,
        signal: controller.signal,
        hostFunctions: {
          started: async () => {
            controller.abort();
            return null;
          },
        },
      },
    );
    expect(codeOf(envelope)).toBe('aborted');
  });

  it('runs the simulate body of a write script in simulation, and the real body otherwise', async () => {
    expect(
      await executeToolCall({ name: 'save', args: { x: 5 } }, { registry, sandbox, simulate: true }),
    ).toMatchObject({
      ok: true,
      result: 'would save 5',
      simulated: true,
    });
    expect(await executeToolCall({ name: 'save', args: { x: 5 } }, { registry, sandbox })).toMatchObject({
      ok: true,
      result: 'really saved',
    });
  });

  it('runs a batch concurrently and keeps call order', async () => {
    const results = await executeToolCalls(
      [
        { name: 'spins', args: {} },
        { name: 'save', args: { x: 1 } },
        { name: 'fails', args: {} },
      ],
      { registry, sandbox, timeoutMs: 300, concurrency: 3 },
    );
    expect(results.map(codeOf)).toEqual(['timeout', 'ok', 'tool_error']);
  });
});
