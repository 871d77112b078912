import type { MarkerSpec } from './marker-table.js';
import { take } from './parser-context.js';
import { REST_DROPPED } from './turn-end.js';

/** How tool results open in the prompts models are trained on or given. */
const RESULT_OPENERS = [
  // Hermes / Qwen (and the many templates after them)
  '<tool_response>',
  // our text protocol: `<tool_result name="…">`
  '<tool_result',
  // Gemma 4, FunctionGemma
  '<|tool_response>',
  '<start_function_response>',
  // DeepSeek V3 / R1 / V3.1
  '<｜tool▁outputs▁begin｜>',
  '<｜tool▁output▁begin｜>',
];

/**
 * A tool result the model writes itself right after its call (only whitespace since): small models in text
 * mode go on to invent the tool's answer and answer from it. The real result comes in the next round, so the
 * invented one and everything after it are dropped. Anywhere else the tag is text, as written.
 */
export const INVENTED_RESULT_MARKERS: readonly MarkerSpec[] = RESULT_OPENERS.map(
  (open): MarkerSpec => ({
    open,
    enter: (ctx, at, length) => {
      const tag = take(ctx, at + length);
      if (ctx.sink.afterCall) {
        ctx.state = REST_DROPPED;
        return;
      }
      ctx.sink.emitText(tag);
      ctx.toText();
    },
  }),
);
