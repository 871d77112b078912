// `<tool_call>` opens calls of four families; what follows it tells them apart. It lives apart from the
// families so that they can list it without importing each other in a circle.

import { InvokeBlockState } from '../invoke-block.js';
import { JsonRegionState } from '../json-region.js';
import type { MarkerSpec } from '../marker-table.js';
import { type ParserContext, type ParserState, revert, take, takeWhitespace } from '../parser-context.js';
import { isNameChar } from '../scan-names.js';
import { matchLiteral } from '../scan-utils.js';
import { GlmCallState } from './glm-call.js';
import { QWEN_IN_TOOL_CALL } from './qwen-dialects.js';

/**
 * After `<tool_call>`: Hermes/Qwen JSON (one object, several, or a Granite-style list), Qwen3-Coder
 * `<function=NAME>`, or GLM's bare `NAME<arg_key>…`. Anything else was prose mentioning the tag.
 */
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
        sequence: true,
      });
      return true;
    }
    const m = matchLiteral(ctx.buf, ctx.pos, '<function=', ctx.final);
    if (m === 'partial') return false;
    if (typeof m === 'number') {
      ctx.state = new InvokeBlockState(QWEN_IN_TOOL_CALL, this.raw + take(ctx, ctx.pos + m), true);
      return true;
    }
    if (isNameChar(ctx.buf.charCodeAt(ctx.pos))) {
      ctx.state = new GlmCallState(this.raw);
      return true;
    }
    return revert(ctx, this.raw);
  }

  finish(ctx: ParserContext): void {
    ctx.sink.emitText(this.raw);
  }
}

/** `<tool_call>`: shared by Hermes/Qwen JSON, Qwen3-Coder XML, GLM and Granite; what follows tells them apart. */
export const TOOL_CALL_TAG: MarkerSpec = {
  open: '<tool_call>',
  enter: (ctx, at, length) => {
    ctx.state = new ToolCallOpenState(take(ctx, at + length));
  },
};
