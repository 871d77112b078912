import { describe, expect, it } from 'vitest';
import type { StreamEvent } from '../providers/types.js';
import { createSeededRandom } from '../worldinfo/random.js';
import { expectEveryCut } from './__fixtures__/every-cut.js';
import { NativeContentFilter } from './native-content.js';
import {
  APRIEL_REASONING_HEADER,
  openReasoningTag,
  reasoningTagsProblem,
  templateOpenReasoning,
} from './reasoning-tags.js';
import { createTextToolCallParser, parseToolCallsFromText } from './text-parser.js';

const TOOLS = [
  {
    name: 'get_weather',
    description: 'Weather for a city',
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  },
];
const options = { tools: TOOLS, createId: (i: number) => `id${i}`, openReasoning: '<think>' };

/** A DeepSeek-R1 / QwQ reply after a prompt that ends in `<think>\n`: only the closing tag is written. */
const R1_REPLY =
  'Okay, the user asks about Paris. 天氣 matters.\nI should call get_weather.\n</think>\n\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>';

describe('openReasoningTag: the reasoning block the start of a reply leaves open', () => {
  it.each([
    ['<think>\n', '<think>'],
    ['<think>', '<think>'],
    ['<think>\nSo far I know', '<think>'],
    ['<|START_THINKING|>', '<|START_THINKING|>'],
    ['<seed:think>', '<seed:think>'],
    ['<think>a</think>\n<thinking>', '<thinking>'],
    ['<think>a</think>\n<think>\n', '<think>'],
    // Apriel 1.6's template ends the prompt with its reasoning header
    ['<|begin_assistant|>\nHere are my reasoning steps:\n', APRIEL_REASONING_HEADER],
    ['◁think▷', '◁think▷'],
  ])('%j opens %s', (start, open) => {
    expect(openReasoningTag(start)).toBe(open);
  });

  it.each([
    [''],
    ['Sure'],
    ['<think>done</think>\nThe answer'],
    ['<thinking>x</thinking>'],
    ['</think>'],
    ['Here are my reasoning steps:\nDone.\n[BEGIN FINAL RESPONSE]\n'],
  ])('%j opens nothing', (start) => {
    expect(openReasoningTag(start)).toBeUndefined();
  });
});

describe('templateOpenReasoning: where the server applies its own template', () => {
  it('an Apriel model always starts in its reasoning, unless the known start already wrote the answer marker', () => {
    expect(templateOpenReasoning('ServiceNow-AI/Apriel-1.6-15b-Thinker', false, '')).toBe(
      APRIEL_REASONING_HEADER,
    );
    expect(templateOpenReasoning('apriel-1.5-15b-thinker', true, '')).toBe(APRIEL_REASONING_HEADER);
    expect(templateOpenReasoning('apriel', false, '[BEGIN FINAL RESPONSE]\nSure')).toBeUndefined();
  });

  it('other models start in <think> only where the connection says so', () => {
    expect(templateOpenReasoning('qwq-32b', true, '')).toBe('<think>');
    expect(templateOpenReasoning('qwq-32b', false, '')).toBeUndefined();
    expect(templateOpenReasoning(undefined, false, '')).toBeUndefined();
  });

  it('MiniMax-M3 starts in its own <mm:think> where the connection says so', () => {
    expect(templateOpenReasoning('MiniMaxAI/MiniMax-M3', true, '')).toBe('<mm:think>');
    expect(templateOpenReasoning('MiniMaxAI/MiniMax-M3', false, '')).toBeUndefined();
    expect(templateOpenReasoning('MiniMaxAI/MiniMax-M2', true, '')).toBe('<think>');
    const r = parseToolCallsFromText('Oslo.</mm:think>\nChecking.', {
      tools: [],
      openReasoning: '<mm:think>',
    });
    expect([r.reasoning, r.content]).toEqual(['Oslo.', 'Checking.']);
  });

  it('openPangu-Embedded starts in its own [unused16] where the connection says so', () => {
    expect(templateOpenReasoning('FreedomIntelligence/openPangu-Embedded-7B-V1.1', true, '')).toBe(
      '[unused16]',
    );
    expect(templateOpenReasoning('openPangu-Embedded-1B', false, '')).toBeUndefined();
    const r = parseToolCallsFromText(
      'Oslo.[unused17][unused11][{"name": "ping", "arguments": {}}][unused12][unused10]',
      {
        tools: [{ name: 'ping', parameters: { type: 'object', properties: {} } }],
        openReasoning: '[unused16]',
      },
    );
    expect([r.reasoning, r.content, r.calls.map((c) => c.name)]).toEqual(['Oslo.', '', ['ping']]);
  });
});

describe('a reply that starts inside a reasoning block', () => {
  it('is reasoning up to the closing tag; the call after it runs and no markup is left', () => {
    const result = parseToolCallsFromText(R1_REPLY, options);
    expect(result.reasoning).toBe(
      'Okay, the user asks about Paris. 天氣 matters.\nI should call get_weather.\n',
    );
    expect(result.content).toBe('');
    expect(result.calls.map((c) => [c.name, c.args])).toEqual([['get_weather', { city: 'Paris' }]]);
    expect(result.errors).toEqual([]);
  });

  it('an answer after the block is content; without the option the reasoning would have been content', () => {
    const reply = 'The user greets me.\n</think>\n\nHello! How can I help?';
    expect(parseToolCallsFromText(reply, options)).toMatchObject({
      reasoning: 'The user greets me.\n',
      content: 'Hello! How can I help?',
    });
    expect(parseToolCallsFromText(reply, { ...options, openReasoning: undefined })).toMatchObject({
      reasoning: '',
      content: 'The user greets me.\nHello! How can I help?',
    });
  });

  it('a reply cut off before the closing tag is all reasoning, and markup inside it is never a call', () => {
    const reply = 'Maybe <tool_call>{"name": "get_weather", "arguments": {"city": "Oslo"}}</tool_call> then';
    expect(parseToolCallsFromText(reply, options)).toMatchObject({
      reasoning: reply,
      content: '',
      calls: [],
      errors: [],
    });
  });

  it('streams the same in any chunking, as strings or UTF-8 bytes', () => {
    const whole = parseToolCallsFromText(R1_REPLY, options);
    const bytes = new TextEncoder().encode(R1_REPLY);
    const rand = createSeededRandom(7);
    for (let round = 0; round < 300; round++) {
      const parser = createTextToolCallParser(options);
      const events: StreamEvent[] = [];
      const byBytes = round % 2 === 1;
      const input: (string | Uint8Array)[] = [];
      for (let i = 0; i < (byBytes ? bytes.length : R1_REPLY.length); ) {
        const n = 1 + Math.floor(rand() * 12);
        input.push(byBytes ? bytes.slice(i, i + n) : R1_REPLY.slice(i, i + n));
        i += n;
      }
      for (const chunk of input) events.push(...parser.push(chunk));
      events.push(...parser.end());
      expect(parser.result()).toEqual(whole);
      const reasoning = events.flatMap((e) => (e.type === 'reasoning-delta' ? [e.text] : [])).join('');
      expect(reasoning).toBe(whole.reasoning);
      expect(events.some((e) => e.type === 'text-delta' && /\S/.test(e.text))).toBe(false);
      expect(events.filter((e) => e.type === 'tool-call')).toHaveLength(1);
    }
  });

  it('the model writing the opening tag again is layout, in any chunking', () => {
    const reply = '<think>\nHmm.</think>\nHi!';
    expectEveryCut(reply, options, { reasoning: 'Hmm.', content: 'Hi!' }, false);
  });

  it("Kimi-VL Thinking's reasoning marks are reasoning too", () => {
    expect(parseToolCallsFromText('◁think▷The user says hi.◁/think▷Hello!', { tools: TOOLS })).toMatchObject({
      reasoning: 'The user says hi.',
      content: 'Hello!',
    });
  });

  it('a tag that opens no reasoning block is refused, naming the option and the tags', () => {
    expect(() => createTextToolCallParser({ ...options, openReasoning: '<reasoning>' })).toThrow(
      /openReasoning: "<reasoning>" opens no reasoning block; use one of <think>, <thinking>.*Here are my reasoning steps:/,
    );
  });

  it('native mode: a server that passes the reply on as content gets its reasoning separated too', () => {
    const filter = new NativeContentFilter({ tools: [], openReasoning: '<think>' });
    const out = [
      ...filter.push({ type: 'text-delta', text: 'The user greets me.\n</th' }),
      ...filter.push({ type: 'text-delta', text: 'ink>\n\nHello!' }),
      ...filter.push({ type: 'finish', reason: 'stop', rawReason: 'stop' }),
    ];
    expect(out).toEqual([
      { type: 'reasoning-delta', text: 'The user greets me.\n' },
      { type: 'text-delta', text: 'Hello!' },
      { type: 'finish', reason: 'stop', rawReason: 'stop' },
    ]);
  });

  it('native mode: a server that separates the reasoning itself keeps its answer as the answer', async () => {
    // the connection says replies open <think>, but this server has a reasoning parser: reasoning comes apart
    // first, and the content has no </think>; read as reasoning, the whole answer would have been lost
    const filter = new NativeContentFilter({ tools: [], openReasoning: '<think>' });
    const out = [
      ...filter.push({ type: 'reasoning-delta', text: 'The user greets me.' }),
      ...filter.push({ type: 'text-delta', text: 'Hello!' }),
      ...filter.push({ type: 'finish', reason: 'stop', rawReason: 'stop' }),
    ];
    expect(out).toEqual([
      { type: 'reasoning-delta', text: 'The user greets me.' },
      { type: 'text-delta', text: 'Hello!' },
      { type: 'finish', reason: 'stop', rawReason: 'stop' },
    ]);
  });
});

describe("a model's own reasoning tags (reasoningTags)", () => {
  const tags = { open: '<reasoning>', close: '</reasoning>' };
  const own = { tools: TOOLS, createId: (i: number) => `id${i}`, reasoningTags: tags };

  it('are read as reasoning, markup inside is never a call, and the same in any chunking', () => {
    const reply =
      '<reasoning>\nMaybe <tool_call>{"name": "get_weather", "arguments": {"city": "Oslo"}}</tool_call>.\n</reasoning>\n\n*She looks out.* Rain.';
    const whole = parseToolCallsFromText(reply, own);
    expect(whole).toMatchObject({ content: '*She looks out.* Rain.', calls: [], errors: [] });
    expect(whole.reasoning).toBe(
      'Maybe <tool_call>{"name": "get_weather", "arguments": {"city": "Oslo"}}</tool_call>.\n',
    );
    expectEveryCut(reply, own, whole);
    // without them, the tags are text
    expect(parseToolCallsFromText(reply, { tools: TOOLS }).content).toContain('<reasoning>');
  });

  it('a lone closing tag, and a reply the prompt or the server opened with them', () => {
    expect(parseToolCallsFromText('Wary.</reasoning>\nFine.', own)).toMatchObject({ content: 'Wary.Fine.' });
    expect(
      parseToolCallsFromText('Wary.</reasoning>\nFine.', { ...own, openReasoning: '<reasoning>' }),
    ).toMatchObject({ reasoning: 'Wary.', content: 'Fine.' });
    expect(openReasoningTag('<reasoning>\n', tags)).toBe('<reasoning>');
    expect(templateOpenReasoning('rp-12b', true, '', tags)).toBe('<reasoning>');
  });

  it('tags the parser could not find fast, or no tags at all, are refused naming what to fix', () => {
    expect(reasoningTagsProblem(tags)).toBeUndefined();
    expect(reasoningTagsProblem({ open: '[THOUGHTS]', close: '[/THOUGHTS]' })).toBeUndefined();
    expect(reasoningTagsProblem({ open: 'Thoughts:', close: 'Answer:' })).toMatch(
      /open must start with < or \[/,
    );
    expect(reasoningTagsProblem({ open: '< r>', close: '</r>' })).toMatch(/no space after it/);
    expect(reasoningTagsProblem({ open: '<r>', close: ' ' })).toMatch(/close must not be empty/);
    expect(reasoningTagsProblem({ open: '<r>', close: '<r>' })).toMatch(/close must differ from open/);
    expect(reasoningTagsProblem({ open: `<${'x'.repeat(70)}>`, close: '</x>' })).toMatch(/at most 64/);
    expect(reasoningTagsProblem('<r>')).toMatch(/must be an object \{ open, close \}/);
    expect(() => createTextToolCallParser({ ...own, reasoningTags: { open: 'x', close: 'y' } })).toThrow(
      /reasoningTags: open must start with < or \[/,
    );
  });
});

describe("Granite 3.2's thinking headers, which the model writes itself", () => {
  const granite = { tools: TOOLS, createId: (i: number) => `id${i}`, model: 'granite3.2:8b' };
  const reply =
    'Here is my thought process:\nThe user wants Paris.\n\nHere is my response:\nChecking.\n<|tool_call|>[{"name": "get_weather", "arguments": {"city": "Paris"}}]';

  it('are reasoning up to the answer header where the model is named, in any chunking', () => {
    const whole = parseToolCallsFromText(reply, granite);
    expect(whole).toMatchObject({
      reasoning: 'The user wants Paris.\n\n',
      content: 'Checking.\n',
      errors: [],
    });
    expect(whole.calls.map((c) => c.args)).toEqual([{ city: 'Paris' }]);
    expectEveryCut(reply, granite, whole);
  });

  it('are words anywhere but the reply’s start, for other models, and when the start only looks alike', () => {
    const later = 'Sure. Here is my thought process:\nnone.\nHere is my response:\nHi';
    expect(parseToolCallsFromText(later, granite)).toMatchObject({ reasoning: '', content: later });
    expect(parseToolCallsFromText(reply, { tools: TOOLS, model: 'qwen3:8b' })).toMatchObject({
      reasoning: '',
    });
    for (const text of ['Here is my answer: 3.', 'Here', '  \n', 'Here is my thought']) {
      expectEveryCut(text, granite, { content: text, reasoning: '' }, false);
    }
  });

  it('native mode: content from a server without a reasoning parser is split; one with it (vLLM granite) is kept', () => {
    const filter = new NativeContentFilter({ tools: [], model: 'ibm-granite/granite-3.2-8b-instruct' });
    const out = [
      ...filter.push({ type: 'text-delta', text: "Here's my thought pro" }),
      ...filter.push({ type: 'text-delta', text: "cess:\nA greeting.\nHere's my resp" }),
      ...filter.push({ type: 'text-delta', text: 'onse:\nHello!' }),
      ...filter.push({ type: 'finish', reason: 'stop', rawReason: 'stop' }),
    ];
    expect(out.filter((e) => e.type !== 'finish')).toEqual([
      { type: 'reasoning-delta', text: 'A greeting.\n' },
      { type: 'text-delta', text: 'Hello!' },
    ]);
    const separated = new NativeContentFilter({ tools: [], model: 'granite-3.2-8b-instruct' });
    const kept = [
      ...separated.push({ type: 'reasoning-delta', text: 'A greeting.' }),
      ...separated.push({ type: 'text-delta', text: 'Hello!' }),
    ];
    expect(kept).toEqual([
      { type: 'reasoning-delta', text: 'A greeting.' },
      { type: 'text-delta', text: 'Hello!' },
    ]);
  });
});

describe('a closing tag with no opening one (loneReasoningClose)', () => {
  it('after text is noted: that text was most likely reasoning the template opened', () => {
    const reply = 'The user wants Paris.\n</think>\n\nSunny.';
    const whole = parseToolCallsFromText(reply, { tools: TOOLS });
    expect(whole).toMatchObject({ content: 'The user wants Paris.\nSunny.', loneReasoningClose: '</think>' });
    expectEveryCut(reply, { tools: TOOLS }, whole);
    expect(
      parseToolCallsFromText('Wary.</reasoning>Fine.', {
        tools: TOOLS,
        reasoningTags: { open: '<reasoning>', close: '</reasoning>' },
      }).loneReasoningClose,
    ).toBe('</reasoning>');
  });

  it('is not noted at the reply’s start, for a block that was opened, or in the prompt-opened reply', () => {
    for (const [text, open] of [
      ['</think>\n\nSunny.', undefined],
      ['  \n</think>Sunny.', undefined],
      ['<think>Paris.</think>Sunny.', undefined],
      ['Paris.</think>Sunny.', '<think>'],
    ] as const) {
      const result = parseToolCallsFromText(text, { tools: TOOLS, ...(open ? { openReasoning: open } : {}) });
      expect([text, result.loneReasoningClose]).toEqual([text, undefined]);
    }
  });
});
