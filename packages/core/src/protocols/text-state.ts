import type { Hit } from './marker-table.js';
import { type ParserContext, type ParserState, take } from './parser-context.js';
import { isHighSurrogate } from './scan-utils.js';

function matchAt(ctx: ParserContext, from: number, at: number): Hit {
  return ctx.table.match(ctx, at, from);
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
      if (hit !== 'partial' && hit.skipTo >= 0) {
        scan = hit.skipTo;
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
 * For text about to be scanned in the text state (`ctx.buf` from 0, nothing pending in the sink): how
 * much of it is plain text through and through — every candidate character definitely not a marker
 * start — with only a possible marker start or half a surrogate pair held back at its end; or -1 when a
 * marker (or an inline code span not closed within the text) starts, and the state machine must run.
 * Plain text becomes one text delta without touching the state machine (the common case while streaming
 * prose, including chunks that end on a `<` or `[` that the next chunk decides).
 */
export function plainEnd(ctx: ParserContext, s: string): number {
  const n = s.length;
  if (n > FAST_PATH_MAX) return -1;
  let scan = 0;
  for (;;) {
    const at = ctx.table.next(s, scan);
    if (at < 0) return withoutHalfPair(s);
    const hit = matchAt(ctx, 0, at);
    if (hit === 'partial') return at;
    if (hit !== 'no' && hit.skipTo < 0) return -1;
    scan = hit === 'no' ? at + 1 : hit.skipTo;
  }
}

/** The length of `s` without a high surrogate at its end (held until its pair comes). */
function withoutHalfPair(s: string): number {
  const n = s.length;
  return n > 0 && isHighSurrogate(s.charCodeAt(n - 1)) ? n - 1 : n;
}
