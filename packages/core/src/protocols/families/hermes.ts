import { JsonRegionState } from '../json-region.js';
import type { MarkerSpec } from '../marker-table.js';
import { type ParserContext, type ParserState, revert, take, takeWhitespace } from '../parser-context.js';
import { matchLiteral } from '../scan-utils.js';
import type { FamilyParser } from './family.js';
import { QwenCoderState } from './qwen3-coder.js';

/** After `<tool_call>`: Hermes/Qwen JSON, or Qwen3-Coder `<function=NAME>`. */
export class ToolCallOpenState implements ParserState {
  constructor(private raw: string) {}

  step(ctx: ParserContext): boolean {
    this.raw += takeWhitespace(ctx);
    if (ctx.pos >= ctx.buf.length) return false;
    const c = ctx.buf[ctx.pos];
    if (c === '{' || c === '[') {
      ctx.state = new JsonRegionState(ctx, {
        format: 'hermes',
        triggered: false,
        prefix: this.raw,
        closer: '</tool_call>',
      });
      return true;
    }
    const m = matchLiteral(ctx.buf, ctx.pos, '<function=', ctx.final);
    if (m === 'partial') return false;
    if (typeof m === 'number') {
      ctx.state = new QwenCoderState(this.raw + take(ctx, ctx.pos + m));
      return true;
    }
    return revert(ctx, this.raw);
  }

  finish(ctx: ParserContext): void {
    ctx.sink.emitText(this.raw);
  }
}

/** `<tool_call>`: shared by Hermes/Qwen JSON, Qwen3-Coder XML and GLM; what follows tells them apart. */
export const TOOL_CALL_TAG: MarkerSpec = {
  open: '<tool_call>',
  enter: (ctx, at, length) => {
    ctx.state = new ToolCallOpenState(take(ctx, at + length));
  },
};

/** Hermes / Qwen 2.5 / Qwen 3 / Granite 4: `<tool_call>{"name":..,"arguments":{..}}</tool_call>`. */
export const hermesFamily: FamilyParser = {
  id: 'hermes',
  markers: () => [TOOL_CALL_TAG],
};
