// Webhook executor concurrency: 4 parallel calls to a local server that takes 200 ms per answer must finish
// in ≤ 250 ms wall (calls run side by side, not one after another). Runs against the built package.
// The executor reuses pinned keep-alive connections; the count of TCP connections shows it.
import { once } from 'node:events';
import http from 'node:http';
import { createWebhookExecutor } from '../dist/executors/webhook/index.js';

const DELAY_MS = 200;
const PARALLEL = 4;
const TARGET_MS = 250;
const ROUNDS = 7;

const server = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    setTimeout(() => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ok: true, at: Date.now() }));
    }, DELAY_MS);
  });
});
let connections = 0;
server.on('connection', () => connections++);
server.listen(0, '127.0.0.1');
await once(server, 'listening');
const { port } = server.address();

const execute = createWebhookExecutor({ localUrlsEnabled: true, timeoutMs: 10_000 });
const tool = {
  name: 'slow_hook',
  description: 'Answers after 200 ms',
  parameters: { type: 'object' },
  mode: 'read',
  kind: 'webhook',
  webhookUrl: `http://127.0.0.1:${port}/hook`,
  enabled: true,
};

async function round() {
  const start = performance.now();
  const results = await Promise.all(Array.from({ length: PARALLEL }, (_, i) => execute(tool, { i })));
  const wall = performance.now() - start;
  if (!results.every((r) => r && r.ok === true)) throw new Error('unexpected webhook answer');
  return wall;
}

await round(); // warm-up: module loading, JIT, first connections
const walls = [];
for (let i = 0; i < ROUNDS; i++) walls.push(await round());
await execute.close();
server.close();

walls.sort((a, b) => a - b);
const median = walls[Math.floor(walls.length / 2)];
const sequential = PARALLEL * DELAY_MS;
console.log(`webhook: ${PARALLEL} parallel calls × ${DELAY_MS} ms server time, ${ROUNDS} rounds`);
console.log(
  `  wall  min ${walls[0].toFixed(1)} ms · median ${median.toFixed(1)} ms · max ${walls.at(-1).toFixed(1)} ms`,
);
console.log(
  `  target ≤ ${TARGET_MS} ms wall (sequential would be ${sequential} ms; median is ${(sequential / median).toFixed(2)}× faster)`,
);
console.log(`  overhead over one call's ${DELAY_MS} ms: ${(median - DELAY_MS).toFixed(1)} ms`);
console.log(
  `  TCP connections opened: ${connections} for ${(ROUNDS + 1) * PARALLEL} calls (warm-up included)`,
);
if (median > TARGET_MS) {
  console.log(`  FAIL: median ${median.toFixed(1)} ms > ${TARGET_MS} ms`);
  process.exitCode = 1;
} else {
  console.log('  PASS');
}
