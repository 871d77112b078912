import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { StreamEvent } from '../providers/types.js';
import { createSeededRandom } from '../worldinfo/random.js';
import { FAMILY_CASES } from './__fixtures__/family-cases.js';
import { rwkv, rwkvPy } from './__fixtures__/family-outputs-rwkv.js';
import { dsmlV4, gemma4 } from './__fixtures__/family-outputs-tagged.js';
import { FAMILY_TOOLS, OSLO } from './__fixtures__/family-render.js';
import type { TextParserOptions, ToolCallFamily } from './parser-types.js';
import { createTextToolCallParser, parseToolCallsFromText } from './text-parser.js';
import { familyForModel, TOOL_CALL_FAMILIES } from './tool-call-formats.js';

const CASES = FAMILY_CASES;

/** A model name from each family's own releases: under `auto` it makes the family preferred. */
const MODELS: Record<ToolCallFamily, string> = {
  hermes: 'NousResearch/Hermes-3-Llama-3.1-8B',
  ernie: 'baidu/ERNIE-4.5-21B-A3B-Thinking',
  jamba: 'ai21labs/AI21-Jamba-Mini-1.7',
  hunyuan: 'tencent/Hunyuan-A13B-Instruct',
  apriel: 'ServiceNow-AI/Apriel-1.6-15b-Thinker',
  'minimax-m1': 'MiniMaxAI/MiniMax-M1-80k',
  'qwen3-coder': 'Qwen/Qwen3-Coder-30B-A3B-Instruct',
  'seed-oss': 'ByteDance-Seed/Seed-OSS-36B-Instruct',
  'minimax-m2': 'MiniMaxAI/MiniMax-M2',
  'minimax-m3': 'MiniMaxAI/MiniMax-M3',
  step3: 'stepfun-ai/step3',
  longcat: 'meituan-longcat/LongCat-Flash-Chat',
  llama3: 'meta-llama/Llama-3.1-8B-Instruct',
  pythonic: 'meta-llama/Llama-4-Scout-17B-16E-Instruct',
  'phi4-mini': 'microsoft/Phi-4-mini-instruct',
  granite: 'ibm-granite/granite-3.3-8b-instruct',
  'granite-20b-fc': 'ibm-granite/granite-20b-functioncalling',
  internlm2: 'internlm/internlm2_5-7b-chat',
  xlam: 'Salesforce/xLAM-2-8b-fc-r',
  mistral: 'mistralai/Mistral-Small-3.2-24B-Instruct-2506',
  deepseek: 'deepseek-ai/DeepSeek-V3.1',
  glm: 'zai-org/GLM-4.6',
  'kimi-k2': 'moonshotai/Kimi-K2-Instruct',
  'kimi-k3': 'moonshotai/Kimi-K3',
  harmony: 'openai/gpt-oss-20b',
  gemma: 'google/gemma-3-27b-it',
  functiongemma: 'google/functiongemma-270m-it',
  gemma4: 'google/gemma-4-31b-it',
  nemotron: 'nvidia/Llama-3_3-Nemotron-Super-49B-v1_5',
  command: 'CohereLabs/c4ai-command-r7b-12-2024',
  apertus: 'swiss-ai/Apertus-8B-Instruct-2509',
  functionary: 'meetkai/functionary-small-v3.2',
  // LM Studio's catalogue name for a model no family names
  lmstudio: 'lmstudio-community/Zephyr-7B-beta-GGUF',
  gigachat: 'ai-sage/GigaChat3-10B-A1.8B',
  minicpm: 'openbmb/MiniCPM5-2B',
  solar: 'upstage/Solar-Open2-250B',
  'k2-horizon': 'IFM/K2-Horizon-32B',
  cwm: 'facebook/cwm',
  dots: 'dots-studio/dots3-note-prev',
  plamo: 'pfnet/plamo-3-nict-8b-base',
  rwkv: 'BlinkDL/rwkv7-g1',
  hyperclovax: 'naver-hyperclovax/HyperCLOVAX-SEED-Think-14B',
};

function brief(text: string, options: Partial<TextParserOptions>) {
  const r = parseToolCallsFromText(text, { tools: FAMILY_TOOLS, createId: (i) => `id${i}`, ...options });
  return {
    content: r.content,
    reasoning: r.reasoning,
    calls: r.calls.map((c) => ({ name: c.name, args: c.args })),
    errors: r.errors.map((e) => e.kind),
  };
}

/** Merges adjacent deltas of one kind: chunking may split them differently. */
function normalize(events: StreamEvent[]): StreamEvent[] {
  const out: StreamEvent[] = [];
  for (const e of events) {
    const last = out[out.length - 1];
    if ((e.type === 'text-delta' || e.type === 'reasoning-delta') && last?.type === e.type) {
      out[out.length - 1] = { type: e.type, text: last.text + e.text };
    } else if (e.type === 'tool-call-delta' && last?.type === 'tool-call-delta' && last.id === e.id) {
      out[out.length - 1] = { ...last, argsDelta: last.argsDelta + e.argsDelta };
    } else out.push(e);
  }
  return out;
}

function stream(chunks: (string | Uint8Array)[], options: Partial<TextParserOptions>) {
  const parser = createTextToolCallParser({ tools: FAMILY_TOOLS, createId: (i) => `id${i}`, ...options });
  const events: StreamEvent[] = [];
  for (const c of chunks) events.push(...parser.push(c));
  events.push(...parser.end());
  return { events: normalize(events), result: parser.result() };
}

function split(text: string, rand: () => number, max: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; ) {
    const n = 1 + Math.floor(rand() * max);
    out.push(text.slice(i, i + n));
    i += n;
  }
  return out;
}

function splitBytes(bytes: Uint8Array, rand: () => number, max: number): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; ) {
    const n = 1 + Math.floor(rand() * max);
    out.push(bytes.subarray(i, i + n));
    i += n;
  }
  return out;
}

describe('model families: realistic outputs', () => {
  it('has at least 6 outputs for every family', () => {
    for (const family of TOOL_CALL_FAMILIES) {
      expect([family, CASES.filter((c) => c.family === family).length >= 6]).toEqual([family, true]);
    }
  });

  it('names each family from its models', () => {
    for (const family of TOOL_CALL_FAMILIES)
      expect([family, familyForModel(MODELS[family])]).toEqual([family, family]);
  });

  it('tells model generations that changed markup apart', () => {
    const names: [string, ToolCallFamily | undefined][] = [
      ['nvidia/NVIDIA-Nemotron-Nano-9B-v2', 'nemotron'],
      ['nvidia/Llama-3.1-Nemotron-Nano-8B-v1', 'nemotron'],
      // Nemotron 3 writes Qwen3-Coder's XML
      ['nvidia/NVIDIA-Nemotron-3-Nano-30B-A3B', 'qwen3-coder'],
      ['CohereLabs/c4ai-command-a-03-2025', 'command'],
      ['command-r7b-arabic-02-2025', 'command'],
      // Command R / R+ (2024): `Action: ```json` with the same list
      ['CohereLabs/c4ai-command-r-plus-08-2024', 'command'],
      ['command-r:35b-08-2024-q4_K_M', 'command'],
      ['command-r-plus', 'command'],
      ['commander-7b', undefined],
      // Tencent Hy3 / Hy4 write GLM-style calls in Hunyuan's <tool_calls>
      ['tencent/Hy3-preview', 'hunyuan'],
      ['tencent/Hy4-preview', 'hunyuan'],
      ['why3-solver', undefined],
      // openPangu-Embedded: a JSON list in LFM2's tokens or [unused11]…[unused12], read by the pythonic family
      ['FreedomIntelligence/openPangu-Embedded-7B-V1.1', 'pythonic'],
      ['openpangu-embedded-1b', 'pythonic'],
      ['fla-hub/rwkv7-2.9B-g1', 'rwkv'],
      // MiniMax-M3 namespaces its tags; M2 / M2.5 and M1 keep theirs
      ['MiniMaxAI/MiniMax-M3', 'minimax-m3'],
      ['minimax-m3:latest', 'minimax-m3'],
      ['MiniMaxAI/MiniMax-M2.5', 'minimax-m2'],
      ['MiniMaxAI/MiniMax-M1-80k', 'minimax-m1'],
      // dots3 writes its own wrapper; words ending in "dots" name nothing
      ['dots-studio/dots3-note-prev-fp8', 'dots'],
      ['polkadots3000', undefined],
      // HyperCLOVAX SEED Think: 14B switches roles, 32B writes GLM's tags with JSON-encoded values
      ['naver-hyperclovax/HyperCLOVAX-SEED-Think-32B', 'hyperclovax'],
      ['naver-hyperclovax/HyperCLOVAX-SEED-Think-14B', 'hyperclovax'],
    ];
    for (const [model, family] of names) expect([model, familyForModel(model)]).toEqual([model, family]);
  });

  for (const c of CASES) {
    const expected = {
      content: c.content,
      reasoning: c.reasoning ?? '',
      calls: c.calls,
      errors: c.errors ?? [],
    };
    const open = c.openReasoning ? { openReasoning: c.openReasoning } : {};
    it(`${c.family}: ${c.label} (format set on the connection)`, () => {
      expect(brief(c.text, { format: c.family, ...open })).toEqual(expected);
    });
    it(`${c.family}: ${c.label} (auto, model named)`, () => {
      expect(brief(c.text, { model: MODELS[c.family], ...open })).toEqual(expected);
    });
  }
});

/** Forms only read where the family is known (named by the model, or chosen): under auto they stay as written. */
const KNOWN_FAMILY_ONLY = [
  {
    // CWM's free-text body goes to the tool's one text parameter; in prose nothing would end it
    name: 'Meta CWM: a free-text body',
    text: 'On it.\n<tool: get_weather>\nOslo\n</tool>',
    known: [{ model: 'facebook/cwm-sft' }, { format: 'cwm' as const }],
    read: { content: 'On it.\n', reasoning: '', calls: [OSLO], errors: [] },
    auto: { calls: [], content: 'On it.\n<tool: get_weather>\nOslo\n</tool>' },
  },
  {
    // Kimi K2 Thinking may begin its calls inside <think> without closing it
    name: 'Kimi K2 Thinking: calls that begin inside its reasoning',
    text: '<think>The user wants Oslo.<|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{"city": "Oslo"}<|tool_call_end|><|tool_calls_section_end|>',
    known: [{ model: 'moonshotai/Kimi-K2-Thinking' }, { format: 'kimi-k2' as const }],
    read: { content: '', reasoning: 'The user wants Oslo.', calls: [OSLO], errors: [] },
    auto: { calls: [], content: '' },
  },
  {
    // the template opens <think>; in long contexts the model may go straight on to its DSML block
    name: 'DeepSeek V4 thinking: calls that begin before </think>',
    text: `The user wants Oslo.\n\n${dsmlV4(OSLO)}`,
    known: [
      { model: 'deepseek-ai/DeepSeek-V4-Flash', openReasoning: '<think>' },
      { format: 'deepseek' as const, openReasoning: '<think>' },
    ],
    read: { content: '', reasoning: 'The user wants Oslo.\n\n', calls: [OSLO], errors: [] },
    auto: { calls: [], content: '' },
    autoOptions: { openReasoning: '<think>' },
  },
  {
    // seen with images in the prompt (vLLM's gemma4 parser reads it)
    name: "Gemma 4's call token broken up (<call>NAME{…})",
    text: `On it.${gemma4(OSLO).replace('<|tool_call>call:', '<call>')}`,
    known: [{ model: 'google/gemma-4-31B-it' }, { format: 'gemma4' as const }],
    read: { content: 'On it.', reasoning: '', calls: [OSLO], errors: [] },
    auto: { calls: [], content: `On it.${gemma4(OSLO).replace('<|tool_call>call:', '<call>')}` },
  },
  {
    // vLLM's gemma4 parser reads a bare call glued to the end of the thought channel
    name: "Gemma 4's bare call:NAME{…} right after its thought channel",
    text: '<|channel>thought\nThe user wants Oslo.<channel|>call:get_weather{city:<|"|>Oslo<|"|>}',
    known: [{ model: 'google/gemma-4-31B-it' }, { format: 'gemma4' as const }],
    read: { content: '', reasoning: 'The user wants Oslo.', calls: [OSLO], errors: [] },
    auto: { calls: [], content: 'call:get_weather{city:<|"|>Oslo<|"|>}' },
  },
  {
    // a `*` candidate in every stream's fast lane would cost all Markdown: the label is only looked for here
    name: "RWKV's **Tool Call:** label before its fence",
    text: `Checking.\n${rwkv(OSLO)}`,
    known: [{ model: 'BlinkDL/rwkv7-g1' }, { format: 'rwkv' as const }],
    read: { content: 'Checking.\n', reasoning: '', calls: [OSLO], errors: [] },
    // the fence is still a call; the label stays as written
    auto: { calls: [OSLO], content: 'Checking.\n**Tool Call:**\n' },
  },
  {
    name: "RWKV's call written as a Python dict",
    text: `On it.\n${rwkvPy(OSLO)}`,
    known: [{ model: 'rwkv7-g1a-2.9b' }, { format: 'rwkv' as const }],
    read: { content: 'On it.\n', reasoning: '', calls: [OSLO], errors: [] },
    auto: { calls: [], content: `On it.\n${rwkvPy(OSLO)}` },
  },
  {
    // RWKV's legacy form: a one-line dict after <tool_call>, no closing tag
    name: "RWKV's legacy <tool_call> line",
    text: "I'll fetch it.\n<tool_call>\n{'arguments': {'city': 'Oslo'}, 'name': 'get_weather', 'type': 'tool_call'}\n",
    known: [{ model: 'BlinkDL/rwkv7-g1' }, { format: 'rwkv' as const }],
    read: { content: "I'll fetch it.\n", reasoning: '', calls: [OSLO], errors: [] },
    auto: {
      calls: [],
      content:
        "I'll fetch it.\n<tool_call>\n{'arguments': {'city': 'Oslo'}, 'name': 'get_weather', 'type': 'tool_call'}\n",
    },
  },
  {
    // HyperCLOVAX SEED Think 32B JSON-encodes every value; GLM keeps a quoted string parameter as written
    name: 'HyperCLOVAX 32B: a JSON-encoded string value',
    text: '<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>"Oslo"</arg_value>\n</tool_call>',
    known: [{ model: 'naver-hyperclovax/HyperCLOVAX-SEED-Think-32B' }, { format: 'hyperclovax' as const }],
    read: { content: '', reasoning: '', calls: [OSLO], errors: [] },
    auto: { calls: [{ name: 'get_weather', args: { city: '"Oslo"' } }], content: '' },
  },
  {
    // HyperCLOVAX SEED Think 14B's prompt ends with `<|im_start|>assistant`: the reply starts with the role's rest
    name: 'HyperCLOVAX 14B: a reasoning turn at the reply start, then the function-call role',
    text: '/think\nThe user wants Oslo.<|im_end|>\n<|im_start|>assistant -> tool/function_call\n[{"name": "get_weather", "arguments": {"city": "Oslo"}}]<|im_end|><|stop|>',
    known: [{ model: 'naver-hyperclovax/HyperCLOVAX-SEED-Think-14B' }, { format: 'hyperclovax' as const }],
    read: { content: '', reasoning: 'The user wants Oslo.', calls: [OSLO], errors: [] },
    auto: { calls: [OSLO], content: '/think\nThe user wants Oslo.' },
  },
];

describe.each(KNOWN_FAMILY_ONLY)('$name', (c) => {
  it('read where the family is known (named or chosen), in any chunking', () => {
    for (const options of c.known) {
      expect(brief(c.text, options)).toEqual(c.read);
      for (let cut = 0; cut <= c.text.length; cut++) {
        const { result } = stream([c.text.slice(0, cut), c.text.slice(cut)], options);
        expect({
          cut,
          content: result.content,
          reasoning: result.reasoning,
          calls: result.calls.length,
        }).toEqual({
          cut,
          content: c.read.content,
          reasoning: c.read.reasoning,
          calls: 1,
        });
      }
    }
  });

  it('stay as written under auto without the name', () => {
    expect(brief(c.text, c.autoOptions ?? {})).toMatchObject(c.auto);
  });
});

describe('a name longer than any tool has (over 128 characters)', () => {
  const long = `get_weather_${'x'.repeat(140)}`;
  it.each([
    ['glm', `<tool_call>${long}\n<arg_key>city</arg_key>\n<arg_value>Oslo</arg_value>\n</tool_call>`],
    ['solar', `<|tool_call:start|>${long}\n<|tool_arg:start|>city<|tool_arg:value|>Oslo<|tool_arg:end|>`],
    ['gemma4', `<|tool_call>call:${long}{city:<|"|>Oslo<|"|>}<tool_call|>`],
    ['cwm', `<tool: ${long}>\n{"city": "Oslo"}\n</tool>`],
  ] as const)('%s: stays text, in any chunking', (format, text) => {
    const whole = brief(text, { format });
    expect(whole.calls).toEqual([]);
    expect(whole.content).toContain(long);
    for (let cut = 0; cut <= text.length; cut += 7) {
      expect(stream([text.slice(0, cut), text.slice(cut)], { format }).result.content).toBe(whole.content);
    }
  });
});

describe('what the known family still keeps as written', () => {
  it('markup inside Kimi K2 reasoning is never a call', () => {
    const quoted =
      '<think>I could write <tool_call>{"name": "ping", "arguments": {}}</tool_call>.</think>No.';
    expect(brief(quoted, { model: 'Kimi-K2-Thinking' })).toMatchObject({ calls: [], content: 'No.' });
  });

  it("Gemma 4's <call> naming a tool not offered", () => {
    const unknown = 'Use <call>launch_rockets{} to start.';
    expect(brief(unknown, { model: 'gemma-4-E4B-it' })).toMatchObject({ calls: [], content: unknown });
  });

  it("RWKV's label in bold prose, before a fenced example naming a tool not offered", () => {
    const prose =
      '**Tool Call:** is how the answer starts, e.g.\n**Tool Call:**\n```json\n{"name": "launch_rockets", "arguments": {}}\n```';
    expect(brief(prose, { model: 'BlinkDL/rwkv7-g1' })).toMatchObject({ calls: [], content: prose });
    const label = 'A line **Tool Call:** with no fence, then `code`.';
    expect(brief(label, { format: 'rwkv' })).toMatchObject({ calls: [], content: label });
  });
});

describe('model families: streaming equals one-shot for any chunking', () => {
  it('string chunks and UTF-8 byte chunks, many random splits per output (seeded)', () => {
    const rand = createSeededRandom(31337);
    const encoder = new TextEncoder();
    for (const c of CASES) {
      const open = c.openReasoning ? { openReasoning: c.openReasoning } : {};
      for (const options of [{ format: c.family, ...open }, { model: MODELS[c.family], ...open }, open]) {
        const expected = stream([c.text], options);
        const check = (chunks: (string | Uint8Array)[]) => {
          const got = stream(chunks, options);
          if (!isDeepStrictEqual(got, expected))
            expect({ label: c.label, chunks, got }).toEqual({ label: c.label, chunks, got: expected });
        };
        check(Array.from(c.text));
        for (let round = 0; round < 12; round++) check(split(c.text, rand, round % 3 === 0 ? 3 : 17));
        const bytes = encoder.encode(c.text);
        for (let round = 0; round < 4; round++) check(splitBytes(bytes, rand, 7));
      }
    }
  });
});
