import { afterAll, describe, expect, it } from 'vitest';
import { createSandbox } from './create-sandbox.js';
import { dryRun } from './dry-run.js';
import { defaultTimeoutFromEnv, MAX_LOG_ENTRIES, MAX_PENDING_HOST_CALLS, wasmMemoryPages } from './limits.js';
import type { Sandbox, SandboxRunJob, SandboxRunResult } from './types.js';

const sandbox = createSandbox({ poolSize: 2, defaultTimeoutMs: 5_000 });
afterAll(() => sandbox.close());

function expectOk(r: SandboxRunResult): unknown {
  if (!r.ok) throw new Error(`expected ok, got ${r.errorCode}: ${r.error}`);
  return r.result;
}

function expectError(r: SandboxRunResult): { error: string; errorCode: string } {
  if (r.ok) throw new Error(`expected an error, got result ${JSON.stringify(r.result)}`);
  return r;
}

describe('createSandbox run: results', () => {
  it('runs the body as an async function of args and ctx', async () => {
    const r = await sandbox.run({ body: 'return args.x + args.y', args: { x: 1, y: 2 } });
    expect(expectOk(r)).toBe(3);
    expect(r.logs).toEqual([]);
    expect(r.durationMs).toBeGreaterThan(0);
  });

  it('refuses a result over the size cap or nested too deep, with the message; at the limits it passes', async () => {
    const small = createSandbox({ poolSize: 1, defaultTimeoutMs: 5_000, maxResultBytes: 1024 });
    try {
      expect(expectError(await small.run({ body: 'return "x".repeat(2000)', args: {} })).error).toMatch(
        /The result is 2 KiB of JSON; script results are capped at 1 KiB/,
      );
      expect(expectOk(await small.run({ body: 'return "x".repeat(1000)', args: {} }))).toHaveLength(1000);
    } finally {
      await small.close();
    }
    const nest = (depth: number) => `let v = 1; for (let i = 0; i < ${depth}; i++) v = [v]; return v;`;
    expect(expectError(await sandbox.run({ body: nest(257), args: {} })).error).toMatch(
      /nests more than 256 levels deep/,
    );
    expect(expectOk(await sandbox.run({ body: nest(256), args: {} }))).toBeInstanceOf(Array);
  });

  it('awaits inside the body and returns JSON values', async () => {
    const r = await sandbox.run({
      body: 'const v = await Promise.resolve(args.list.map((n) => n * 2)); return { v, s: "ok", n: null }',
      args: { list: [1, 2, 3] },
    });
    expect(expectOk(r)).toEqual({ v: [2, 4, 6], s: 'ok', n: null });
  });

  it('hands ctx over as a JSON snapshot', async () => {
    const r = await sandbox.run({
      body: 'return [ctx.chat.name, ctx.chat.turns.length]',
      args: {},
      ctx: { chat: { name: 'Ada', turns: [1, 2] } },
    });
    expect(expectOk(r)).toEqual(['Ada', 2]);
  });

  it('turns undefined into null and drops undefined properties', async () => {
    expect(expectOk(await sandbox.run({ body: 'return undefined', args: {} }))).toBeNull();
    expect(expectOk(await sandbox.run({ body: 'const x = 1;', args: {} }))).toBeNull();
    expect(expectOk(await sandbox.run({ body: 'return { a: undefined, b: 1 }', args: {} }))).toEqual({
      b: 1,
    });
  });

  it('applies toJSON (a Date becomes its ISO string)', async () => {
    const r = await sandbox.run({ body: 'return { at: new Date(0) }', args: {} });
    expect(expectOk(r)).toEqual({ at: '1970-01-01T00:00:00.000Z' });
  });

  it('rejects functions, BigInt, symbols and circular objects with a clear message naming the place', async () => {
    const cases: [string, RegExp][] = [
      ['return () => 1', /The result is not JSON-serialisable: found a function at \$\./],
      ['return { a: { f() {} } }', /not JSON-serialisable: found a function at \$\.a\.f\./],
      ['return [1, 2n]', /not JSON-serialisable: found a BigInt at \$\[1\]\./],
      ['return { s: Symbol("x") }', /not JSON-serialisable: found a symbol at \$\.s\./],
      [
        'const o = { a: [] }; o.a.push(o); return o',
        /not JSON-serialisable: found a circular reference at \$\.a\[0\]\./,
      ],
    ];
    for (const [body, message] of cases) {
      const e = expectError(await sandbox.run({ body, args: {} }));
      expect(e.errorCode).toBe('error');
      expect(e.error).toMatch(message);
    }
  });

  it('refuses args or ctx that are not JSON before running anything', async () => {
    const e1 = expectError(await sandbox.run({ body: 'return 1', args: { n: 1n } }));
    expect(e1.error).toMatch(/args is not JSON-serialisable/);
    const e2 = expectError(await sandbox.run({ body: 'return 1', args: {}, ctx: [1] }));
    expect(e2.error).toMatch(/ctx must be a JSON object/);
  });

  it('reports a syntax error in the body with its line', async () => {
    const e = expectError(await sandbox.run({ body: 'const a = 1;\nconst = 2;', args: {} }));
    expect(e.errorCode).toBe('error');
    expect(e.error).toMatch(/^SyntaxError: .*\(line 2, column \d+\)$/);
  });

  it('turns thrown errors into name and message', async () => {
    const e = expectError(await sandbox.run({ body: 'throw new TypeError("bad input")', args: {} }));
    expect(e).toMatchObject({ error: 'TypeError: bad input', errorCode: 'error' });
  });

  it('queues jobs beyond the pool size and answers each with its own result', async () => {
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => sandbox.run({ body: 'return args.n * 10', args: { n } })),
    );
    expect(results.map(expectOk)).toEqual([10, 20, 30, 40, 50]);
  });

  it('starts every job in a fresh context (no state leaks between calls)', async () => {
    await sandbox.run({ body: 'globalThis.leak = "secret"; Array.prototype.x = 1; return 1', args: {} });
    const results = await Promise.all(
      [1, 2].map(() =>
        sandbox.run({ body: 'return [typeof globalThis.leak, [].x === undefined]', args: {} }),
      ),
    );
    for (const r of results) expect(expectOk(r)).toEqual(['undefined', true]);
  });
});

describe('createSandbox run: host functions', () => {
  it('exposes host functions as ctx.NAME with JSON in and out', async () => {
    const seen: unknown[] = [];
    const r = await sandbox.run({
      body: 'const sum = await ctx.add(2, 3); const both = await Promise.all([ctx.add(1, 1), ctx.echo({ a: [1] })]); return { sum, both, nothing: await ctx.nothing() }',
      args: {},
      hostFunctions: {
        add: async (a, b) => (a as number) + (b as number),
        echo: (value) => {
          seen.push(value);
          return value;
        },
        nothing: async () => undefined,
      },
    });
    expect(expectOk(r)).toEqual({ sum: 5, both: [2, { a: [1] }], nothing: null });
    expect(seen).toEqual([{ a: [1] }]);
  });

  it('delivers a host rejection as a guest Error carrying only the message', async () => {
    const r = await sandbox.run({
      body: 'try { await ctx.fail(); } catch (e) { return [e instanceof Error, e.name, e.message, String(e.stack).includes("create-sandbox")] }',
      args: {},
      hostFunctions: {
        fail: async () => {
          throw new Error('lookup failed');
        },
      },
    });
    expect(expectOk(r)).toEqual([true, 'Error', 'lookup failed', false]);
  });

  it('turns non-Error host rejections and non-JSON host results into messages', async () => {
    const r = await sandbox.run({
      body: 'const out = []; for (const f of [ctx.str, ctx.big]) { try { await f(); } catch (e) { out.push(e.message); } } return out',
      args: {},
      hostFunctions: {
        str: () => Promise.reject('plain string'),
        big: async () => 10n,
      },
    });
    const [first, second] = expectOk(r) as string[];
    expect(first).toBe('plain string');
    expect(second).toMatch(/The result of ctx.big is not JSON-serialisable/);
  });

  it('rejects guest arguments that are not JSON without calling the host', async () => {
    let called = false;
    const r = await sandbox.run({
      body: 'try { await ctx.take(() => 1); return "called" } catch (e) { return e.message }',
      args: {},
      hostFunctions: {
        take: () => {
          called = true;
        },
      },
    });
    expect(expectOk(r)).toMatch(
      /The arguments of ctx.take is not JSON-serialisable: found a function at \$\[0\]/,
    );
    expect(called).toBe(false);
  });

  it('refuses a flood of unawaited host calls without running them all', async () => {
    let calls = 0;
    const r = await sandbox.run({
      body: 'const list = []; for (let i = 0; i < 1000; i++) list.push(ctx.count()); const all = await Promise.allSettled(list); return [all.filter((s) => s.status === "fulfilled").length, all[all.length - 1].reason.message]',
      args: {},
      hostFunctions: {
        count: async () => {
          calls++;
        },
      },
    });
    const [accepted, message] = expectOk(r) as [number, string];
    expect(accepted).toBe(MAX_PENDING_HOST_CALLS);
    expect(message).toMatch(/Too many host calls at once/);
    expect(calls).toBe(MAX_PENDING_HOST_CALLS);
  });

  it('refuses a host result too large to hand to the guest', async () => {
    const r = await sandbox.run({
      body: 'try { await ctx.huge(); return "delivered" } catch (e) { return e.message }',
      args: {},
      hostFunctions: { huge: () => 'x'.repeat(5 * 1024 * 1024) },
    });
    expect(expectOk(r)).toMatch(/The result of ctx.huge is too large/);
  });

  it('only exposes the functions that were given', async () => {
    const r = await sandbox.run({
      body: 'return [typeof ctx.add, typeof ctx.other]',
      args: {},
      ctx: {},
      hostFunctions: { add: () => 1 },
    });
    expect(expectOk(r)).toEqual(['function', 'undefined']);
  });
});

describe('createSandbox run: logs', () => {
  it('captures console levels and renders values readably', async () => {
    const r = await sandbox.run({
      body: 'console.log("a", 1, { b: [1, 2], c: "x" }, null, undefined); console.info("i"); console.warn("w"); console.error(new RangeError("r")); console.debug({ get g() { return 1 } }); return 0',
      args: {},
    });
    expect(r.logs).toEqual([
      { level: 'log', message: 'a 1 { b: [1, 2], c: "x" } null undefined' },
      { level: 'info', message: 'i' },
      { level: 'warn', message: 'w' },
      { level: 'error', message: 'RangeError: r' },
      { level: 'debug', message: '{ g: [Getter/Setter] }' },
    ]);
  });

  it('caps the number of entries and says how many were dropped', async () => {
    const r = await sandbox.run({
      body: 'for (let i = 0; i < 1000; i++) console.log("line " + i); return 1',
      args: {},
    });
    expect(expectOk(r)).toBe(1);
    expect(r.logs).toHaveLength(MAX_LOG_ENTRIES + 1);
    expect(r.logs[MAX_LOG_ENTRIES - 1].message).toBe(`line ${MAX_LOG_ENTRIES - 1}`);
    expect(r.logs[MAX_LOG_ENTRIES]).toEqual({
      level: 'warn',
      message: expect.stringContaining('800 more entries were dropped'),
    });
  });

  it('caps the total size of the output and each entry', async () => {
    const r = await sandbox.run({
      body: 'for (let i = 0; i < 100; i++) console.log("x".repeat(1000)); return 1',
      args: {},
    });
    const kept = r.logs.slice(0, -1);
    expect(kept.reduce((n, e) => n + e.message.length, 0)).toBeLessThanOrEqual(64 * 1024);
    expect(kept.length).toBeLessThan(100);
    expect(r.logs.at(-1)?.message).toMatch(/console output cut/);
    const one = await sandbox.run({ body: 'console.log("y".repeat(50000)); return 1', args: {} });
    expect(one.logs[0].message.length).toBeLessThan(9000);
  });

  it('keeps logs written before a failure', async () => {
    const r = await sandbox.run({ body: 'console.log("before"); throw new Error("after")', args: {} });
    expect(expectError(r).error).toBe('Error: after');
    expect(r.logs).toEqual([{ level: 'log', message: 'before' }]);
  });
});

describe('createSandbox run: abort', () => {
  it('returns aborted at once for an already aborted signal', async () => {
    const controller = new AbortController();
    controller.abort();
    const e = expectError(await sandbox.run({ body: 'return 1', args: {}, signal: controller.signal }));
    expect(e.errorCode).toBe('aborted');
  });

  it('stops a spinning guest when the signal aborts', async () => {
    const controller = new AbortController();
    const r = await sandbox.run({
      body: 'ctx.started(); while (true) {}',
      args: {},
      timeoutMs: 20_000,
      signal: controller.signal,
      hostFunctions: { started: () => controller.abort() },
    });
    expect(expectError(r).errorCode).toBe('aborted');
    expect(expectOk(await sandbox.run({ body: 'return args.x + args.y', args: { x: 1, y: 2 } }))).toBe(3);
  });

  it('stops a guest waiting on a host call when the signal aborts', async () => {
    const controller = new AbortController();
    const r = await sandbox.run({
      body: 'await ctx.forever(); return "resumed"',
      args: {},
      timeoutMs: 20_000,
      signal: controller.signal,
      hostFunctions: {
        forever: () => {
          controller.abort();
          return new Promise(() => {});
        },
      },
    });
    expect(expectError(r).errorCode).toBe('aborted');
  });
});

describe('createSandbox run: abort and host calls', () => {
  it('runs no host call that arrives after the job was aborted', async () => {
    const controller = new AbortController();
    let secondCalled = false;
    const r = await sandbox.run({
      body: 'ctx.first(); ctx.second(); await new Promise(() => {});',
      args: {},
      timeoutMs: 20_000,
      signal: controller.signal,
      hostFunctions: {
        first: () => controller.abort(),
        second: () => {
          secondCalled = true;
        },
      },
    });
    expect(expectError(r).errorCode).toBe('aborted');
    expect(secondCalled).toBe(false);
  });
});

describe('createSandbox run: queueing', () => {
  it('drops a queued job whose signal aborts, while the running one finishes', async () => {
    const single = createSandbox({ poolSize: 1 });
    try {
      let release: () => void = () => {};
      let started: () => void = () => {};
      const running = new Promise<void>((resolve) => {
        started = resolve;
      });
      const first = single.run({
        body: 'await ctx.hold(); return "first"',
        args: {},
        hostFunctions: {
          hold: () =>
            new Promise<void>((resolve) => {
              release = resolve;
              started();
            }),
        },
      });
      await running;
      const controller = new AbortController();
      const second = single.run({ body: 'return "second"', args: {}, signal: controller.signal });
      expect(single.stats().queued).toBe(1);
      controller.abort();
      expect(expectError(await second).errorCode).toBe('aborted');
      release();
      expect(expectOk(await first)).toBe('first');
    } finally {
      await single.close();
    }
  });
});

describe('createSandbox compile', () => {
  it('accepts a valid body without running it', async () => {
    expect(await sandbox.compile('const r = await ctx.lookup(args.q);\nreturn r;')).toEqual({ ok: true });
    // Running this body would never end; compiling it must not run it.
    expect(await sandbox.compile('while (true) {}')).toEqual({ ok: true });
  });

  it('reports a syntax error with line and column relative to the body', async () => {
    const r = await sandbox.compile('let a = 1;\n  let b = ;\n');
    expect(r).toEqual({ ok: false, error: expect.stringMatching(/^SyntaxError: /), line: 2, column: 11 });
    const first = await sandbox.compile('return )');
    expect(first).toMatchObject({ ok: false, line: 1, column: 8 });
  });

  it('rejects a body that closes its function early, without running what follows', async () => {
    const r = await sandbox.compile('}); console.log("ran"); while (true) {} (async function () {');
    expect(r).toMatchObject({ ok: false, line: 1, error: expect.stringMatching(/^SyntaxError: /) });
  });

  it('keeps an error at the end of the input inside the body', async () => {
    const r = await sandbox.compile('if (args.x) {\n  return 1;');
    expect(r).toMatchObject({ ok: false, line: 2 });
  });
});

describe('dryRun', () => {
  it("returns Luker's envelope", async () => {
    const ok = await dryRun(sandbox, { body: 'console.log("hi"); return args.n + 1', args: { n: 1 } });
    expect(ok).toMatchObject({
      ok: true,
      result: 2,
      error: null,
      errorCode: null,
      logs: [{ level: 'log', message: 'hi' }],
    });
    expect(ok.durationMs).toBeGreaterThan(0);
    const bad = await dryRun(sandbox, { body: 'throw "nope"', args: {} });
    expect(bad).toMatchObject({ ok: false, result: null, error: 'nope', errorCode: 'error', logs: [] });
  });

  it('caps the wall at 3 s and keeps a shorter deadline', async () => {
    const seen: (number | undefined)[] = [];
    const recording: Sandbox = {
      run: async (job: SandboxRunJob) => {
        seen.push(job.timeoutMs);
        return { ok: true, result: null, logs: [], durationMs: 1 };
      },
      compile: async () => ({ ok: true }),
      close: async () => {},
    };
    await dryRun(recording, { body: '', args: {} });
    await dryRun(recording, { body: '', args: {}, timeoutMs: 60_000 });
    await dryRun(recording, { body: '', args: {}, timeoutMs: 500 });
    expect(seen).toEqual([3000, 3000, 500]);
  });
});

describe('limits', () => {
  it('reads the default timeout from CUSTOM_TOOL_TIMEOUT_MS', () => {
    expect(defaultTimeoutFromEnv({ CUSTOM_TOOL_TIMEOUT_MS: '1500' })).toBe(1500);
    expect(defaultTimeoutFromEnv({})).toBe(60_000);
    expect(defaultTimeoutFromEnv({ CUSTOM_TOOL_TIMEOUT_MS: 'soon' })).toBe(60_000);
    expect(defaultTimeoutFromEnv({ CUSTOM_TOOL_TIMEOUT_MS: '0' })).toBe(60_000);
  });

  it('caps WebAssembly memory at twice the guest limit, always above the initial 16 MiB', () => {
    expect(wasmMemoryPages(32 * 1024 * 1024)).toEqual({ initial: 256, maximum: 1024 });
    expect(wasmMemoryPages(8 * 1024 * 1024)).toEqual({ initial: 256, maximum: 384 });
  });

  it('uses the configured default deadline when a job names none', async () => {
    const quick = createSandbox({ poolSize: 1, defaultTimeoutMs: 300 });
    try {
      const e = expectError(await quick.run({ body: 'while (true) {}', args: {} }));
      expect(e).toMatchObject({ errorCode: 'timeout', error: expect.stringContaining('300 ms') });
    } finally {
      await quick.close();
    }
  });

  it('ends a running job when the sandbox closes', async () => {
    const closing = createSandbox({ poolSize: 1 });
    const r = await closing.run({
      body: 'ctx.started(); while (true) {}',
      args: {},
      timeoutMs: 20_000,
      hostFunctions: { started: () => void closing.close() },
    });
    expect(expectError(r)).toMatchObject({ errorCode: 'aborted', error: expect.stringMatching(/closed/) });
  });

  it('answers with an error after close', async () => {
    const closed = createSandbox({ poolSize: 1 });
    await closed.close();
    const e = expectError(await closed.run({ body: 'return 1', args: {} }));
    expect(e.error).toMatch(/closed/);
  });
});
