export { AGENDA_TOOL_NAMES, AGENDA_TOOLS } from './agenda-tools.js';
export { agentMessages } from './agent-node.js';
export { DELEGATE_TOOL_NAME, delegateParameters } from './delegate-tool.js';
export { OUTCOME_TOOL_INFO, OutcomeRecorder } from './outcome-tools.js';
export {
  defaultAgent,
  defaultOrchestrationProfile,
  MAX_PROFILE_TOOLS,
  MAX_SUB_AGENTS,
  MSG_AGENT_NAME,
  modeReadiness,
  ORCHESTRATION_MODES,
  type ParseProfileOptions,
  parseAgent,
  parseOrchestrationProfile,
} from './profile.js';
export {
  DEFAULT_AGENDA_MAX_ASSIGNMENTS,
  DEFAULT_AGENDA_MAX_ITEMS,
  MAX_AGENDA_AGENTS,
  MAX_SPEC_NODES,
} from './profile-modes.js';
export { applyProfileOverride, mergeProfileOverride } from './profile-override.js';
export {
  type OrchestrationRunResult,
  type RunAgentOptions,
  type RunOrchestrationOptions,
  runAgent,
  runOrchestration,
} from './run-orchestration.js';
export { SPEC_ROOT_NAME } from './run-spec.js';
export { checkSpecGraph } from './spec-graph.js';
export { ORCHESTRATION_TOOL_NAMES, toolCategory } from './tool-switches.js';
export type * from './types.js';
