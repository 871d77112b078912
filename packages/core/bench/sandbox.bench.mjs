// Sandbox benchmark: warm call latency of the QuickJS worker-pool sandbox against node:vm (the unsafe
// baseline: same bodies, no isolation), and throughput with the default pool.
// Run: npm run build && node --expose-gc packages/core/bench/sandbox.bench.mjs
import os from 'node:os';
import vm from 'node:vm';
import { createSandbox } from '@toolsmith/core';
import { DEFAULT_POOL_SIZE } from '@toolsmith/core/internal';

const WARMUP = 100;
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 1000);
const THROUGHPUT_CALLS = Number(process.env.BENCH_THROUGHPUT_CALLS ?? 2000);

const cases = [
  { name: 'trivial (return args.x + args.y)', body: 'return args.x + args.y', target: 1.5 },
  { name: 'one awaited host call', body: 'const v = await ctx.add(args.x, args.y); return v', target: 2.5 },
  // Hundreds of milliseconds per call in QuickJS: fewer samples keep the run short.
  {
    name: '1e6-iteration loop',
    body: 'let s = 0; for (let i = 0; i < 1e6; i++) s += i; return s',
    samples: 30,
    warmup: 3,
  },
];
const args = { x: 1, y: 2 };
const hostFunctions = { add: async (a, b) => a + b };

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const pause = (msDelay) => new Promise((resolve) => setTimeout(resolve, msDelay));

/**
 * `gapMs` > 0 leaves the pool idle between calls (untimed), so each call meets a prepared worker.
 * `cpuMs`: CPU time of the whole process (main thread, sandbox workers, V8 helpers) per call, a figure
 * that depends far less on the machine's load than latency does; reported for back-to-back runs only.
 */
async function measure(call, samples = SAMPLES, warmup = WARMUP, gapMs = 0) {
  for (let i = 0; i < warmup; i++) await call();
  globalThis.gc?.();
  const times = [];
  const cpu = process.cpuUsage();
  for (let i = 0; i < samples; i++) {
    if (gapMs) await pause(gapMs);
    const t = performance.now();
    await call();
    times.push(performance.now() - t);
  }
  const used = process.cpuUsage(cpu);
  times.sort((a, b) => a - b);
  return {
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    cpuMs: (used.user + used.system) / 1000 / samples,
  };
}

// node:vm baselines (no isolation at all): the result crosses as JSON like the sandbox's. "fresh" builds a
// new context per call, as the sandbox does; "reused" compiles once and keeps one context.
function vmCall(body, fresh) {
  const script = new vm.Script(`(async (args, ctx) => { ${body} })`);
  let fn = fresh ? null : script.runInContext(vm.createContext({}));
  return async () => {
    if (fresh) fn = script.runInContext(vm.createContext({}));
    const ctx = { add: hostFunctions.add };
    return JSON.parse(JSON.stringify(await fn(JSON.parse(JSON.stringify(args)), ctx)));
  };
}

const ms = (n) => `${n.toFixed(3)} ms`;
const cpuCount = os.cpus().length;
// Latency on a shared machine follows its load: every figure below is printed with the load average
// (1/5/15 min) around it, so runs can be compared fairly.
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' / ');
console.log(
  `sandbox benchmark — Node ${process.version}, ${cpuCount} CPUs, load average ${load()} (1/5/15 min); ` +
    `${SAMPLES} samples per case after ${WARMUP} warm-up calls unless noted`,
);

const sandbox = createSandbox({ poolSize: DEFAULT_POOL_SIZE });
let failed = false;
try {
  const check = await sandbox.run({ body: cases[1].body, args, hostFunctions });
  if (!check.ok || check.result !== 3) throw new Error(`sandbox self-check failed: ${JSON.stringify(check)}`);

  console.log('\nwarm call latency');
  console.log(
    '  back-to-back: each call starts when the previous one returns; workers free the used context and',
  );
  console.log(
    '  prepare the next (~0.5-1 ms of QuickJS work per call) while other calls run, each keeping up to two',
  );
  console.log('  contexts prepared ahead;');
  console.log('  spaced: 3 ms idle between calls, so every call meets a worker with its context prepared.');
  for (const c of cases) {
    const sandboxCall = async () => {
      const r = await sandbox.run({ body: c.body, args, hostFunctions });
      if (!r.ok) throw new Error(`${c.name}: ${r.error}`);
    };
    const backToBack = await measure(sandboxCall, c.samples, c.warmup);
    const spaced = await measure(sandboxCall, c.samples, c.warmup, 3);
    const fresh = await measure(vmCall(c.body, true), c.samples, c.warmup);
    const reused = await measure(vmCall(c.body, false), c.samples, c.warmup);
    const target = (m) =>
      c.target === undefined ? '' : `  target ≤ ${c.target} ms p50: ${m.p50 <= c.target ? 'met' : 'MISSED'}`;
    const ratio = (base) => `spaced sandbox/vm p50 ${(spaced.p50 / base.p50).toFixed(1)}x`;
    console.log(`  ${c.name} (load average ${load()})`);
    console.log(
      `    sandbox, back-to-back     p50 ${ms(backToBack.p50)}  p95 ${ms(backToBack.p95)}${target(backToBack)}`,
    );
    console.log(`                              process CPU per call ${ms(backToBack.cpuMs)}`);
    console.log(
      `    sandbox, spaced           p50 ${ms(spaced.p50)}  p95 ${ms(spaced.p95)}${target(spaced)}`,
    );
    console.log(
      `    node:vm, fresh context    p50 ${ms(fresh.p50)}  p95 ${ms(fresh.p95)}  (unsafe baseline; ${ratio(fresh)})`,
    );
    console.log(
      `    node:vm, reused context   p50 ${ms(reused.p50)}  p95 ${ms(reused.p95)}  (unsafe baseline; ${ratio(reused)})`,
    );
  }

  console.log(`\nthroughput, default pool (${DEFAULT_POOL_SIZE} workers), ${THROUGHPUT_CALLS} trivial calls`);
  for (const concurrency of [1, DEFAULT_POOL_SIZE, 4 * DEFAULT_POOL_SIZE]) {
    let next = 0;
    const t = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < THROUGHPUT_CALLS) {
          next++;
          const r = await sandbox.run({ body: cases[0].body, args });
          if (!r.ok) throw new Error(r.error);
        }
      }),
    );
    const seconds = (performance.now() - t) / 1000;
    console.log(
      `  concurrency ${String(concurrency).padStart(2)}: ${Math.round(THROUGHPUT_CALLS / seconds)} calls/s`,
    );
  }
  console.log(`\nload average at the end ${load()}`);
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  await sandbox.close();
}
if (failed) process.exit(1);
