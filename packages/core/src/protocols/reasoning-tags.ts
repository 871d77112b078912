/** Reasoning blocks: never parsed for calls, returned as reasoning. */
export const THINK_TAGS: readonly (readonly [open: string, close: string])[] = [
  ['<think>', '</think>'],
  ['<thinking>', '</thinking>'],
  ['<thought>', '</thought>'],
  ['<seed:think>', '</seed:think>'],
  // Cohere Command R7B / Command A: the plan before its actions
  ['<|START_THINKING|>', '<|END_THINKING|>'],
  // Apertus: the inner monologue
  ['<|inner_prefix|>', '<|inner_suffix|>'],
  // Mistral Magistral (2509 on): special tokens around the reasoning
  ['[THINK]', '[/THINK]'],
  // Gemma 4: the thought channel (empty when thinking is off)
  ['<|channel>thought', '<channel|>'],
];

/** The closing tag of a reasoning block opened by `open`; undefined when `open` opens none. */
export function reasoningCloseOf(open: string): string | undefined {
  return THINK_TAGS.find(([o]) => o === open)?.[1];
}

/**
 * The reasoning block the start of a reply leaves open, as its opening tag: reasoning models' templates
 * (DeepSeek-R1, QwQ, Qwen3 Thinking) and a prefilled `<think>` begin the reply inside the block, so the model
 * writes only its closing tag. Undefined when the start is outside every block (its last opening tag is
 * closed after it, or it has none). Only the reply's own start counts, never the whole prompt: a system
 * prompt that mentions `<think>` opens nothing.
 */
export function openReasoningTag(replyStart: string): string | undefined {
  let found: string | undefined;
  let at = -1;
  for (const [open, close] of THINK_TAGS) {
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
