import type { ParamDialect } from '../kv-params.js';
import { KvParamsState } from '../kv-params.js';
import { type ParserContext, type ParserState, revert } from '../parser-context.js';
import { isNameChar, MAX_NAME } from '../scan-names.js';

const GLM_PARAMS: ParamDialect = {
  format: 'glm',
  open: '<arg_key>',
  keyEnd: '</arg_key>',
  valueOpen: '<arg_value>',
  close: '</arg_value>',
  ends: ['</tool_call>'],
  trimNewlines: false,
};

/**
 * GLM-4.5 / 4.6 / 4.7 after `<tool_call>`: the tool name, then `<arg_key>k</arg_key><arg_value>v</arg_value>`
 * pairs (on lines of their own in 4.5/4.6, run together in 4.7), values typed from the tool's schema.
 */
export class GlmCallState implements ParserState {
  private name = '';

  constructor(private raw: string) {}

  step(ctx: ParserContext): boolean {
    while (ctx.pos < ctx.buf.length) {
      const c = ctx.buf.charCodeAt(ctx.pos);
      if (!isNameChar(c)) break;
      if (this.name.length >= MAX_NAME) return revert(ctx, this.raw);
      this.name += ctx.buf[ctx.pos];
      this.raw += ctx.buf[ctx.pos];
      ctx.pos++;
    }
    if (ctx.pos >= ctx.buf.length && !ctx.final) return false;
    const next = ctx.buf[ctx.pos];
    // the name ends at a new line or a tag; `name(` or `name is` is prose
    const ended = next === undefined || next === '\n' || next === '\r' || next === '<';
    if (!ended || !ctx.tools.has(this.name)) return revert(ctx, this.raw);
    const call = ctx.sink.startCall(this.name, 'glm');
    ctx.state = new KvParamsState(GLM_PARAMS, call, (c, endTag) => {
      if (endTag) c.toText();
    });
    return true;
  }

  finish(ctx: ParserContext): void {
    ctx.sink.emitText(this.raw);
  }
}
