import type { MarkerSpec } from '../marker-table.js';
import { take } from '../parser-context.js';
import { wrapperAroundCalls } from './answer-wrapper.js';
import type { FamilyParser } from './family.js';
import { JsonOpenState, wrapperTag } from './hermes.js';

const LIST_FAMILIES = new Set(['jamba', 'hunyuan', 'apriel', 'minimax-m1']);

/**
 * `<tool_calls>`: Jamba and Hunyuan write a JSON list, MiniMax-M1 one JSON object per line, up to
 * `</tool_calls>` (which a cut-off answer may lack).
 */
export const TOOL_CALLS_TAG: MarkerSpec = {
  open: '<tool_calls>',
  enter: (ctx, at, length) => {
    const format = ctx.preferred && LIST_FAMILIES.has(ctx.preferred) ? ctx.preferred : 'jamba';
    ctx.state = new JsonOpenState(take(ctx, at + length), '</tool_calls>', format);
  },
};

export const jambaFamily: FamilyParser = { id: 'jamba', markers: () => [TOOL_CALLS_TAG] };

export const minimaxM1Family: FamilyParser = { id: 'minimax-m1', markers: () => [TOOL_CALLS_TAG] };

const ANSWER_TAGS = [wrapperTag('<answer>'), wrapperTag('</answer>')];

/** Under `auto` without the model named, Hunyuan's answer tags go only after reasoning or around calls. */
const ANSWER_TAGS_AROUND_CALLS = wrapperAroundCalls('<answer>', '</answer>', TOOL_CALLS_TAG.open);

/** Hunyuan: `<think>…</think><answer>…<tool_calls>[…]</tool_calls></answer>`; the answer tags are layout. */
export const hunyuanFamily: FamilyParser = {
  id: 'hunyuan',
  markers: (mode) =>
    mode.preferred ? [TOOL_CALLS_TAG, ...ANSWER_TAGS] : [TOOL_CALLS_TAG, ...ANSWER_TAGS_AROUND_CALLS],
};
