import type { MarkerSpec } from '../marker-table.js';
import { take } from '../parser-context.js';
import { afterAprielReasoning } from '../reasoning-block.js';
import { APRIEL_ANSWER_CLOSE, APRIEL_ANSWER_OPEN } from '../reasoning-tags.js';
import type { FamilyParser } from './family.js';
import { TOOL_CALLS_TAG } from './tool-calls-list.js';

/** Apriel's answer marker ends its reasoning and opens the answer (see `aprielAnswerMarkers`). */
const APRIEL_ANSWER_OPEN_MARKER: MarkerSpec = {
  open: APRIEL_ANSWER_OPEN,
  enter: (ctx, at, length) => {
    ctx.pos = at + length;
    afterAprielReasoning(ctx);
  },
};

function aprielAnswerClose(always: boolean): MarkerSpec {
  return {
    open: APRIEL_ANSWER_CLOSE,
    enter: (ctx, at, length) => {
      const tag = take(ctx, at + length);
      if (always || ctx.openWrapper === APRIEL_ANSWER_CLOSE || ctx.sink.afterCall)
        ctx.openWrapper = undefined;
      else ctx.sink.emitText(tag);
      ctx.toText();
    },
  };
}

const APRIEL_ANSWER_MARKERS = [APRIEL_ANSWER_OPEN_MARKER, aprielAnswerClose(false)];
const APRIEL_ANSWER_MARKERS_NAMED = [APRIEL_ANSWER_OPEN_MARKER, aprielAnswerClose(true)];

/**
 * Apriel's answer markers. The opening one where no reasoning was read before it (the reply was not known to
 * start in reasoning) is layout, like a lone `</think>`. The closing one is layout for an Apriel model (a
 * server that separated the reasoning passes on only the answer and its end) and otherwise where the
 * opening marker or a call came before it; else text.
 */
function aprielAnswerMarkers(named: boolean): readonly MarkerSpec[] {
  return named ? APRIEL_ANSWER_MARKERS_NAMED : APRIEL_ANSWER_MARKERS;
}

/**
 * Apriel (ServiceNow): reasoning (its template opens it for every reply, see `templateOpenReasoning`),
 * `[BEGIN FINAL RESPONSE]`, the answer with its calls as a `<tool_calls>` JSON list, `[END FINAL RESPONSE]`.
 */
export const aprielFamily: FamilyParser = {
  id: 'apriel',
  markers: (mode) => [TOOL_CALLS_TAG, ...aprielAnswerMarkers(mode.preferred)],
};
