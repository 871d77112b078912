import type { MarkerSpec } from '../marker-table.js';
import { take } from '../parser-context.js';
import type { FamilyParser } from './family.js';
import { GlmCallState, IQUEST_CLOSE } from './glm-call.js';
import { TOOL_CALL_TAG } from './tool-call-tag.js';

/** IQuest Coder V2: `<iquestcoder_tool_call>NAME<arg_key>k</arg_key><arg_value>v</arg_value></iquestcoder_tool_call>`. */
const IQUEST_TOOL_CALL: MarkerSpec = {
  open: '<iquestcoder_tool_call>',
  enter: (ctx, at, length) => {
    ctx.state = new GlmCallState(take(ctx, at + length), IQUEST_CLOSE);
  },
};

/**
 * GLM-4.5 / 4.6 / 4.7: `<tool_call>NAME<arg_key>k</arg_key><arg_value>v</arg_value></tool_call>` (glm-call.ts);
 * IQuest Coder V2 writes the same body in `<iquestcoder_tool_call>`.
 */
export const glmFamily: FamilyParser = {
  id: 'glm',
  markers: () => [TOOL_CALL_TAG, IQUEST_TOOL_CALL],
};
