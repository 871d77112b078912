import { type ParserContext, type ParserState, SkipWhitespaceState, take } from './parser-context.js';
import { APRIEL_ANSWER_CLOSE, APRIEL_ANSWER_OPEN, IMPLICIT_REASONING_ENDS } from './reasoning-tags.js';
import { findFirst } from './scan-utils.js';

/** A reasoning block ended: what follows is the answer. */
export function afterReasoning(ctx: ParserContext): void {
  ctx.sink.endReasoning();
  // the blank line a template puts after the block is layout, not answer
  ctx.state = new SkipWhitespaceState();
}

/** Apriel's answer marker ends its reasoning and opens the answer, whose closing marker is layout too. */
export function afterAprielReasoning(ctx: ParserContext): void {
  afterReasoning(ctx);
  ctx.openWrapper = APRIEL_ANSWER_CLOSE;
}

/** What ends a reasoning block closed by `close`. */
export function afterReasoningClosedBy(close: string): (ctx: ParserContext) => void {
  return close === APRIEL_ANSWER_OPEN ? afterAprielReasoning : afterReasoning;
}

const endLists = new Map<string, readonly string[]>();

/** The closing tag and the preferred family's implicit ends, one shared list each (its search is compiled once). */
function endsOf(close: string, ctx: ParserContext): readonly string[] {
  const implicit = ctx.preferred ? IMPLICIT_REASONING_ENDS[ctx.preferred] : undefined;
  const key = implicit ? `${close}\u0000${implicit.join('\u0000')}` : close;
  let ends = endLists.get(key);
  if (!ends) {
    ends = [close, ...(implicit ?? [])];
    endLists.set(key, ends);
  }
  return ends;
}

/**
 * Inside a reasoning block: reasoning up to its closing tag. Where the model's family is known and its calls
 * can begin inside the block without closing it (Kimi K2 Thinking), their opening token ends the reasoning
 * too and is read next as markup; for any other family, markup inside reasoning is never a call.
 */
export class ReasoningBlockState implements ParserState {
  private ends: readonly string[] | undefined;

  constructor(private readonly close: string) {}

  step(ctx: ParserContext): boolean {
    this.ends ??= endsOf(this.close, ctx);
    const r = findFirst(ctx.buf, ctx.pos, this.ends, ctx.final);
    ctx.sink.emitReasoning(take(ctx, 'marker' in r ? r.index : r.safeEnd));
    if (!('marker' in r)) return false;
    if (r.marker === this.close) {
      ctx.pos += r.marker.length;
      afterReasoningClosedBy(this.close)(ctx);
    } else {
      ctx.sink.endReasoning();
      ctx.toText();
    }
    return true;
  }

  finish(): void {}
}
