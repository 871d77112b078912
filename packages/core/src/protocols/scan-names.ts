import type { ParserContext } from './parser-context.js';

/** Longest tool name (or parameter key) read before a marker is given up as not a call. */
export const MAX_NAME = 128;

export function isNameChar(c: number): boolean {
  return (
    (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 45 || c === 46
  );
}

/**
 * Takes the name characters at `ctx.pos` onto `soFar` (a name may come over several pushes): the name so far,
 * or null when it would grow past MAX_NAME (then nothing is taken: no tool has such a name).
 */
export function takeNameChars(ctx: ParserContext, soFar: string): string | null {
  const buf = ctx.buf;
  const start = ctx.pos;
  let end = start;
  while (end < buf.length && isNameChar(buf.charCodeAt(end))) end++;
  if (soFar.length + end - start > MAX_NAME) return null;
  ctx.pos = end;
  return end > start ? soFar + buf.slice(start, end) : soFar;
}

/** Reads name characters: done when `stop` follows, not done at the buffer end, null if not a name. */
export function readName(
  ctx: ParserContext,
  soFar: string,
  stop: string,
): { name: string; done: boolean } | null {
  let name = soFar;
  while (ctx.pos < ctx.buf.length) {
    const c = ctx.buf.charCodeAt(ctx.pos);
    if (c === stop.charCodeAt(0)) return name ? { name, done: true } : null;
    if (!isNameChar(c) || name.length >= MAX_NAME) return null;
    name += ctx.buf[ctx.pos];
    ctx.pos++;
  }
  return ctx.final ? null : { name, done: false };
}
