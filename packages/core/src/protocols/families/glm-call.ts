import type { ParamDialect } from '../kv-params.js';
import { KvParamsState } from '../kv-params.js';
import {
  type ParserContext,
  type ParserState,
  revert,
  SkipWhitespaceState,
  takeWhitespace,
} from '../parser-context.js';
import { takeNameChars } from '../scan-names.js';

function glmParams(close: string): ParamDialect {
  return {
    format: 'glm',
    open: '<arg_key>',
    keyEnd: '</arg_key>',
    valueOpen: '<arg_value>',
    close: '</arg_value>',
    ends: [close],
    trimNewlines: false,
  };
}

const GLM_PARAMS = glmParams('</tool_call>');
/** IQuest Coder V2: GLM-4.7's body in its own wrapper. */
export const IQUEST_CLOSE = '</iquestcoder_tool_call>';
const IQUEST_PARAMS = glmParams(IQUEST_CLOSE);
/**
 * HyperCLOVAX SEED Think 32B: GLM-4.5's body with every value JSON-encoded (`"Seoul"` is the text Seoul).
 * Read so only where HyperCLOVAX is the known family: GLM keeps a quoted string parameter as written.
 */
const HYPERCLOVAX_PARAMS: ParamDialect = { ...GLM_PARAMS, format: 'hyperclovax', jsonValues: true };

/**
 * GLM-4.5 / 4.6 / 4.7 after `<tool_call>` (IQuest Coder V2 after `<iquestcoder_tool_call>`): the tool name,
 * then `<arg_key>k</arg_key><arg_value>v</arg_value>` pairs (on lines of their own in 4.5/4.6, run together
 * in 4.7), values typed from the tool's schema. Blanks around the name are layout.
 */
export class GlmCallState implements ParserState {
  private name = '';
  private afterName = false;
  private readonly params: ParamDialect;

  constructor(
    private raw: string,
    close = '</tool_call>',
  ) {
    this.params = close === IQUEST_CLOSE ? IQUEST_PARAMS : GLM_PARAMS;
  }

  step(ctx: ParserContext): boolean {
    if (!this.name) this.raw += takeWhitespace(ctx);
    if (!this.afterName) {
      const start = ctx.pos;
      const name = takeNameChars(ctx, this.name);
      if (name === null) return revert(ctx, this.raw);
      this.name = name;
      this.raw += ctx.buf.slice(start, ctx.pos);
    }
    if (this.name && ctx.pos < ctx.buf.length) {
      const ws = takeWhitespace(ctx);
      this.raw += ws;
      if (ws) this.afterName = true;
    }
    if (ctx.pos >= ctx.buf.length && !ctx.final) return false;
    const next = ctx.buf[ctx.pos];
    // the name ends at blanks before a tag (or the end); `name(` or `name is` is prose
    const ended = next === undefined || next === '<';
    if (!ended || !ctx.tools.has(this.name)) return revert(ctx, this.raw);
    const params =
      this.params === GLM_PARAMS && ctx.preferred === 'hyperclovax' ? HYPERCLOVAX_PARAMS : this.params;
    const call = ctx.sink.startCall(this.name, params.format);
    ctx.state = new KvParamsState(params, call, (c, endTag) => {
      // HyperCLOVAX puts its calls on lines of their own: the line breaks after one are layout
      if (endTag && params.jsonValues) c.state = new SkipWhitespaceState();
      else if (endTag) c.toText();
    });
    return true;
  }

  finish(ctx: ParserContext): void {
    ctx.sink.emitText(this.raw);
  }
}
