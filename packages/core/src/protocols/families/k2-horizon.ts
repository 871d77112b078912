import type { FamilyParser } from './family.js';
import { IFM_TOOL_CALLS_TAG } from './hy-calls.js';

/**
 * K2-Horizon (IFM): `<ifm|tool_calls>` around `<ifm|tool_call>NAME<ifm|arg_key>k</ifm|arg_key>
 * <ifm|arg_value>v</ifm|arg_value></ifm|tool_call>` (GLM's body, namespaced tags; hy-calls.ts), values typed
 * from the schema; reasoning in `<ifm|think>` (or `<ifm|think_fast>`, `<ifm|think_faster>`).
 */
export const k2HorizonFamily: FamilyParser = { id: 'k2-horizon', markers: () => [IFM_TOOL_CALLS_TAG] };
