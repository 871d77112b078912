import { InvokeBlockState, type InvokeDialect } from '../invoke-block.js';
import { JsonRegionState } from '../json-region.js';
import type { MarkerSpec } from '../marker-table.js';
import { type ParserContext, type ParserState, revert, take, takeWhitespace } from '../parser-context.js';
import type { FamilyParser } from './family.js';

const CLOSE = '</dots_function_call>';

/** MiniMax-M2's calls in dots3's wrapper; names and keys double-quoted, single-quoted or bare. */
const DOTS: InvokeDialect = {
  format: 'dots',
  invoke: '<invoke name=',
  nameEnd: '"',
  quotedName: true,
  params: {
    format: 'dots',
    open: '<parameter name=',
    keyEnd: '>',
    quotedKey: true,
    close: '</parameter>',
    ends: ['</invoke>', CLOSE],
    // the template writes each value on lines of its own
    trimNewlines: true,
  },
  invokeClose: '</invoke>',
  blockClose: CLOSE,
  skip: [],
  junk: 'end',
  jsonBody: false,
};

/**
 * After `<dots_function_call>` and blanks: a JSON object `{"name":…,"arguments"|"parameters":{…}}` (the
 * Hermes-like fallback vLLM's parser accepts), or `<invoke>` calls. Anything else was prose mentioning the tag.
 */
class DotsOpenState implements ParserState {
  constructor(private raw: string) {}

  step(ctx: ParserContext): boolean {
    this.raw += takeWhitespace(ctx);
    if (ctx.pos >= ctx.buf.length) return ctx.final ? revert(ctx, this.raw) : false;
    if (ctx.buf[ctx.pos] === '{') {
      ctx.state = new JsonRegionState(ctx, {
        format: 'dots',
        triggered: false,
        prefix: this.raw,
        closer: CLOSE,
      });
      return true;
    }
    ctx.state = new InvokeBlockState(DOTS, this.raw);
    return true;
  }

  finish(ctx: ParserContext): void {
    ctx.sink.emitText(this.raw);
  }
}

const TAG: MarkerSpec = {
  open: '<dots_function_call>',
  enter: (ctx, at, length) => {
    ctx.state = new DotsOpenState(take(ctx, at + length));
  },
};

/**
 * dots3 (rednote's dots-studio): `<dots_function_call>\n<invoke name="NAME">\n<parameter name="KEY">\nv\n
 * </parameter>\n</invoke>\n</dots_function_call>`, one wrapper per call (several invokes in one also read),
 * values typed from the schema; reasoning in `<think>`, the turn ends with `<|endofassistant|>`.
 */
export const dotsFamily: FamilyParser = { id: 'dots', markers: () => [TAG] };
