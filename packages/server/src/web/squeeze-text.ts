/** Page text with its blank runs squeezed: single spaces, at most one empty line, trimmed. */
export const squeeze = (s: string) =>
  s
    .replace(/\r/g, '')
    .replace(/[ \t\f\v\u00a0]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
