import type { FamilyParser } from './family.js';
import { TOOL_CALL_TAG } from './tool-call-tag.js';

/** GLM-4.5 / 4.6 / 4.7: `<tool_call>NAME<arg_key>k</arg_key><arg_value>v</arg_value></tool_call>` (glm-call.ts). */
export const glmFamily: FamilyParser = {
  id: 'glm',
  markers: () => [TOOL_CALL_TAG],
};
