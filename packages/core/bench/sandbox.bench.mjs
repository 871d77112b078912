// Sandbox benchmark: warm call latency of the QuickJS worker-pool sandbox against node:vm (the unsafe
// baseline: same bodies, no isolation), and throughput with the default pool.
// Run: npm run build && node --expose-gc packages/core/bench/sandbox.bench.mjs
import vm from 'node:vm';
import { createSandbox, DEFAULT_POOL_SIZE } from '@toolsmith/core';

const WARMUP = 100;
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 600);
const THROUGHPUT_CALLS = Number(process.env.BENCH_THROUGHPUT_CALLS ?? 2000);

const cases = [
  { name: 'trivial (return args.x + args.y)', body: 'return args.x + args.y', target: 1.5 },
  { name: 'one awaited host call', body: 'const v = await ctx.add(args.x, args.y); return v', target: 2.5 },
  { name: '1e6-iteration loop', body: 'let s = 0; for (let i = 0; i < 1e6; i++) s += i; return s' },
];
const args = { x: 1, y: 2 };
const hostFunctions = { add: async (a, b) => a + b };

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function measure(call) {
  for (let i = 0; i < WARMUP; i++) await call();
  globalThis.gc?.();
  const times = [];
  for (let i = 0; i < SAMPLES; i++) {
    const t = performance.now();
    await call();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

// node:vm baseline: one reused context, each body compiled once; the result crosses as JSON like the sandbox's.
function vmCall(body) {
  const context = vm.createContext({});
  const fn = new vm.Script(`(async (args, ctx) => { ${body} })`).runInContext(context);
  return async () => {
    const ctx = { add: hostFunctions.add };
    return JSON.parse(JSON.stringify(await fn(JSON.parse(JSON.stringify(args)), ctx)));
  };
}

const ms = (n) => `${n.toFixed(3)} ms`;
const cpuCount = (await import('node:os')).cpus().length;
console.log(
  `sandbox benchmark — Node ${process.version}, ${cpuCount} CPUs, ${SAMPLES} samples per case after ${WARMUP} warm-up calls`,
);

const sandbox = createSandbox({ poolSize: DEFAULT_POOL_SIZE });
let failed = false;
try {
  const check = await sandbox.run({ body: cases[1].body, args, hostFunctions });
  if (!check.ok || check.result !== 3) throw new Error(`sandbox self-check failed: ${JSON.stringify(check)}`);

  console.log('\nwarm call latency (sequential)');
  for (const c of cases) {
    const sandboxed = await measure(async () => {
      const r = await sandbox.run({ body: c.body, args, hostFunctions });
      if (!r.ok) throw new Error(`${c.name}: ${r.error}`);
    });
    const baseline = await measure(vmCall(c.body));
    const target =
      c.target === undefined
        ? ''
        : `  target ≤ ${c.target} ms p50: ${sandboxed.p50 <= c.target ? 'met' : 'MISSED'}`;
    console.log(`  ${c.name}`);
    console.log(`    sandbox  p50 ${ms(sandboxed.p50)}  p95 ${ms(sandboxed.p95)}${target}`);
    console.log(
      `    node:vm  p50 ${ms(baseline.p50)}  p95 ${ms(baseline.p95)}  (unsafe baseline; sandbox/vm p50 ratio ${(sandboxed.p50 / baseline.p50).toFixed(1)}x)`,
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
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  await sandbox.close();
}
if (failed) process.exit(1);
