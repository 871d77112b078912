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
    const hit = matchAt(ctx, 0, at);
    if (hit === 'partial') return false;
    if (hit !== 'no' && hit.skipTo < 0) return false;
    scan = hit === 'no' ? at + 1 : hit.skipTo;
  }
}
