// Text parser benchmark per model family: for every family, 1 MiB of a tool-using answer (prose paragraphs
// with the family's calls between them) parsed in one piece and in 16-character chunks (target: chunks within
// 2× of one piece), and the per-MiB cost in 16-character chunks at 0.25, 0.5, 1 and 2 MiB (target: flat, the
// spread max/min ≤ 1.5). The parser runs as a connection uses it by default: `auto`, every family's markers.
// Run one family (or a comma-separated list) with BENCH_FAMILY=harmony, more rounds with BENCH_RUNS=9.
// Then adversarial text (markers that never become calls, repeated) in one piece, 0.25 vs 2 MiB.
// Run: npm run build && node --expose-gc packages/core/bench/text-parser-families.bench.mjs
import { createSeededRandom, createTextToolCallParser, TOOL_CALL_FAMILIES } from '@toolsmith/core';

const MIB = 1024 * 1024;
const CHUNK = 16;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
/** a comma-separated list of families to run (all when unset) */
const ONLY = process.env.BENCH_FAMILY?.split(',');
const RATIO_TARGET = 2;
const SPREAD_TARGET = 1.5;
const SIZES = [0.25, 0.5, 1, 2];
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

const PARAGRAPHS = [
  'The rain had not stopped for three days, and the lamps along the harbour burned a dull orange. ',
  'She checked the ledger again — every entry in the *second* column matched, except one [see note 4]. ',
  'In `config.yaml` the key `retries` is set to {3}, which is < the limit of 5 but > the default. ',
  '«Bonjour», said the clerk, sliding the envelope across the counter. Café au lait, naïve façade. ',
  'Steps:\n1. Open the drawer.\n2. Take the <b>brass</b> key.\n3. Close it again.\n\n',
  'He laughed. "You think the map is wrong?" The map was never wrong; the sea was. 🌊 ',
];

const str = (v) => (typeof v === 'string' ? v : JSON.stringify(v));
const json = (name, args, key = 'arguments') => JSON.stringify({ name, [key]: args });
const kv = (args, open, mid, close) =>
  Object.entries(args)
    .map(([k, v]) => `${open}${k}${mid}${str(v)}${close}`)
    .join('');
const repr = (v) =>
  typeof v === 'string'
    ? `'${v.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`
    : String(v);
const py = (name, args) =>
  `${name}(${Object.entries(args)
    .map(([k, v]) => `${k}=${repr(v)}`)
    .join(', ')})`;
const gemma = (args, q) =>
  `{${Object.entries(args)
    .map(([k, v]) => `${k}:${typeof v === 'string' ? `${q}${v}${q}` : v}`)
    .join(',')}}`;

/** One call as each family writes it (the same forms as the parser tests' fixtures). */
const RENDER = {
  // the reference row: the same prose with no calls in it
  prose: () => '',
  hermes: (n, a) => `<tool_call>\n${json(n, a)}\n</tool_call>`,
  ernie: (n, a) => `<tool_call>\n${json(n, a)}\n</tool_call>`,
  jamba: (n, a) => `<tool_calls>[${json(n, a)}]</tool_calls>`,
  // Hy3 for one tool, Hy4 with its checkpoint suffix for the other (A13B's JSON list reads as Jamba's)
  hunyuan: (n, a) =>
    n === 'write_note'
      ? `<tool_calls:opensource><tool_call:opensource>${n}${kv(a, '<arg_key:opensource>', '</arg_key:opensource><arg_value:opensource>', '</arg_value:opensource>')}</tool_call:opensource></tool_calls:opensource>`
      : `<tool_calls>\n<tool_call>${n}<tool_sep>\n${kv(a, '<arg_key>', '</arg_key>\n<arg_value>', '</arg_value>\n')}</tool_call>\n</tool_calls>`,
  apriel: (n, a) => `[BEGIN FINAL RESPONSE]\n<tool_calls>[${json(n, a)}]</tool_calls>\n[END FINAL RESPONSE]`,
  'minimax-m1': (n, a) => `<tool_calls>\n${json(n, a)}\n</tool_calls>`,
  'qwen3-coder': (n, a) =>
    `<tool_call>\n<function=${n}>\n${kv(a, '<parameter=', '>\n', '\n</parameter>\n')}</function>\n</tool_call>`,
  'seed-oss': (n, a) =>
    `<seed:tool_call>\n<function=${n}>\n${kv(a, '<parameter=', '>', '</parameter>\n')}</function>\n</seed:tool_call>`,
  'minimax-m2': (n, a) =>
    `<minimax:tool_call>\n<invoke name="${n}">\n${kv(a, '<parameter name="', '">', '</parameter>\n')}</invoke>\n</minimax:tool_call>`,
  'minimax-m3': (n, a) =>
    `]<]minimax[>[<tool_call>\n]<]minimax[>[<invoke name="${n}">${Object.entries(a)
      .map(
        ([k, v]) =>
          `]<]minimax[>[<${k}>${str(v).replace(/&/g, '&amp;').replace(/</g, '&lt;')}]<]minimax[>[</${k}>`,
      )
      .join('')}]<]minimax[>[</invoke>\n]<]minimax[>[</tool_call>`,
  step3: (n, a) =>
    `<｜tool_calls_begin｜><｜tool_call_begin｜><steptml:invoke name="${n}">${kv(a, '<steptml:parameter name="', '">', '</steptml:parameter>')}</steptml:invoke><｜tool_call_end｜><｜tool_calls_end｜>`,
  longcat: (n, a) => `<longcat_tool_call>${json(n, a)}</longcat_tool_call>`,
  llama3: (n, a) => `\n${json(n, a, 'parameters')}\n`,
  pythonic: (n, a) => `<|python_start|>[${py(n, a)}]<|python_end|>`,
  'phi4-mini': (n, a) => `functools[${json(n, a)}]`,
  granite: (n, a) => `<|tool_call|>[${json(n, a)}]`,
  'granite-20b-fc': (n, a) => `<function_call> ${json(n, a)}`,
  lmstudio: (n, a) => `[TOOL_REQUEST]\n${json(n, a)}\n[END_TOOL_REQUEST]`,
  gigachat: (n, a) => `<|message_sep|>\n\nfunction call<|role_sep|>\n${json(n, a)}`,
  minicpm: (n, a) => `<function name="${n}">\n${kv(a, '<param name="', '">', '</param>\n')}</function>`,
  'k2-horizon': (n, a) =>
    `<ifm|tool_calls>\n<ifm|tool_call>${n}\n${kv(a, '<ifm|arg_key>', '</ifm|arg_key>\n<ifm|arg_value>', '</ifm|arg_value>\n')}</ifm|tool_call>\n</ifm|tool_calls>`,
  // one wrapper per call, each value on lines of its own
  dots: (n, a) =>
    `<dots_function_call>\n<invoke name="${n}">${kv(a, '\n<parameter name="', '">\n', '\n</parameter>')}\n</invoke>\n</dots_function_call>`,
  plamo: (n, a) =>
    `<|plamo:begin_tool_requests:plamo|><|plamo:begin_tool_request:plamo|><|plamo:begin_tool_name:plamo|>${n}<|plamo:end_tool_name:plamo|><|plamo:begin_tool_arguments:plamo|><|plamo:constrain|>json<|plamo:msg|>${JSON.stringify(a)}<|plamo:end_tool_arguments:plamo|><|plamo:end_tool_request:plamo|><|plamo:end_tool_requests:plamo|>`,
  // under auto (as here) the fence is the call and the label stays text; the label is read where RWKV is known
  rwkv: (n, a) => `**Tool Call:**\n\`\`\`json\n${JSON.stringify({ name: n, arguments: a }, null, 2)}\n\`\`\``,
  // vLLM's reading (the name in the body) for one tool, Meta's (the label names it) for the other
  cwm: (n, a) =>
    n === 'write_note'
      ? `<tool: ${n}>\n${JSON.stringify(a)}\n</tool>`
      : `<tool: function>\n${n} ${JSON.stringify(a)}\n</tool>`,
  // HyperCLOVAX SEED Think 14B's role switch (its 32B writes GLM's tags with JSON-encoded values)
  hyperclovax: (n, a) => `<|im_end|>\n<|im_start|>assistant -> tool/function_call\n[${json(n, a)}]`,
  solar: (n, a) =>
    `<|tool_call:start|>${n}\n${kv(a, '<|tool_arg:start|>', '<|tool_arg:value|>', '<|tool_arg:end|>\n')}<|tool_call:end|>`,
  functionary: (n, a) => `>>>all\nLet me do that.>>>${n}\n${JSON.stringify(a)}`,
  internlm2: (n, a) => `<|action_start|><|plugin|>\n${json(n, a, 'parameters')}<|action_end|>`,
  xlam: (n, a) => `\n[${json(n, a)}]\n`,
  mistral: (n, a) => `[TOOL_CALLS]${n}[ARGS]${JSON.stringify(a)}`,
  deepseek: (n, a) =>
    `<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>${n}\n\`\`\`json\n${JSON.stringify(a)}\n\`\`\`<｜tool▁call▁end｜><｜tool▁calls▁end｜>`,
  glm: (n, a) =>
    `<tool_call>${n}\n${kv(a, '<arg_key>', '</arg_key>\n<arg_value>', '</arg_value>\n')}</tool_call>`,
  'kimi-k3': (n, a) =>
    `<|open|>response<|sep|>On it.<|close|>response<|sep|><|open|>tools<|sep|><|open|>call tool="${n}" index="1"<|sep|>${Object.entries(
      a,
    )
      .map(
        ([k, v]) =>
          `<|open|>argument key="${k}" type="${typeof v === 'string' ? 'string' : 'number'}"<|sep|>${typeof v === 'string' ? v : JSON.stringify(v)}<|close|>argument<|sep|>`,
      )
      .join('')}<|close|>call<|sep|><|close|>tools<|sep|><|close|>message<|sep|>`,
  'kimi-k2': (n, a) =>
    `<|tool_calls_section_begin|><|tool_call_begin|>functions.${n}:0<|tool_call_argument_begin|>${JSON.stringify(a)}<|tool_call_end|><|tool_calls_section_end|>`,
  harmony: (n, a) =>
    `<|start|>assistant<|channel|>commentary to=functions.${n} <|constrain|>json<|message|>${JSON.stringify(a)}<|call|>`,
  gemma: (n, a) => `\`\`\`tool_code\n${py(n, a)}\n\`\`\`\n`,
  functiongemma: (n, a) => `<start_function_call>call:${n}${gemma(a, '<escape>')}<end_function_call>`,
  gemma4: (n, a) => `<|tool_call>call:${n}${gemma(a, '<|"|>')}<tool_call|>`,
  nemotron: (n, a) => `<TOOLCALL>[${json(n, a)}]</TOOLCALL>`,
  apertus: (n, a) => `<|tools_prefix|>[${JSON.stringify({ [n]: a })}]<|tools_suffix|>`,
  command: (n, a) =>
    `<|START_ACTION|>[\n    ${JSON.stringify({ tool_call_id: '0', tool_name: n, parameters: a })}\n]<|END_ACTION|>`,
};

/** A tool-using answer: prose paragraphs, a call every ~1 KiB; `n` calls in all, the text cut at whole calls. */
function buildText(family, size) {
  const render = RENDER[family];
  let text = '';
  let calls = 0;
  let p = 0;
  while (text.length < size) {
    for (let k = 0; k < 8; k++) text += PARAGRAPHS[p++ % PARAGRAPHS.length];
    const write = calls % 2 === 1;
    const args = write
      ? {
          title: `Note ${calls}`,
          body: `Entry ${calls}: "quoted" text with {braces}, [brackets] and a \\ backslash.`,
        }
      : { query: `harbour ledger ${calls}`, limit: 5 + (calls % 7) };
    text += `${render(write ? 'write_note' : 'search_notes', args)}\n`;
    calls++;
  }
  return { text, calls };
}

function split(text, size) {
  const chunks = [];
  for (let i = 0; i < text.length; i += size)
    chunks.push(JSON.parse(JSON.stringify(text.slice(i, i + size))));
  return chunks;
}

/** Feeds the chunks and counts the calls; indexed loops, so the harness allocates nothing per chunk. */
function stream(chunks) {
  const parser = createTextToolCallParser({ tools });
  let calls = 0;
  const take = (events) => {
    for (let i = 0; i < events.length; i++) if (events[i].type === 'tool-call') calls++;
  };
  for (let i = 0; i < chunks.length; i++) take(parser.push(chunks[i]));
  take(parser.end());
  return calls;
}

/**
 * The least a streaming parser can pay for the same chunks: per chunk one scan for the characters markup
 * can start with (the symbols of the marker table under `auto`), one text-delta event in an array, the
 * content kept. Printed as `floor` (÷ one piece): the 16-char ratio can be no lower than 1 + floor, so it
 * tells how much of the ratio is the parser's own per-chunk work and how much any chunked parse pays.
 */
function floor(chunks) {
  const symbols = /[<`{[]/g;
  let content = '';
  let candidates = 0;
  for (let i = 0; i < chunks.length; i++) {
    symbols.lastIndex = 0;
    if (symbols.test(chunks[i])) candidates++;
    content += chunks[i];
    const events = [{ type: 'text-delta', text: chunks[i] }];
    if (events[0].type === 'tool-call') candidates--;
  }
  return content.length + candidates;
}

/**
 * CPU time of one call. No forced GC before it: a forced full collection leaves sweeping to V8's helper
 * threads, which lands in the next timed run's process CPU time and made single runs vary up to 20×.
 */
function cpuMs(fn) {
  const start = process.cpuUsage();
  const result = fn();
  const used = process.cpuUsage(start);
  return { ms: (used.user + used.system) / 1000, result };
}

/**
 * Best CPU time of `runs` rounds for each of several measurements, taken in turn within every round (so
 * a spell of load on the shared machine hits all of them alike instead of one), in a new order each round.
 */
function bestInterleaved(fns, runs) {
  // warm-up: a few passes, so each measures code the compiler has settled on (one pass left one size of
  // a family timed while its code was still being optimized)
  for (let pass = 0; pass < 3; pass++) for (const fn of fns) fn();
  const best = fns.map(() => ({ ms: Number.POSITIVE_INFINITY, result: undefined }));
  const random = createSeededRandom(fns.length * 7919 + runs);
  const order = fns.map((_, k) => k);
  for (let i = 0; i < runs; i++) {
    // shuffled: in a fixed order the collector's work (the same allocations in the same order) lands on
    // the same measurement every round, and one size of a family measured 1.5x the others
    for (let j = order.length - 1; j > 0; j--) {
      const m = Math.floor(random() * (j + 1));
      [order[j], order[m]] = [order[m], order[j]];
    }
    for (const k of order) {
      const r = cpuMs(fns[k]);
      if (r.ms < best[k].ms) best[k] = r;
    }
  }
  return best;
}

console.log(
  `text parser per family — Node ${process.version}; ${CHUNK}-char chunks; best CPU time of ${RUNS} rounds (one piece and every size in turn in each); format auto`,
);
console.log(
  `\n${'family'.padEnd(16)} ${'calls'.padStart(5)} ${'one piece'.padStart(10)} ${'16-char'.padStart(10)} ${'ratio'.padStart(6)} ${'floor'.padStart(6)}   per MiB at 0.25 / 0.5 / 1 / 2 MiB        spread`,
);
// Reference, not a family: the same prose with no calls at all. Its floor is about one piece's own cost,
// so no parser that hands back each chunk's text as an event can bring plain prose within 2× of one piece;
// the nearer a family's one-piece cost is to this row's, the nearer its ratio is to this row's.
if (!ONLY) {
  const prose = buildText('prose', MIB).text;
  const proseChunks = split(prose, CHUNK);
  globalThis.gc?.();
  const [whole, least, chunked] = bestInterleaved(
    [() => stream([prose]), () => floor(proseChunks), () => stream(proseChunks)],
    RUNS,
  );
  if (whole.result !== 0 || chunked.result !== 0) {
    console.error(`prose: read ${whole.result} / ${chunked.result} calls, expected none`);
    process.exit(1);
  }
  console.log(
    `${'(prose only)'.padEnd(16)} ${'0'.padStart(5)} ${`${whole.ms.toFixed(1)} ms`.padStart(10)} ${`${chunked.ms.toFixed(1)} ms`.padStart(10)} ${(chunked.ms / whole.ms).toFixed(2).padStart(6)} ${(least.ms / whole.ms).toFixed(2).padStart(6)}   reference: no calls, not counted below`,
  );
}
let worstRatio = 0;
let worstSpread = 0;
let families = 0;
let withinRatio = 0;
let worstFloor = 0;
for (const family of TOOL_CALL_FAMILIES) {
  if (ONLY && !ONLY.includes(family)) continue;
  const { text, calls } = buildText(family, MIB);
  const chunks = split(text, CHUNK);
  const sized = SIZES.map((factor) => {
    const built = factor === 1 ? { text, calls } : buildText(family, factor * MIB);
    return { ...built, factor, chunks: factor === 1 ? chunks : split(built.text, CHUNK) };
  });
  // the inputs just built are young: a collection now moves them out of the young generation, where
  // every scavenge during the timed runs would otherwise copy them again (it showed as one size of one
  // family measuring 1.5× the others)
  globalThis.gc?.();
  // one piece, the floor, 16-char chunks and every size in turn within each round
  const [whole, least, ...bySize] = bestInterleaved(
    [() => stream([text]), () => floor(chunks), ...sized.map((s) => () => stream(s.chunks))],
    RUNS,
  );
  const chunked = bySize[SIZES.indexOf(1)];
  if (whole.result !== calls || chunked.result !== calls) {
    console.error(`${family}: read ${whole.result} / ${chunked.result} calls, expected ${calls}`);
    process.exit(1);
  }
  sized.forEach((s, k) => {
    if (bySize[k].result !== s.calls) {
      console.error(`${family} at ${s.factor} MiB: read ${bySize[k].result} calls, expected ${s.calls}`);
      process.exit(1);
    }
  });
  const perMiB = sized.map((s, k) => bySize[k].ms / (s.text.length / MIB));
  const ratio = chunked.ms / whole.ms;
  const floorRatio = least.ms / whole.ms;
  worstFloor = Math.max(worstFloor, floorRatio);
  const spread = Math.max(...perMiB) / Math.min(...perMiB);
  worstRatio = Math.max(worstRatio, ratio);
  worstSpread = Math.max(worstSpread, spread);
  families++;
  // as printed: a ratio shown as 2.00 meets a target of 2
  if (Number(ratio.toFixed(2)) <= RATIO_TARGET) withinRatio++;
  console.log(
    `${family.padEnd(16)} ${String(calls).padStart(5)} ${`${whole.ms.toFixed(1)} ms`.padStart(10)} ${`${chunked.ms.toFixed(1)} ms`.padStart(10)} ${ratio.toFixed(2).padStart(6)} ${floorRatio.toFixed(2).padStart(6)}   ${perMiB.map((m) => m.toFixed(1).padStart(6)).join(' ')} ms   ${spread.toFixed(2)}`,
  );
}
console.log(
  `\nworst 16-char ÷ one piece: ${worstRatio.toFixed(2)} (target ≤ ${RATIO_TARGET}; ${withinRatio} of ${families} families within it; per-chunk floor alone up to ${worstFloor.toFixed(2)}); worst per-MiB spread 0.25–2 MiB: ${worstSpread.toFixed(2)} (target ≤ ${SPREAD_TARGET})`,
);

// Adversarial text: markers that open a block or span and never turn into a call, repeated with nothing
// else, in one piece (where a look-ahead to the end of the buffer per marker would show as quadratic).
const ADVERSARIAL = [
  'a `b` c ',
  '<|channel|>',
  '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>',
  '<|tool_calls_section_begin|>',
  '<minimax:tool_call>',
  '<seed:tool_call>',
  '<｜tool_calls_begin｜>',
  '<｜DSML｜function_calls>',
  '<tool_call>search_notes<arg_key>',
  '<|im_end|>\n<|im_start|>assistant -> tool/function_call\n[{"name": ',
  '<iquestcoder_tool_call>search_notes<arg_key>',
  '<ifm|tool_calls><ifm|tool_call>search_notes<ifm|arg_key>',
  '<ifm|tool_calls><ifm|tool_call>{"name": "search_notes", "arguments": ',
  "<dots_function_call>\n<invoke name='search_notes'>\n<parameter name=",
  '<dots_function_call>{"name": "search_notes", "arguments": ',
  '<|plamo:begin_tool_requests:plamo|><|plamo:begin_tool_request:plamo|><|plamo:begin_tool_name:plamo|>search_notes',
  '<tool_call>\n<function=search_notes>\n<parameter=',
  '<minimax:tool_call><invoke name="search_notes" ',
  ']<]minimax[>[<tool_call>\n]<]minimax[>[<invoke name="search_notes">]<]minimax[>[<query>]<]minimax[>[<a>',
  '<tool_call>{"name": "search_notes", "arguments": ',
  '[TOOL_CALLS]search_notes[ARGS]',
  '<|tool_call>call:search_notes{',
  '[[search_notes(',
  '{"a": ',
  '```json\n{',
  '<TOOLCALL>[',
  '<|START_ACTION|>[',
  '<|tools_prefix|>[{"search_notes": ',
  '>>>search_notes\n',
  '[TOOL_REQUEST]{"name": ',
  '<|open|>tools<|sep|><|open|>call tool="search_notes" index="1"<|sep|><|open|>argument key="',
  '<|open|>think<|sep|>',
  '<|message_sep|>\n\nfunction call<|role_sep|>\n{"name": ',
  '<｜GCML｜tool_calls><｜GCML｜invoke name="search_notes" ',
  '<tool_calls><tool_call>search_notes<tool_sep><arg_key>',
  '<tool_calls>\n<tool_call>search_notes',
  '<tool_calls:abc><tool_call:abc>search_notes<arg_key:abc>',
  '<tool_calls:abc',
  '<function name="search_notes"><param name="',
  '<function name="search_notes"><param name="query"><![CDATA[',
  '<function name="search_notes">',
  '<|tool_call:start|>search_notes\n<|tool_arg:start|>q<|tool_arg:value|>',
  '<tool: function>\nsearch_notes {"query": ',
  '**Tool Call:**\n```json\n{"name": "search_notes", "arguments": ',
  '[unused11][{"name": "search_notes", "arguments": ',
];
function onePiece(text) {
  const parser = createTextToolCallParser({ tools });
  parser.push(text);
  parser.end();
}
console.log(`\nadversarial text in one piece: ms per MiB at 0.25 / 2 MiB, best of ${RUNS}`);
let worstAdversarial = 0;
for (const snippet of ADVERSARIAL) {
  const texts = [0.25, 2].map((factor) => snippet.repeat(Math.ceil((factor * MIB) / snippet.length)));
  const perMiB = bestInterleaved(
    texts.map((text) => () => onePiece(text)),
    RUNS,
  ).map((r, k) => r.ms / (texts[k].length / MIB));
  const spread = perMiB[1] / perMiB[0];
  worstAdversarial = Math.max(worstAdversarial, spread);
  console.log(
    `${JSON.stringify(snippet).padEnd(52)} ${perMiB.map((m) => m.toFixed(1).padStart(7)).join(' ')} ms   ${spread.toFixed(2)}`,
  );
}
console.log(
  `worst adversarial 2 MiB ÷ 0.25 MiB per-MiB cost: ${worstAdversarial.toFixed(2)} (linear: about 1)`,
);
