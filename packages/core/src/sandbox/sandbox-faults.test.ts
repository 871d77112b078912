// The sandbox fault cases (docs/design.md, "Sandbox"): escapes, runaway CPU, memory, hostile results and
// thrown values. After every fault a normal call must still work.
import { afterAll, describe, expect, it } from 'vitest';
import { createSandbox } from './create-sandbox.js';
import type { HostFunction, SandboxRunResult } from './types.js';

const DEADLINE_MS = 400;
/** Generous: the hard stop fires at deadline + 200 ms; a loaded 2-core machine adds the rest. */
const MARGIN_MS = 4_000;

const sandbox = createSandbox({ poolSize: 2, defaultTimeoutMs: 5_000 });
afterAll(() => sandbox.close());

function run(body: string, extra: { hostFunctions?: Record<string, HostFunction>; timeoutMs?: number } = {}) {
  return sandbox.run({ body, args: { x: 1, y: 2 }, ctx: { chat: 'c' }, ...extra });
}

async function expectHealthy(target: typeof sandbox = sandbox): Promise<void> {
  const r = await target.run({ body: 'return args.x + args.y', args: { x: 1, y: 2 } });
  expect(r).toMatchObject({ ok: true, result: 3 });
}

function failure(r: SandboxRunResult): { error: string; errorCode: string } {
  if (r.ok) throw new Error(`expected a failure, got ${JSON.stringify(r.result)}`);
  return r;
}

// Anything that would show the guest reached the host: Node's version string, the working directory,
// this file's name, Node-internal frames.
const hostMarkers = [process.versions.node, process.cwd(), 'sandbox-faults.test', 'node:internal'];
function expectNoHostData(r: SandboxRunResult): void {
  const text = JSON.stringify(r);
  for (const marker of hostMarkers) expect(text).not.toContain(marker);
}

const failing: Record<string, HostFunction> = {
  fail: async () => {
    throw new Error('host failure');
  },
  slow: async () => 'later',
};

describe('escapes return no host data', () => {
  const attempts: [string, string][] = [
    ['this.constructor.constructor', 'return this.constructor.constructor("return process")().versions.node'],
    ['args.constructor', 'return args.constructor.constructor("return process")().versions.node'],
    ['a ctx function', 'return ctx.fail.constructor.constructor("return process")().versions.node'],
    ['a ctx snapshot value', 'return ctx.chat.constructor.constructor("return process")().versions.node'],
    [
      'a host error',
      'try { await ctx.fail() } catch (e) { return [e.constructor.constructor("return process")().versions.node] }',
    ],
    [
      'a host promise',
      'const p = ctx.slow(); return p.constructor.constructor("return process")().versions.node',
    ],
    [
      '(async()=>{}).constructor',
      'return (await (async () => {}).constructor("return process")()).versions.node',
    ],
    ['globalThis.process', 'return globalThis.process.versions.node'],
    ['require', 'return require("fs").readFileSync("/etc/hostname", "utf8")'],
    ['import("fs")', 'const fs = await import("fs"); return fs.readFileSync("/etc/hostname", "utf8")'],
  ];
  for (const [name, body] of attempts) {
    it(`via ${name}`, async () => {
      const r = await run(body, { hostFunctions: failing });
      expect(r.ok).toBe(false);
      expectNoHostData(r);
      expect(failure(r).errorCode).toBe('error');
    });
  }

  it('via Error.prepareStackTrace and host error stacks', async () => {
    const r = await run(
      'Error.prepareStackTrace = (e, frames) => frames.map((f) => String(f.getFileName && f.getFileName())).join(";");' +
        'const own = String(new Error("x").stack);' +
        'let hostStack = ""; try { await ctx.fail() } catch (e) { hostStack = String(e.stack) + Object.getOwnPropertyNames(e).join(",") }' +
        'return { own, hostStack }',
      { hostFunctions: failing },
    );
    expect(r.ok).toBe(true);
    expectNoHostData(r);
  });

  it('sees no host globals at all', async () => {
    const r = await run('return Object.getOwnPropertyNames(globalThis)');
    expect(r.ok).toBe(true);
    const names = (r as { result: string[] }).result;
    for (const hostName of ['process', 'require', 'module', 'Buffer', 'WebAssembly', 'global']) {
      expect(names).not.toContain(hostName);
    }
    await expectHealthy();
  });

  it("setTimeout and fetch are the guest's own (Luker compatibility), not the host's", async () => {
    const r = await run(
      'return [setTimeout, clearTimeout, fetch].map((f) => Function.prototype.toString.call(f).includes("part("))',
    );
    expect(r.ok && r.result).toEqual([true, true, true]);
  });
});

describe('CPU: runaway guests stop within the deadline', () => {
  const cases: [string, string, Record<string, HostFunction>?][] = [
    ['while(true){}', 'while (true) {}'],
    ['for(;;) await null', 'for (;;) await null;'],
    ['a host call that never resolves', 'await ctx.hang(); return 1', { hang: () => new Promise(() => {}) }],
    ['a built-in-heavy loop', 'const a = new Array(1e6).fill(0); for (;;) a.indexOf(1);'],
    ['ReDoS', 'return /^(a+)+$/.test("a".repeat(40) + "b")'],
    ['recursion inside catch', 'function f() { try { f() } catch (e) { f() } } f();'],
    ['a getter bomb in the result', 'return { get x() { for (;;) {} } }'],
    ['a looping ownKeys trap in the result', 'return new Proxy({}, { ownKeys() { for (;;) {} } })'],
  ];
  for (const [name, body, hostFunctions] of cases) {
    it(`stops ${name}`, async () => {
      const started = Date.now();
      const r = await run(body, { timeoutMs: DEADLINE_MS, hostFunctions });
      const elapsed = Date.now() - started;
      expect(failure(r)).toMatchObject({
        errorCode: 'timeout',
        error: expect.stringContaining(`${DEADLINE_MS} ms`),
      });
      expect(elapsed).toBeGreaterThanOrEqual(DEADLINE_MS - 5);
      expect(elapsed).toBeLessThan(DEADLINE_MS + MARGIN_MS);
      await expectHealthy();
    });
  }

  it('ends a promise that can never settle without waiting for the deadline', async () => {
    const r = await run('await new Promise(() => {}); return 1', { timeoutMs: 20_000 });
    expect(failure(r)).toMatchObject({
      errorCode: 'error',
      error: expect.stringMatching(/can never settle/),
    });
    await expectHealthy();
  });

  it('terminates and replaces a worker whose guest ignores the interrupt, keeping its earlier logs', async () => {
    const before = sandbox.stats().terminated;
    const r = await run(
      'console.log("before the loop"); const a = new Array(1e6).fill(0); for (;;) a.indexOf(1);',
      {
        timeoutMs: DEADLINE_MS,
      },
    );
    expect(failure(r).errorCode).toBe('timeout');
    expect(r.logs).toEqual([{ level: 'log', message: 'before the loop' }]);
    expect(sandbox.stats().terminated).toBe(before + 1);
    await expectHealthy();
    const stats = sandbox.stats();
    expect(stats.workers).toBeLessThanOrEqual(2);
    expect(stats.started).toBeGreaterThan(stats.terminated + stats.retired);
  });

  it('keeps the host event loop ticking while a guest runs away', async () => {
    let immediates = 0;
    let intervals = 0;
    let running = true;
    const spin = () => {
      immediates++;
      if (running) setImmediate(spin);
    };
    setImmediate(spin);
    const interval = setInterval(() => intervals++, 10);
    const both = await Promise.all([
      run('while (true) {}', { timeoutMs: DEADLINE_MS }),
      run('const a = new Array(1e6).fill(0); for (;;) a.indexOf(1);', { timeoutMs: DEADLINE_MS }),
    ]);
    running = false;
    clearInterval(interval);
    for (const r of both) expect(failure(r).errorCode).toBe('timeout');
    // Both guests ran for at least 400 ms: a blocked loop would show a handful of ticks at most.
    expect(immediates).toBeGreaterThan(100);
    expect(intervals).toBeGreaterThan(5);
    await expectHealthy();
  });
});

// A small limit (8 MiB guest, 16 MiB WebAssembly cap) reaches the same faults faster than the default.
const small = createSandbox({ poolSize: 2, defaultTimeoutMs: 5_000, memoryLimitBytes: 8 * 1024 * 1024 });
afterAll(() => small.close());

describe('memory: guests fail with out-of-memory', () => {
  const cases: [string, string][] = [
    ['growing arrays', 'const a = []; for (;;) a.push(a.length);'],
    ['a huge string', 'const s = "x".repeat(2 ** 28); return s.length'],
    // Doubling `s + s` makes ropes that share their halves; these pieces are flat.
    ['many large strings', 'const keep = []; for (let i = 0; ; i++) keep.push("x".repeat(1 << 20) + i);'],
    ['typed arrays', 'const keep = []; for (;;) keep.push(new Uint8Array(1 << 20));'],
    ['many objects allocated after an await', 'await null; const a = []; for (;;) a.push({ n: a.length });'],
    ['deep recursion', 'function down(n) { return down(n + 1) + 1 } return down(0);'],
    [
      'a result that is too large to serialise',
      'const s = "x".repeat(1 << 20); const a = []; for (let i = 0; i < 24; i++) a.push(s); return a',
    ],
  ];
  for (const [name, body] of cases) {
    it(`stops ${name}`, async () => {
      const r = await small.run({ body, args: {} });
      expect(failure(r).errorCode).toBe('out_of_memory');
      await expectHealthy(small);
    });
  }
});

describe('memory at the default limit (32 MiB guest, 64 MiB cap)', () => {
  it('stops typed arrays', async () => {
    const r = await run('const keep = []; for (;;) keep.push(new Float64Array(1 << 18));');
    expect(failure(r).errorCode).toBe('out_of_memory');
    await expectHealthy();
  });
});

describe('worker retirement', () => {
  it('keeps workers that ran normal jobs', async () => {
    const fresh = createSandbox({ poolSize: 1, memoryLimitBytes: 8 * 1024 * 1024 });
    try {
      for (let i = 0; i < 3; i++) {
        const r = await fresh.run({ body: 'return [args.i, "x".repeat(1000).length]', args: { i } });
        expect(r).toMatchObject({ ok: true, result: [i, 1000] });
      }
      expect(fresh.stats()).toMatchObject({ started: 1, retired: 0, terminated: 0 });
    } finally {
      await fresh.close();
    }
  });

  it('stops growing arrays of objects, retiring the worker whose module reached its memory cap', async () => {
    const before = small.stats().retired;
    const r = await small.run({ body: 'const a = []; for (;;) a.push({ n: a.length });', args: {} });
    expect(failure(r).errorCode).toBe('out_of_memory');
    expect(small.stats().retired).toBe(before + 1);
    await expectHealthy(small);
    await expectHealthy(small);
  });
});

describe('results and thrown values become messages', () => {
  it('a throwing proxy as the result', async () => {
    const r = await run(
      'return new Proxy({}, { ownKeys() { throw new Error("boom") }, get() { throw new Error("boom") } })',
    );
    expect(failure(r)).toEqual(expect.objectContaining({ errorCode: 'error', error: 'Error: boom' }));
    await expectHealthy();
  });

  it('a throwing getter in the result', async () => {
    const r = await run('return { get x() { throw new RangeError("no x") } }');
    expect(failure(r).error).toBe('RangeError: no x');
  });

  const thrown: [string, string, string | RegExp][] = [
    ['a string', 'throw "oops"', 'oops'],
    ['an object', 'throw { code: 42 }', 'The script threw { code: 42 }'],
    ['an object with a message', 'throw { message: "custom" }', 'custom'],
    ['null', 'throw null', 'The script threw null'],
    ['undefined', 'throw undefined', 'The script threw undefined'],
    ['a number', 'throw 7', 'The script threw 7'],
    [
      'a getter bomb in message',
      'throw { get message() { for (;;) {} } }',
      /^The script threw \{ message: \[Getter\/Setter\] \}$/,
    ],
    [
      'a looping toString',
      'throw { toString() { for (;;) {} } }',
      /^The script threw \{ toString: \[Function toString\] \}$/,
    ],
    [
      'an Error whose name and message are getter bombs',
      'const e = new Error("x"); Object.defineProperty(e, "message", { get() { for (;;) {} } }); throw e',
      'Error',
    ],
    ['a rejected promise with a symbol', 'return Promise.reject(Symbol("s"))', 'The script threw Symbol(s)'],
  ];
  for (const [name, body, message] of thrown) {
    it(`thrown ${name}`, async () => {
      const r = await run(body, { timeoutMs: 3_000 });
      const f = failure(r);
      expect(f.errorCode).toBe('error');
      if (typeof message === 'string') expect(f.error).toBe(message);
      else expect(f.error).toMatch(message);
      await expectHealthy();
    });
  }
});
