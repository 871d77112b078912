// Gateway overhead: the official `openai` client through Toolsmith's gateway (/v1/chat/completions) to the
// provider emulator, versus the same client straight to the emulator. The emulator and the gateway each run
// in their own child process, as in a real deployment; the client runs here. Requests alternate between the
// paths so drift on a shared machine hits them alike. Reports p50/p95 latency of each path, the added
// latency (target ≤ 1 ms at p50), the gateway's CPU time per request, and throughput with several requests
// in flight. A third path, a bare pass-through proxy (node:http in, undici out, bytes piped back, nothing
// parsed), shows what the extra network hop alone costs on this machine.
// Usage: node packages/server/bench/gateway.bench.mjs [--requests N]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const TARGET_ADDED_P50_MS = 1;
const STREAM_CHUNKS = 20;
const STREAM_WORDS = Array.from({ length: STREAM_CHUNKS }, (_, i) => `word${i} `);
const STREAM_TEXT = STREAM_WORDS.join('');
const THROUGHPUT_IN_FLIGHT = 8;
const THROUGHPUT_MS = 3000;
/** each path's time is split into slices taken in turn, so a change in machine load hits every path */
const THROUGHPUT_SLICES = 6;

/** Child: the emulator, answering every request at once (non-streaming or a short stream). */
async function serveEmulator() {
  const { createEmulator, openaiChunk, openaiCompletion, openaiStream, openaiUsage } = await import(
    '@toolsmith/emulator'
  );
  const plain = { json: openaiCompletion({ content: 'The answer is 42.' }, { usage: openaiUsage(20, 6) }) };
  const streamed = openaiStream([
    openaiChunk({ role: 'assistant', content: '' }),
    ...STREAM_WORDS.map((w) => openaiChunk({ content: w })),
    openaiChunk({}, { finishReason: 'stop' }),
  ]);
  const emulator = await createEmulator();
  emulator.on('/v1/chat/completions', (request) => {
    emulator.requests.length = 0; // keep memory flat over many requests
    return request.body?.stream ? streamed : plain;
  });
  report(emulator.url, () => emulator.close());
}

/** Child: the Toolsmith server (built package) with one connection pointing at the emulator. */
async function serveGateway(emulatorUrl) {
  const { buildApp, parseConfig } = await import('../dist/index.js');
  const dataDir = mkdtempSync(join(tmpdir(), 'toolsmith-gateway-bench-'));
  const config = parseConfig({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', DATA_DIR: dataDir });
  const app = await buildApp(config, { webDistDir: dataDir });
  await app.toolsmith.storage.connections.create({
    name: 'emu',
    api: 'openai',
    baseUrl: `${emulatorUrl}/v1`,
    model: 'bench-model',
    apiKey: 'sk-bench',
    functionCalling: { enabled: true, mode: 'auto' },
    instructTemplate: '',
    textBackend: '',
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  report(`http://127.0.0.1:${app.server.address().port}`, async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
}

/** Child: a bare pass-through proxy to the emulator — the floor for any gateway that adds a hop. */
async function serveProxy(emulatorUrl) {
  const http = await import('node:http');
  const { Agent, request } = await import('undici');
  const agent = new Agent({ keepAliveTimeout: 30_000 });
  const server = http.createServer(async (req, res) => {
    const parts = [];
    for await (const part of req) parts.push(part);
    const upstream = await request(`${emulatorUrl}${req.url}`, {
      method: req.method,
      headers: { 'content-type': req.headers['content-type'] ?? 'application/json' },
      body: Buffer.concat(parts),
      dispatcher: agent,
    });
    res.writeHead(upstream.statusCode, { 'content-type': upstream.headers['content-type'] });
    for await (const chunk of upstream.body) res.write(chunk);
    res.end();
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  report(`http://127.0.0.1:${server.address().port}`, () => agent.close());
}

/**
 * A child prints its URL, then serves until its stdin closes. A `cpu` line on stdin is answered with the
 * child's CPU time so far (ms), so the parent can measure what the gateway itself spends per request.
 */
function report(url, close) {
  process.stdout.write(`${url}\n`);
  let pending = '';
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (data) => {
    pending += data;
    while (pending.includes('\n')) {
      const line = pending.slice(0, pending.indexOf('\n'));
      pending = pending.slice(pending.indexOf('\n') + 1);
      if (line === 'cpu') {
        const { user, system } = process.cpuUsage();
        process.stdout.write(`${user / 1000} ${system / 1000}\n`);
      }
    }
  });
  process.stdin.on('end', () => Promise.resolve(close()).then(() => process.exit(0)));
}

function startChild(args) {
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), ...args], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = [];
  const waiters = [];
  let out = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (d) => {
    out += d;
    while (out.includes('\n')) {
      const line = out.slice(0, out.indexOf('\n'));
      out = out.slice(out.indexOf('\n') + 1);
      if (waiters.length) waiters.shift()(line);
      else lines.push(line);
    }
  });
  const nextLine = () =>
    lines.length ? Promise.resolve(lines.shift()) : new Promise((r) => waiters.push(r));
  return new Promise((resolve, reject) => {
    child.on('exit', (code) => reject(new Error(`${args[0]} exited with ${code}`)));
    nextLine().then((url) =>
      resolve({
        url,
        stop: () => child.stdin.end(),
        /** the child's CPU time so far, in ms: { user, system } */
        cpu: async () => {
          child.stdin.write('cpu\n');
          const [user, system] = (await nextLine()).split(' ').map(Number);
          return { user, system };
        },
      }),
    );
  });
}

function quantile(values, q) {
  const s = [...values].sort((a, b) => a - b);
  const at = (s.length - 1) * q;
  const lo = Math.floor(at);
  return s[lo] + (s[Math.min(lo + 1, s.length - 1)] - s[lo]) * (at - lo);
}

const ms = (v) => `${v.toFixed(2)} ms`;
const signed = (v) => `${v >= 0 ? '+' : ''}${v.toFixed(2)} ms`;

async function main() {
  const requestsArg = process.argv.indexOf('--requests');
  const requests = requestsArg > 0 ? Number(process.argv[requestsArg + 1]) : 2000;
  const { default: OpenAI } = await import('openai');

  const emulator = await startChild(['--serve-emulator']);
  const gateway = await startChild(['--serve-gateway', emulator.url]);
  const proxy = await startChild(['--serve-proxy', emulator.url]);
  const clients = {
    direct: new OpenAI({ baseURL: `${emulator.url}/v1`, apiKey: 'sk-bench', maxRetries: 0 }),
    proxy: new OpenAI({ baseURL: `${proxy.url}/v1`, apiKey: 'sk-bench', maxRetries: 0 }),
    gateway: new OpenAI({ baseURL: `${gateway.url}/v1`, apiKey: 'unused', maxRetries: 0 }),
  };
  const models = { direct: 'bench-model', proxy: 'bench-model', gateway: 'emu' };
  const paths = ['direct', 'proxy', 'gateway'];
  const messages = [
    { role: 'system', content: 'You are a terse assistant.' },
    { role: 'user', content: 'What is six times seven?' },
  ];

  const plain = async (path) => {
    const c = await clients[path].chat.completions.create({ model: models[path], messages });
    if (c.choices[0].message.content !== 'The answer is 42.') throw new Error(`unexpected answer on ${path}`);
  };
  const streamed = async (path) => {
    const stream = await clients[path].chat.completions.create({
      model: models[path],
      messages,
      stream: true,
    });
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.delta?.content ?? '';
    if (text !== STREAM_TEXT) throw new Error(`unexpected stream on ${path}: ${text}`);
  };

  /**
   * Alternating sequential requests; returns the latencies of each path and the gateway process's CPU time
   * per gateway request (load on a shared machine stretches latency, but not CPU time).
   */
  async function latencies(run, count, warmup) {
    for (let i = 0; i < warmup; i++) for (const path of paths) await run(path);
    const out = { direct: [], proxy: [], gateway: [] };
    const cpuBefore = await gateway.cpu();
    for (let i = 0; i < count; i++) {
      // rotate which path goes first, so none always follows another
      for (let k = 0; k < paths.length; k++) {
        const path = paths[(i + k) % paths.length];
        const start = performance.now();
        await run(path);
        out[path].push(performance.now() - start);
      }
    }
    const cpuAfter = await gateway.cpu();
    out.gatewayCpu = {
      user: (cpuAfter.user - cpuBefore.user) / count,
      system: (cpuAfter.system - cpuBefore.system) / count,
    };
    return out;
  }

  /** Requests completed per path with several in flight, in slices taken in turn. */
  async function throughput() {
    const totals = { direct: { done: 0, ms: 0 }, proxy: { done: 0, ms: 0 }, gateway: { done: 0, ms: 0 } };
    for (let slice = 0; slice < THROUGHPUT_SLICES; slice++) {
      for (const path of paths) {
        const start = performance.now();
        const end = start + THROUGHPUT_MS / THROUGHPUT_SLICES;
        const worker = async () => {
          while (performance.now() < end) {
            await plain(path);
            totals[path].done++;
          }
        };
        await Promise.all(Array.from({ length: THROUGHPUT_IN_FLIGHT }, worker));
        totals[path].ms += performance.now() - start;
      }
    }
    return Object.fromEntries(paths.map((p) => [p, totals[p].done / (totals[p].ms / 1000)]));
  }

  console.log(
    'gateway: openai client → Toolsmith gateway → emulator, versus openai client → emulator (separate processes)',
  );
  console.log(
    `  machine: ${cpus().length} CPUs, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  let failed = false;
  const rows = [
    ['non-streaming', await latencies(plain, requests, 600), true],
    [
      `streaming (${STREAM_CHUNKS} chunks)`,
      await latencies(streamed, Math.max(100, Math.floor(requests / 4)), 100),
      false,
    ],
  ];
  for (const [label, lat, gated] of rows) {
    const p = (path, q) => quantile(lat[path], q);
    const { user, system } = lat.gatewayCpu;
    console.log(`  ${label}, ${lat.direct.length} requests per path`);
    console.log(`    direct        p50 ${ms(p('direct', 0.5))} · p95 ${ms(p('direct', 0.95))}`);
    console.log(
      `    bare proxy    p50 ${ms(p('proxy', 0.5))} · p95 ${ms(p('proxy', 0.95))}   (the extra hop alone)`,
    );
    console.log(`    gateway       p50 ${ms(p('gateway', 0.5))} · p95 ${ms(p('gateway', 0.95))}`);
    const added50 = p('gateway', 0.5) - p('direct', 0.5);
    console.log(
      `    added         p50 ${signed(added50)} · p95 ${signed(p('gateway', 0.95) - p('direct', 0.95))}${gated ? `   (target ≤ ${TARGET_ADDED_P50_MS} ms at p50)` : ''}`,
    );
    console.log(
      `    over the hop  p50 ${signed(p('gateway', 0.5) - p('proxy', 0.5))} · p95 ${signed(p('gateway', 0.95) - p('proxy', 0.95))}   (gateway − bare proxy)`,
    );
    console.log(`    gateway CPU per request ${ms(user + system)} (user ${ms(user)}, system ${ms(system)})`);
    if (gated && added50 > TARGET_ADDED_P50_MS) failed = true;
  }
  const { direct: rpsDirect, proxy: rpsProxy, gateway: rpsGateway } = await throughput();
  console.log(
    `  throughput, ${THROUGHPUT_IN_FLIGHT} requests in flight for ${THROUGHPUT_MS / 1000} s: direct ${rpsDirect.toFixed(0)} req/s · bare proxy ${rpsProxy.toFixed(0)} req/s · gateway ${rpsGateway.toFixed(0)} req/s (${((rpsGateway / rpsDirect) * 100).toFixed(0)}% of direct)`,
  );
  console.log(failed ? `  FAIL: added p50 latency is over ${TARGET_ADDED_P50_MS} ms` : '  PASS');
  if (failed) process.exitCode = 1;
  gateway.stop();
  proxy.stop();
  emulator.stop();
}

// last, so every constant above is initialized before a role runs
const role = process.argv[2];
if (role === '--serve-emulator') await serveEmulator();
else if (role === '--serve-gateway') await serveGateway(process.argv[3]);
else if (role === '--serve-proxy') await serveProxy(process.argv[3]);
else await main();
