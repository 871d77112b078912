import type { Hit, MarkerSpec } from './marker-table.js';
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
      const at = ctx.table.next(buf, scan, ctx.before);
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

/** The parser as the fast lane sees it: an inline code span may be open from an earlier chunk. */
export interface FastLaneContext extends ParserContext {
  /** the marker of an inline code span the fast lane is inside of (its opener came in an earlier chunk) */
  openSpan: MarkerSpec | undefined;
}

/**
 * For text about to be scanned in the text state (`ctx.buf` from 0, nothing pending in the sink, no
 * candidate before `from`): how much of it is plain text through and through — every candidate character
 * definitely not a marker start, inline code spans included (one still open at the end is followed into
 * the next chunk through `ctx.openSpan`) — with only a possible marker start or half a surrogate pair
 * held back at its end; or -1 when the state machine must run: the text before a marker has gone out and
 * the marker's state is entered (or, for text too long for the lane, nothing is done and `ctx.openSpan`
 * still says where the text began). Plain text becomes one text delta without touching the state machine
 * (the common case while streaming prose, including chunks that end on a `<` or `[` the next chunk decides).
 */
export function plainEnd(ctx: FastLaneContext, s: string, from: number): number {
  const n = s.length;
  if (n > FAST_PATH_MAX) return -1;
  let scan = from;
  const open = ctx.openSpan;
  if (open?.span !== undefined) {
    const end = open.span(s, 0);
    // still inside the span: all of it is code, with the first backtick of a closing pair held back
    if (end < 0) return end === -2 ? n - 1 : withoutHalfPair(s);
    scan = end;
  }
  for (;;) {
    const at = ctx.table.next(s, scan, ctx.before);
    if (at < 0) return laneEnd(ctx, undefined, withoutHalfPair(s));
    const hit = matchAt(ctx, 0, at);
    if (hit === 'partial') return laneEnd(ctx, undefined, at);
    if (hit === 'no') scan = at + 1;
    else if (hit.skipTo >= 0) scan = hit.skipTo;
    else if (hit.spec.span === undefined) {
      // a marker: the text before it goes out and its state takes over, as the text state would do
      laneEnd(ctx, undefined, at);
      ctx.sink.emitText(take(ctx, at));
      hit.enter(ctx, at, hit.length);
      return -1;
    }
    // an inline code span that does not close within the chunk: the rest of the chunk is code
    else return laneEnd(ctx, hit.spec, hit.skipTo === -2 ? n - 1 : withoutHalfPair(s));
  }
}

/** Where the plain text ends, with the inline code span (if any) the next chunk starts inside of. */
function laneEnd(ctx: FastLaneContext, openSpan: MarkerSpec | undefined, end: number): number {
  ctx.openSpan = openSpan;
  return end;
}

/** The length of `s` without a high surrogate at its end (held until its pair comes). */
function withoutHalfPair(s: string): number {
  const n = s.length;
  return n > 0 && isHighSurrogate(s.charCodeAt(n - 1)) ? n - 1 : n;
}
