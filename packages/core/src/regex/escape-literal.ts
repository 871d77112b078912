/** `text` as a regex pattern that matches exactly it (every metacharacter escaped). */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
