import type { MarkerSpec } from '../marker-table.js';
import { type ParserContext, type ParserState, revert, take, takeWhitespace } from '../parser-context.js';

/**
 * After an answer wrapper's opening tag (ERNIE `<response>`, Hunyuan `<answer>`) when the family is not
 * known: the tag is layout right after a reasoning block (the template's shape) or when calls follow it;
 * anything else and the tag is content, as written.
 */
class WrapperOpenState implements ParserState {
  constructor(
    private raw: string,
    private readonly open: string,
    private readonly close: string,
    private readonly callTag: string,
  ) {}

  step(ctx: ParserContext): boolean {
    if (ctx.sink.afterReasoning) return this.drop(ctx, '');
    this.raw += takeWhitespace(ctx);
    const rest = ctx.buf.slice(ctx.pos, ctx.pos + this.callTag.length);
    if (rest === this.callTag) return this.drop(ctx, this.raw.slice(this.open.length));
    if (!ctx.final && this.callTag.startsWith(rest)) return false;
    return revert(ctx, this.raw);
  }

  private drop(ctx: ParserContext, layout: string): boolean {
    ctx.sink.emitText(layout);
    ctx.openWrapper = this.close;
    ctx.toText();
    return true;
  }

  finish(ctx: ParserContext): void {
    ctx.sink.emitText(this.raw);
  }
}

/**
 * An answer wrapper under `auto` without the family known: `open` is dropped where it follows reasoning or
 * wraps calls (`callTag` next), `close` where its opening tag was dropped or right after a call.
 */
export function wrapperAroundCalls(open: string, close: string, callTag: string): MarkerSpec[] {
  return [
    {
      open,
      enter: (ctx, at, length) => {
        ctx.state = new WrapperOpenState(take(ctx, at + length), open, close, callTag);
      },
    },
    {
      open: close,
      enter: (ctx, at, length) => {
        const tag = take(ctx, at + length);
        if (ctx.openWrapper === close || ctx.sink.afterCall) ctx.openWrapper = undefined;
        else ctx.sink.emitText(tag);
        ctx.toText();
      },
    },
  ];
}
