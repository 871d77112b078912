// A rough token count for the chat header, with the rule the core uses for world-info budgets when no tokenizer
// is known: about four characters per token in spaced scripts, one per character in Han, kana, Hangul and the
// like (tokenizers rarely merge those). Good for "how big is this getting", not for billing.
const UNSPACED =
  /[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}\p{scx=Hangul}\p{scx=Thai}\p{scx=Lao}\p{scx=Khmer}\p{scx=Myanmar}]/gu;

export function estimateTokens(text: string): number {
  const unspaced = text.match(UNSPACED)?.length ?? 0;
  return unspaced + Math.ceil((text.length - unspaced) / 4);
}

/** What the next request will carry, as far as the page knows: the history's text and the draft. */
export function estimatePromptTokens(
  messages: Array<{ content: string; reasoning?: string | null }>,
  draft: string,
): number {
  let total = estimateTokens(draft);
  // a few tokens of framing per message (role, separators), as chat templates add them
  for (const m of messages) total += estimateTokens(m.content) + 4;
  return total;
}
