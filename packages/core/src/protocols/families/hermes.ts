import { JsonRegionState } from '../json-region.js';
import type { MarkerSpec } from '../marker-table.js';
import { type ParserContext, type ParserState, revert, take, takeWhitespace } from '../parser-context.js';
import type { TextCallFormat } from '../parser-types.js';
import { wrapperAroundCalls } from './answer-wrapper.js';
import type { FamilyParser } from './family.js';
import { TOOL_CALL_TAG } from './tool-call-tag.js';

/** Hermes / Qwen 2.5 / Qwen 3 / Granite 4: `<tool_call>{"name":..,"arguments":{..}}</tool_call>`. */
export const hermesFamily: FamilyParser = {
  id: 'hermes',
  markers: () => [TOOL_CALL_TAG],
};

/** Drops a wrapper tag some templates put around the answer (ERNIE `<response>`, Hunyuan `<answer>`). */
export function wrapperTag(open: string): MarkerSpec {
  return {
    open,
    enter: (ctx, at, length) => {
      ctx.pos = at + length;
      ctx.toText();
    },
  };
}

/** `<response>` … `</response>` around the answer (ERNIE 4.5 thinking models, Granite 3.3), dropped as layout. */
export const RESPONSE_WRAPPERS = [wrapperTag('<response>'), wrapperTag('</response>')];
const ERNIE_WRAPPERS_AROUND_CALLS = wrapperAroundCalls('<response>', '</response>', TOOL_CALL_TAG.open);

/**
 * ERNIE 4.5: Hermes-style `<tool_call>` JSON; the thinking models wrap the answer in `<response>`. Under
 * `auto` without the model named, the wrapper goes only after reasoning or around calls.
 */
export const ernieFamily: FamilyParser = {
  id: 'ernie',
  markers: (mode) =>
    mode.preferred ? [TOOL_CALL_TAG, ...RESPONSE_WRAPPERS] : [TOOL_CALL_TAG, ...ERNIE_WRAPPERS_AROUND_CALLS],
};

const LONGCAT_TAG: MarkerSpec = {
  open: '<longcat_tool_call>',
  enter: (ctx, at, length) => {
    ctx.state = new JsonOpenState(take(ctx, at + length), '</longcat_tool_call>', 'longcat');
  },
};

/** LongCat: `<longcat_tool_call>{"name":..,"arguments":{..}}</longcat_tool_call>`. */
export const longcatFamily: FamilyParser = {
  id: 'longcat',
  markers: () => [LONGCAT_TAG],
};

/**
 * After a tag that must be followed by JSON calls (after optional whitespace): the JSON region, or the
 * tag back as text when something else follows.
 */
export class JsonOpenState implements ParserState {
  constructor(
    private raw: string,
    private readonly closer: string | undefined,
    private readonly format: TextCallFormat,
    private readonly sequence = true,
  ) {}

  step(ctx: ParserContext): boolean {
    this.raw += takeWhitespace(ctx);
    if (ctx.pos >= ctx.buf.length) return false;
    const c = ctx.buf[ctx.pos];
    if (c !== '{' && c !== '[') return revert(ctx, this.raw);
    ctx.state = new JsonRegionState(ctx, {
      format: this.format,
      triggered: false,
      prefix: this.raw,
      closer: this.closer,
      sequence: this.sequence,
    });
    return true;
  }

  finish(ctx: ParserContext): void {
    ctx.sink.emitText(this.raw);
  }
}
