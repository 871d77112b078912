import type { MarkerSpec } from '../marker-table.js';
import type { TextCallFormat } from '../parser-types.js';
import { wrapperAroundCalls } from './answer-wrapper.js';
import type { FamilyParser } from './family.js';
import { wrapperTag } from './hermes.js';
import { SUFFIXED_TOOL_CALLS_TAG, toolCallsTag } from './hy-calls.js';

const LIST_FAMILIES = new Set<TextCallFormat>(['jamba', 'hunyuan', 'apriel', 'minimax-m1']);

/**
 * `<tool_calls>`: Jamba and Hunyuan-A13B write a JSON list, MiniMax-M1 one JSON object per line, up to
 * `</tool_calls>` (which a cut-off answer may lack); Tencent Hy3 / Hy4 GLM-style calls (hy-calls.ts).
 */
export const TOOL_CALLS_TAG: MarkerSpec = toolCallsTag((ctx) =>
  ctx.preferred && LIST_FAMILIES.has(ctx.preferred) ? ctx.preferred : 'jamba',
);

export const jambaFamily: FamilyParser = { id: 'jamba', markers: () => [TOOL_CALLS_TAG] };

export const minimaxM1Family: FamilyParser = { id: 'minimax-m1', markers: () => [TOOL_CALLS_TAG] };

const ANSWER_TAGS = [wrapperTag('<answer>'), wrapperTag('</answer>')];

/** Under `auto` without the model named, Hunyuan's answer tags go only after reasoning or around calls. */
const ANSWER_TAGS_AROUND_CALLS = wrapperAroundCalls('<answer>', '</answer>', TOOL_CALLS_TAG.open);

/**
 * Tencent Hunyuan. A13B: `<think>…</think><answer>…<tool_calls>[…]</tool_calls></answer>`, the answer tags
 * layout. Hy3: `<tool_calls><tool_call>NAME<tool_sep><arg_key>k</arg_key><arg_value>v</arg_value></tool_call>
 * …</tool_calls>`; Hy4 the same without `<tool_sep>`, its tags maybe carrying a checkpoint suffix
 * (`<tool_calls:6124c78e>`).
 */
export const hunyuanFamily: FamilyParser = {
  id: 'hunyuan',
  markers: (mode) => [
    TOOL_CALLS_TAG,
    SUFFIXED_TOOL_CALLS_TAG,
    ...(mode.preferred ? ANSWER_TAGS : ANSWER_TAGS_AROUND_CALLS),
  ],
};
