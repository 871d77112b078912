import { bareJsonMarker } from '../common-markers.js';
import { InvokeBlockState } from '../invoke-block.js';
import { JsonRegionState } from '../json-region.js';
import type { MarkerSpec } from '../marker-table.js';
import { type ParserContext, type ParserState, revert, take, takeWhitespace } from '../parser-context.js';
import { PyCallsState } from '../py-calls.js';
import { isNameChar } from '../scan-names.js';
import type { FamilyParser } from './family.js';
import { LLAMA_FUNCTION } from './qwen-dialects.js';

/**
 * After Llama 3's `<|python_tag|>`: a JSON call object, or a built-in tool's call in Python
 * (`brave_search.call(query="…")`), which counts for an offered tool of that name.
 */
export class PythonTagState implements ParserState {
  constructor(private raw: string) {}

  step(ctx: ParserContext): boolean {
    this.raw += takeWhitespace(ctx);
    if (ctx.pos >= ctx.buf.length) return false;
    const c = ctx.buf[ctx.pos];
    if (isNameChar(c.charCodeAt(0))) {
      ctx.state = new PyCallsState({ format: 'llama', close: '<|eom_id|>', bracket: 'optional' }, this.raw);
      return true;
    }
    if (c !== '{' && c !== '[') return revert(ctx, this.raw);
    // `<|eom_id|>`, the end of a message that awaits a tool's answer, when special tokens come as text
    ctx.state = new JsonRegionState(ctx, {
      format: 'llama',
      triggered: false,
      prefix: this.raw,
      closer: '<|eom_id|>',
    });
    return true;
  }

  finish(ctx: ParserContext): void {
    ctx.sink.emitText(this.raw);
  }
}

const PYTHON_TAG: MarkerSpec = {
  open: '<|python_tag|>',
  enter: (ctx, at, length) => {
    ctx.state = new PythonTagState(take(ctx, at + length));
  },
};

/** Llama 3.1's custom tools: `<function=NAME>{"key": "v"}</function>` (Qwen3-Coder's tag, with JSON). */
const FUNCTION_TAG: MarkerSpec = {
  open: '<function=',
  enter: (ctx, at, length) => {
    ctx.state = new InvokeBlockState(LLAMA_FUNCTION, take(ctx, at + length), true);
  },
};

const BARE_ANYWHERE = bareJsonMarker(false);
const BARE_LINE_START = bareJsonMarker(true);

/**
 * Llama 3.x JSON: `{"name":..,"parameters":{..}}`, several separated by `;` or new lines, or after
 * `<|python_tag|>`; 3.1's custom tools as `<function=NAME>{..}</function>`. Bare JSON counts where a line
 * starts, or anywhere when Llama is the known family.
 */
export const llama3Family: FamilyParser = {
  id: 'llama3',
  markers: (mode) => [PYTHON_TAG, FUNCTION_TAG, mode.preferred ? BARE_ANYWHERE : BARE_LINE_START],
};
