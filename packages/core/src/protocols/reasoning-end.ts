import { type ParserContext, SkipWhitespaceState } from './parser-context.js';
import { APRIEL_ANSWER_CLOSE, APRIEL_ANSWER_OPEN } from './reasoning-tags.js';

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
