/**
 * The tags of a SillyTavern reasoning template (its exported JSON: `name`, `prefix`, `suffix`, `separator`), so
 * a user can paste the one they use there. The newlines SillyTavern keeps around the tags are layout: the
 * parser drops whitespace at a block's edges itself. Undefined for anything else (ordinary text is pasted as
 * it is).
 */
export function tagsFromSillyTavern(
  pasted: string,
): { name?: string; open: string; close: string } | undefined {
  if (!pasted.trimStart().startsWith('{')) return undefined;
  let raw: unknown;
  try {
    raw = JSON.parse(pasted);
  } catch {
    return undefined;
  }
  if (typeof raw !== 'object' || raw === null) return undefined;
  const { name, prefix, suffix } = raw as Record<string, unknown>;
  if (typeof prefix !== 'string' || typeof suffix !== 'string') return undefined;
  return {
    ...(typeof name === 'string' && name.trim() !== '' ? { name: name.trim() } : {}),
    open: prefix.trim(),
    close: suffix.trim(),
  };
}
