import type { Hit } from './marker-table.js';
import { type ParserContext, type ParserState, take } from './parser-context.js';
import { isHighSurrogate } from './scan-utils.js';

/** Whether `at` starts a line, given the not yet emitted text run `from..at` and the content before it. */
function lineStartAt(ctx: ParserContext, from: number, at: number): boolean {
  for (let i = at - 1; i >= from; i--) {
    const c = ctx.buf.charCodeAt(i);
    if (c === 10) return true;
    if (c !== 32 && c !== 9 && c !== 13) return false;
  }
  return ctx.sink.atLineStart;
}

function matchAt(ctx: ParserContext, from: number, at: number): Hit {
  const prev = at > from ? ctx.buf.charCodeAt(at - 1) : ctx.sink.lastChar;
  return ctx.table.match(ctx, at, lineStartAt(ctx, from, at), prev);
}

/**
 * Plain text: emitted as it comes, except a possible marker start at the very end. Runs of text between
 * real markers go out as one piece, however many look-alike characters they hold.
 */
export class TextState implements ParserState {
  step(ctx: ParserContext): boolean {
    const buf = ctx.buf;
    const from = ctx.pos;
    let scan = from;
    for (;;) {
      const at = ctx.table.next(buf, scan);
      if (at < 0) {
        ctx.sink.emitText(take(ctx, buf.length));
        return false;
      }
      const hit = matchAt(ctx, from, at);
      if (hit === 'no') {
        scan = at + 1;
        continue;
      }
      ctx.sink.emitText(take(ctx, at));
      if (hit === 'partial') return false;
      hit.enter(ctx, at, hit.length);
      return true;
    }
  }

  finish(): void {}
}

const FAST_PATH_MAX = 4096;

/**
 * Whether a chunk, arriving with nothing held back, is plain text through and through: every candidate
 * character in it is definitely not a marker start and it does not end inside a surrogate pair. Such a
 * chunk becomes one text delta without touching the state machine (the common case while streaming prose).
 */
export function isPlainChunk(ctx: ParserContext, s: string): boolean {
  if (s.length === 0 || s.length > FAST_PATH_MAX || isHighSurrogate(s.charCodeAt(s.length - 1))) return false;
  ctx.buf = s;
  ctx.pos = 0;
  let scan = 0;
  for (;;) {
    const at = ctx.table.next(s, scan);
    if (at < 0) return true;
    if (matchAt(ctx, 0, at) !== 'no') return false;
    scan = at + 1;
  }
}
