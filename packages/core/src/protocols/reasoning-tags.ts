import type { ReasoningTags } from './parser-types.js';

export { reasoningTagsProblem } from '../providers/reasoning-tag-check.js';

import { familyForModel, type ToolCallFamily } from './tool-call-formats.js';

/** Apriel's reasoning header, the marker its answer starts with and the one it ends with. */
export const APRIEL_REASONING_HEADER = 'Here are my reasoning steps:';
export const APRIEL_ANSWER_OPEN = '[BEGIN FINAL RESPONSE]';
export const APRIEL_ANSWER_CLOSE = '[END FINAL RESPONSE]';

/** Reasoning blocks: never parsed for calls, returned as reasoning. */
export const THINK_TAGS: readonly (readonly [open: string, close: string])[] = [
  ['<think>', '</think>'],
  ['<thinking>', '</thinking>'],
  ['<thought>', '</thought>'],
  ['<seed:think>', '</seed:think>'],
  // MiniMax-M3 (its template opens the block in the prompt when thinking is on)
  ['<mm:think>', '</mm:think>'],
  // Cohere Command R7B / Command A: the plan before its actions
  ['<|START_THINKING|>', '<|END_THINKING|>'],
  // Apertus: the inner monologue
  ['<|inner_prefix|>', '<|inner_suffix|>'],
  // Mistral Magistral (2509 on): special tokens around the reasoning
  ['[THINK]', '[/THINK]'],
  // Gemma 4: the thought channel (empty when thinking is off)
  ['<|channel>thought', '<channel|>'],
  // Kimi-VL Thinking
  ['◁think▷', '◁/think▷'],
  // Kimi K3: the think channel
  ['<|open|>think<|sep|>', '<|close|>think<|sep|>'],
  // Solar Open2 (its template opens the block in the prompt)
  ['<|think:start|>', '<|think:end|>'],
  // K2-Horizon (IFM), one pair per reasoning effort (its template opens the block in the prompt)
  ['<ifm|think>', '</ifm|think>'],
  ['<ifm|think_fast>', '</ifm|think_fast>'],
  ['<ifm|think_faster>', '</ifm|think_faster>'],
  // PLaMo 3 (several tokens each; the opener may be left out at the reply's start)
  ['<|plamo:begin_think:plamo|>', '<|plamo:end_think:plamo|>'],
  // openPangu-Embedded: reserved tokens around its slow thinking
  ['[unused16]', '[unused17]'],
];

/**
 * Reasoning a reply starts in under a header rather than a tag: the model's template ends the prompt with
 * the header (or the model writes it first) and the model marks where its answer begins. Only ever read at a
 * reply's start (`openReasoning`), never looked for in text: a header is ordinary words.
 */
export const REPLY_HEADER_REASONING: readonly (readonly [open: string, close: string])[] = [
  // Apriel (ServiceNow): "Here are my reasoning steps:" … "[BEGIN FINAL RESPONSE]" answer "[END FINAL RESPONSE]"
  [APRIEL_REASONING_HEADER, APRIEL_ANSWER_OPEN],
];

/**
 * Reasoning a family's model writes under a header of its own at the very start of its reply, and the header
 * its answer then starts with. Read only when the family is preferred (chosen, or named by the model), and
 * only as the reply's first words: elsewhere these are ordinary sentences.
 */
export interface ModelWrittenReasoning {
  opens: readonly string[];
  closes: readonly string[];
}

export const MODEL_WRITTEN_REASONING: Partial<Record<ToolCallFamily, ModelWrittenReasoning>> = {
  // Granite 3.2 with thinking on (its template asks for both headers; vLLM's granite reasoning parser reads
  // "Here's" as well, which quantized builds write)
  granite: {
    opens: ['Here is my thought process:', "Here's my thought process:", 'Here\u2019s my thought process:'],
    closes: ['Here is my response:', "Here's my response:", 'Here\u2019s my response:'],
  },
};

/**
 * Where a family's reasoning ends without its closing tag, read only when the family is preferred (chosen or
 * named by the model): Kimi K2 Thinking may start its calls inside `<think>` (vLLM's kimi_k2 reasoning parser
 * ends the reasoning there too), DeepSeek V3.2 / V4 may leave out `</think>` before its DSML block.
 */
export const IMPLICIT_REASONING_ENDS: Partial<Record<ToolCallFamily, readonly string[]>> = {
  'kimi-k2': ['<|tool_calls_section_begin|>', '<|tool_call_begin|>'],
  // DeepSeek V3.2 / V4 in thinking mode (the template opens <think>) may leave out </think> before its calls in
  // long contexts (vLLM's deepseek_v4 reasoning parser ends the reasoning there too)
  deepseek: ['<｜DSML｜tool_calls>', '<｜DSML｜function_calls>'],
};

/** Every reasoning tag pair a parser reads: the known ones, and a model's own when given. */
function tagPairs(custom?: ReasoningTags): (readonly [string, string])[] {
  return custom ? [...THINK_TAGS, [custom.open, custom.close]] : [...THINK_TAGS];
}

/** The closing tag of a reasoning block opened by `open`; undefined when `open` opens none. */
export function reasoningCloseOf(open: string, custom?: ReasoningTags): string | undefined {
  // Tencent Hy4's tags carry its checkpoint's suffix: `<think:6124c78e>` closes with `</think:6124c78e>`
  if (SUFFIXED_THINK.test(open)) return `</${open.slice(1)}`;
  return [...tagPairs(custom), ...REPLY_HEADER_REASONING].find(([o]) => o === open)?.[1];
}

const SUFFIXED_THINK = /^<think:[\w-]{1,40}>$/;

/** The openings `openReasoning` takes: every reasoning tag and reply header. */
export function reasoningOpenings(custom?: ReasoningTags): string[] {
  return [...tagPairs(custom), ...REPLY_HEADER_REASONING].map(([open]) => open);
}

/**
 * The reasoning block the start of a reply leaves open, as its opening tag: reasoning models' templates
 * (DeepSeek-R1, QwQ, Qwen3 Thinking) and a prefilled `<think>` begin the reply inside the block, so the model
 * writes only its closing tag. Undefined when the start is outside every block (its last opening tag is
 * closed after it, or it has none). Only the reply's own start counts, never the whole prompt: a system
 * prompt that mentions `<think>` opens nothing.
 */
export function openReasoningTag(replyStart: string, custom?: ReasoningTags): string | undefined {
  let found: string | undefined;
  let at = -1;
  for (const [open, close] of [...tagPairs(custom), ...REPLY_HEADER_REASONING]) {
    const index = replyStart.lastIndexOf(open);
    if (index <= at || replyStart.indexOf(close, index + open.length) >= 0) continue;
    found = open;
    at = index;
  }
  return found;
}

/**
 * The reasoning block a reply is read as starting in: the one the prompt left open, unless the server sent
 * reasoning of its own before any text (it has a reasoning parser, so its text is the answer alone).
 */
export function replyOpenReasoning(
  openReasoning: string | undefined,
  serverSentReasoning: boolean,
): string | undefined {
  return serverSentReasoning ? undefined : openReasoning;
}

/**
 * The reasoning a reply is read as starting in when the end of the prompt is the server's (a chat API applies
 * its own template): Apriel's header for an Apriel model (its template always opens the reasoning, unless the
 * reply's known start already wrote the answer marker), else where the connection says the server's template
 * opens it (`replyStartsInReasoning`), the model's own opening tag if it has one, or `<think>`.
 */
export function templateOpenReasoning(
  model: string | undefined,
  saysOpen: boolean,
  replyStart: string,
  custom?: ReasoningTags,
): string | undefined {
  if (familyForModel(model) === 'apriel') {
    return replyStart.includes(APRIEL_ANSWER_OPEN) ? undefined : APRIEL_REASONING_HEADER;
  }
  if (saysOpen && !custom && familyForModel(model) === 'minimax-m3') return '<mm:think>';
  // PLaMo 3's template opens its own (multi-token) tag, and the reply closes that one
  if (saysOpen && !custom && familyForModel(model) === 'plamo') return '<|plamo:begin_think:plamo|>';
  // openPangu-Embedded reasons between reserved tokens (read by the pythonic family, so named here)
  if (saysOpen && !custom && /pangu/i.test(model ?? '')) return '[unused16]';
  return saysOpen ? (custom?.open ?? '<think>') : undefined;
}
