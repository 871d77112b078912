// Text tool-call parser benchmark: 1 MiB of model text holding 50 calls, parsed by the streaming parser in
// 16-byte chunks versus in one piece (target ratio ≤ 1.5), and versus a baseline that re-parses the whole
// buffer on every chunk (what a parser without scan state has to do).
// The calls use every format the parser reads: Hermes/Qwen JSON, Qwen3-Coder, Mistral, fenced JSON, and one
// Luker XML block after the trigger at the end.
// Run: npm run build && node --expose-gc packages/core/bench/text-parser.bench.mjs
import { createTextToolCallParser, parseToolCallsFromText } from '@toolsmith/core';

const MIB = 1024 * 1024;
const CALLS = 50;
const CHUNK = 16;
const RUNS = Number(process.env.BENCH_RUNS ?? 25);
const TARGET = 1.5;
const TRIGGER = '<Function_B3nc_Start/>';
const tools = [
  {
    name: 'search_notes',
    parameters: { type: 'object', properties: { query: { type: 'string' }, limit: { type: 'integer' } } },
  },
  {
    name: 'write_note',
    parameters: { type: 'object', properties: { title: { type: 'string' }, body: { type: 'string' } } },
  },
];

// Prose that looks like a roleplay/assistant answer: markdown, a little inline code, brackets, tags and
// braces now and then, and some non-ASCII, so the scanner meets marker look-alikes all the time.
const PARAGRAPHS = [
  'The rain had not stopped for three days, and the lamps along the harbour burned a dull orange. ',
  'She checked the ledger again — every entry in the *second* column matched, except one [see note 4]. ',
  'In `config.yaml` the key `retries` is set to {3}, which is < the limit of 5 but > the default. ',
  '«Bonjour», said the clerk, sliding the envelope across the counter. Café au lait, naïve façade. ',
  'Steps:\n1. Open the drawer.\n2. Take the <b>brass</b> key.\n3. Close it again.\n\n',
  '> A quoted line from the journal, dated 1893-04-12, written in a hurried hand.\n\n',
  'He laughed. "You think the map is wrong?" The map was never wrong; the sea was. 🌊 ',
];

/**
 * One call written in a given format. The trigger protocol allows one block per answer (only the last
 * counts), so the text spreads its calls over the tolerated formats and ends with one triggered block.
 */
function renderCall(i, last) {
  const write = i % 2 === 1;
  const name = write ? 'write_note' : 'search_notes';
  const args = write
    ? {
        title: `Note ${i}`,
        body: `Entry ${i}: "quoted" text with {braces}, [brackets] and a \\ backslash. `.repeat(4),
      }
    : { query: `harbour ledger ${i} <key>`, limit: 5 + (i % 7) };
  const json = JSON.stringify(args);
  if (last) {
    return `Let me check that.\n${TRIGGER}\n<function_calls>\n<function_call>\n<tool>${name}</tool>\n<args_json><![CDATA[${json}]]></args_json>\n</function_call>\n</function_calls>\n`;
  }
  switch (i % 4) {
    case 0:
      return `Let me check that.\n<tool_call>\n{"name": "${name}", "arguments": ${json}}\n</tool_call>\n`;
    case 1:
      return `Writing it down.\n<tool_call>\n<function=${name}>\n${Object.entries(args)
        .map(([k, v]) => `<parameter=${k}>\n${v}\n</parameter>\n`)
        .join('')}</function>\n</tool_call>\n`;
    case 2:
      return `[TOOL_CALLS]${name}[ARGS]${json}\n`;
    default:
      return `\`\`\`json\n{"name": "${name}", "arguments": ${json}}\n\`\`\`\n`;
  }
}

function buildText() {
  const calls = [];
  for (let i = 0; i < CALLS; i++) calls.push(renderCall(i, i === CALLS - 1));
  const proseTotal = MIB - calls.reduce((n, c) => n + c.length, 0);
  const perGap = Math.floor(proseTotal / (CALLS + 1));
  let p = 0;
  const prose = () => {
    let s = '';
    while (s.length < perGap) s += PARAGRAPHS[p++ % PARAGRAPHS.length];
    return s.slice(0, perGap);
  };
  let text = '';
  for (const call of calls) text += prose() + call;
  text += prose();
  return text.padEnd(MIB, '.').slice(0, MIB);
}

/** Chunks as separate flat strings, the way a provider adapter hands them over after JSON-decoding SSE. */
function split(text, size) {
  const chunks = [];
  for (let i = 0; i < text.length; i += size)
    chunks.push(JSON.parse(JSON.stringify(text.slice(i, i + size))));
  return chunks;
}

/** Streams the chunks; returns what a consumer would keep: content length and the calls. */
function stream(chunks) {
  const parser = createTextToolCallParser({ tools, trigger: TRIGGER });
  let contentLength = 0;
  let calls = 0;
  const take = (events) => {
    for (const e of events) {
      if (e.type === 'text-delta') contentLength += e.text.length;
      else if (e.type === 'tool-call') calls++;
    }
  };
  for (const c of chunks) take(parser.push(c));
  take(parser.end());
  return { contentLength, calls };
}

/** The baseline: after every chunk, parse everything received so far from scratch. */
function reparseEveryChunk(chunks) {
  let buffer = '';
  let last;
  for (const c of chunks) {
    buffer += c;
    last = parseToolCallsFromText(buffer, { tools, trigger: TRIGGER });
  }
  return { contentLength: last.content.length, calls: last.calls.length };
}

function cpuMs(fn) {
  const start = process.cpuUsage();
  const result = fn();
  const used = process.cpuUsage(start);
  return { ms: (used.user + used.system) / 1000, result };
}

/**
 * Best (lowest) CPU time of `runs`: the machine is shared, and other load only ever adds time. One forced
 * collection first (the inputs just built leave the young generation), then a warm-up run that absorbs the
 * sweeping it leaves to V8's helper threads; none between the timed runs, where that sweeping landed in
 * the next run's process CPU time and made one size measure twice another per MiB.
 */
function best(fn, runs) {
  globalThis.gc?.();
  fn(); // warm-up
  let ms = Number.POSITIVE_INFINITY;
  let result;
  for (let i = 0; i < runs; i++) {
    const r = cpuMs(fn);
    ms = Math.min(ms, r.ms);
    result = r.result;
  }
  return { ms, result };
}

const text = buildText();
const bytes = Buffer.byteLength(text);
const chunks = split(text, CHUNK);
const byteChunks = [];
{
  const encoded = new TextEncoder().encode(text);
  for (let i = 0; i < encoded.length; i += CHUNK) byteChunks.push(encoded.subarray(i, i + CHUNK));
}
console.log(
  `text parser benchmark — Node ${process.version}; ${text.length} chars (${bytes} bytes UTF-8), ${CALLS} calls; best CPU time of ${RUNS} runs`,
);

const whole = best(() => stream([text]), RUNS);
const chunked = best(() => stream(chunks), RUNS);
const byteChunked = best(() => stream(byteChunks), RUNS);
for (const [label, r] of [
  ['one piece', whole],
  ['16-char chunks', chunked],
  ['16-byte chunks', byteChunked],
]) {
  if (r.result.calls !== CALLS || r.result.contentLength !== whole.result.contentLength) {
    console.error(`${label}: wrong result ${JSON.stringify(r.result)} (expected ${CALLS} calls)`);
    process.exit(1);
  }
}
const ms = (n) => `${n.toFixed(2)} ms`;
console.log(`\none piece:                  ${ms(whole.ms)}`);
console.log(
  `${chunks.length} chunks of 16 chars:   ${ms(chunked.ms)}   ratio ${(chunked.ms / whole.ms).toFixed(2)} (target ≤ ${TARGET})`,
);
console.log(
  `${byteChunks.length} chunks of 16 bytes:   ${ms(byteChunked.ms)}   ratio ${(byteChunked.ms / whole.ms).toFixed(2)}`,
);

// What any streaming parser pays per chunk before parsing anything: one scan call over the chunk and one
// text event handed to the consumer. Set against the one-piece time it shows how much of the ratio is
// per-chunk cost that no parser returning events per push can avoid.
const CANDIDATE = /[<[`{]/g;
const floor = best(() => {
  let contentLength = 0;
  for (const c of chunks) {
    CANDIDATE.lastIndex = 0;
    CANDIDATE.test(c);
    for (const e of [{ type: 'text-delta', text: c }])
      if (e.type === 'text-delta') contentLength += e.text.length;
  }
  return { contentLength, calls: CALLS };
}, RUNS);
console.log(`per-chunk floor (one scan call + one event per chunk, no parsing): ${ms(floor.ms)}`);
console.log(
  `16-char chunks ÷ (one piece + per-chunk floor): ${(chunked.ms / (whole.ms + floor.ms)).toFixed(2)}`,
);
console.log(
  `parser cost per chunk beyond one piece and the floor: ${(((chunked.ms - whole.ms - floor.ms) * 1e6) / chunks.length).toFixed(0)} ns`,
);

// Linearity: the same text at other sizes, in 16-char chunks, should cost the same per MiB.
console.log('\nper-MiB cost in 16-char chunks by input size (flat = linear):');
for (const factor of [0.25, 0.5, 1, 2]) {
  const sized = factor <= 1 ? text.slice(0, Math.floor(text.length * factor)) : text.repeat(factor);
  const sizedChunks = split(sized, CHUNK);
  const r = best(() => stream(sizedChunks), RUNS);
  console.log(
    `  ${(sized.length / MIB).toFixed(2)} MiB: ${ms(r.ms)}  → ${ms(r.ms / (sized.length / MIB))} per MiB`,
  );
}

// Baseline. Re-parsing 1 MiB in 16-byte steps means 65,536 parses of up to 1 MiB each (~32 GiB scanned),
// so it is measured on a 64 KiB prefix, and for 1 MiB estimated from timed parses of evenly spaced prefixes.
const SMALL = 64 * 1024;
const smallChunks = split(text.slice(0, SMALL), CHUNK);
const smallStream = best(() => stream(smallChunks), RUNS);
const smallBaseline = best(() => reparseEveryChunk(smallChunks), 3);
if (smallBaseline.result.calls !== smallStream.result.calls) {
  console.error('baseline and streaming parser disagree on the 64 KiB prefix');
  process.exit(1);
}
console.log(`\nre-parse-the-whole-buffer-per-chunk baseline, 64 KiB (${smallChunks.length} chunks):`);
console.log(
  `  streaming parser ${ms(smallStream.ms)}, baseline ${ms(smallBaseline.ms)}   ratio baseline ÷ streaming ${(smallBaseline.ms / smallStream.ms).toFixed(0)}×`,
);

const SAMPLES = 32;
let sampled = 0;
for (let k = 1; k <= SAMPLES; k++) {
  const prefix = text.slice(0, Math.floor((text.length * (k - 0.5)) / SAMPLES));
  sampled += best(() => parseToolCallsFromText(prefix, { tools, trigger: TRIGGER }), 3).ms;
}
const estimated = (sampled / SAMPLES) * chunks.length;
console.log(`1 MiB (${chunks.length} chunks), estimated from ${SAMPLES} timed prefix parses:`);
console.log(
  `  streaming parser ${ms(chunked.ms)}, baseline ≈ ${(estimated / 1000).toFixed(1)} s   ratio baseline ÷ streaming ≈ ${(estimated / chunked.ms).toFixed(0)}×`,
);
