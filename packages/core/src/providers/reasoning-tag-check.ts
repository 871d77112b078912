import type { ReasoningTags } from './types.js';

/** The longest custom reasoning tag: a tag, not a paragraph. */
const MAX_TAG = 64;

/**
 * What is wrong with custom reasoning tags, or undefined: both strings, at most 64 characters, the opening one
 * starting with `<` or `[` (the characters the parser already looks at: any other would slow every chunk)
 * and the two different.
 */
export function reasoningTagsProblem(tags: unknown): string | undefined {
  const t = tags as Partial<ReasoningTags> | null;
  if (typeof t !== 'object' || t === null || typeof t.open !== 'string' || typeof t.close !== 'string')
    return 'must be an object { open, close } with both tags as strings (like <reasoning> and </reasoning>), or null.';
  if (!/^[<[]\S/.test(t.open) || t.open.length > MAX_TAG)
    return `open must start with < or [ and have no space after it, at most ${MAX_TAG} characters (like <reasoning>).`;
  if (t.close.trim() === '' || t.close.length > MAX_TAG)
    return `close must not be empty, at most ${MAX_TAG} characters (like </reasoning>).`;
  if (t.close === t.open) return 'close must differ from open (like <reasoning> and </reasoning>).';
  return undefined;
}
