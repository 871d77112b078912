import type { MarkerSpec } from '../marker-table.js';
import { type ParserContext, type ParserState, revert, take, takeWhitespace } from '../parser-context.js';
import type { FamilyParser } from './family.js';
import { JsonOpenState, wrapperTag } from './hermes.js';

const LIST_FAMILIES = new Set(['jamba', 'hunyuan', 'minimax-m1']);

/**
 * `<tool_calls>`: Jamba and Hunyuan write a JSON list, MiniMax-M1 one JSON object per line, up to
 * `</tool_calls>` (which a cut-off answer may lack).
 */
const TOOL_CALLS_TAG: MarkerSpec = {
  open: '<tool_calls>',
  enter: (ctx, at, length) => {
    const format = ctx.preferred && LIST_FAMILIES.has(ctx.preferred) ? ctx.preferred : 'jamba';
    ctx.state = new JsonOpenState(take(ctx, at + length), '</tool_calls>', format);
  },
};

export const jambaFamily: FamilyParser = { id: 'jamba', markers: () => [TOOL_CALLS_TAG] };

export const minimaxM1Family: FamilyParser = { id: 'minimax-m1', markers: () => [TOOL_CALLS_TAG] };

const ANSWER_TAGS = [wrapperTag('<answer>'), wrapperTag('</answer>')];

/**
 * After `<answer>` when Hunyuan is not the known family: the tag is layout only when calls follow it, so
 * it waits for the next non-blank text; anything else and the tag is content, as written.
 */
class AnswerOpenState implements ParserState {
  constructor(private raw: string) {}

  step(ctx: ParserContext): boolean {
    this.raw += takeWhitespace(ctx);
    const rest = ctx.buf.slice(ctx.pos, ctx.pos + TOOL_CALLS_TAG.open.length);
    if (rest === TOOL_CALLS_TAG.open) {
      ctx.sink.emitText(this.raw.slice('<answer>'.length));
      ctx.toText();
      return true;
    }
    if (!ctx.final && TOOL_CALLS_TAG.open.startsWith(rest)) return false;
    return revert(ctx, this.raw);
  }

  finish(ctx: ParserContext): void {
    ctx.sink.emitText(this.raw);
  }
}

/** Under `auto`, Hunyuan's answer tags are dropped only around calls: `<answer>` before, `</answer>` after. */
const ANSWER_TAGS_AROUND_CALLS: MarkerSpec[] = [
  {
    open: '<answer>',
    enter: (ctx, at, length) => {
      ctx.state = new AnswerOpenState(take(ctx, at + length));
    },
  },
  {
    open: '</answer>',
    enter: (ctx, at, length) => {
      const tag = take(ctx, at + length);
      if (!ctx.sink.afterCall) ctx.sink.emitText(tag);
      ctx.toText();
    },
  },
];

/** Hunyuan: `<think>…</think><answer>…<tool_calls>[…]</tool_calls></answer>`; the answer tags are layout. */
export const hunyuanFamily: FamilyParser = {
  id: 'hunyuan',
  markers: (mode) =>
    mode.preferred ? [TOOL_CALLS_TAG, ...ANSWER_TAGS] : [TOOL_CALLS_TAG, ...ANSWER_TAGS_AROUND_CALLS],
};
