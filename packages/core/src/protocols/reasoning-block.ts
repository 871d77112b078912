import { type ParserContext, type ParserState, SkipWhitespaceState, take } from './parser-context.js';
import {
  APRIEL_ANSWER_CLOSE,
  APRIEL_ANSWER_OPEN,
  IMPLICIT_REASONING_ENDS,
  type ModelWrittenReasoning,
} from './reasoning-tags.js';
import { findFirst, isWhitespace } from './scan-utils.js';

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
const NONE: readonly string[] = [];

/**
 * The closing tags (`close` and any `others`) and the preferred family's implicit ends, one shared list per
 * combination (its search is compiled once); nothing is allocated for a block that has met its list before.
 */
function endsOf(close: string, others: readonly string[], ctx: ParserContext): readonly string[] {
  const implicit = (ctx.preferred && IMPLICIT_REASONING_ENDS[ctx.preferred]) || NONE;
  const key =
    others.length === 0 && implicit.length === 0 ? close : [close, ...others, ...implicit].join('\u0000');
  let ends = endLists.get(key);
  if (!ends) {
    ends = [close, ...others, ...implicit];
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

  /** `close` ends the block, and so does any of `otherCloses` (a header written in several ways) */
  constructor(
    private readonly close: string,
    private readonly otherCloses: readonly string[] = NONE,
  ) {}

  step(ctx: ParserContext): boolean {
    this.ends ??= endsOf(this.close, this.otherCloses, ctx);
    const r = findFirst(ctx.buf, ctx.pos, this.ends, ctx.final);
    ctx.sink.emitReasoning(take(ctx, 'marker' in r ? r.index : r.safeEnd));
    if (!('marker' in r)) return false;
    if (r.marker === this.close || this.otherCloses.includes(r.marker)) {
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

/**
 * Where a reply that begins inside a reasoning block starts: `open` is what opened it in the prompt (a tag or
 * a header), `close` what ends it. The model writing the opening again first is layout (Apriel 1.5's
 * template leaves its header to the model).
 */
export function insideReasoning(open: string, close: string): ParserState {
  return new SkipThenReason(close, open);
}

/** Whitespace, then (once) the opening written again, then reasoning up to `close` or any of `otherCloses`. */
export class SkipThenReason implements ParserState {
  constructor(
    private readonly close: string,
    private open?: string,
    private readonly otherCloses: readonly string[] = NONE,
  ) {}

  step(ctx: ParserContext): boolean {
    while (ctx.pos < ctx.buf.length && /\s/.test(ctx.buf[ctx.pos])) ctx.pos++;
    if (ctx.pos >= ctx.buf.length) return false;
    const open = this.open;
    if (open !== undefined) {
      const start = ctx.buf.slice(ctx.pos, ctx.pos + open.length);
      if (start === open) {
        ctx.pos += open.length;
        this.open = undefined;
        return true;
      }
      if (!ctx.final && open.startsWith(start)) return false;
    }
    ctx.state = new ReasoningBlockState(this.close, this.otherCloses);
    return true;
  }

  finish(): void {}
}

/**
 * The start of a reply whose model may write its reasoning under a header (Granite 3.2): that header first
 * (after any whitespace) opens reasoning up to the answer's header; anything else and the reply is read as
 * usual from its first character. Undecided while the reply so far could still become the header.
 */
export class ReplyHeaderState implements ParserState {
  constructor(private readonly headers: ModelWrittenReasoning) {}

  step(ctx: ParserContext): boolean {
    let at = ctx.pos;
    while (at < ctx.buf.length && isWhitespace(ctx.buf.charCodeAt(at))) at++;
    if (at >= ctx.buf.length && !ctx.final) return false;
    const start = ctx.buf.slice(at, at + longestOf(this.headers.opens));
    const open = this.headers.opens.find((header) => start.startsWith(header));
    if (open !== undefined) {
      ctx.pos = at + open.length;
      const [close, ...others] = this.headers.closes;
      ctx.state = new SkipThenReason(close, undefined, others);
      return true;
    }
    if (!ctx.final && this.headers.opens.some((header) => header.startsWith(start))) return false;
    ctx.toText();
    return true;
  }

  finish(): void {}
}

function longestOf(headers: readonly string[]): number {
  return headers.reduce((longest, header) => Math.max(longest, header.length), 0);
}
